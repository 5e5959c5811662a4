import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  intTextValue,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  stringKey,
} from '../../store/collections.js'

export const MODULE_NAME = 'bank'

/** Store layout of x/bank (prefixes as upstream). */
export function bankCollections(registry: ProtoRegistry) {
  return {
    /** denom → total supply */
    supply: new KeyedMap(Uint8Array.of(0x00), stringKey, intTextValue),
    /** denom → metadata */
    denomMetadata: new KeyedMap(
      Uint8Array.of(0x01),
      stringKey,
      protoValue(registry.type('sdk.bank.v1beta1.Metadata')),
    ),
    /** (address, denom) → amount */
    balances: new KeyedMap(
      Uint8Array.of(0x02),
      pairKey(lengthPrefixedBytesKey, stringKey),
      intTextValue,
    ),
    /** (denom, address) → nothing: reverse index of holders */
    denomAddress: new KeyedMap(
      Uint8Array.of(0x03),
      pairKey(lengthPrefixedStringKey(), lengthPrefixedBytesKey),
      bytesValue,
    ),
    /** denom → send enabled */
    sendEnabled: new KeyedMap(Uint8Array.of(0x04), stringKey, bytesValue),
    params: new Item(Uint8Array.of(0x05), protoValue(registry.type('sdk.bank.v1beta1.Params'))),
  }
}

/** A string key component with a one-byte length prefix. */
function lengthPrefixedStringKey() {
  const enc = new TextEncoder()
  const dec = new TextDecoder()
  return {
    encode: (k: string) => {
      const b = enc.encode(k)
      const out = new Uint8Array(b.length + 1)
      out[0] = b.length
      out.set(b, 1)
      return out
    },
    decode: (b: Uint8Array): [string, number] => [dec.decode(b.subarray(1, 1 + b[0]!)), 1 + b[0]!],
  }
}
