import type { Server, ServerDuplexStream } from '@grpc/grpc-js'
import { unknownMethodStatus } from './unknown-method-status.js'

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
