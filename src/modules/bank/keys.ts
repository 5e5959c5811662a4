import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  intTextValue,
  type KeyCodec,
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

/** A string key component with a one-byte length prefix (written in place into a store key). */
function lengthPrefixedStringKey(): KeyCodec<string> {
  const dec = new TextDecoder()
  const size = stringKey.size!
  const write = stringKey.write!
  return {
    encode: (k) => {
      const out = new Uint8Array(size(k) + 1)
      write(k, out, 1)
      out[0] = out.length - 1
      return out
    },
    decode: (b) => [dec.decode(b.subarray(1, 1 + b[0]!)), 1 + b[0]!],
    size: (k) => 1 + size(k),
    write: (k, out, at) => {
      const n = write(k, out, at + 1)
      out[at] = n
      return 1 + n
    },
  }
}
