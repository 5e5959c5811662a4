import { describe, expect, test } from 'vitest'
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
} from './collections.js'

const PREFIX = Uint8Array.of(0x02)

/** The store key as the plain encoding gives it: prefix ‖ encode(key). */
function expected<K>(codec: KeyCodec<K>, k: K): Uint8Array {
  return concatBytes(PREFIX, codec.encode(k))
}

describe('store keys of typed maps', () => {
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
