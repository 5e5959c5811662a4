import {
  type MethodDefinition,
  type Server,
  type ServerDuplexStream,
  type ServiceDefinition,
  status,
} from '@grpc/grpc-js'
import type protobuf from 'protobufjs'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import {
  buildFileDescriptors,
  type FileDescriptorEntry,
  type FileDescriptors,
} from '../../codec/proto-descriptors.js'
import type { ProtoSource } from '../../codec/proto-sources.js'

/** The reflection versions served, as grpc-go registers them. */
const VERSIONS = ['grpc.reflection.v1', 'grpc.reflection.v1alpha'] as const

/** The names of the reflection services (listed by `list_services` with the others). */
export const REFLECTION_SERVICES: readonly string[] = VERSIONS.map((v) => `${v}.ServerReflection`)

// v1alpha's messages are v1's under another package, field for field: v1's types describe both.
type ReflectionRequest = Proto<'grpc.reflection.v1.ServerReflectionRequest'>
type ReflectionResponse = ProtoInit<'grpc.reflection.v1.ServerReflectionResponse'>

/** protobuf-go's `protoregistry.NotFound`, the message grpc-go answers every miss with. */
const NOT_FOUND = 'proto: not found'

export interface ReflectionOptions {
  /** The registry holding the reflection messages (`grpc.reflection.*`). */
  registry: ProtoRegistry
  /** Every service the server serves, reflection included. */
  services: readonly string[]
  /** The .proto sources to describe: those the registry was loaded from. */
  sources: () => Iterable<ProtoSource>
}

/**
 * Adds gRPC server reflection, v1 and v1alpha, over the FileDescriptorProtos of the node's .proto
 * sources, answering as grpc-go does: `list_services` (sorted), `file_by_filename`,
 * `file_containing_symbol`, `file_containing_extension` and `all_extension_numbers_of_type`. A
 * file answer holds the file asked for, then those of its transitive imports not yet sent on the
 * stream; a miss is an `error_response` NOT_FOUND `proto: not found`. The descriptors are built
 * from the sources once, on the first question.
 */
export function addReflection(server: Server, options: ReflectionOptions): void {
  let descriptors: FileDescriptors | undefined
  const files = () => {
    descriptors ??= buildFileDescriptors(options.sources())
    return descriptors
  }
  const services = [...options.services].sort().map((name) => ({ name }))
  for (const version of VERSIONS) {
    const requestType = options.registry.type(`${version}.ServerReflectionRequest`)
    const responseType = options.registry.type(`${version}.ServerReflectionResponse`)
    const method: MethodDefinition<ReflectionRequest, ReflectionResponse> = {
      path: `/${version}.ServerReflection/ServerReflectionInfo`,
      requestStream: true,
      responseStream: true,
      requestSerialize: (m) => encode(requestType, m),
      requestDeserialize: (b) => options.registry.decode(requestType, b),
      responseSerialize: (m) => encode(responseType, m),
      responseDeserialize: (b) => options.registry.decode(responseType, b),
      originalName: 'serverReflectionInfo',
    }
    const definition: ServiceDefinition = { ServerReflectionInfo: method }
    server.addService(definition, {
      ServerReflectionInfo: (call: ServerDuplexStream<ReflectionRequest, ReflectionResponse>) => {
        const sent = new Set<string>()
        call.on('data', (request: ReflectionRequest) => {
          const answer = respond(request, files, services, sent)
          if (answer) call.write({ valid_host: request.host, original_request: request, ...answer })
          else {
            call.emit('error', {
              code: status.INVALID_ARGUMENT,
              details: 'invalid MessageRequest: <nil>',
            })
          }
        })
        call.on('end', () => call.end())
      },
    })
  }
}

function encode(type: protobuf.Type, message: object): Buffer {
  const bytes = type.encode(type.fromObject(message)).finish()
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
}

/** The answer to one request (its `message_response`), or undefined when it asks nothing. */
function respond(
  request: ReflectionRequest,
  files: () => FileDescriptors,
  services: readonly { name: string }[],
  sent: Set<string>,
): ReflectionResponse | undefined {
  const fileAnswer = (entry: FileDescriptorEntry | undefined) =>
    entry
      ? { file_descriptor_response: { file_descriptor_proto: withImports(entry, files(), sent) } }
      : notFound()
  switch (request.message_request) {
    case 'file_by_filename':
      return fileAnswer(files().files.get(request.file_by_filename))
    case 'file_containing_symbol':
      return fileAnswer(files().fileOfSymbol(request.file_containing_symbol))
    case 'file_containing_extension': {
      // The oneof names this field: it is set.
      const { containing_type, extension_number } = request.file_containing_extension!
      return fileAnswer(files().fileOfExtension(containing_type, extension_number))
    }
    case 'all_extension_numbers_of_type': {
      const type = request.all_extension_numbers_of_type
      const numbers = files().extensionNumbers(type)
      // No extensions: still an answer for a known name, as grpc-go.
      if (numbers.length === 0 && !files().fileOfSymbol(type)) return notFound()
      return { all_extension_numbers_response: { base_type_name: type, extension_number: numbers } }
    }
    case 'list_services':
      return { list_services_response: { service: services } }
    default:
      return undefined
  }
}

function notFound(): ReflectionResponse {
  return { error_response: { error_code: status.NOT_FOUND, error_message: NOT_FOUND } }
}

/**
 * The file, then its transitive imports breadth-first, each sent once per stream (the file asked
 * for always), as grpc-go's `FileDescWithDependencies`.
 */
function withImports(
  entry: FileDescriptorEntry,
  descriptors: FileDescriptors,
  sent: Set<string>,
): Uint8Array[] {
  const out: Uint8Array[] = []
  const queue = [entry]
  const seen = new Set([entry.name])
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (out.length === 0 || !sent.has(file.name)) {
      sent.add(file.name)
      out.push(file.bytes)
    }
    for (const dep of file.dependencies) {
      const d = descriptors.files.get(dep)
      if (d && !seen.has(dep)) {
        seen.add(dep)
        queue.push(d)
      }
    }
  }
  return out
}
