import type protobuf from 'protobufjs'
import { messageToJsonString } from '../../codec/json-text-writer.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode } from '../../errors.js'
import type { Logger } from '../../logger.js'
import { ReadSpan } from '../../store/read-span.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { errorPlain, type PlainResponse, thrownErrorPlain } from './errors.js'
import type { Answer, QueryCall } from './query-call.js'
import { parseQueryString, QueryStringError } from './query-string.js'
import { RequestFieldError, requestFromHttp } from './request-fields.js'

/** What answering a query route needs: the router and where unexpected errors are logged. */
export interface RouteAnswerOptions {
  router: QueryRouter
  logger?: Logger | undefined
}

/**
 * The answer of one query route as plain parts (status, headers, body): the Hono routes turn it
 * into a Response, the node:http fast path writes it as it is, so both answer the same bytes.
 */
export function routeAnswer(
  options: RouteAnswerOptions,
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
  const binding: Binding = { body, fields, readsQuery: readsQuery(m.requestType, body, fields) }
  return (call) => {
    // Only a metrics observer needs the time taken.
    const started = router.observing ? performance.now() : 0
    if (m.heightless) return heightlessCall(options, m, call, binding)
    let height: number
    let requested: bigint
    try {
      // Both spellings of the height header count; most requests carry neither (no copy then).
      const values = call.headerValues(router.heightHeader)
      const metadata = call.headerValues(metadataHeader)
      requested = router.requestedHeight(metadata.length === 0 ? values : values.concat(metadata))
      height = router.resolveHeight(requested)
    } catch (err) {
      // Upstream stages the height headers only once the height checks pass.
      return thrownErrorPlain(err, logger)
    }
    const h = String(height)
    const target = call.target
    // Fast path: an answer known to hold at this height, kept by the request target alone for the
    // span of heights it holds at (one height, for a value changed at every height).
    const cached = cacheable ? router.spans.get(target, height) : undefined
    if (cached !== undefined) {
      router.observe('rest', m, height, started)
      return respond(cached, h)
    }
    if (!cacheable) {
      const text = computeAnswer(options, m, call, binding, height, requested === 0n)
      return answered(text, h, started)
    }
    // Concurrent requests of one answer share its computation (a new height makes every request
    // miss at once); the answer itself is kept in the span cache, not under this key.
    const compute = () => spannedAnswer(options, m, call, binding, height)
    const text = router.cache.getOrCompute(`r${h} ${target}`, compute, () => false)
    return answered(text as Promise<string>, h, started)
  }

  /** The answer of a computed (or failed) text at height `h`. */
  function answered(text: Promise<string>, h: string, started: number): Promise<PlainResponse> {
    const height = Number(h)
    return text.then(
      (t) => {
        router.observe('rest', m, height, started)
        return respond(t, h)
      },
      (err) => {
        router.observe('rest', m, height, started)
        if (err instanceof RequestFieldError || err instanceof QueryStringError) {
          return errorPlain(400, GrpcCode.InvalidArgument, err.message)
        }
        return thrownErrorPlain(err, logger, {
          [registry.brand.metadataHeightHeader]: h,
          'Grpc-Metadata-Content-Type': 'application/grpc',
        })
      },
    )
  }
}

/** The JSON answer of a call at `height`, computed (its reads narrowing `span`, if given). */
async function computeAnswer(
  options: RouteAnswerOptions,
  m: RoutedMethod,
  call: QueryCall,
  binding: Binding,
  height: number,
  latest: boolean,
  span?: ReadSpan,
): Promise<string> {
  const { registry } = options.router
  const request = await requestOf(registry, m, call, binding)
  const response = await options.router.run(m, request, height, span, latest)
  return messageToJsonString(registry, m.responseType, response)
}

/**
 * The JSON answer of a cacheable call at `height`, computed while its reads narrow a span of
 * heights, then kept in the router's span cache for all of them (this height alone when its reads
 * changed at its neighbours). The span ends at the latest height when the computation began: later
 * heights may hold other state.
 */
