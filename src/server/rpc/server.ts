import { Hono } from 'hono'
import { answerAhead, answerAsterisk, type HttpListener, listenHttp } from '../listen.js'
import { batchLength, batchTooLongResponse, bodyTooLargeResponse } from '../prechecks.js'
import { jsonRpcArgs, type RpcArgs, uriArgs } from './args.js'
import { RpcCors, type RpcCorsConfig, rpcCorsMiddleware } from './cors.js'
import { RpcError } from './errors.js'
import { asteriskAnswer, endpointsPage, goNotFound, uncleanPathRedirect } from './go-mux.js'
import { goQuery } from './go-query.js'
import { createRpcPostFastPath, type JsonRpcAnswer } from './post-fast-path.js'
import {
  decodeBody,
  type JsonRpcId,
  ParseError,
  parseErrorResponse,
  parseJson,
  type RpcRequest,
} from './request.js'

// The transport's surface for callers that stand up an RPC server from this file alone (client tests).
export { RpcError } from './errors.js'

/** Who calls: the peer of the HTTP connection. */
export interface RpcCall {
  /** The client's IP address (undefined when the transport does not tell). */
  remoteAddress: string | undefined
}

/** One RPC route. */
export interface RpcRoute {
  /** Argument names in order (for positional params). */
  args: readonly string[]
  /** Answers a call; throws RpcError for a JSON-RPC error. */
  handler(args: RpcArgs, call: RpcCall): Promise<unknown>
  /**
   * A JSON-RPC call without a `params` key is a call without arguments (sdkd's own dev API). For
   * CometBFT's routes it is a call Go cannot make: see CallPanic.
   */
  paramsOptional?: boolean
}

/** What Go's reflect.Call panics with when CometBFT's server calls a route without its arguments. */
export const TOO_FEW_ARGUMENTS = 'reflect: Call with too few input arguments'

/**
 * A JSON-RPC request without a `params` key to a route that takes arguments: CometBFT's server then
 * calls the route's Go function with none, and reflect.Call panics. The transport answers for the
 * panic, not for the request: over HTTP a 500 with id -1 for the whole body (a batch's other answers
 * are lost), over the websocket id -1 and data `WSJSONRPC: …`.
 */
export class CallPanic extends Error {
  override readonly name = 'CallPanic'
  constructor() {
    super(TOO_FEW_ARGUMENTS)
  }
}

/** Whether calling `method` with these `params` panics in CometBFT's server (see CallPanic). */
export function callPanics(routes: RpcRoutes, method: string, params: unknown): boolean {
  const route = routeOf(routes, method)
  return (
    route !== undefined && params === undefined && route.args.length > 0 && !route.paramsOptional
  )
}

/** The peer of a request served by @hono/node-server (its `env.incoming` is the Node request). */
function callOf(env: unknown): RpcCall {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming
  return { remoteAddress: incoming?.socket?.remoteAddress }
}

/** Routes by method name. */
export type RpcRoutes = Record<string, RpcRoute>

/**
 * The route of `method`, only among the routes' own names: a method named after a property every
 * object inherits (`constructor`, `toString`, `__proto__`…) is no route, as in CometBFT's map.
 */
export function routeOf(routes: RpcRoutes, method: string): RpcRoute | undefined {
  return Object.hasOwn(routes, method) ? routes[method] : undefined
}

/** The `error` member of a JSON-RPC response for a thrown error (anything not an RpcError is -32603). */
export function rpcErrorObject(err: unknown): { code: number; message: string; data?: string } {
  if (err instanceof RpcError) {
    return {
      code: err.code,
      message: err.message,
      ...(err.data !== undefined ? { data: err.data } : {}),
    }
  }
  return {
    code: -32603,
    message: 'Internal error',
    data: err instanceof Error ? err.message : String(err),
  }
}

/** A response carrying an error; `id` undefined leaves the key out (parse errors, limits). */
function errorBody(id: JsonRpcId | undefined, err: unknown) {
  return id === undefined
    ? { jsonrpc: '2.0', error: rpcErrorObject(err) }
    : { jsonrpc: '2.0', id, error: rpcErrorObject(err) }
}

/** Routes only a websocket client may call: over HTTP they are -32601 (URI: HTTP 404). */
const WEBSOCKET_ONLY = new Set(['subscribe', 'unsubscribe', 'unsubscribe_all'])

/** The websocket's own routes with their arguments, as the root's list of endpoints names them. */
const WEBSOCKET_ROUTES = {
  subscribe: { args: ['query'] },
  unsubscribe: { args: ['query'] },
  unsubscribe_all: { args: [] },
}

/** Routes whose answers never change once given: `Cache-Control` on every answer. */
const ALWAYS_CACHEABLE = new Set([
  'abci_info',
  'blockchain',
  'block_by_hash',
  'genesis',
  'genesis_chunked',
  'header_by_hash',
  'tx',
])
/** Routes whose answers never change when asked at a given (non-zero) height. */
const CACHEABLE_AT_HEIGHT = new Set([
  'block',
  'block_results',
  'commit',
  'consensus_params',
  'header',
  'validators',
])

