import type { IncomingMessage } from 'node:http'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { messageToJsonString } from '../../codec/json.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode } from '../../errors.js'
import type { Logger } from '../../logger.js'
import { parsePathTemplate } from '../query/http-rules.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { unsafeCors } from './cors.js'
import { errorResponse, thrownErrorResponse } from './errors.js'
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
}

/** Methods answered with 405 on a known path they are not bound to. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
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

/** Values of a request header, without building a Headers object on the node server. */
function headerValues(c: Context, name: string): string[] {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const raw = incoming ? incoming.headers[name] : c.req.header(name)
  if (raw === undefined) return []
  // Repeated headers arrive joined with commas; each counts as a value (heights have no commas).
  const text = Array.isArray(raw) ? raw.join(',') : raw
  return text.includes(',') ? text.split(',').map((v) => v.trim()) : [text]
}

/**
 * The REST gateway (grpc-gateway behaviour): one route per `google.api.http` binding of every
 * served query method, derived from the protos at start-up. Query parameters become request
 * fields; `x-sdk-block-height` selects the height; answers are gateway JSON with the height
 * served in `x-sdk-block-height` and `Grpc-Metadata-X-Sdk-Block-Height`. Errors are always
 * `{"code","message","details":[]}`.
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
  // Hono dispatches without composing a chain (the hot path of every query).
  app.on(BODY_METHODS, '*', async (c, next) => {
    // A declared length is checked from the node request's headers: touching the Web body
    // stream would turn off the server's fast body read (broadcasts are the hot POST path).
    const headers = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers
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

  const paths = new Map<string, Set<string>>()
  for (const m of router.methods) {
    for (const binding of m.http) {
      const { path, fields } = honoPath(binding.path)
      const verbs = paths.get(path) ?? new Set<string>()
      verbs.add(binding.verb)
      paths.set(path, verbs)
      app.on(binding.verb, path, routeHandler(options, m, binding.verb, binding.body, fields))
    }
  }
  // A known path asked with another method: 405, after every real route so none is shadowed.
  for (const [path, verbs] of paths) {
    const allow = [...verbs].join(', ')
    const others = METHODS.filter((m) => !verbs.has(m) && !(m === 'HEAD' && verbs.has('GET')))
    app.on(others, path, () =>
      errorResponse(405, GrpcCode.Unimplemented, 'Method Not Allowed', { allow }),
    )
  }
  return app
}

function routeHandler(
  options: GatewayOptions,
  m: RoutedMethod,
  verb: string,
  body: string,
  fields: readonly string[],
) {
  const { router, logger } = options
  const registry = router.registry
  // The gateway's spelling of the metadata header grpc-gateway forwards (node servers see it lower-cased).
  const metadataHeader = registry.brand.metadataHeightHeader.toLowerCase()
  const cacheable = m.cacheable && verb === 'GET'
  return async (c: Context): Promise<Response> => {
    const started = performance.now()
    let height = 0
    try {
      if (m.heightless) return await heightlessCall(options, m, c, body, fields)
      const values = headerValues(c, router.heightHeader)
      for (const v of headerValues(c, metadataHeader)) values.push(v)
      height = router.resolveHeight(router.requestedHeight(values))
    } catch (err) {
      // Upstream stages the height headers only once the height checks pass.
      return thrownErrorResponse(err, logger)
    }
    const h = String(height)
    const url = c.req.url
    const key = cacheable ? `r${h} ${url}` : ''
    // Fast path: an answer of this height computed before.
    const cached = key ? router.cache.get(key) : undefined
    if (cached !== undefined) {
      router.observe('rest', m, height, started)
      return ok(router, cached as string, h)
    }
    const compute = async () => {
      const request = await requestOf(registry, m, c, url, body, fields)
      const response = await router.run(m, request, height)
      return messageToJsonString(registry, m.responseType, response)
    }
    try {
      const text = key
        ? ((await router.cache.getOrCompute(key, compute)) as string)
        : await compute()
      router.observe('rest', m, height, started)
      return ok(router, text, h)
    } catch (err) {
      router.observe('rest', m, height, started)
      if (err instanceof RequestFieldError || err instanceof QueryStringError) {
        return errorResponse(400, GrpcCode.InvalidArgument, err.message)
      }
      return thrownErrorResponse(err, logger, {
        [registry.brand.metadataHeightHeader]: h,
        'Grpc-Metadata-Content-Type': 'application/grpc',
      })
    }
  }
}

/**
 * A method answered without a height (BroadcastTx): upstream's client handles it without the gRPC
 * height interceptor, so the answer carries no height headers.
 */
async function heightlessCall(
  options: GatewayOptions,
  m: RoutedMethod,
  c: Context,
  body: string,
  fields: readonly string[],
): Promise<Response> {
  const { router, logger } = options
  try {
    const request = await requestOf(router.registry, m, c, c.req.url, body, fields)
    const response = await router.run(m, request, 0)
    return new Response(messageToJsonString(router.registry, m.responseType, response), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  } catch (err) {
    if (err instanceof RequestFieldError || err instanceof QueryStringError) {
      return errorResponse(400, GrpcCode.InvalidArgument, err.message)
    }
    return thrownErrorResponse(err, logger)
  }
}

/**
 * The request message of a call (grpc-gateway's rules): the path variables `fields` bound as
 * `:p<i>`, then the query string of `url`, then the JSON body into the `body` field (`''` none).
 */
async function requestOf(
  registry: ProtoRegistry,
  m: RoutedMethod,
  c: Context,
  url: string,
  body: string,
  fields: readonly string[],
): Promise<ProtoMessage> {
  const q = url.indexOf('?')
  return requestFromHttp(registry, m.requestType, {
    pathParams: fields.map((f, i) => [f, c.req.param(`p${i}`) ?? ''] as const),
    query: q < 0 ? new Map() : parseQueryString(url.slice(q + 1)),
    ...(body !== '' ? { body: { field: body, json: await jsonBody(c) } } : {}),
  })
}

function ok(router: QueryRouter, text: string, height: string): Response {
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      [router.heightHeader]: height,
      [router.registry.brand.metadataHeightHeader]: height,
      'Grpc-Metadata-Content-Type': 'application/grpc',
    },
  })
}

/** The JSON body of a request (an empty body is allowed, as upstream). */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new RequestFieldError((err as Error).message)
  }
}
