import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js'
import type { RoutedMethod } from '../query/router.js'

const asIs = (b: Buffer) => b
const toBuffer = (b: Uint8Array) =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)

/**
 * grpc-js service definitions of the served query services, built from the same method table as
 * the REST routes. Messages pass through as bytes: the router decodes requests and encodes
 * responses (so the encoded answer of a height can be cached and sent as is).
 */
export function serviceDefinitions(
  methods: readonly RoutedMethod[],
): Map<string, { definition: ServiceDefinition; methods: Map<string, RoutedMethod> }> {
  const out = new Map<
    string,
    {
      definition: Record<string, MethodDefinition<unknown, unknown>>
      methods: Map<string, RoutedMethod>
    }
  >()
  for (const m of methods) {
    const service = m.service.fullName.replace(/^\./, '')
    let entry = out.get(service)
    if (!entry) {
      entry = { definition: {}, methods: new Map() }
      out.set(service, entry)
    }
    const definition: MethodDefinition<Buffer, Uint8Array> = {
      path: m.path,
      requestStream: false,
      responseStream: false,
      requestSerialize: asIs,
      requestDeserialize: asIs,
      responseSerialize: toBuffer,
      responseDeserialize: asIs,
      originalName: m.method.name,
    }
    entry.definition[m.method.name] = definition as MethodDefinition<unknown, unknown>
    entry.methods.set(m.method.name, m)
  }
  return out
}
