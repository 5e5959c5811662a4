import { createHash } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { type AbciApplication, ACCEPT } from '../../src/chain/abci-application.js'
import { OFFER } from '../../src/chain/abci-snapshots.js'
import { int64Of } from '../../src/codec/int64.js'
import type { Proto } from '../../src/codec/proto.js'
import { createLogger, type Logger } from '../../src/logger.js'
import { decodeResponse } from '../../src/server/abci/frames.js'

/**
 * What the ABCI socket server's tests talk to it with: a client that writes raw bytes and reads the
 * raw frames back (CometBFT's framing, checked byte for byte), a small app whose methods a test can
 * replace, and a logger whose lines a test can read.
 */

/** A small app: each method answers as the simplest valid app would, unless the test replaces it. */
export function testApp(overrides: Partial<AbciApplication> = {}): AbciApplication {
  const app: AbciApplication = {
    info: async () => ({
      data: 'abci-test',
      version: '1.0.0',
      app_version: 1,
      last_block_height: 0,
    }),
    initChain: async () => ({}),
    query: async (req) => ({ code: 0, key: req.data, value: req.data, height: 7 }),
    checkTx: async () => ({ code: 0 }),
    prepareProposal: async (req) => ({ txs: req.txs }),
    processProposal: async () => ({ status: ACCEPT }),
    extendVote: async () => ({}),
    verifyVoteExtension: async () => ({ status: ACCEPT }),
    finalizeBlock: async (req) => ({
      tx_results: req.txs.map(() => ({ code: 0 })),
      app_hash: appHashAt(int64Of(req.height)),
    }),
    commit: async () => ({}),
    listSnapshots: async () => ({}),
    offerSnapshot: async () => ({ result: OFFER.ABORT }),
    loadSnapshotChunk: async () => ({}),
    applySnapshotChunk: async () => ({ result: OFFER.ABORT }),
  }
  return { ...app, ...overrides }
}

/** The test app's app hash after block `height`: sha256 of its decimal text. */
export function appHashAt(height: bigint): Uint8Array {
  return createHash('sha256').update(String(height)).digest()
}

/** A logger at debug level whose JSON lines the test reads. */
export function capturedLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      out.push(String(chunk))
      done()
    },
  })
  const logger = createLogger({ level: 'debug', destination: sink })
  return {
    logger,
    lines: () =>
      out
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  }
}

/** A frame read back: its bytes as sent (prefix included) and the Response they hold. */
export interface ReadFrame {
  raw: Buffer
  response: Proto<'tendermint.abci.Response'>
}

/** A client of the ABCI socket that writes raw bytes and reads raw frames. */
export class RawAbciClient {
  private buf = Buffer.alloc(0)
  private wake: (() => void)[] = []
  /** Set once the server has ended or closed the connection. */
  ended = false
  readonly closed: Promise<void>

  private constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d])
      this.notify()
    })
    socket.on('error', () => {})
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true
        this.notify()
        resolve()
      }),
    )
    socket.once('end', () => {
      this.ended = true
      this.notify()
    })
  }

  /** Connects to `tcp://host:port` or `unix:///path`. */
  static connect(address: string): Promise<RawAbciClient> {
    const socket = address.startsWith('unix://')
      ? connect(address.slice('unix://'.length))
      : (() => {
          const m = /^(?:tcp:\/\/)?(.*):(\d+)$/.exec(address)!
          return connect(Number(m[2]), m[1]!.replace(/^\[|\]$/g, ''))
        })()
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(new RawAbciClient(socket)))
      socket.once('error', reject)
    })
  }

  /** Writes bytes (or hex text, spaces allowed) as one write. */
  write(bytes: Uint8Array | string): void {
    this.socket.write(
      typeof bytes === 'string' ? Buffer.from(bytes.replace(/\s/g, ''), 'hex') : bytes,
    )
  }

  private notify(): void {
    for (const w of this.wake.splice(0)) w()
  }

  /** Waits until `ready()` holds; fails after `timeoutMs` with what has arrived. */
  private async until(ready: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!ready()) {
      const left = deadline - Date.now()
      if (left <= 0 || this.ended) {
        throw new Error(
          `${what}: ${this.ended ? 'the connection ended' : 'timed out'}; unread bytes: ${this.buf.toString('hex') || '(none)'}`,
        )
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** The next `n` bytes the server sent. */
  async take(n: number, timeoutMs = 5000): Promise<Buffer> {
    await this.until(() => this.buf.length >= n, `waiting for ${n} bytes`, timeoutMs)
    const out = this.buf.subarray(0, n)
    this.buf = this.buf.subarray(n)
    return out
  }

  /** The length of the frame at the head of the buffer, once its prefix is whole. */
  private frameLength(): number | undefined {
    let length = 0
    for (let i = 0; i < this.buf.length && i < 10; i++) {
      const b = this.buf[i]!
      length += (b & 0x7f) * 2 ** (7 * i)
      if (!(b & 0x80)) return i + 1 + length
    }
    return undefined
  }

  /** The next whole frame the server sent. */
  async frame(timeoutMs = 5000): Promise<ReadFrame> {
    await this.until(
      () => {
        const n = this.frameLength()
        return n !== undefined && this.buf.length >= n
      },
      'waiting for a frame',
      timeoutMs,
    )
    const n = this.frameLength()!
    const raw = this.buf.subarray(0, n)
    this.buf = this.buf.subarray(n)
    let skip = 0
    while (raw[skip]! & 0x80) skip++
    return { raw, response: decodeResponse(raw.subarray(skip + 1)) }
  }

  /** The next `count` frames. */
  async frames(count: number, timeoutMs = 5000): Promise<ReadFrame[]> {
    const out: ReadFrame[] = []
    for (let i = 0; i < count; i++) out.push(await this.frame(timeoutMs))
    return out
  }

  /** Bytes received and not yet read (none, when the server is quiet). */
  unread(): Buffer {
    return this.buf
  }

  close(): void {
    this.socket.destroy()
  }
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
