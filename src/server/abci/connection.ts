import type { Socket } from 'node:net'
import type { AbciApplication, AbciLock } from '../../chain/abci-application.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import type { Logger } from '../../logger.js'
import { decodeRequest, encodeResponseFrame, FrameReader } from './frames.js'
import type { AsyncMutex } from './mutex.js'

type Request = Proto<'tendermint.abci.Request'>
type Response = ProtoInit<'tendermint.abci.Response'>

/**
 * The app's method for each member of `Request.value`; the response goes in the member of the same
 * name of `Response.value`. Echo and Flush are the server's own.
 */
export const METHODS = {
  info: 'info',
  init_chain: 'initChain',
  query: 'query',
  check_tx: 'checkTx',
  commit: 'commit',
  list_snapshots: 'listSnapshots',
  offer_snapshot: 'offerSnapshot',
  load_snapshot_chunk: 'loadSnapshotChunk',
  apply_snapshot_chunk: 'applySnapshotChunk',
  prepare_proposal: 'prepareProposal',
  process_proposal: 'processProposal',
  extend_vote: 'extendVote',
  verify_vote_extension: 'verifyVoteExtension',
  finalize_block: 'finalizeBlock',
} as const satisfies Record<string, keyof AbciApplication>

export type AppRequest = keyof typeof METHODS
type AppCall = (req: unknown, lock: AbciLock) => Promise<object | null | undefined>

/** What `ResponseException.error` says for a Request with no known member set. */
/** How long a connection that answered an exception waits for the peer to close it. */
const LINGER_MS = 2000

export const UNKNOWN_REQUEST = 'unknown request from client'

/** The answer to one request (its frame), and whether the connection must close after it. */
interface Answer {
  frame: Uint8Array
  fatal: boolean
}

const framed = (response: Response, fatal = false): Answer => ({
  frame: encodeResponseFrame(response),
  fatal,
})

/**
 * One client connection (CometBFT opens four: query, snapshot, mempool, consensus). Requests are
 * handled one after another in arrival order and each answer is written before the next request
 * starts, so responses leave in request order however many requests are pipelined. Each app call
 * takes the server-wide mutex, as CometBFT's Go server does.
 */
export class AbciConnection {
  private readonly reader = new FrameReader()
  private readonly queue: Uint8Array[] = []
  private head = 0
  private running = false
  private peerEnded = false
  /** Set when the connection is done: nothing more is handled or written. */
  private done = false
  /** Set after an exception: our side is ended, and what the peer still sends is dropped. */
  private lingering = false

  constructor(
    readonly id: number,
    private readonly socket: Socket,
    private readonly app: AbciApplication,
    private readonly mutex: AsyncMutex,
    private readonly log: Logger,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('end', () => {
      // The peer sent everything it will send: answer what it asked, then close our side, as the
      // Go server handles every request read before EOF.
      this.peerEnded = true
      // After an exception our side is already ended: the peer has now read it and closed.
      if (this.lingering) this.socket.destroy()
      else if (!this.running) this.finish()
    })
    socket.on('error', (err) => {
      this.log.debug({ conn: id, error: err.message }, 'ABCI connection error')
    })
    // Gone (reset, or destroyed by us): the requests still queued are not handled.
    socket.once('close', () => {
      this.done = true
    })
  }

  /** Stops handling and writing, and closes the socket now (the server is closing). */
  abandon(): void {
    this.done = true
    this.socket.destroy()
  }

  private onData(chunk: Buffer): void {
    if (this.done) return
    let frames: Uint8Array[]
    try {
      frames = this.reader.push(chunk)
    } catch (err) {
      // A length no CometBFT could have written: the stream cannot be resynchronised. The Go server
      // closes the connection without answering.
      this.log.error(
        { conn: this.id, error: (err as Error).message },
        'ABCI malformed frame: closing the connection',
      )
      this.abandon()
      return
    }
    for (const f of frames) this.queue.push(f)
    if (!this.running && frames.length > 0) void this.drain()
  }

