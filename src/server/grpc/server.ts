import {
  Metadata,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type sendUnaryData,
  setLogger,
} from '@grpc/grpc-js'
import { parseListenAddress } from '../../config/listen-address.js'
import type { Logger } from '../../logger.js'
import { ListenError } from '../listen.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { type AppDescriptorFacts, appDescriptorMethods } from './app-descriptor.js'
import { addReflection, REFLECTION_SERVICES } from './reflection.js'
import { serviceDefinitions } from './service-definitions.js'
import { toServiceError } from './status.js'
import { answerUnknownMethods } from './unknown-method.js'

export interface GrpcServerOptions {
  router: QueryRouter
  /** `[grpc] address`, e.g. `localhost:9090`. */
  address: string
  /** `[grpc] max-recv-msg-size` in bytes. */
  maxRecvMsgSize?: number
  /** `[grpc] max-send-msg-size` in bytes. */
  maxSendMsgSize?: number
  logger?: Logger
  /**
   * What the app descriptor service (`sdk.base.reflection.v2alpha1.ReflectionService`) tells besides
   * the router's services; the service is left out without it.
   */
  appDescriptor?: AppDescriptorFacts
}

/** A running gRPC server. */
export interface GrpcListener {
  server: Server
  /** The bound address as `host:port`. */
  address: string
  port: number
  close(): Promise<void>
}

/** Thrown when the gRPC address cannot be bound. */
export class GrpcListenError extends ListenError {}

/**
 * The gRPC server (plaintext): every served query service with the router's handlers, the app
 * descriptor service, and server reflection. `x-sdk-block-height` request metadata selects the
 * height; the height served is sent back in the response headers (before the handler runs, as
 * upstream, so errors carry it too). An unknown service or method is refused with grpc-go's
 * Unimplemented texts.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcListener> {
  const { router, logger } = options
  const { host, port } = parseListenAddress(options.address)
  // grpc-js writes its own diagnostics to stderr; they belong in the node's log (at debug: every
  // failure that matters is reported by sdkd itself, e.g. a port in use).
  if (logger) {
    const debug = (...args: unknown[]) => logger.debug({ source: 'grpc-js' }, args.join(' '))
    setLogger({ error: debug, info: debug, debug })
  }
  const server = new Server({
    'grpc.max_receive_message_length': options.maxRecvMsgSize ?? 10 * 1024 * 1024,
    'grpc.max_send_message_length': options.maxSendMsgSize ?? 2147483647,
    // No channelz service is served, so its per-call bookkeeping would be pure cost.
    'grpc.enable_channelz': 0,
  })
  // Served by the gRPC server alone, as upstream's: not a query router service.
  const appDescriptor = options.appDescriptor
    ? appDescriptorMethods(router, options.appDescriptor)
    : []
  for (const [, { definition, methods }] of serviceDefinitions([
    ...router.methods,
    ...appDescriptor,
  ])) {
    const impl: Record<
      string,
      (call: ServerUnaryCall<Buffer, Uint8Array>, cb: sendUnaryData<Uint8Array>) => void
    > = {}
    for (const [name, m] of methods) impl[name] = unaryHandler(router, m, logger)
    server.addService(definition, impl)
  }
  const services = [
    ...router.services,
    ...new Set(appDescriptor.map((m) => m.service.fullName.slice(1))),
    ...REFLECTION_SERVICES,
  ]
  addReflection(server, {
    registry: router.registry,
    services,
    // The sources the registry was loaded from, names as its brand has them.
    sources: () => router.registry.sources(),
  })
  answerUnknownMethods(server, services)

  const target = `${host.includes(':') ? `[${host}]` : host}:${port}`
  const bound = await new Promise<number>((resolve, reject) => {
    server.bindAsync(target, ServerCredentials.createInsecure(), (err, p) => {
      if (err) {
        reject(
          new GrpcListenError(
            /in use/i.test(err.message)
              ? `gRPC server: address ${target} is already in use`
              : `gRPC server: cannot listen on ${target}: ${err.message}`,
            { cause: err },
          ),
        )
      } else resolve(p)
    })
  })
  return {
    server,
    address: `${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.forceShutdown(), 2000)
        server.tryShutdown(() => {
          clearTimeout(timer)
          resolve()
        })
      }),
  }
}

function unaryHandler(router: QueryRouter, m: RoutedMethod, logger: Logger | undefined) {
  const fail = (callback: sendUnaryData<Uint8Array>) => (err: unknown) =>
    callback(toServiceError(err, logger))
  if (m.heightless) {
    // No height interceptor (upstream handles BroadcastTx without one): no height metadata.
    return (call: ServerUnaryCall<Buffer, Uint8Array>, callback: sendUnaryData<Uint8Array>) => {
      router.runBytes(m, call.request, 0).then((bytes) => callback(null, bytes), fail(callback))
    }
  }
  // The height header, built once per height served last (most calls ask the latest height).
  let served: { height: number; metadata: Metadata } | undefined
  const heightMetadata = (height: number) => {
    if (served?.height !== height) {
      const metadata = new Metadata()
      metadata.set(router.heightHeader, String(height))
      served = { height, metadata }
    }
    return served.metadata
  }
  return (call: ServerUnaryCall<Buffer, Uint8Array>, callback: sendUnaryData<Uint8Array>) => {
    const started = performance.now()
    let height: number
    let requested: bigint
    try {
      const values = call.metadata.get(router.heightHeader)
      requested = values.length === 0 ? 0n : router.requestedHeight(values.map((v) => v.toString()))
      height = router.resolveHeight(requested)
    } catch (err) {
      callback(toServiceError(err, logger))
      return
    }
    call.sendMetadata(heightMetadata(height))
    // An answer computed before is sent at once, without a promise round trip.
    const cached = router.cachedBytes(m, call.request, height)
    if (cached) {
      router.observe('grpc', m, height, started)
      callback(null, cached)
      return
    }
    router.runBytes(m, call.request, height, requested === 0n).then(
      (b) => {
        router.observe('grpc', m, height, started)
        callback(null, b)
      },
      (err: unknown) => {
        router.observe('grpc', m, height, started)
        fail(callback)(err)
      },
    )
  }
}
