import type { IncomingMessage } from 'node:http'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { messageToJsonString } from '../../codec/json-text-writer.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode } from '../../errors.js'
import type { Logger } from '../../logger.js'
import type { NodeRequestHandler } from '../listen.js'
import { parsePathTemplate } from '../query/http-rules.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { unsafeCors } from './cors.js'
import {
  errorPlain,
  errorResponse,
  type PlainResponse,
  plainToResponse,
  thrownErrorPlain,
  thrownErrorResponse,
} from './errors.js'
import { parseQueryString, QueryStringError } from './query-string.js'
import { RequestFieldError, requestFromHttp } from './request-fields.js'
import { registerSwagger } from './swagger.js'

export interface GatewayOptions {
  router: QueryRouter
  /** `[api] swagger`: serve Swagger UI and the OpenAPI document under /swagger. */
  swagger?: boolean
  /** `[api] enabled-unsafe-cors`. */
  enabledUnsafeCors?: boolean
  /** `[api] rpc-max-body-bytes`: larger request bodies get 413. */
  maxBodyBytes?: number
  /** Version shown in the OpenAPI document. */
  version?: string
  logger?: Logger
  /**
   * The GET pre-router (default on). Off, every request takes Hono's router: the tests compare
   * the two ways.
   */
  preRouter?: boolean
}

/** Methods whose bodies `rpc-max-body-bytes` limits. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** A Hono route path for a template; variable i becomes `:p<i>`. */
function honoPath(template: string): { path: string; fields: string[] } {
  const fields: string[] = []
  const parts = parsePathTemplate(template).map((s) => {
    if (s.kind === 'literal') return s.value
    fields.push(s.field)
    return `:p${fields.length - 1}${s.rest ? '{.+}' : ''}`
  })
  return { path: `/${parts.join('/')}`, fields }
}

/**
 * What a query route needs of a request, however it arrived: through Hono's router or the GET
 * pre-router (see `createGateway`). Both answer through the same code, so they answer alike.
 */
interface QueryCall {
  /** The full request URL (the response cache key and the query string come from it). */
  readonly url: string
  /** Path variable `i` (decoded), in template order. */
  param(i: number): string
  /** The values of a request header (lower-case name), one per header line. */
  headerValues(name: string): readonly string[]
  /** The parsed JSON body. */
  body(): Promise<unknown>
}

/** Answers one query route; synchronous when the answer is cached or the height is refused. */
type Answer = (call: QueryCall) => Response | Promise<Response>

/** The node server's request, when the app is served by @hono/node-server. */
function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming
}

/** A call through Hono's router. */
function honoCall(c: Context): QueryCall {
  const incoming = incomingOf(c.env)
  return {
    url: c.req.url,
    param: (i) => c.req.param(`p${i}`) ?? '',
    headerValues: incoming
      ? (name) => nodeHeaderValues(incoming, name)
      : (name) => webHeaderValues(c.req.raw.headers, name),
    body: () => jsonBody(c),
  }
}

/**
 * A header's values as Go's net/http keeps them, one per header line: a comma inside a line is
 * part of its value (`1,2` is one value, refused by the height check, as upstream). Node joins
 * repeated lines with `, `; only then are the lines read back one by one.
 */
function nodeHeaderValues(incoming: IncomingMessage, name: string): readonly string[] {
  const joined = incoming.headers[name]
  if (joined === undefined) return []
  if (typeof joined === 'string' && !joined.includes(',')) return [joined]
  return incoming.headersDistinct[name] ?? []
}

/**
 * A header's values from Web headers (a request made without a node server, as in tests): they
 * join repeated lines with `, ` and cannot tell them from one line with a comma; each part counts.
 */
function webHeaderValues(headers: Headers, name: string): readonly string[] {
  const text = headers.get(name)
  if (text === null) return []
  return text.includes(',') ? text.split(',').map((v) => v.trim()) : [text]
}

/**
 * The REST gateway (grpc-gateway behaviour): one route per `google.api.http` binding of every
 * served query method, derived from the protos at start-up. Query parameters become request
 * fields; `x-sdk-block-height` selects the height; answers are gateway JSON with the height
 * served in `x-sdk-block-height` and `Grpc-Metadata-X-Sdk-Block-Height`. Errors are always
 * `{"code","message","details":[]}`.
 *
 * GET query routes are also reached by a pre-router in front of Hono's (the hot path of every
 * query): a request it matches exactly (plain path segments, no percent-escapes, no CORS in play)
 * goes straight to the route's answer, as Hono would send it there; anything else takes Hono's way.
 */
