import { Agent, request } from 'node:http'
import { type Bytes, toBase64 } from '../../codec/bytes.js'
import { GrpcCode, StatusError } from '../../errors.js'
import type {
  CometBlockResult,
  CometBroadcastResult,
  CometStatus,
  CometTxResult,
  CometValidators,
} from './json-types.js'

/**
 * An error CometBFT's RPC answered (a JSON-RPC error object): `data` carries the route's own text
 * (`tx (…) not found`, `tx already exists in cache`, a query syntax error…).
 */
export class CometRpcError extends StatusError {
  override readonly name = 'CometRpcError'

  constructor(
    readonly rpcCode: number,
    readonly rpcMessage: string,
    readonly data: string,
  ) {
    super(GrpcCode.Unknown, data || rpcMessage)
  }
}

/**
 * A client of the CometBFT RPC that runs beside sdkd under `--consensus cometbft`: what the SDK's
 * REST and gRPC services ask CometBFT through their client context (broadcasts, tx look-ups and
 * searches, blocks, status, validator sets). JSON-RPC 2.0 over HTTP POST, params as CometBFT reads
 * them (64-bit integers as digit strings, bytes as base64).
 */
export class CometRpcClient {
  private nextId = 1
  /**
   * Connections kept open between calls (a wallet's broadcasts and polls come in bursts); the
   * agent unrefs idle ones, so they never hold the process open.
   */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 })

  /**
   * `target`: an http://host:port base URL, or a Unix socket path (CometBFT's `unix://` laddr).
   * `url` is how errors name it.
   */
  private constructor(
    private readonly target: { host: string; port: number } | { socketPath: string },
    readonly url: string,
  ) {}

  /**
   * The client of config.toml's `[rpc] laddr` (tcp://host:port or unix://path), dialled on loopback
   * when CometBFT listens on every interface (0.0.0.0 or [::]), as the SDK's client context does.
   */
  static ofListenAddress(laddr: string): CometRpcClient {
    const text = laddr.trim()
    const unix = /^unix:\/\/(.+)$/i.exec(text)
    if (unix) return new CometRpcClient({ socketPath: unix[1]! }, text)
    const m = /^(?:tcp:\/\/|https?:\/\/)?(.*):(\d+)$/i.exec(text)
    let host = (m?.[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1')
    if (host === '0.0.0.0' || host === '' || host === '::') host = '127.0.0.1'
    const port = Number(m?.[2] ?? 26657)
    const shown = host.includes(':') ? `[${host}]` : host
    return new CometRpcClient({ host, port }, `http://${shown}:${port}`)
  }

  /** One JSON-RPC call; its `result`. Throws CometRpcError for an RPC error, Unavailable when unreachable. */
  async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params })
    let text: string
    try {
      text = await this.post(body)
    } catch (err) {
      throw new StatusError(
        GrpcCode.Unavailable,
        `cannot reach CometBFT's RPC at ${this.url}: ${(err as Error).message}`,
        { cause: err },
      )
    }
    let reply: { result?: T; error?: { code?: number; message?: string; data?: string } }
    try {
      reply = JSON.parse(text)
    } catch {
      throw new StatusError(
        GrpcCode.Unavailable,
        `CometBFT's RPC at ${this.url} answered without a JSON-RPC body: ${text.slice(0, 200)}`,
      )
    }
    if (reply.error) {
      const e = reply.error
      throw new CometRpcError(e.code ?? 0, e.message ?? '', e.data ?? '')
    }
    return reply.result as T
  }

  /** POSTs a JSON body to the RPC's root; the answer's text, whatever its status. */
  private post(body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          ...this.target,
          agent: this.agent,
          method: 'POST',
          path: '/',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  broadcastTx(tx: Bytes, mode: 'sync' | 'async'): Promise<CometBroadcastResult> {
    return this.call(`broadcast_tx_${mode}`, { tx: toBase64(tx) })
  }

  status(): Promise<CometStatus> {
    return this.call('status', {})
  }

  /** The block at `height` (the latest without one). */
  block(height?: number): Promise<CometBlockResult> {
    return this.call('block', height === undefined ? {} : { height: String(height) })
  }

  tx(hash: Bytes): Promise<CometTxResult> {
    return this.call('tx', { hash: toBase64(hash), prove: false })
  }

  txSearch(
    query: string,
    page: number,
    perPage: number,
    orderBy: '' | 'asc' | 'desc',
  ): Promise<{ txs: CometTxResult[]; total_count: string }> {
    return this.call('tx_search', {
      query,
      prove: false,
      page: String(page),
      per_page: String(perPage),
      order_by: orderBy,
    })
  }

  /** One page of the validator set of `height` (CometBFT's default: the next height's). */
  validators(height: number | undefined, page: number, perPage: number): Promise<CometValidators> {
    return this.call('validators', {
      ...(height === undefined ? {} : { height: String(height) }),
      page: String(page),
      per_page: String(perPage),
    })
  }
}