  /** Handles the queued requests in order until none is left or the connection is done. */
  private async drain(): Promise<void> {
    this.running = true
    try {
      while (!this.done && this.head < this.queue.length) {
        const payload = this.queue[this.head]!
        this.queue[this.head++] = undefined as unknown as Uint8Array
        if (this.head > 1024 && this.head * 2 > this.queue.length) {
          this.queue.splice(0, this.head)
          this.head = 0
        }
        const reply = await this.answer(payload)
        if (this.done || !reply) return
        if (!(await this.write(reply.frame))) return
        if (reply.fatal) {
          this.closeAfterException()
          return
        }
      }
      this.queue.length = 0
      this.head = 0
      if (this.peerEnded) this.finish()
    } catch (err) {
      // Nothing above is meant to throw (app errors become exceptions); if it does, the connection
      // cannot go on in order.
      this.log.error({ conn: this.id, error: (err as Error).message }, 'ABCI connection failed')
      this.abandon()
    } finally {
      this.running = false
    }
  }

  /** The response to one frame, or undefined when the frame is not a Request (closed, no answer). */
  private async answer(payload: Uint8Array): Promise<Answer | undefined> {
    let req: Request
    try {
      req = decodeRequest(payload)
    } catch (err) {
      this.log.error(
        { conn: this.id, error: (err as Error).message },
        'ABCI frame is not a Request: closing the connection',
      )
      this.abandon()
      return undefined
    }
    const member = req.value
    if (member === 'echo') return framed({ echo: { message: req.echo!.message } })
    if (member === 'flush') return framed({ flush: {} })
    if (member === undefined || !(member in METHODS)) {
      this.log.error({ conn: this.id }, `ABCI ${UNKNOWN_REQUEST}: closing the connection`)
      return framed({ exception: { error: UNKNOWN_REQUEST } }, true)
    }
    return this.callApp(member as AppRequest, req)
  }

  /** Calls the app under the server's mutex; a throw becomes a ResponseException. */
  private async callApp(member: AppRequest, req: Request): Promise<Answer | undefined> {
    const method = METHODS[member]
    const release = await this.mutex.acquire()
    try {
      // A request queued behind the lock when the server closed is not handled.
      if (this.done) return undefined
      const call = this.app[method].bind(this.app) as AppCall
      const res = await call(req[member], { release })
      // An empty answer is still written as its member (`Response{commit}`, not `Response{}`).
      // Encoding inside the try turns a response the codec refuses into an exception too.
      return framed({ [member]: res ?? {} } as Response)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      this.log.error(
        { conn: this.id, method, error: message },
        'ABCI application error: answering with an exception and closing the connection',
      )
      return framed({ exception: { error: message } }, true)
    } finally {
      release()
    }
  }

  /** Writes a response frame; false when the connection ended before it could be written. */
  private async write(frame: Uint8Array): Promise<boolean> {
    if (this.done || this.socket.destroyed || this.socket.writableEnded) return false
    if (this.socket.write(frame)) return true
    // Backpressure: the next request waits until a peer that does not read its answers catches up.
    await new Promise<void>((resolve) => {
      const done = () => {
        this.socket.off('drain', done)
        this.socket.off('close', done)
        resolve()
      }
      this.socket.on('drain', done)
      this.socket.on('close', done)
    })
    return !this.done && !this.socket.destroyed
  }

  /**
   * As the Go server, the connection closes after an exception (and CometBFT stops). Our side is
   * ended at once, but the socket stays open for reading until the peer closes too (or
   * LINGER_MS pass): a client that flushes its next request before it has read the exception
   * (abci-cli's socket client does, when its flush timer sent the failed request) then writes
   * into a half-closed connection and reads the exception, instead of failing on a broken pipe,
   * and no unread bytes make the kernel reset the connection before the exception is read.
   */
  private closeAfterException(): void {
    this.done = true
    this.lingering = true
    const timer = setTimeout(() => this.socket.destroy(), LINGER_MS)
    timer.unref()
    this.socket.once('close', () => clearTimeout(timer))
    // A peer that has already ended its side will not close it again: ours is the last to go.
    if (this.peerEnded) this.socket.end(() => this.socket.destroy())
    else this.socket.end()
  }

  /** Closes our side once the peer has ended and everything it asked is answered. */
  private finish(): void {
    if (this.done) return
    this.done = true
    this.socket.end(() => this.socket.destroy())
  }
}
