import type { ProtoRegistry } from '../../codec/proto.js'
import { Item, KeyedMap, protoValue, stringKey, uint64Value } from '../../store/collections.js'

export const MODULE_NAME = 'upgrade'

/** Store layout of x/upgrade as the seed specifies (§2.7). */
export function upgradeCollections(registry: ProtoRegistry) {
  return {
    /** 0x0 → the scheduled Plan */
    plan: new Item(Uint8Array.of(0x00), protoValue(registry.type('sdk.upgrade.v1beta1.Plan'))),
    /** 0x1 ‖ name → big-endian height at which that upgrade was done */
    done: new KeyedMap(Uint8Array.of(0x01), stringKey, uint64Value),
    /** 0x2 ‖ module name → big-endian consensus version */
    versions: new KeyedMap(Uint8Array.of(0x02), stringKey, uint64Value),
    /** 0x3 → big-endian protocol version */
    protocolVersion: new Item(Uint8Array.of(0x03), uint64Value),
  }
}
