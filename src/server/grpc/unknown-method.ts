import { type Server, type ServerDuplexStream, type StatusObject, status } from '@grpc/grpc-js'

/**
 * grpc-go's status for a call of a path the server has no handler for: `unknown service <s>`, or
 * `unknown method <m> for service <s>` when the service is served (both Unimplemented). Undefined
 * for a path without a `/` between service and method (grpc-js's own answer stays).
 */
function unknownMethodStatus(
  path: string,
  services: ReadonlySet<string>,
): Pick<StatusObject, 'code' | 'details'> | undefined {
  const name = path.startsWith('/') ? path.slice(1) : path
  const slash = name.lastIndexOf('/')
  if (slash < 0) return undefined
  const service = name.slice(0, slash)
  return {
    code: status.UNIMPLEMENTED,
    details: services.has(service)
      ? `unknown method ${name.slice(slash + 1)} for service ${service}`
      : `unknown service ${service}`,
  }
}

/** grpc-js's per-call handler lookup (1.14), the one place it decides a path is unknown. */
interface HandlerLookup {
  _retrieveHandler?: (this: Server, path: string) => object | null
}

/**
 * Makes the server answer a call of an unknown path as grpc-go does, with the texts upstream's
 * clients and tools print (grpc-js says `The server does not implement the method /s/m`). grpc-js has
 * no unknown-service hook, so its handler lookup is wrapped: a miss gets a handler that ends the call
 * at once with the status, as grpc-go does, before any message is read.
 */
export function answerUnknownMethods(server: Server, services: Iterable<string>): void {
  const served = new Set(services)
  const lookup = server as unknown as HandlerLookup
  const retrieve = lookup._retrieveHandler
  // A grpc-js without this lookup keeps its own text, and the server's unit test fails.
  if (typeof retrieve !== 'function') return
  lookup._retrieveHandler = function retrieveOrRefuse(path) {
    const handler = retrieve.call(this, path)
    const refusal = handler ? undefined : unknownMethodStatus(path, served)
    if (!refusal) return handler
    return {
      type: 'bidi',
      path,
      serialize: (b: Buffer) => b,
      deserialize: (b: Buffer) => b,
      func: (call: ServerDuplexStream<Buffer, Buffer>) => call.emit('error', refusal),
    }
  }
}
