import type protobuf from 'protobufjs'
import type { QueryContext, QueryNode, RoutedQueryHandler } from '../../app/types.js'
import { type Bytes, bytesToLatin1 } from '../../codec/bytes.js'
import type {
  DecodedQueryResponse,
  ProtoMessage,
  ProtoRegistry,
  QueryMethod,
  QueryRequestInit,
} from '../../codec/proto.js'
import { ErrLogic, GrpcCode, StatusError } from '../../errors.js'
import { ReadSpan } from '../../store/read-span.js'
import type { StateReader } from '../../store/types.js'
import { type CommittedHeights, requestedHeight, resolveQueryHeight } from './height.js'
import { type HttpBinding, httpBindings } from './http-rules.js'
import { queryGas } from './query-gas.js'
import { ResponseCache } from './response-cache.js'
import { SpanCache } from './span-cache.js'

/** A query method the node serves: its proto definition, HTTP bindings and handler. */
export interface RoutedMethod {
  /** Fully-qualified method, `sdk.bank.v1beta1.Query/Balance`. */
  readonly name: string
  /** gRPC path and ABCI query path, `/sdk.bank.v1beta1.Query/Balance`. */
  readonly path: string
  readonly service: protobuf.Service
  readonly method: protobuf.Method
  readonly requestType: protobuf.Type
  readonly responseType: protobuf.Type
  readonly http: readonly HttpBinding[]
  /** Whether answers depend only on (height, request), so they may be cached. */
  readonly cacheable: boolean
  readonly handler: RoutedQueryHandler
  /**
   * Answered without a height (BroadcastTx acts on the mempool, not on committed state): no height
   * checks, no height header, and the handler's context has no state.
   */
  readonly heightless: boolean
}

declare const serves: unique symbol

/**
 * A routed method known to be the query method `M` (what `QueryRouter.method` finds), so `run`
 * types its request and response.
 */
export type MethodOf<M extends QueryMethod> = RoutedMethod & { readonly [serves]: M }

/** The transport a query came through (a label of the query metrics). */
export type QueryTransport = 'rest' | 'grpc' | 'abci'

/**
 * Told of every query a transport answered: the method, whether the height served was the latest
 * committed one, and the seconds it took. Runs on every query, so it must be cheap; it must not throw.
 */
export type QueryObserver = (
  transport: QueryTransport,
  method: RoutedMethod,
  latest: boolean,
  seconds: number,
) => void

export interface QueryRouterOptions {
  registry: ProtoRegistry
  /**
   * Committed heights and read-only views of the state at a height (their reads narrowing `span`),
   * and the chain's generation: a count that moves with every rollback (default: never).
   */
  chain: CommittedHeights & {
    view(height: number, span?: ReadSpan): StateReader
    generation?(): number
  }
  /** Handlers of the app's modules, by fully-qualified method. */
  handlers: ReadonlyMap<string, RoutedQueryHandler>
  /** Node-level handlers (block store, node facts); their answers are never cached. */
  nodeHandlers?: ReadonlyMap<string, RoutedQueryHandler>
  /** Methods answered without a height (see RoutedMethod.heightless). */
  heightless?: ReadonlySet<string>
  /**
   * Methods of services the gRPC server does not register (`start --grpc-only`: the ones upstream
   * registers only with CometBFT): still routed, for REST's answer, but not among `services`.
   */
  unserved?: ReadonlySet<string>
  node?: QueryNode
  cache?: { maxEntries?: number; maxBytes?: number }
  /** Told of every answered query (the node's metrics). */
  observer?: QueryObserver
  /** app.toml's `query-gas-limit`: the gas one query's store reads may use (0: unbounded). */
  queryGasLimit?: number
}

/**
 * The one query router behind REST, gRPC and ABCI: one handler per fully-qualified method, run
 * against a read-only view of the committed state at the height the request selects. The method
 * table comes from the proto services (every non-Msg service method that has a handler).
 */
