import type { Server } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { listProtoFiles, PROTO_DIR } from '../../codec/proto.js'

/**
 * Adds server reflection (grpc.reflection.v1 and v1alpha) over the node's own .proto sources, so
 * clients such as grpcurl discover the served services, their methods and message types.
 */
export function addReflection(server: Server, services: readonly string[]): void {
  // google/protobuf imports resolve to the copies bundled with protobufjs (as in the registry).
  const definition = loadSync(listProtoFiles(), { includeDirs: [PROTO_DIR], keepCase: true })
  new ReflectionService(definition, { services: [...services] }).addToServer(server)
}
