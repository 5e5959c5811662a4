import type { App } from '../../app/app.js'
import { queryEntry } from '../../app/handlers.js'
import { interfaceRegistryOf } from '../../app/interface-registry.js'
import type { RoutedQueryHandler } from '../../app/types.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'

const INTERFACES = 'sdk.base.reflection.v1beta1.ReflectionService'
const FILES = 'sdk.reflection.v1.ReflectionService'

type FileDescriptor = Proto<'google.protobuf.FileDescriptorProto'>

const described = new WeakMap<ProtoRegistry, Promise<FileDescriptor[]>>()

/**
 * The descriptor of every .proto file of a registry and of every file they import, each after its
 * imports: the same descriptors server reflection sends, built once.
 */
function fileDescriptors(registry: ProtoRegistry): Promise<FileDescriptor[]> {
  let files = described.get(registry)
  if (!files) {
    files = (async () => {
      // The .proto parser is loaded when first asked for, not with every node.
      const { buildFileDescriptors } = await import('../../codec/proto-descriptors.js')
      const type = registry.type('google.protobuf.FileDescriptorProto')
      return [...buildFileDescriptors(registry.sources()).files.values()].map((f) =>
        registry.decode(type, f.bytes),
      )
    })()
    described.set(registry, files)
  }
  return files
}

/**
 * The app's reflection services as upstream's query router serves them (gRPC and ABCI query, at
 * the height asked, which changes nothing): `sdk.base.reflection.v1beta1.ReflectionService` lists
 * the interface registry's interfaces and an interface's implementations (upstream's
 * client/grpc/reflection: no name is InvalidArgument `invalid interface name`, an unknown one has
 * none), sorted where upstream's order is its map's; `sdk.reflection.v1.ReflectionService` answers
 * the descriptor of every .proto file the node knows (upstream's runtime/services).
 */
export function createReflectionHandlers(app: App): Map<string, RoutedQueryHandler> {
  return new Map([
    queryEntry(`${INTERFACES}/ListAllInterfaces`, async () => ({
      interface_names: [...interfaceRegistryOf(app).names],
    })),
    queryEntry(`${INTERFACES}/ListImplementations`, async (req) => {
      if (req.interface_name === '') {
        throw new StatusError(GrpcCode.InvalidArgument, 'invalid interface name')
      }
      return {
        implementation_message_names: [
          ...interfaceRegistryOf(app).implementations(req.interface_name),
        ],
      }
    }),
    queryEntry(`${FILES}/FileDescriptors`, async (_req, ctx) => ({
      files: await fileDescriptors(ctx.registry),
    })),
  ])
}
