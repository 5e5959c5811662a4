import type { ProtoRegistry } from '../../codec/proto.js'
import { Item, protoValue } from '../../store/collections.js'

export const MODULE_NAME = 'mint'

/** The module account that receives each block's provision before it goes on (upstream FeeCollectorName). */
export const FEE_COLLECTOR_NAME = 'fee_collector'

/** Store layout of x/mint as upstream v0.50 (x/mint/types/keys.go): the minter and the params. */
export function mintCollections(registry: ProtoRegistry) {
  return {
    minter: new Item(Uint8Array.of(0x00), protoValue(registry.type('sdk.mint.v1beta1.Minter'))),
    params: new Item(Uint8Array.of(0x01), protoValue(registry.type('sdk.mint.v1beta1.Params'))),
  }
}

export type MintCollections = ReturnType<typeof mintCollections>