export interface QueryRouter {
  readonly registry: ProtoRegistry
  /** Served methods in proto order (service by service). */
  readonly methods: readonly RoutedMethod[]
  /** Names of the services with at least one served method. */
  readonly services: readonly string[]
  /** Answers computed before (REST JSON text, encoded gRPC responses). */
  readonly cache: ResponseCache
  /** REST answers known to hold over spans of heights (JSON text), by URL. */
  readonly spans: SpanCache<string>
  /** gRPC and ABCI answers known to hold over spans of heights (encoded), by method and request. */
  readonly byteSpans: SpanCache<Bytes>
  /** The method served at a gRPC / ABCI path (`/sdk.bank.v1beta1.Query/Balance`). */
  byPath(path: string): RoutedMethod | undefined
  /** The method served for a canonical method name (served in the brand's), if this app serves it. */
  method<M extends QueryMethod>(name: M): MethodOf<M> | undefined
  /** Height of the last committed block (what a query without a height is served at). */
  latestHeight(): number
  /** The height header of the brand (`x-sdk-block-height`), request and response. */
  readonly heightHeader: string
  /** The height asked for by the height header's values (0 = latest); upstream checks. */
  requestedHeight(values: readonly string[]): bigint
  /** Upstream CreateQueryContext checks: the height served for a requested one. */
  resolveHeight(requested: bigint, prove?: boolean): number
  /**
   * Runs a method on a request (decoded, or a plain object of the request type: its handler is
   * given it decoded) at a served height; returns the response message, decoded. Typed for a
   * method `method` found; of a type known only at runtime for one found by path (REST, gRPC).
   */
  run<M extends QueryMethod>(
    m: MethodOf<M>,
    request: QueryRequestInit<M>,
    height: number,
  ): Promise<DecodedQueryResponse<M>>
  run(
    m: RoutedMethod,
    request: object,
    height: number,
    span?: ReadSpan,
    latest?: boolean,
  ): Promise<ProtoMessage>
  /**
   * Runs a method on an encoded request; returns the encoded response (cached per height, or for
   * the span of heights its reads held). `latest`: the request named no height (see
   * QueryContext.latest).
   */
  runBytes(m: RoutedMethod, request: Bytes, height: number, latest?: boolean): Promise<Bytes>
  /** The encoded response `runBytes` cached for this request and height (or a span of it), if any. */
  cachedBytes(m: RoutedMethod, request: Bytes, height: number): Bytes | undefined
  /**
   * Reports a query a transport answered (or failed) at the served `height`; `started` is the
   * `performance.now()` of its arrival. Does nothing without an observer.
   */
  observe(transport: QueryTransport, m: RoutedMethod, height: number, started: number): void
  /** Whether `observe` records anything (a metrics observer is set): else `started` may be 0. */
  readonly observing: boolean
}

/** The state a heightless method sees: none (reading it is a wiring mistake). */
const NO_STATE: StateReader = {
  height: 0,
  store(name) {
    throw ErrLogic.wrap(`a heightless query method read store ${name}`)
  },
  hasStore: () => false,
  storeNames: () => [],
}

