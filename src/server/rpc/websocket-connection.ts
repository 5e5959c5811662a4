import type { IncomingMessage } from 'node:http'
import { type RawData, WebSocket } from 'ws'
import type { Logger } from '../../logger.js'
import { jsonRpcArgs } from './args.js'
import { RpcError } from './errors.js'
import type { PublishedEvent } from './event-data.js'
import { goJsonKind } from './go-json.js'
import type { EventBus, Subscription, SubscriptionSink } from './pubsub.js'
import { decodeFrame, type JsonRpcId, ParseError, parseErrorResponse } from './request.js'
import { CallPanic, dispatchRpc, type RpcRoutes, rpcErrorObject } from './server.js'

// One `/websocket` connection (websocket.ts serves the endpoint): its requests, its subscriptions
// and the bounded write queue that keeps a slow client from slowing the chain.

/** Keep-alive and write deadlines of a connection. */
export interface WebsocketTimings {
  /** The server pings this often (CometBFT: 27 s). */
  pingPeriodMs: number
  /** A connection from which nothing (no frame, no pong) arrives for this long is closed (30 s). */
  readWaitMs: number
  /** A frame not written out within this long ends the connection (10 s). */
  writeWaitMs: number
  /** How long an event waits for room in the write queue before the slow-client rule applies (10 s). */
  slowClientWaitMs: number
}

/** CometBFT's values. */
export const COMETBFT_WEBSOCKET_TIMINGS: WebsocketTimings = {
  pingPeriodMs: 27_000,
  readWaitMs: 30_000,
  writeWaitMs: 10_000,
  slowClientWaitMs: 10_000,
}

export interface WebsocketOptions {
  /** The RPC routes, callable over the socket as over HTTP. */
  routes: RpcRoutes
  bus: EventBus
  /** config.toml rpc.max_body_bytes: the largest frame read. */
  maxBodyBytes: number
  /** config.toml rpc.experimental_subscription_buffer_size. */
  subscriptionBufferSize: number
  /** config.toml rpc.experimental_websocket_write_buffer_size. */
  writeBufferSize: number
  /** config.toml rpc.experimental_close_on_slow_client. */
  closeOnSlowClient: boolean
  timings?: Partial<WebsocketTimings>
  logger: Logger
}

/** One subscription of a connection: the id and query text its events carry. */
interface Subscribed {
  id: JsonRpcId
  /** The query as the client wrote it (events echo it). */
  query: string
  subscription?: Subscription
  /** Its events waiting for room in the write queue. */
  waiting: number
}

/** An event waiting for room in the write queue. */
interface Waiting {
  sub: Subscribed
  event: PublishedEvent
}

export class Connection {
  /** The client's `IP:port`, the identity its subscriptions are held under. */
  readonly id: string
  private readonly remoteAddress: string | undefined
  /** Data frames handed to the socket and not yet written out (the write queue). */
  private pending = 0
  /** Every frame (pings included) not yet written out. */
  private unflushed = 0
  private readonly waiting: Waiting[] = []
  /** Cancel frames of subscriptions, waiting for room in the write queue (at most one each). */
  private readonly owed: string[] = []
  private readonly subscribed = new Set<Subscribed>()
  private requests: Promise<void> = Promise.resolve()
  private readonly timers: {
    ping?: NodeJS.Timeout
    read?: NodeJS.Timeout
    write?: NodeJS.Timeout
    slow?: NodeJS.Timeout
  } = {}
  private closed = false

  constructor(
    private readonly ws: WebSocket,
    req: IncomingMessage,
    private readonly o: WebsocketOptions,
    private readonly timings: WebsocketTimings,
    private readonly log: Logger,
  ) {
    const s = req.socket
    this.remoteAddress = s.remoteAddress?.replace(/^::ffff:/, '')
    const host = this.remoteAddress?.includes(':') ? `[${this.remoteAddress}]` : this.remoteAddress
    this.id = `${host ?? ''}:${s.remotePort ?? 0}`
    log.info({ remote: this.id }, 'New websocket connection')
    ws.on('message', (data) => this.onMessage(data))
    ws.on('pong', () => this.readDeadline())
    ws.on('ping', () => this.readDeadline())
    ws.on('error', (err) => log.debug({ err, remote: this.id }, 'websocket error'))
    ws.once('close', () => this.onClose())
    this.readDeadline()
    this.timers.ping = setInterval(() => this.ping(), timings.pingPeriodMs)
    this.timers.ping.unref()
  }

