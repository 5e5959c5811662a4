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

/** A denom's stored send-enabled flag: one byte, 1 = true. */
export function sendEnabledBytes(enabled: boolean): Uint8Array {
  return Uint8Array.of(enabled ? 1 : 0)
}

/**
 * A stored send-enabled flag as every reader takes it: the byte 1 written here, the text `true`
 * some homes stored, or upstream's protobuf BoolValue bytes (0x08 0x01); anything else is false.
 */
export function sendEnabledOf(v: Uint8Array): boolean {
  if (v.length === 1) return v[0] === 1
  if (v.length === 2 && v[0] === 0x08 && v[1] === 0x01) return true
  return v.length === 4 && v[0] === 0x74 && v[1] === 0x72 && v[2] === 0x75 && v[3] === 0x65
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
