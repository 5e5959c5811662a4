import type { ProtoRegistry } from '../../codec/proto.js'
import { Item, protoValue } from '../../store/collections.js'

export const MODULE_NAME = 'crisis'

/** Store layout of x/crisis (upstream `ConstantFeeKey = 0x01`). */
export function crisisCollections(registry: ProtoRegistry) {
  return {
    /** 0x01 → the constant fee (Coin) */
    constantFee: new Item(Uint8Array.of(0x01), protoValue(registry.type('sdk.base.v1beta1.Coin'))),
  }
}
