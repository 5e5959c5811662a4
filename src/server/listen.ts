import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import type { Duplex } from 'node:stream'
import { createAdaptorServer } from '@hono/node-server'
import type { Hono } from 'hono'
import { parseListenAddress } from '../config/listen-address.js'
import { UserError } from '../errors.js'
import { limitConnections } from './connection-limit.js'

/** How long a closing server lets the requests in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 500

/** A running HTTP server. */
export interface HttpListener {
  server: Server
  /** The bound address as `host:port` (with the real port when 0 was asked). */
  address: string
  port: number
  close(): Promise<void>
}

/** A node:http request handler ahead of the app: true when it answered the request itself. */
export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => boolean

/** Handlers an app asked to run ahead of itself whenever it is served (see `answerAhead`). */
const appAhead = new WeakMap<Hono, NodeRequestHandler>()
/** An app's answers to a request of `*` (see `answerAsterisk`). */
const appAsterisk = new WeakMap<Hono, NodeRequestHandler>()

/**
 * Lets `handler` answer, straight from node:http, the requests it takes before `app` sees them,
 * wherever `app` is served by `listenHttp` (the gateway's hot GET routes: no Web Request and
 * Response per call). It must answer exactly as `app` would.
 */
export function answerAhead(app: Hono, handler: NodeRequestHandler): void {
  appAhead.set(app, handler)
}

/**
 * Lets `handler` answer a request whose target is `*`, other than `OPTIONS *` (Go's server answers
 * that one itself, before any handler: 200, no body), wherever `app` is served by `listenHttp`: as
 * the upstream router does (gorilla/mux redirects it, http.ServeMux refuses it). An app without
 * one answers it as it answers `/` (a handler that serves every path, as the Prometheus server's).
 */
export function answerAsterisk(app: Hono, handler: NodeRequestHandler): void {
  appAsterisk.set(app, handler)
}

/** Both handlers in turn (either may be missing). */
function bothAhead(
  first: NodeRequestHandler | undefined,
  second: NodeRequestHandler | undefined,
): NodeRequestHandler | undefined {
  if (!first || !second) return first ?? second
  return (req, res) => first(req, res) || second(req, res)
}

export interface ListenOptions {
  /** Answers the requests it takes before the app sees them (a hot route served without Hono). */
  ahead?: NodeRequestHandler
  /** Connections served at once; more wait until one closes (0 or none: no limit). */
  maxConnections?: number
  /** Seconds allowed to read a request (0 = no limit): Go's ReadTimeout. */
  readTimeoutSeconds?: number
  /** Seconds allowed to read a request's headers (0 = the read timeout): Go's ReadHeaderTimeout. */
  readHeaderTimeoutSeconds?: number
  /** The largest request line and headers, in bytes (0 = 1 MiB): Go's MaxHeaderBytes. */
  maxHeaderBytes?: number
  /** Seconds allowed to write a response (0 = no limit). */
  writeTimeoutSeconds?: number
  /**
   * Every answer but the server's own carries `X-Server-Time` (Unix seconds), as CometBFT's HTTP
   * server under the SDK's API server sets it before its handler (`withoutServerTime` takes it off).
   */
  serverTime?: boolean
}

/** The header CometBFT's HTTP server sets on every answer of its handler. */
const SERVER_TIME = 'X-Server-Time'

/**
 * Takes `X-Server-Time` off the answer of the request a @hono/node-server app serves (`env`): an
 * answer the upstream server gives before its handler runs.
 */
export function withoutServerTime(env: unknown): void {
  ;(env as { outgoing?: ServerResponse } | undefined)?.outgoing?.removeHeader(SERVER_TIME)
}

/** Thrown when a listen address cannot be bound. */
export class ListenError extends UserError {
  override readonly name: string = 'ListenError'
}

