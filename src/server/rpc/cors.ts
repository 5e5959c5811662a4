import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'

/** config.toml `[rpc]`'s CORS settings (CometBFT's names). */
export interface RpcCorsConfig {
  /** cors_allowed_origins: none turns CORS off; `*` allows any; one `*` inside is a wildcard. */
  corsAllowedOrigins: readonly string[]
  /** cors_allowed_methods: compared as sent; none is GET, POST and HEAD. */
  corsAllowedMethods: readonly string[]
  /** cors_allowed_headers: the request headers a preflight may name; `*` allows any. */
  corsAllowedHeaders: readonly string[]
}

/** A response header: its name and its values (one line each). */
export type HeaderLines = [name: string, values: readonly string[]]

/** What the CORS layer makes of a request. */
export interface CorsAnswer {
  /** A preflight: answered here, `204 No Content` without a body, the app never sees it. */
  preflight: boolean
  /** The headers to add to the answer. */
  headers: HeaderLines[]
}

/** The request fields CORS reads, each header with every line it was sent on. */
export interface CorsRequest {
  method: string
  origin: readonly string[]
  requestMethod: readonly string[]
  /** Access-Control-Request-Headers' lines; undefined when the header was not sent. */
  requestHeaders: readonly string[] | undefined
}

/** The allowed header names of a preflight, sorted, each with its place (rs/cors' SortedSet). */
class SortedSet {
  private readonly at = new Map<string, number>()
  private readonly maxLen: number

  constructor(names: readonly string[]) {
    let maxLen = 0
    for (const name of [...names].sort()) {
      if (this.at.has(name)) continue
      this.at.set(name, this.at.size)
      maxLen = Math.max(maxLen, name.length)
    }
    this.maxLen = maxLen
  }

  /**
   * Whether the lines of Access-Control-Request-Headers name only allowed headers, as browsers
   * send them: lower case, sorted, no name twice, at most one space or tab around a name and at
   * most 16 empty elements.
   */
  accepts(lines: readonly string[]): boolean {
    const cutAt = MAX_OWS + this.maxLen + MAX_OWS + 1
    let last = -1
    let empty = 0
    for (let rest of lines) {
      for (;;) {
        const end = Math.min(rest.length, cutAt)
        const comma = rest.slice(0, end).indexOf(',')
        const found = comma >= 0
        const raw = found ? rest.slice(0, comma) : rest
        rest = found ? rest.slice(comma + 1) : ''
        const name = trimOws(raw)
        if (name === undefined) return false
        if (name === '') {
          if (++empty > MAX_EMPTY) return false
          if (!found) break
          continue
        }
        const pos = this.at.get(name)
        if (pos === undefined || pos <= last) return false
        last = pos
        if (!found) break
      }
    }
    return true
  }
}

/** Space or tab bytes tolerated on each side of a name. */
const MAX_OWS = 1
/** Empty list elements tolerated. */
const MAX_EMPTY = 16

const isOws = (c: string | undefined) => c === ' ' || c === '\t'

/**
 * A name without its surrounding spaces and tabs, or undefined when either side has more than
 * rs/cors tolerates (its loops check the count before looking at the next byte, so a name with
 * two on one side is refused, while a name of only two is empty).
 */
function trimOws(s: string): string | undefined {
  if (s === '') return s
  let end = s.length
  for (let i = 0; end > 0; i++) {
    if (i > MAX_OWS) return undefined
    if (!isOws(s[end - 1])) break
    end--
  }
  let start = 0
  for (let i = 0; start < end; i++) {
    if (i > MAX_OWS) return undefined
    if (!isOws(s[start])) break
    start++
  }
  return s.slice(start, end)
}

const ALL_ORIGINS: readonly string[] = ['*']
const VARY_ACTUAL: HeaderLines = ['Vary', ['Origin']]
const VARY_PREFLIGHT: HeaderLines = [
  'Vary',
  ['Origin, Access-Control-Request-Method, Access-Control-Request-Headers'],
]

/**
 * The CometBFT RPC's CORS, as its node wraps the RPC's handlers when `[rpc] cors_allowed_origins`
 * is not empty: rs/cors v1.11.1 with the origins, methods and headers of `[rpc]`, nothing else.
 *
 * - A preflight (`OPTIONS` with an `Access-Control-Request-Method`) is answered `204` with
 *   `Vary: Origin, Access-Control-Request-Method, Access-Control-Request-Headers`, plus, when the
 *   origin, the method and the requested headers are all allowed, `Access-Control-Allow-Origin`
 *   (`*`, or the origin as sent), `Access-Control-Allow-Methods` (the requested method) and
 *   `Access-Control-Allow-Headers` (the requested ones, as sent).
 * - Any other request gets `Vary: Origin`, plus `Access-Control-Allow-Origin` when it has an
 *   allowed origin and an allowed method; then the RPC answers it as without CORS.
 */
