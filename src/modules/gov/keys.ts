import type { ProtoRegistry } from '../../codec/proto.js'
import { Item, protoValue, uint64Value } from '../../store/collections.js'

export const MODULE_NAME = 'gov'

/** Store layout of x/gov v1 (prefixes as upstream; proposals, queues, votes and deposits join later). */
export function govCollections(registry: ProtoRegistry) {
  return {
    proposalId: new Item(Uint8Array.of(0x03), uint64Value),
    params: new Item(Uint8Array.of(0x30), protoValue(registry.type('sdk.gov.v1.Params'))),
  }
}
