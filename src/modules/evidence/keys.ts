import type { ProtoRegistry } from '../../codec/proto.js'
import { bytesKey, KeyedMap, protoValue } from '../../store/collections.js'

export const MODULE_NAME = 'evidence'

/**
 * Store layout of x/evidence as upstream v0.50 (x/evidence/types/keys.go): evidence hash → the
 * evidence as an Any.
 */
export function evidenceCollections(registry: ProtoRegistry) {
  return {
    evidence: new KeyedMap(
      Uint8Array.of(0x00),
      bytesKey,
      protoValue(registry.type('google.protobuf.Any')),
    ),
  }
}