  /** Sends the close frame; the socket is destroyed if the client does not answer in a second. */
  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve())
      this.ws.close(1001)
      setTimeout(() => this.ws.terminate(), 1000).unref()
    })
  }

  private onClose(): void {
    this.closed = true
    for (const t of Object.values(this.timers)) clearTimeout(t)
    // OnDisconnect: every subscription of this address goes, without a word.
    for (const s of this.subscribed) if (s.subscription) this.o.bus.remove(s.subscription)
    this.subscribed.clear()
    this.waiting.length = 0
    this.owed.length = 0
    this.log.info({ remote: this.id }, 'websocket connection closed')
  }

  // --- reading ---

  /** Any frame read (or a pong) resets the read deadline. */
  private readDeadline(): void {
    clearTimeout(this.timers.read)
    this.timers.read = setTimeout(() => {
      this.log.info({ remote: this.id }, 'websocket read deadline passed: closing')
      this.ws.terminate()
    }, this.timings.readWaitMs)
    this.timers.read.unref()
  }

  /** A text or binary frame: one JSON-RPC request. */
  private onMessage(data: RawData): void {
    this.readDeadline()
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8')
    // One request at a time, as CometBFT's read loop: answers come in request order.
    this.requests = this.requests
      .then(() => this.handle(text))
      .catch((err: unknown) => this.log.error({ err, remote: this.id }, 'websocket request failed'))
  }

  private async handle(text: string): Promise<void> {
    let id: JsonRpcId | undefined
    let method: string
    let params: unknown
    try {
      ;({ id, method, params } = decodeFrame(text))
    } catch (err) {
      if (!(err instanceof ParseError)) throw err
      this.respond(JSON.stringify(parseErrorResponse(err)))
      return
    }
    if (id === undefined) return // a notification: never answered
    let frame: string
    try {
      const result = await this.call(id, method, params)
      // A nil result is left out, as CometBFT's `result,omitempty`.
      frame = `{"jsonrpc":"2.0","id":${JSON.stringify(id)}${result === undefined ? '' : `,"result":${JSON.stringify(result)}`}}`
    } catch (err) {
      // Go's panic is answered by the read loop's recover, which knows no request id.
      const panic = err instanceof CallPanic
      // Over the socket a parameter that does not decode is an internal error (-32603).
      const error = panic
        ? new RpcError(-32603, 'Internal error', `WSJSONRPC: ${err.message}`)
        : err instanceof RpcError && err.code === -32602
          ? new RpcError(-32603, 'Internal error', err.data)
          : err
      frame = `{"jsonrpc":"2.0","id":${panic ? -1 : JSON.stringify(id)},"error":${JSON.stringify(rpcErrorObject(error))}}`
    }
    this.respond(frame)
  }

  /** Runs one method: the subscription ones here, every other through the RPC routes. */
  private async call(id: JsonRpcId, method: string, params: unknown): Promise<unknown> {
    if (params !== undefined && params !== null && typeof params !== 'object') {
      throw new RpcError(
        -32603,
        'Internal error',
        `error converting json params to arguments: unknown type for JSON params: json: cannot unmarshal ${goJsonKind(params)} into Go value of type []json.RawMessage. Expected map or array`,
      )
    }
    const bus = this.o.bus
    // subscribe and unsubscribe take an argument: without params Go cannot call them (CallPanic).
    const queryArg = () => {
      if (params === undefined) throw new CallPanic()
      return jsonRpcArgs(params, ['query']).string('query') ?? ''
    }
    switch (method) {
      case 'subscribe': {
        const query = queryArg()
        const sub: Subscribed = { id, query, waiting: 0 }
        sub.subscription = bus.subscribe(this.id, query, this.sinkOf(sub))
        this.subscribed.add(sub)
        this.log.info({ remote: this.id, query }, 'Subscribe to query')
        return {}
      }
      case 'unsubscribe': {
        const query = queryArg()
        this.forget([bus.unsubscribe(this.id, query)])
        this.log.info({ remote: this.id, query }, 'Unsubscribe from query')
        return {}
      }
      case 'unsubscribe_all':
        this.forget(bus.unsubscribeAll(this.id))
        this.log.info({ remote: this.id }, 'Unsubscribe from all')
        return {}
      default:
        return dispatchRpc(this.o.routes, method, params, { remoteAddress: this.remoteAddress })
    }
  }

  /** Stops forwarding these subscriptions (their waiting events are dropped). */
  private forget(subscriptions: readonly Subscription[]): void {
    const gone = new Set(subscriptions)
    for (const s of [...this.subscribed]) {
      if (s.subscription && gone.has(s.subscription)) this.drop(s)
    }
  }

  private drop(s: Subscribed): void {
    this.subscribed.delete(s)
    if (s.waiting === 0) return
    const before = this.waiting[0]
    const kept = this.waiting.filter((w) => w.sub !== s)
    this.waiting.splice(0, this.waiting.length, ...kept)
    s.waiting = 0
    if (this.waiting[0] !== before) this.slowDeadline()
  }

  // --- writing ---

  private sinkOf(s: Subscribed): SubscriptionSink {
    return {
      push: (event) => {
        if (this.closed) return true
        if (this.waiting.length === 0 && this.pending < this.o.writeBufferSize) {
          this.sendEvent(s, event)
          return true
        }
        if (s.waiting >= this.o.subscriptionBufferSize) return false
        s.waiting++
        this.waiting.push({ sub: s, event })
        if (this.waiting.length === 1) this.slowDeadline()
        return true
      },
      canceled: (reason) => this.canceled(s, reason),
    }
  }

  /** A subscription the bus canceled: its error frame goes out only if the queue has room. */
  private canceled(s: Subscribed, reason: string): void {
    this.drop(s)
    this.tryError(s, `subscription was canceled (reason: ${reason})`)
  }

  /**
   * A -32000 error for a subscription that ended. A subscription ends this way only while the write
   * queue is full, so the frame waits for room there (CometBFT's subscription routine, too, gets to
   * it once its blocked write gets through): a client that reads again gets it after the frames
   * already queued; one that never does is closed by the write deadline.
   */
  private tryError(s: Subscribed, data: string): void {
    if (this.closed) return
    const frame = `{"jsonrpc":"2.0","id":${JSON.stringify(s.id)},"error":${JSON.stringify({ code: -32000, message: 'Server error', data })}}`
    if (this.pending < this.o.writeBufferSize) {
      this.write(frame)
      return
    }
    this.log.info({ remote: this.id, reason: data }, "Can't write response (slow client)")
    this.owed.push(frame)
  }

  private sendEvent(s: Subscribed, event: PublishedEvent): void {
    this.write(
      `{"jsonrpc":"2.0","id":${JSON.stringify(s.id)},"result":{"query":${JSON.stringify(s.query)},"data":${event.data()},"events":${event.eventsJson()}}}`,
    )
  }

  /** An answer to a request: queued whatever the room (a client gets what it asked for). */
  private respond(frame: string): void {
    if (!this.closed) this.write(frame)
  }

  /** Hands a data frame to the socket; it leaves the write queue once written out. */
  private write(frame: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    this.pending++
    this.flushing()
    this.ws.send(frame, (err) => {
      this.pending--
      this.flushed(err)
      this.pump()
    })
  }

  private ping(): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    this.flushing()
    this.ws.ping(undefined, undefined, (err) => this.flushed(err))
  }

  /** A frame starts waiting to be written: the write deadline runs while any does. */
  private flushing(): void {
    this.unflushed++
    if (this.unflushed === 1) this.writeDeadline()
  }

  private flushed(err: Error | undefined): void {
    this.unflushed--
    if (err) {
      this.ws.terminate()
      return
    }
    // Each write has its own deadline, from the moment the previous one got out.
    if (this.unflushed > 0) this.writeDeadline()
    else clearTimeout(this.timers.write)
  }

  private writeDeadline(): void {
    clearTimeout(this.timers.write)
    this.timers.write = setTimeout(() => {
      this.log.error({ remote: this.id }, 'Failed to write response: write deadline passed')
      this.ws.terminate()
    }, this.timings.writeWaitMs)
    this.timers.write.unref()
  }

  /** Moves owed cancel frames, then waiting events, into the write queue while it has room. */
  private pump(): void {
    while (this.owed.length > 0 && this.pending < this.o.writeBufferSize && !this.closed)
      this.write(this.owed.shift()!)
    const start = this.waiting[0]
    while (this.waiting.length > 0 && this.pending < this.o.writeBufferSize && !this.closed) {
      const w = this.waiting.shift()!
      w.sub.waiting--
      this.sendEvent(w.sub, w.event)
    }
    if (this.waiting[0] !== start) this.slowDeadline()
  }

  /**
   * The first waiting event may wait slowClientWaitMs for room; then, as CometBFT, it is dropped
   * (experimental_close_on_slow_client = false) or its subscription is canceled with a
   * `slow client` error (true).
   */
  private slowDeadline(): void {
    clearTimeout(this.timers.slow)
    const head = this.waiting[0]
    if (!head) return
    this.timers.slow = setTimeout(() => {
      if (this.waiting[0] !== head) return
      this.log.info(
        { remote: this.id, query: head.sub.query },
        "Can't write response (slow client)",
      )
      if (this.o.closeOnSlowClient) {
        const s = head.sub
        this.drop(s)
        if (s.subscription) this.o.bus.remove(s.subscription)
        this.tryError(s, 'subscription was canceled (reason: slow client)')
      } else {
        this.waiting.shift()
        head.sub.waiting--
        this.slowDeadline()
      }
    }, this.timings.slowClientWaitMs)
    this.timers.slow.unref()
  }
}
