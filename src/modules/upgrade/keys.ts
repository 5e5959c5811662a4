import { fromUtf8, utf8 } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  type KeyCodec,
  KeyedMap,
  protoValue,
  stringKey,
  uint64Value,
} from '../../store/collections.js'

export const MODULE_NAME = 'upgrade'

/** Store layout of x/upgrade, upstream's keys. */
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
    /**
     * Upstream's legacy IBC record beside the four above: `upgradedIBCState/<h>/upgradedConsState`
     * → the upgraded consensus state an IBC chain stores for its last height before an upgrade.
     * sdkd has no IBC and writes none; `UpgradedConsensusState` reads it.
     */
    upgradedConsState: new KeyedMap(
      utf8('upgradedIBCState/'),
      ibcHeightKey('upgradedConsState'),
      bytesValue,
    ),
  }
}

/** `<decimal height>/<suffix>`, the tail of upstream's `upgradedIBCState/%d/%s` keys. */
function ibcHeightKey(suffix: string): KeyCodec<bigint> {
  return {
    encode: (h) => utf8(`${h}/${suffix}`),
    decode: (b) => [BigInt(fromUtf8(b).split('/')[0]!), b.length],
  }
}