export class RpcCors {
  private readonly allOrigins: boolean
  private readonly origins: string[] = []
  private readonly wildcards: { prefix: string; suffix: string }[] = []
  private readonly methods: readonly string[]
  private readonly allHeaders: boolean
  private readonly headers: SortedSet

  /** The CORS of `[rpc]`, or undefined when `cors_allowed_origins` is empty (CORS off). */
  static of(config: RpcCorsConfig): RpcCors | undefined {
    return config.corsAllowedOrigins.length === 0 ? undefined : new RpcCors(config)
  }

  private constructor(config: RpcCorsConfig) {
    let all = false
    for (const allowed of config.corsAllowedOrigins) {
      const origin = allowed.toLowerCase()
      if (origin === '*') {
        all = true
        break
      }
      const star = origin.indexOf('*')
      if (star >= 0)
        this.wildcards.push({ prefix: origin.slice(0, star), suffix: origin.slice(star + 1) })
      else this.origins.push(origin)
    }
    this.allOrigins = all
    this.methods =
      config.corsAllowedMethods.length > 0 ? config.corsAllowedMethods : ['GET', 'POST', 'HEAD']
    const headers = config.corsAllowedHeaders
    this.allHeaders = headers.includes('*')
    this.headers = new SortedSet(
      this.allHeaders
        ? []
        : headers.length > 0
          ? headers.map((h) => h.toLowerCase())
          : ['accept', 'content-type', 'x-requested-with'],
    )
  }

  private originAllowed(origin: string): boolean {
    if (this.allOrigins) return true
    const o = origin.toLowerCase()
    if (this.origins.includes(o)) return true
    return this.wildcards.some(
      (w) =>
        o.length >= w.prefix.length + w.suffix.length &&
        o.startsWith(w.prefix) &&
        o.endsWith(w.suffix),
    )
  }

  private methodAllowed(method: string): boolean {
    return method === 'OPTIONS' || this.methods.includes(method)
  }

  private allowOrigin(origin: readonly string[]): HeaderLines {
    return ['Access-Control-Allow-Origin', this.allOrigins ? ALL_ORIGINS : origin]
  }

  /** What CORS adds to the answer to `req`, and whether it answers it itself. */
  answer(req: CorsRequest): CorsAnswer {
    const origin = req.origin[0] ?? ''
    const requestMethod = req.requestMethod[0] ?? ''
    if (req.method === 'OPTIONS' && requestMethod !== '') {
      const headers: HeaderLines[] = [VARY_PREFLIGHT]
      const requested = req.requestHeaders
      if (
        origin === '' ||
        !this.originAllowed(origin) ||
        !this.methodAllowed(requestMethod) ||
        (requested !== undefined && !this.allHeaders && !this.headers.accepts(requested))
      )
        return { preflight: true, headers }
      headers.push(this.allowOrigin(req.origin), [
        'Access-Control-Allow-Methods',
        req.requestMethod,
      ])
      if (requested !== undefined && requested[0] !== '')
        headers.push(['Access-Control-Allow-Headers', requested])
      return { preflight: true, headers }
    }
    const headers: HeaderLines[] = [VARY_ACTUAL]
    if (origin !== '' && this.originAllowed(origin) && this.methodAllowed(req.method))
      headers.push(this.allowOrigin(req.origin))
    return { preflight: false, headers }
  }

  /** The answer to a Node request. */
  answerNode(req: IncomingMessage): CorsAnswer {
    const lines = req.headersDistinct
    return this.answer({
      method: req.method ?? 'GET',
      origin: lines.origin ?? [],
      requestMethod: lines['access-control-request-method'] ?? [],
      requestHeaders: lines['access-control-request-headers'],
    })
  }
}

/** Hono's view of the Node request a @hono/node-server app is serving. */
function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming
}

/**
 * The RPC app's CORS layer: a preflight answered here (`204`, no body), any other request's answer
 * given the CORS headers. A request not served from Node (a test's `app.request`) is read from its
 * Web headers, each header one line.
 */
export function rpcCorsMiddleware(cors: RpcCors): MiddlewareHandler {
  return async function rpcCors(c, next) {
    const incoming = incomingOf(c.env)
    const line = (name: string) => {
      const v = c.req.header(name)
      return v === undefined ? undefined : [v]
    }
    const answer = incoming
      ? cors.answerNode(incoming)
      : cors.answer({
          method: c.req.method,
          origin: line('origin') ?? [],
          requestMethod: line('access-control-request-method') ?? [],
          requestHeaders: line('access-control-request-headers'),
        })
    if (answer.preflight) {
      const res = new Response(null, { status: 204 })
      for (const [name, values] of answer.headers)
        for (const v of values) res.headers.append(name, v)
      return res
    }
    await next()
    for (const [name, values] of answer.headers)
      for (const v of values) c.header(name, v, { append: true })
    return undefined
  }
}