/** Whether CometBFT marks this call's answer cacheable (`public, max-age=86400`). */
function cacheable(method: string, height: unknown): boolean {
  if (ALWAYS_CACHEABLE.has(method)) return true
  return (
    CACHEABLE_AT_HEIGHT.has(method) &&
    height !== undefined &&
    height !== null &&
    height !== '' &&
    height !== '0' &&
    height !== 0
  )
}

/**
 * Calls `method` with JSON-RPC `params` (named or positional): the one way into the routes, for HTTP
 * POST and `/websocket` alike. Throws RpcError (-32601 for an unknown method).
 */
export function dispatchRpc(
  routes: RpcRoutes,
  method: string,
  params: unknown,
  peer: RpcCall,
): Promise<unknown> {
  const route = routeOf(routes, method)
  if (!route) throw new RpcError(-32601, 'Method not found')
  if (callPanics(routes, method, params)) throw new CallPanic()
  return route.handler(jsonRpcArgs(params, route.args), peer)
}

/** The bodies the pre-checks read, for the JSON-RPC handler. */
const bodies = new WeakMap<Request, Uint8Array>()

/**
 * A request's body, or undefined when it is longer than `max` bytes (Go's MaxBytesReader). The
 * bytes past the limit are read but not kept: a request left unread would cut the connection
 * before the answer is written. A GET's or HEAD's body is none.
 */
async function readBody(req: Request, max: number): Promise<Uint8Array | undefined> {
  if (!req.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size <= max) chunks.push(chunk)
  }
  return size > max ? undefined : Buffer.concat(chunks)
}

/**
 * The answer to a JSON-RPC body (one request or a batch) as CometBFT's server gives it: its status,
 * its JSON (undefined: notifications alone, answered with an empty body) and whether it is marked
 * cacheable; never a rejection (each call's failure is its answer). Shared by the Hono route and
 * the node:http fast path (post-fast-path.ts).
 */
export async function answerJsonRpc(
  routes: RpcRoutes,
  text: string,
  peer: RpcCall,
): Promise<JsonRpcAnswer> {
  let requests: RpcRequest[]
  let batch: boolean
  try {
    ;({ requests, batch } = decodeBody(parseJson(text)))
  } catch (err) {
    // Anything else is what the app's onError answers for a route that failed unexpectedly.
    const json = err instanceof ParseError ? parseErrorResponse(err) : errorBody(-1, err)
    return { status: 500, json, cacheable: false }
  }
  const one = async ({ id, method, params }: RpcRequest) => {
    if (id === undefined) return undefined // a notification: not executed, not answered
    if (WEBSOCKET_ONLY.has(method)) return errorBody(id, new RpcError(-32601, 'Method not found'))
    try {
      return { jsonrpc: '2.0', id, result: await dispatchRpc(routes, method, params, peer) }
    } catch (err) {
      return errorBody(id, err)
    }
  }
  const panics = requests.findIndex(
    (r) =>
      r.id !== undefined && !WEBSOCKET_ONLY.has(r.method) && callPanics(routes, r.method, r.params),
  )
  if (panics >= 0) {
    // CometBFT runs a body's calls in order: the ones before the panic ran, their answers are lost.
    await Promise.all(requests.slice(0, panics).map(one))
    return {
      status: 500,
      json: errorBody(-1, new RpcError(-32603, 'Internal error', TOO_FEW_ARGUMENTS)),
      cacheable: false,
    }
  }
  const replies = (await Promise.all(requests.map(one))).filter((r) => r !== undefined)
  if (replies.length === 0) return { status: 200, json: undefined, cacheable: false }
  if (!batch || replies.length === 1) {
    const only = requests.find((r) => r.id !== undefined)!
    // CometBFT writes a batch that produced exactly one answer as that answer alone.
    return {
      status: 200,
      json: replies[0],
      cacheable:
        requests.length === 1 &&
        cacheable(only.method, (only.params as { height?: unknown } | null)?.height),
    }
  }
  return { status: 200, json: replies, cacheable: false }
}