export function createGateway(options: GatewayOptions): Hono {
  const { router, logger } = options
  const app = new Hono()

  app.notFound(() => errorResponse(404, GrpcCode.NotFound, 'Not Found'))
  app.onError((err) => thrownErrorResponse(err, logger))

  if (options.enabledUnsafeCors) app.use('*', unsafeCors(router.registry.brand))
  const maxBody = options.maxBodyBytes ?? 1_000_000
  const limit = bodyLimit({
    maxSize: maxBody,
    onError: () => errorResponse(413, GrpcCode.InvalidArgument, 'http: request body too large'),
  })
  // Only methods with bodies pass through the limit: a GET route keeps a single handler, which
  // Hono dispatches without composing a chain.
  app.on(BODY_METHODS, '*', async (c, next) => {
    // A declared length is checked from the node request's headers: touching the Web body
    // stream would turn off the server's fast body read (broadcasts are the hot POST path).
    const headers = incomingOf(c.env)?.headers
    const length = headers?.['content-length']
    if (length !== undefined && headers?.['transfer-encoding'] === undefined) {
      if (Number(length) > maxBody) {
        return errorResponse(413, GrpcCode.InvalidArgument, 'http: request body too large')
      }
      return next()
    }
    return limit(c, next)
  })

  if (options.swagger) registerSwagger(app, router, options.version ?? '0.0.0')

  const fast = new GetRouter()
  const paths = new Map<string, Set<string>>()
  for (const m of router.methods) {
    for (const binding of m.http) {
      const { path, fields } = honoPath(binding.path)
      const verbs = paths.get(path) ?? new Set<string>()
      verbs.add(binding.verb)
      paths.set(path, verbs)
      const answer = routeAnswer(options, m, binding.verb, binding.body, fields)
      app.on(binding.verb, path, (c) => answer(honoCall(c)))
      if (binding.verb === 'GET') fast.add(binding.path, binding.body === '' ? answer : undefined)
    }
  }
  // A known path asked with any other method (TRACE and WebDAV verbs too, as upstream's mux
  // answers every wrong method alike): 405, after every real route so none is shadowed. HEAD of a
  // GET route never gets here: Hono dispatches it as the GET.
  for (const [path, verbs] of paths) {
    const allow = [...verbs].join(', ')
    app.all(path, () => errorResponse(405, GrpcCode.Unimplemented, 'Method Not Allowed', { allow }))
  }

  // Hono's CORS middleware runs before every route: with it on, every request takes Hono's way.
  if (options.preRouter !== false && !options.enabledUnsafeCors && fast.usable) {
    const honoFetch = app.fetch
    app.fetch = (request, env, executionCtx) => {
      if (request.method === 'GET') {
        const found = fast.match(request.url)
        if (found) {
          try {
            return found.answer(fastCall(request, env, found.params))
          } catch (err) {
            return thrownErrorResponse(err, logger)
          }
        }
      }
      return honoFetch(request, env, executionCtx)
    }
  }
  return app
}

/** A call through the pre-router: path variables as matched, headers from the node request. */
function fastCall(request: Request, env: unknown, params: readonly string[]): QueryCall {
  const incoming = incomingOf(env)
  return {
    url: request.url,
    param: (i) => params[i] ?? '',
    headerValues: incoming
      ? (name) => nodeHeaderValues(incoming, name)
      : (name) => webHeaderValues(request.headers, name),
    body: async () => ({}),
  }
}

interface FastRoute {
  /** Registration order: where several templates match, Hono runs the first registered. */
  readonly index: number
  /** undefined: a GET binding with a body (never pre-routed; Hono's way). */
  readonly answer: Answer | undefined
  /** Segment positions of the path variables, in template order. */
  readonly vars: readonly number[]
}

interface TrieNode {
  literal: Map<string, TrieNode>
  variable: TrieNode | undefined
  route: FastRoute | undefined
}

const trieNode = (): TrieNode => ({ literal: new Map(), variable: undefined, route: undefined })

/** Paths whose match the pre-router remembers (then it starts over). */
const SEEN_PATHS = 4096
const SEEN_PATH_LENGTH = 256

/** Literal template segments the pre-router matches as Hono does: plain text only. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.~-]+$/

/**
 * The GET query routes as a trie of path segments. A path matches a template when its literal
 * segments are equal and each single-segment variable is non-empty (Hono's `:name`); of several
 * matching templates the first registered wins, as in Hono. Templates it cannot mirror exactly
 * (a `**` variable, a literal that Hono would read as a pattern) turn it off altogether.
 */
class GetRouter {
  private readonly root = trieNode()
  private count = 0
  usable = true