/** Builds the router from the proto services and the registered handlers. */
export function createQueryRouter(options: QueryRouterOptions): QueryRouter {
  const { registry, chain, node, observer } = options
  // Handlers are registered under canonical method names; the services carry the brand's.
  const branded = (m: ReadonlyMap<string, RoutedQueryHandler> | undefined) =>
    new Map([...(m ?? [])].map(([name, h]) => [registry.name(name), h]))
  const handlers = branded(options.handlers)
  const nodeHandlers = branded(options.nodeHandlers)
  const heightless = new Set([...(options.heightless ?? [])].map((n) => registry.name(n)))
  const unserved = new Set([...(options.unserved ?? [])].map((n) => registry.name(n)))
  for (const [name, h] of nodeHandlers) handlers.set(name, h)

  const methods: RoutedMethod[] = []
  const known = new Set<string>()
  const msgServices = registry.msgIndex().services
  for (const service of registry.services()) {
    const serviceName = service.fullName.replace(/^\./, '')
    if (msgServices.has(serviceName)) continue
    for (const method of service.methodsArray) {
      const name = `${serviceName}/${method.name}`
      known.add(name)
      const handler = handlers.get(name)
      if (!handler || method.requestStream || method.responseStream) continue
      method.resolve()
      const http = httpBindings(method)
      methods.push({
        name,
        path: `/${name}`,
        service,
        method,
        requestType: method.resolvedRequestType!,
        responseType: method.resolvedResponseType!,
        http,
        cacheable: !nodeHandlers.has(name) && http.some((b) => b.verb === 'GET'),
        heightless: heightless.has(name),
        handler,
      })
    }
  }
  // A handler nobody can reach is a wiring mistake: fail at start-up, not silently.
  for (const name of handlers.keys()) {
    if (!known.has(name)) throw ErrLogic.wrap(`query handler registered for unknown method ${name}`)
  }
  const byPath = new Map(methods.map((m) => [m.path, m]))
  const generation = () => chain.generation?.() ?? 0
  const cache = new ResponseCache(options.cache?.maxEntries, options.cache?.maxBytes, generation)
  const spans = new SpanCache<string>(
    generation,
    options.cache?.maxEntries,
    options.cache?.maxBytes,
  )
  const bytesKey = (m: RoutedMethod, request: Bytes, height: number) =>
    `g${height} ${m.path} ${bytesToLatin1(request)}`
  const bytesSpanKey = (m: RoutedMethod, request: Bytes) => `${m.path} ${bytesToLatin1(request)}`
  const byteSpans = new SpanCache<Bytes>(
    generation,
    options.cache?.maxEntries,
    options.cache?.maxBytes,
  )

  const gas = queryGas(options.queryGasLimit ?? 0)
  const run = async (
    m: RoutedMethod,
    request: object,
    height: number,
    span?: ReadSpan,
    latest?: boolean,
  ) => {
    const ctx: QueryContext =
      span && !m.heightless
        ? spannedContext(height, gas.state(chain.view(height, span)), registry, node, span)
        : {
            height,
            state: m.heightless ? NO_STATE : gas.state(chain.view(height)),
            registry,
            ...(node ? { node } : {}),
            // Only an answer never cached may depend on it (its cache keys know the height alone).
            ...(latest && !m.cacheable ? { latest } : {}),
          }
    // A decoded request is returned as it is; a plain one becomes the message its handler expects.
    let response: object
    try {
      response = await m.handler(m.requestType.fromObject(request) as ProtoMessage, ctx)
    } catch (err) {
      throw gas.failure(err)
    }
    return m.responseType.fromObject(response) as ProtoMessage
  }

  return {
    registry,
    methods,
    services: [
      ...new Set(
        methods.filter((m) => !unserved.has(m.name)).map((m) => m.service.fullName.slice(1)),
      ),
    ],
    cache,
    spans,
    byteSpans,
    byPath: (path) => byPath.get(path),
    method: <M extends QueryMethod>(name: M) =>
      byPath.get(registry.name(`/${name}`)) as MethodOf<M> | undefined,
    latestHeight: () => chain.latestBlockHeight(),
    heightHeader: registry.brand.heightHeader,
    requestedHeight: (values) => requestedHeight(values, registry.brand.heightHeader),
    resolveHeight: (requested, prove = false) => resolveQueryHeight(chain, requested, prove),
    // The typed overload only narrows what the caller's method already is.
    run: run as QueryRouter['run'],
    runBytes(m, request, height, unnamed) {
      const spanKey = m.cacheable ? bytesSpanKey(m, request) : ''
      const spanned = spanKey ? byteSpans.get(spanKey, height) : undefined
      if (spanned !== undefined) return Promise.resolve(spanned)
      let wide = false
      const compute = async () => {
        let decoded: ProtoMessage
        try {
          decoded = m.requestType.decode(request) as ProtoMessage
        } catch (err) {
          throw new StatusError(
            GrpcCode.InvalidArgument,
            `grpc: error unmarshalling request: ${(err as Error).message}`,
            { cause: err },
          )
        }
        // As REST's answers: one that holds over a span of heights is kept for the span.
        const generation = byteSpans.current()
        const latest = chain.latestBlockHeight()
        const span = spanKey ? new ReadSpan(height) : undefined
        const response = await run(m, decoded, height, span, unnamed)
        const encoded = m.responseType.encode(response).finish()
        const bytes = new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.length)
        span?.narrow(0, latest)
        if (span?.wide) {
          wide = true
          byteSpans.set(spanKey, span.lo, span.hi, bytes, generation)
        }
        return bytes
      }
      if (!m.cacheable) return compute()
      const key = bytesKey(m, request, height)
      return cache.getOrCompute(key, compute, () => !wide) as Promise<Bytes>
    },
    cachedBytes: (m, request, height) =>
      m.cacheable
        ? ((cache.get(bytesKey(m, request, height)) as Bytes | undefined) ??
          byteSpans.get(bytesSpanKey(m, request), height))
        : undefined,
    observe: observer
      ? (transport, m, height, started) =>
          observer(
            transport,
            m,
            height >= chain.latestBlockHeight(),
            (performance.now() - started) / 1000,
          )
      : () => undefined,
    observing: observer !== undefined,
  }
}

/**
 * A handler's context whose answer may be kept for a span of heights: the height itself and the
 * node's facts (blocks, times) are not state, so a handler that looks at them pins the span. Its
 * getters are own properties, so a copy of the context (a spread) reads them too.
 */
function spannedContext(
  height: number,
  state: StateReader,
  registry: ProtoRegistry,
  node: QueryNode | undefined,
  span: ReadSpan,
): QueryContext {
  const ctx: QueryContext = {
    get height() {
      span.pin()
      return height
    },
    state,
    registry,
  }
  if (node === undefined) return ctx
  return Object.defineProperty(ctx, 'node', {
    get() {
      span.pin()
      return node
    },
    enumerable: true,
  })
}
