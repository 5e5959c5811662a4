import { Hono } from 'hono'
import { GrpcCode } from '../../errors.js'
import type { Logger } from '../../logger.js'
import { cleanTarget, requestTarget } from '../clean-path.js'
import { answerAhead, answerAsterisk, type NodeRequestHandler } from '../listen.js'
import { parsePathTemplate } from '../query/http-rules.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { requestBatchLimit, requestBodyLimit } from './body-limit.js'
import { corsAnswerHeaders, unsafeCors } from './cors.js'
import { errorResponse, thrownErrorResponse } from './errors.js'
import { type GatewayRoute, registerFormFallback } from './form-fallback.js'
import { GetRouter } from './get-router.js'
import { grpcWebMiddleware } from './grpc-web.js'
import { answerResponse, fastCall, honoCall } from './query-call.js'
import { createQueryFastPath } from './query-fast-path.js'
import { routeAnswer } from './route-answer.js'
import { registerSwagger } from './swagger.js'

export interface GatewayOptions {
  router: QueryRouter
  /** `[api] swagger`: serve Swagger UI and the OpenAPI document under /swagger. */
  swagger?: boolean
  /** `[api] enabled-unsafe-cors`. */
  enabledUnsafeCors?: boolean
  /** `[api] rpc-max-body-bytes`: larger request bodies are refused (400, see body-limit.ts). */
  maxBodyBytes?: number
  /** Version shown in the OpenAPI document. */
  version?: string
  /**
   * gRPC-web on this port (`[grpc-web] enable` with `[grpc] enable`), with the methods the gRPC
   * server serves besides the router's; absent, a gRPC-web request is a REST request as any other.
   */
  grpcWeb?: { methods: readonly RoutedMethod[] }
  logger?: Logger
  /**
   * The GET pre-router (default on). Off, every request takes Hono's router: the tests compare
   * the two ways.
   */
  preRouter?: boolean
}

/** Methods whose bodies `rpc-max-body-bytes` limits. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * A request of `*` (other than `OPTIONS *`, which Go's server answers itself): upstream's
 * gorilla/mux router cleans its path to `/*` and redirects there as any unclean path (301, no
 * body), the location as Go's URL writes it. With CORS on, the CORS handler around the router has
 * already added its headers when the request has an `Origin` (`corsHeaders`).
 */
function asteriskAnswer(corsHeaders: Record<string, string> | undefined): NodeRequestHandler {
  return (req, res) => {
    const origin = req.headers.origin
    const cors = corsHeaders !== undefined && origin !== undefined && origin !== ''
    res.writeHead(301, { ...(cors ? corsHeaders : {}), Location: '/%2A', 'Content-Length': '0' })
    res.end()
    return true
  }
}

/** A Hono route path for a template; variable i becomes `:p<i>`. */
export function honoPath(template: string): { path: string; fields: string[] } {
  const fields: string[] = []
  const parts = parsePathTemplate(template).map((s) => {
    if (s.kind === 'literal') return s.value
    fields.push(s.field)
    return `:p${fields.length - 1}${s.rest ? '{.+}' : ''}`
  })
  return { path: `/${parts.join('/')}`, fields }
}

/**
 * The Hono path of a template's empty last segment (`/balances/` of `/balances/{address}`), or
 * undefined when its last segment is not a single-segment variable. grpc-gateway's pattern takes
 * any path component for a variable, an empty one too, and a trailing slash leaves one (mux.go
 * splits the path on `/`); Hono's `:name` takes no empty segment, so it gets a route of its own,
 * whose missing variable reads as `''`. A middle one cannot arrive: `//` is redirected first.
 */
export function emptyLastPath(path: string, fields: readonly string[]): string | undefined {
  const last = `/:p${fields.length - 1}`
  return fields.length > 0 && path.endsWith(last) ? path.slice(0, -last.length + 1) : undefined
}

/**
 * The REST gateway (grpc-gateway behaviour): one route per `google.api.http` binding of every
 * served query method, derived from the protos at start-up. Query parameters become request
 * fields; `x-sdk-block-height` selects the height; answers are gateway JSON with the height
 * served in `x-sdk-block-height` and `Grpc-Metadata-X-Sdk-Block-Height`. Errors are always
 * `{"code","message","details":[]}`.
 *
 * GET query routes are also reached by a pre-router in front of Hono's (the hot path of every
 * query): a request it matches exactly (plain path segments, no percent-escapes, no Origin when
 * CORS is on) goes straight to the route's answer, as Hono would send it there; anything else takes
 * Hono's way.
 * Served by `listenHttp`, the pre-router's GETs are taken from node:http before the node server
 * builds a Web Request (`createQueryFastPath`), answered by the same code in the same bytes.
 */