/** The CometBFT-style RPC as a Hono app: URI GET routes and JSON-RPC POST to `/`. */
export function createRpcApp(
  routes: RpcRoutes,
  options: { maxBodyBytes?: number; maxBatchSize?: number; cors?: RpcCors } = {},
): Hono {
  const app = new Hono()
  const maxBody = options.maxBodyBytes ?? 1_000_000
  const maxBatch = options.maxBatchSize ?? 10
  answerAsterisk(app, asteriskAnswer(options.cors))

  // CometBFT's server reads each request's body before any handler (its PreChecksHandler), when
  // batches are limited: a body too large or a batch too long is answered there, without the
  // server time or CORS headers of the handlers inside.
  if (maxBatch > 0)
    app.use(async (c, next) => {
      const body = await readBody(c.req.raw, maxBody)
      if (body === undefined) return bodyTooLargeResponse()
      bodies.set(c.req.raw, body)
      if (batchLength(body) > maxBatch) return batchTooLongResponse(maxBatch)
      await next()
      return undefined
    })

  // Every answer carries the server's clock, as CometBFT's handlers do (a preflight's too: the
  // handler that sets it wraps the CORS one).
  app.use(async (c, next) => {
    await next()
    c.header('X-Server-Time', String(Math.floor(Date.now() / 1000)))
  })

  // `[rpc] cors_allowed_origins`: CORS around the routes, as CometBFT's node wraps its mux.
  if (options.cors) app.use(rpcCorsMiddleware(options.cors))

  // Go's mux redirects a path that is not clean (`//status`) before any handler sees it.
  app.use(async (c, next) => {
    const redirect = uncleanPathRedirect(c)
    if (redirect) return redirect
    await next()
    return undefined
  })

  // `/websocket` itself is served on the HTTP upgrade (websocket.ts); any other request is what
  // gorilla's upgrader answers to a client that does not speak the protocol.
  app.all('/websocket', (c) =>
    c.body('Bad Request\n', 400, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Sec-Websocket-Version': '13',
      'X-Content-Type-Options': 'nosniff',
    }),
  )

  // URI calls: /<route>?arg=value, whatever the method (CometBFT's handlers do not look at it).
  // The answer's id is always -1.
  app.all('/:method{[^/]+}', async (c) => {
    const method = c.req.param('method')
    const route = routeOf(routes, method)
    if (!route || WEBSOCKET_ONLY.has(method)) {
      if (WEBSOCKET_ONLY.has(method))
        return c.json(errorBody(-1, new RpcError(-32601, 'Method not found')), 404)
      return goNotFound(c)
    }
    try {
      const query = goQuery(c.req.url)
      const result = await route.handler(uriArgs(query), callOf(c.env))
      if (cacheable(method, query.height)) c.header('Cache-Control', 'public, max-age=86400')
      return c.json({ jsonrpc: '2.0', id: -1, result })
    } catch (err) {
      return c.json(errorBody(-1, err), 500)
    }
  })

  // JSON-RPC: one request or a batch, in the body of a request to `/` (POST); a request without a
  // body (a browser's GET) gets the list of endpoints.
  app.all('/', async (c) => {
    const body = bodies.get(c.req.raw) ?? (await readBody(c.req.raw, maxBody))
    if (body === undefined) return bodyTooLargeResponse()
    // The bytes as sent: a text decoder would drop a byte-order mark, which Go's decoder refuses.
    const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
    if (text === '') return endpointsPage(c, { ...WEBSOCKET_ROUTES, ...routes })
    const a = await answerJsonRpc(routes, text, callOf(c.env))
    if (a.json === undefined) return c.body(null, 200, { 'Content-Length': '0' })
    if (a.cacheable) c.header('Cache-Control', 'public, max-age=86400')
    return c.json(a.json, a.status)
  })
  // The same answers straight from node:http for the POSTs every client sends (a broadcast, a
  // query): no Web Request and Response per call.
  answerAhead(
    app,
    createRpcPostFastPath((text, peer) => answerJsonRpc(routes, text, peer), {
      maxBodyBytes: maxBody,
      maxBatchSize: maxBatch,
      ...(options.cors ? { cors: options.cors } : {}),
    }),
  )

  app.notFound(goNotFound)
  app.onError((err, c) => c.json(errorBody(-1, err), 500))
  return app
}

/** CometBFT's RPC server's read timeout (its rpc/jsonrpc/server DefaultConfig), in seconds. */
const RPC_READ_TIMEOUT_SECONDS = 10

/** What serving the RPC reads of `config.toml`'s `[rpc]`. */
export interface RpcListenConfig extends RpcCorsConfig {
  laddr: string
  maxBodyBytes: number
  maxRequestBatchSize: number
  maxHeaderBytes: number
  maxOpenConnections: number
}

/**
 * Serves `routes` on `[rpc] laddr` as CometBFT's RPC server: a request read within 10 s, and so an
 * idle kept-alive connection kept as long (its http.Server's ReadTimeout, IdleTimeout unset; not
 * configurable upstream), request line and headers up to `max_header_bytes`.
 */
export function listenRpc(routes: RpcRoutes, rpc: RpcListenConfig): Promise<HttpListener> {
  const cors = RpcCors.of(rpc)
  const app = createRpcApp(routes, {
    maxBodyBytes: rpc.maxBodyBytes,
    maxBatchSize: rpc.maxRequestBatchSize,
    ...(cors ? { cors } : {}),
  })
  return listenHttp(app, rpc.laddr, 'RPC server', {
    readTimeoutSeconds: RPC_READ_TIMEOUT_SECONDS,
    maxHeaderBytes: rpc.maxHeaderBytes,
    maxConnections: rpc.maxOpenConnections,
  })
}