async function spannedAnswer(
  options: RouteAnswerOptions,
  m: RoutedMethod,
  call: QueryCall,
  binding: Binding,
  height: number,
): Promise<string> {
  const { router } = options
  const { spans } = router
  const generation = spans.current()
  const latest = router.latestHeight()
  const span = new ReadSpan(height)
  const text = await computeAnswer(options, m, call, binding, height, false, span)
  span.narrow(0, latest)
  spans.set(call.target, span.lo, span.hi, text, generation)
  return text
}

/**
 * A method answered without a height (BroadcastTx): upstream's client handles it without the gRPC
 * height interceptor, so the answer carries no height headers.
 */
export function heightlessCall(
  options: RouteAnswerOptions,
  m: RoutedMethod,
  call: QueryCall,
  binding: Binding,
): Promise<PlainResponse> {
  return heightlessAnswer(options, m, () => requestOf(options.router.registry, m, call, binding))
}

/**
 * The answer of a method without a height to the request `request()` gives (or the error it
 * throws, as a request that does not parse): the response's JSON, or the error's body.
 */
export async function heightlessAnswer(
  options: RouteAnswerOptions,
  m: RoutedMethod,
  request: () => object | Promise<object>,
): Promise<PlainResponse> {
  const { router, logger } = options
  try {
    // A request at hand (a broadcast's, decoded on its worker) is not awaited: no promise for it.
    const made = request()
    const response = await router.run(m, made instanceof Promise ? await made : made, 0)
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
 * The request message of a call (grpc-gateway's rules): the JSON body into the `body` field (`''`
 * none), the path variables `fields` bound as `:p<i>`, then the query string of the URL, in the
 * generated handlers' order (a bad body or path variable is the error before a bad query string).
 * A route whose request has no field left for the query ignores its query string altogether, as
 * those handlers never parse it.
 */
async function requestOf(
  registry: ProtoRegistry,
  m: RoutedMethod,
  call: QueryCall,
  binding: Binding,
): Promise<ProtoMessage> {
  const { body, fields } = binding
  const url = call.url
  const q = binding.readsQuery ? url.indexOf('?') : -1
  const parts = {
    pathParams: fields.map((f, i) => [f, call.param(i)] as const),
    query: new Map<string, string[]>(),
    ...(body !== '' ? { body: { field: body, json: await call.body() } } : {}),
  }
  if (q < 0) return requestFromHttp(registry, m.requestType, parts)
  let query: Map<string, string[]>
  try {
    query = parseQueryString(url.slice(q + 1))
  } catch (err) {
    requestFromHttp(registry, m.requestType, parts)
    throw err
  }
  return requestFromHttp(registry, m.requestType, { ...parts, query })
}

/** A route's binding: its body field (`''` none), its path variables, and whether it reads a query. */
interface Binding {
  body: string
  fields: readonly string[]
  readsQuery: boolean
}

/**
 * Whether a route reads its query string: the generated handler calls ParseForm and
 * PopulateQueryParameters only when the request has a field that neither the body nor a path
 * variable binds (protoc-gen-grpc-gateway's HasQueryParam; a `*` body binds them all).
 */
function readsQuery(type: protobuf.Type, body: string, fields: readonly string[]): boolean {
  if (body === '*') return false
  return type.fieldsArray.some((f) => f.name !== body && !fields.includes(f.name))
}

/** A 200 answer with the height headers (names fixed once per route). */
function okResponder(router: QueryRouter): (text: string, height: string) => PlainResponse {
  const heightHeader = router.heightHeader
  const metadataHeader = router.registry.brand.metadataHeightHeader
  // One headers object per height, shared by every answer at it (writers only read it): most
  // requests ask the latest height, and an object per answer cost more than the answer's lookup.
  // Each is a copy of one template: a literal with computed names is built the slow way every
  // time, which answers at random heights paid for at every request.
  const template: Record<string, string> = {
    'content-type': 'application/json',
    [heightHeader]: '',
    [metadataHeader]: '',
    'Grpc-Metadata-Content-Type': 'application/grpc',
  }
  let lastHeight = ''
  let lastHeaders = template
  return (text, height) => {
    if (height !== lastHeight) {
      const headers = { ...template }
      headers[heightHeader] = height
      headers[metadataHeader] = height
      lastHeaders = headers
      lastHeight = height
    }
    return { status: 200, headers: lastHeaders, body: text }
  }
}