export function createGateway(options: GatewayOptions): Hono {
  const { router, logger } = options
  const app = new Hono()

  app.notFound(() => errorResponse(404, GrpcCode.NotFound, 'Not Found'))
  answerAsterisk(
    app,
    asteriskAnswer(
      options.enabledUnsafeCors ? corsAnswerHeaders(router.registry.brand) : undefined,
    ),
  )
  app.onError((err) => thrownErrorResponse(err, logger))

  // Upstream's server reads a body before its handler (the CORS one included): one too large is
  // refused first, then one that reads as too long a JSON-RPC batch. Only methods with bodies pass
  // through the checks.
  app.on(BODY_METHODS, '*', requestBodyLimit(options.maxBodyBytes ?? 1_000_000))
  app.on(BODY_METHODS, '*', requestBatchLimit())
  if (options.enabledUnsafeCors) app.use('*', unsafeCors(router.registry.brand))
  // gorilla/mux's router (inside the CORS handler) redirects a path that is not clean (`//x`,
  // `/a/../x`) to the clean one, 301 with the query kept and no body, before any route.
  app.use('*', async (c, next) => {
    const location = cleanTarget(requestTarget(c.env, c.req.url), 'gorilla')
    if (location !== undefined)
      return c.body(null, 301, { Location: location, 'Content-Length': '0' })
    await next()
    return undefined
  })

  if (options.swagger) registerSwagger(app, router, options.version ?? '0.0.0')
  // Upstream's gRPC-web wrapper takes its requests ahead of the gateway (the routes the app
  // registers on the router, Swagger's, come first).
  if (options.grpcWeb)
    app.use(
      '*',
      grpcWebMiddleware({
        router,
        methods: options.grpcWeb.methods,
        unsafeCors: options.enabledUnsafeCors ?? false,
        ...(options.logger ? { logger: options.logger } : {}),
      }),
    )

  const fast = new GetRouter()
  const routes: GatewayRoute[] = []
  const paths = new Map<string, Set<string>>()
  for (const m of router.methods) {
    for (const binding of m.http) {
      const { path, fields } = honoPath(binding.path)
      const answer = routeAnswer(options, m, binding.verb, binding.body, fields)
      for (const p of [path, emptyLastPath(path, fields)]) {
        if (p === undefined) continue
        const verbs = paths.get(p) ?? new Set<string>()
        verbs.add(binding.verb)
        paths.set(p, verbs)
        routes.push({ verb: binding.verb, path: p, answer })
      }
      if (binding.verb === 'GET') fast.add(binding.path, binding.body === '' ? answer : undefined)
    }
  }
  // A form POST may run a GET route (grpc-gateway's path-length fallback): ahead of the routes.
  registerFormFallback(app, routes)
  for (const { verb, path, answer } of routes) {
    app.on(verb, path, (c) => answerResponse(answer(honoCall(c))))
  }
  // A known path asked with any other method (TRACE and WebDAV verbs too, as upstream's mux
  // answers every wrong method alike): 405, after every real route so none is shadowed. HEAD of a
  // GET route never gets here: Hono dispatches it as the GET.
  for (const [path, verbs] of paths) {
    const allow = [...verbs].join(', ')
    app.all(path, () => errorResponse(405, GrpcCode.Unimplemented, 'Method Not Allowed', { allow }))
  }

  // With CORS on, its middleware runs before every route but changes only the answers to requests
  // with an Origin: those take Hono's way, every other GET may be pre-routed.
  const cors = options.enabledUnsafeCors === true
  if (options.preRouter !== false && fast.usable) {
    const honoFetch = app.fetch
    app.fetch = (request, env, executionCtx) => {
      if (
        request.method === 'GET' &&
        !(cors && request.headers.has('origin')) &&
        cleanTarget(requestTarget(env, request.url), 'gorilla') === undefined
      ) {
        const found = fast.match(request.url)
        if (found) {
          try {
            return answerResponse(found.answer(fastCall(request, env, found.params)))
          } catch (err) {
            return thrownErrorResponse(err, logger)
          }
        }
      }
      return honoFetch(request, env, executionCtx)
    }
    // Served by node:http, the same GETs are answered before the node server builds a Request.
    answerAhead(app, createQueryFastPath(fast, logger, cors ? 'origin' : undefined))
  }
  return app
}