  add(template: string, answer: Answer | undefined): void {
    const index = this.count++
    let node = this.root
    const vars: number[] = []
    const segments = parsePathTemplate(template)
    segments.forEach((s, i) => {
      if (s.kind === 'field') {
        if (s.rest) this.usable = false
        vars.push(i)
        node.variable ??= trieNode()
        node = node.variable
      } else {
        if (!PLAIN_SEGMENT.test(s.value)) this.usable = false
        let next = node.literal.get(s.value)
        if (!next) {
          next = trieNode()
          node.literal.set(s.value, next)
        }
        node = next
      }
    })
    node.route ??= { index, answer, vars }
  }

  /** The route of a URL's path and its variables, or undefined to leave it to Hono. */
  match(url: string): { answer: Answer; params: string[] } | undefined {
    // The path as Hono's getPath reads it; any percent-escape is left to Hono's decoding.
    const start = url.indexOf('/', url.indexOf(':') + 4)
    if (start < 0) return undefined
    const query = url.indexOf('?', start)
    const hash = url.indexOf('#', start)
    const end =
      query < 0 ? (hash < 0 ? url.length : hash) : hash < 0 ? query : Math.min(query, hash)
    const percent = url.indexOf('%', start)
    if (percent >= 0 && percent < end) return undefined
    const path = url.slice(start + 1, end)
    if (path.length > SEEN_PATH_LENGTH) return this.find(path)
    let found = this.seen.get(path)
    if (found === undefined) {
      found = this.find(path) ?? null
      // Paths repeat (a query asked at many heights): remembered, a bounded number of short ones.
      if (this.seen.size >= SEEN_PATHS) this.seen.clear()
      this.seen.set(path, found)
    }
    return found ?? undefined
  }

  private readonly seen = new Map<string, { answer: Answer; params: string[] } | null>()

  private find(path: string): { answer: Answer; params: string[] } | undefined {
    const parts = path.split('/')
    // Swagger's routes are registered before the queries'.
    if (parts[0] === 'swagger') return undefined
    const route = search(this.root, parts, 0)
    if (!route?.answer) return undefined
    return { answer: route.answer, params: route.vars.map((i) => parts[i]!) }
  }
}

function search(node: TrieNode, parts: readonly string[], i: number): FastRoute | undefined {
  if (i === parts.length) return node.route
  const part = parts[i]!
  const lit = node.literal.get(part)
  let best = lit ? search(lit, parts, i + 1) : undefined
  if (node.variable && part !== '') {
    const viaVariable = search(node.variable, parts, i + 1)
    if (viaVariable && (!best || viaVariable.index < best.index)) best = viaVariable
  }
  return best
}

function routeAnswer(
  options: GatewayOptions,
  m: RoutedMethod,
  verb: string,
  body: string,
  fields: readonly string[],
): Answer {
  const { router, logger } = options
  const registry = router.registry
  // The gateway's spelling of the metadata header grpc-gateway forwards (node servers see it lower-cased).
  const metadataHeader = registry.brand.metadataHeightHeader.toLowerCase()
  const cacheable = m.cacheable && verb === 'GET'
  const respond = okResponder(router)
  return (call) => {
    const started = performance.now()
    if (m.heightless) return heightlessCall(options, m, call, body, fields).then(plainToResponse)
    let height: number
    try {
      const values = call
        .headerValues(router.heightHeader)
        .concat(call.headerValues(metadataHeader))
      height = router.resolveHeight(router.requestedHeight(values))
    } catch (err) {
      // Upstream stages the height headers only once the height checks pass.
      return thrownErrorResponse(err, logger)
    }
    const h = String(height)
    const url = call.url
    const key = cacheable ? `r${h} ${url}` : ''
    // Fast path: an answer of this height computed before.
    const cached = key ? router.cache.get(key) : undefined
    if (cached !== undefined) {
      router.observe('rest', m, height, started)
      return respond(cached as string, h)
    }
    const compute = async (): Promise<string> => {
      const request = await requestOf(registry, m, call, body, fields)
      const response = await router.run(m, request, height)
      return messageToJsonString(registry, m.responseType, response)
    }
    const text = key ? (router.cache.getOrCompute(key, compute) as Promise<string>) : compute()
    return text.then(
      (t) => {
        router.observe('rest', m, height, started)
        return respond(t, h)
      },
      (err) => {
        router.observe('rest', m, height, started)
        if (err instanceof RequestFieldError || err instanceof QueryStringError) {
          return errorResponse(400, GrpcCode.InvalidArgument, err.message)
        }
        return thrownErrorResponse(err, logger, {
          [registry.brand.metadataHeightHeader]: h,
          'Grpc-Metadata-Content-Type': 'application/grpc',
        })
      },
    )
  }
}

/**
 * A method answered without a height (BroadcastTx): upstream's client handles it without the gRPC
 * height interceptor, so the answer carries no height headers.
 */