/** Serves a Hono app on `address` (@hono/node-server). */
export async function listenHttp(
  app: Hono,
  address: string,
  what: string,
  options: ListenOptions = {},
): Promise<HttpListener> {
  const { host, port } = parseListenAddress(address)
  const read = (options.readTimeoutSeconds ?? 0) * 1000
  const header = (options.readHeaderTimeoutSeconds ?? 0) * 1000 || read
  // Node checks request timeouts every connectionsCheckingInterval (30 s by default): check often
  // enough that a read timeout of a few seconds fires on time.
  const ahead = bothAhead(appAhead.get(app), options.ahead)
  const serverTime = options.serverTime ?? false
  const asterisk = appAsterisk.get(app)
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: host,
    createServer: ((serverOptions, listener) =>
      createServer(serverOptions, (req, res) => {
        if (refuseHost(req, res) || (req.url === '*' && goOptionsAsterisk(req, res))) return
        if (serverTime) res.setHeader(SERVER_TIME, String(Math.floor(Date.now() / 1000)))
        if (ahead?.(req, res)) return
        if (req.url === '*' && asteriskRequest(req, res, asterisk)) return
        listener?.(req, res)
      })) as typeof createServer,
    serverOptions: {
      // Node's own refusal of an HTTP/1.1 request without a Host header is a bare 400: Go's names
      // what is missing (refuseHost).
      requireHostHeader: false,
      // Go reads at most MaxHeaderBytes and 4 KB more (its reader's slop) before it refuses.
      maxHeaderSize: (options.maxHeaderBytes || GO_MAX_HEADER_BYTES) + 4096,
      // No read or header timeout is none at all, as in Go's server (Node's own: 60 s for the
      // headers, 300 s for a request).
      ...(header > 0
        ? {
            requestTimeout: read,
            headersTimeout: header,
            connectionsCheckingInterval: Math.min(1000, header),
          }
        : { requestTimeout: 0, headersTimeout: 0 }),
    },
  }) as Server
  server.on('clientError', answerClientError)
  // Go's IdleTimeout left unset is its ReadTimeout: a kept-alive connection waits that long for its
  // next request, and with no read timeout either, as long as it stays open (Node's own: 5 s).
  server.keepAliveTimeout = read
  // A client that sends its request and then half-closes the connection (its FIN) still gets the
  // answer, as from Go's server: node:http would otherwise end the socket on the FIN, before an
  // answer that comes after the request's last byte (a read from disk) is written. Node's own
  // switch for this (the server's `httpAllowHalfOpen`, set to end the socket after the answer).
  ;(server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true
  const dropWaiting =
    options.maxConnections && options.maxConnections > 0
      ? limitConnections(server, options.maxConnections)
      : undefined
  const write = (options.writeTimeoutSeconds ?? 0) * 1000
  if (write > 0) {
    // Go's WriteTimeout: the whole response must be written in time, however the client reads it
    // (an idle timeout would let a client that trickles its reads hold the response forever).
    server.on('request', (_req, res) => {
      const timer = setTimeout(() => res.destroy(), write)
      timer.unref()
      res.once('finish', () => clearTimeout(timer))
      res.once('close', () => clearTimeout(timer))
    })
  }
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        new ListenError(
          err.code === 'EADDRINUSE'
            ? `${what}: address ${host}:${port} is already in use`
            : `${what}: cannot listen on ${host}:${port}: ${err.message}`,
          { cause: err },
        ),
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const bound = server.address() as AddressInfo
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address
  return {
    server,
    address: `${shownHost}:${bound.port}`,
    port: bound.port,
    close: () =>
      new Promise<void>((resolve) => {
        // A request in flight gets CLOSE_GRACE_MS to be answered (a dev mine that a shutdown cut
        // short answers how far it got): each connection closes as soon as it is idle, and whatever
        // is still open after the grace is cut.
        dropWaiting?.()
        const idle = setInterval(() => server.closeIdleConnections(), 10)
        const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        server.close(() => {
          clearInterval(idle)
          clearTimeout(cut)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}

/** Go's http.DefaultMaxHeaderBytes, which CometBFT's RPC and the SDK's API servers keep. */
const GO_MAX_HEADER_BYTES = 1 << 20

/** The head of Go's answers to a request it could not read (net/http's `errorHeaders`). */
const GO_ERROR_HEADERS = '\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n'

/**
 * Answers a request that could not be read as Go's server does: headers over the limit get `431
 * Request Header Fields Too Large`, a request that did not arrive in time is closed without an
 * answer (Go counts it a network read error), anything else that does not parse gets `400 Bad
 * Request`, each with its text as the body.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // An answer still being written on this connection (a pipelined request's) is not interleaved
  // with: node:http's own handler checks the same response it keeps on the socket.
  const inFlight = (socket as Duplex & { _httpMessage?: unknown })._httpMessage
  if (
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ||
    err.code === 'ECONNRESET' ||
    !socket.writable ||
    inFlight
  ) {
    socket.destroy()
    return
  }
  const text =
    err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
  socket.end(`HTTP/1.1 ${text}${GO_ERROR_HEADERS}${text}`)
}

/** A Go `badRequestError` answer: its text in the status line and as the body. */
const goBadRequest = (why: string) =>
  `HTTP/1.1 400 Bad Request: ${why}${GO_ERROR_HEADERS}400 Bad Request: ${why}`
/** Go's answer to an HTTP/1.1 request without a Host header. */
export const GO_MISSING_HOST_ANSWER = goBadRequest('missing required Host header')
/** Go's answer to a Host header with a byte no host, port or IPv6 zone has. */
export const GO_MALFORMED_HOST_ANSWER = goBadRequest('malformed Host header')

/** The bytes a Host header may hold by Go's lenient check (httpguts' `validHostByte`). */
const HOST_BYTE = /^[0-9A-Za-z!$%&()*+,\-.:;=[\]'_~]*$/

/** Go's answer to a request it reads but does not take (a plain error: no text after the status). */
const GO_BAD_REQUEST_ANSWER = `HTTP/1.1 400 Bad Request${GO_ERROR_HEADERS}400 Bad Request`
/** Go's answer to a request line of another major version than 1 (an HTTP/1 server). */
export const GO_UNSUPPORTED_VERSION_ANSWER = `HTTP/1.1 505 HTTP Version Not Supported: unsupported protocol version${GO_ERROR_HEADERS}505 HTTP Version Not Supported: unsupported protocol version`

/**
 * `OPTIONS *`, which Go's server answers itself, before any handler (its globalOptionsHandler: 200,
 * `Content-Length: 0`); true when it did.
 */
function goOptionsAsterisk(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS') return false
  res.writeHead(200, { 'Content-Length': '0' })
  res.end()
  return true
}

/**
 * A request whose target is `*` (which a Web Request cannot hold) other than `OPTIONS *`: it goes to
 * `other`, or becomes a request of `/` for the app (false then).
 */
function asteriskRequest(
  req: IncomingMessage,
  res: ServerResponse,
  other: NodeRequestHandler | undefined,
): boolean {
  if (other) return other(req, res)
  req.url = '/'
  return false
}

/** A `%` not followed by two hex digits: Go's url.ParseRequestURI refuses it in a path. */
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/
/** The scheme of an absolute-form request target (Go's getScheme). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

/**
 * Whether Go's `url.ParseRequestURI` refuses a request target node:http took for a bad escape in
 * its path (`/a%zz`, `/a%`): the path of an origin-form target, or of an absolute-form one after
 * its authority. The query is not checked there (a handler's query parser may refuse it).
 */
function badPathEscape(target: string): boolean {
  if (!target.includes('%')) return false
  let rest = target
  if (!rest.startsWith('/')) {
    const scheme = SCHEME.exec(rest)
    if (!scheme) return false
    rest = rest.slice(scheme[0].length)
    if (!rest.startsWith('//')) return false
    const slash = rest.indexOf('/', 2)
    const query = rest.indexOf('?', 2)
    if (slash < 0 || (query >= 0 && query < slash)) return false
    rest = rest.slice(slash)
  }
  const query = rest.indexOf('?')
  return BAD_ESCAPE.test(query < 0 ? rest : rest.slice(0, query))
}

/**
 * Go's answer when its server refuses `req` for what node:http does not check, in Go's order: a
 * path with a bad escape (`400 Bad Request`, url.ParseRequestURI's error), more
 * than one Host line (`400 Bad Request`), a version other than 1.x (`505`, as
 * http1ServerSupportsRequest; HTTP/2's `PRI *` preface aside), an HTTP/1.1 request without a Host
 * header (CONNECT aside; node:http does not check it, nor for an upgrade its presence), or one with
 * a byte Go does not take in a host.
 */
export function hostRefusal(req: IncomingMessage): string | undefined {
  // One pass over the raw lines (the first Host line is the one node:http keeps): the fast paths
  // never have node:http build its headers object.
  let host: string | undefined
  let hosts = 0
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue
    if (hosts++ === 0) host = raw[i + 1]
  }
  if (badPathEscape(req.url ?? '') || hosts > 1) return GO_BAD_REQUEST_ANSWER
  if (req.httpVersionMajor !== 1 && !(req.method === 'PRI' && req.url === '*'))
    return GO_UNSUPPORTED_VERSION_ANSWER
  if (host === undefined) {
    return req.httpVersion === '1.1' && req.method !== 'CONNECT'
      ? GO_MISSING_HOST_ANSWER
      : undefined
  }
  return HOST_BYTE.test(host) ? undefined : GO_MALFORMED_HOST_ANSWER
}

/**
 * Answers a request Go's server refuses for its Host header as Go does (the status line and body
 * say why, and the connection closes); true when it did. After the answers to the requests
 * pipelined before it, as Go reads and answers them one at a time.
 */
function refuseHost(req: IncomingMessage, res: ServerResponse): boolean {
  const refusal = hostRefusal(req)
  if (!refusal) return false
  const socket = req.socket
  const answer = () => {
    if (socket.writable) socket.end(refusal)
    socket.destroySoon()
  }
  // node:http hands the connection to a response once the answers before it are written (the
  // same property its own handlers check).
  if ((socket as typeof socket & { _httpMessage?: unknown })._httpMessage === res) answer()
  else res.once('socket', answer)
  return true
}

/** A listen address to probe, with what binds it and where it was configured. */
export interface PlannedListener {
  what: string
  host: string
  port: number
  file: string
  field: string
}

/**
 * Checks, before anything is created or opened, that every planned address can be bound (a port in
 * use is reported with the setting that asked for it). Port 0 always binds.
 */
export async function assertCanListen(listeners: readonly PlannedListener[]): Promise<void> {
  for (const l of listeners) {
    if (l.port === 0) continue
    await new Promise<void>((resolve, reject) => {
      const probe = createNetServer()
      probe.once('error', (err: NodeJS.ErrnoException) => {
        const where = l.field ? `${l.file} ${l.field}` : l.file
        reject(
          new ListenError(
            err.code === 'EADDRINUSE'
              ? `${l.what}: address ${l.host}:${l.port} is already in use (${where}); stop what listens there or choose another address`
              : `${l.what}: cannot listen on ${l.host}:${l.port} (${where}): ${err.message}`,
            { cause: err },
          ),
        )
      })
      probe.listen(l.port, l.host, () => probe.close(() => resolve()))
    })
  }
}
