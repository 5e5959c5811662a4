import { describe, expect, test } from 'vitest'
import { memoryReader } from '../../test/helpers/memory-reader.js'
import { concatBytes } from '../codec/bytes.js'
import {
  bytesKey,
  bytesValue,
  type KeyCodec,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  stringKey,
  uint64Key,
  uint64LEKey,
  type ValueCodec,
} from './collections.js'
import type { KVEntry } from './types.js'

const PREFIX = Uint8Array.of(0x02)

/** The store key as the plain encoding gives it: prefix ‖ encode(key). */
function expected<K>(codec: KeyCodec<K>, k: K): Uint8Array {
  return concatBytes(PREFIX, codec.encode(k))
}

describe('store keys of typed maps', () => {
  test('behavior: a little-endian uint64 key is the 8 bytes a DataView writes, and decodes back', () => {
    for (const k of [
      0n,
      1n,
      255n,
      256n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 53n + 1n,
      2n ** 64n - 1n,
    ]) {
      const viaView = new Uint8Array(8)
      new DataView(viaView.buffer).setBigUint64(0, k, true)
      expect(uint64LEKey.encode(k)).toEqual(viaView)
      const out = new Uint8Array(11)
      expect(uint64LEKey.write!(k, out, 3)).toBe(8)
      expect(out.subarray(3)).toEqual(viaView)
      expect(uint64LEKey.decode(concatBytes(viaView, Uint8Array.of(9)))).toEqual([k, 8])
    }
  })

  test('behavior: a key built in one allocation has the very bytes of prefix ‖ encoded key', () => {
    const address = Uint8Array.from({ length: 20 }, (_, i) => i * 13)
    const balances = pairKey(lengthPrefixedBytesKey, stringKey)
    const cases: [KeyCodec<never>, unknown][] = [
      [balances as KeyCodec<never>, [address, 'stake']],
      [
        balances as KeyCodec<never>,
        [address, 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2'],
      ],
      [balances as KeyCodec<never>, [new Uint8Array(0), '']],
      // non-ASCII text, and a lone surrogate (encoded as U+FFFD, as everywhere else)
      [balances as KeyCodec<never>, [address, 'dénom✓']],
      [balances as KeyCodec<never>, [address, 'a\ud800b']],
      [bytesKey as KeyCodec<never>, address],
      [uint64Key as KeyCodec<never>, 2n ** 63n + 5n],
      [pairKey(uint64Key, bytesKey) as KeyCodec<never>, [7n, address]],
      [stringKey as KeyCodec<never>, 'upgrade-name'],
    ]
    for (const [codec, k] of cases) {
      const map = new KeyedMap(PREFIX, codec, bytesValue)
      expect(map.storeKey(k as never)).toEqual(expected(codec, k as never))
    }
  })

  test('error: an address component longer than 255 bytes is refused either way', () => {
    const map = new KeyedMap(PREFIX, pairKey(lengthPrefixedBytesKey, stringKey), bytesValue)
    expect(() => map.storeKey([new Uint8Array(256), 'stake'])).toThrow(
      'key component longer than 255 bytes',
    )
  })
})

describe('keys of a typed map', () => {
  test('behavior: the keys of its entries in the same order, no value decoded', async () => {
    const key = pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey)
    let decoded = 0
    const counting: ValueCodec<Uint8Array> = {
      encode: (v) => v,
      decode: (b) => {
        decoded++
        return b
      },
    }
    const map = new KeyedMap(PREFIX, key, counting)
    const pairs: [Uint8Array, Uint8Array][] = [
      [Uint8Array.of(2), Uint8Array.of(9, 9)],
      [Uint8Array.of(1), Uint8Array.of(7)],
      [Uint8Array.of(1), Uint8Array.of(3, 4)],
    ]
    const store = memoryReader([
      ...pairs.map((k): KVEntry => [map.storeKey(k), Uint8Array.of(0xff)]),
      // Another map's entry, outside the prefix.
      [Uint8Array.of(0x03, 1, 1, 1, 1), Uint8Array.of(0)],
    ])
    const viaEntries: [Uint8Array, Uint8Array][] = []
    for await (const [k] of map.iterate(store)) viaEntries.push(k)
    expect(decoded).toBe(3)
    const keys: [Uint8Array, Uint8Array][] = []
    for await (const k of map.keys(store)) keys.push(k)
    expect(keys).toEqual(viaEntries)
    expect(keys).toHaveLength(3)
    const reversed: [Uint8Array, Uint8Array][] = []
    for await (const k of map.keys(store, { reverse: true, prefix: Uint8Array.of(1, 1) })) {
      reversed.push(k)
    }
    // Length-prefixed: (1, [7]) sorts before (1, [3, 4]); reversed, after.
    expect(reversed).toEqual([
      [Uint8Array.of(1), Uint8Array.of(3, 4)],
      [Uint8Array.of(1), Uint8Array.of(7)],
    ])
    expect(decoded).toBe(3)
  })
})