async function heightlessCall(
  options: GatewayOptions,
  m: RoutedMethod,
  call: QueryCall,
  body: string,
  fields: readonly string[],
): Promise<PlainResponse> {
  const { router, logger } = options
  try {
    const request = await requestOf(router.registry, m, call, body, fields)
    const response = await router.run(m, request, 0)
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: messageToJsonString(router.registry, m.responseType, response),
    }
  } catch (err) {
    if (err instanceof RequestFieldError || err instanceof QueryStringError) {
      return errorPlain(400, GrpcCode.InvalidArgument, err.message)
    }
    return thrownErrorPlain(err, logger)
  }
}

/**
 * The request message of a call (grpc-gateway's rules): the path variables `fields` bound as
 * `:p<i>`, then the query string of the URL, then the JSON body into the `body` field (`''` none).
 */
async function requestOf(
  registry: ProtoRegistry,
  m: RoutedMethod,
  call: QueryCall,
  body: string,
  fields: readonly string[],
): Promise<ProtoMessage> {
  const url = call.url
  const q = url.indexOf('?')
  return requestFromHttp(registry, m.requestType, {
    pathParams: fields.map((f, i) => [f, call.param(i)] as const),
    query: q < 0 ? new Map() : parseQueryString(url.slice(q + 1)),
    ...(body !== '' ? { body: { field: body, json: await call.body() } } : {}),
  })
}

/** A 200 answer with the height headers (names fixed once per route). */
function okResponder(router: QueryRouter): (text: string, height: string) => Response {
  const heightHeader = router.heightHeader
  const metadataHeader = router.registry.brand.metadataHeightHeader
  return (text, height) =>
    new Response(text, {
      status: 200,
      headers: {
        'content-type': 'application/json',
        [heightHeader]: height,
        [metadataHeader]: height,
        'Grpc-Metadata-Content-Type': 'application/grpc',
      },
    })
}

/** The JSON body of a request (an empty body is allowed, as upstream). */
async function jsonBody(c: Context): Promise<unknown> {
  return parseJsonBody(await c.req.text())
}

/** A request body's text as JSON (empty: `{}`); bad JSON is the client's error. */
function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new RequestFieldError((err as Error).message)
  }
}

/**
 * Host headers that @hono/node-server takes as they are (its own check, verbatim): any other is
 * parsed as a URL there, and may be refused.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

/** Decodes request bodies as a Web Request's text() does (UTF-8, a leading BOM dropped). */
const UTF8 = new TextDecoder()

/**
 * POST of the heightless broadcast route (`/sdk/tx/v1beta1/txs`, the hot path of every wallet and
 * load generator) answered straight from node:http, without a Web Request and Response per call:
 * the same answer code as the Hono route, written with the same status, headers and body. It takes
 * only requests whose answer cannot depend on anything else: the exact path (no query string), a
 * plain host header, a declared length within `rpc-max-body-bytes`, no chunked body, and CORS off
 * (its middleware would run first); anything else goes to Hono. undefined when there is no such route to serve.
 */
export function createBroadcastFastPath(options: GatewayOptions): NodeRequestHandler | undefined {
  if (options.enabledUnsafeCors || options.preRouter === false) return undefined
  const { router } = options
  const maxBody = options.maxBodyBytes ?? 1_000_000
  let route: { m: RoutedMethod; path: string; body: string } | undefined
  for (const m of router.methods) {
    if (!m.heightless) continue
    for (const b of m.http) {
      const { path, fields } = honoPath(b.path)
      if (b.verb === 'POST' && fields.length === 0 && b.body !== '') {
        route ??= { m, path, body: b.body }
      }
    }
  }
  if (!route) return undefined
  const { m, path, body } = route
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== path) return false
    const { headers } = req
    // A host the node server's Request would refuse (400) or must parse is left to it.
    const host = headers.host
    if (host === undefined || !PLAIN_HOST.test(host)) return false
    const length = headers['content-length']
    if (length === undefined || headers['transfer-encoding'] !== undefined) return false
    if (Number(length) > maxBody) return false
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      let json: unknown
      let bad: unknown
      try {
        json = parseJsonBody(UTF8.decode(buf))
      } catch (err) {
        bad = err
      }
      const call: QueryCall = {
        url: path,
        param: () => '',
        headerValues: (name) => nodeHeaderValues(req, name),
        body: () => (bad === undefined ? Promise.resolve(json) : Promise.reject(bad)),
      }
      void heightlessCall(options, m, call, body, []).then((answer) => {
        res.statusCode = answer.status
        for (const name in answer.headers) res.setHeader(name, answer.headers[name]!)
        res.end(answer.body)
      })
    })
    return true
  }
}
