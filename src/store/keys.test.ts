import { describe, expect, test } from 'vitest'
import { bytesToLatin1 } from '../codec/bytes.js'
import {
  fullKeyOf,
  latestKey,
  latestValue,
  stateVersionKey,
  stateVersionKeyOfLive,
  stateVersionValue,
  valueOfStateVersion,
} from './keys.js'

describe('state version keys', () => {
  test('behavior: the version key a live-key record points at, from its bytes, is the one made from the key and height', () => {
    const short = '\x00\x00\x00\x0b\x50key'
    const long = `\x00\x00\x00\x02${'\xff'.repeat(300)}`
    for (const full of [short, long]) {
      for (const h of [1, 255, 2 ** 40 + 7]) {
        expect(stateVersionKeyOfLive(latestKey(full), latestValue(h))).toEqual(
          stateVersionKey(full, h),
        )
      }
    }
  })

  test('behavior: a stored version is 0x01 ‖ value or 0x00 for a deletion, and reads back as it was', () => {
    expect(stateVersionValue(Uint8Array.of(7, 8))).toEqual(Uint8Array.of(1, 7, 8))
    expect(stateVersionValue(undefined)).toEqual(Uint8Array.of(0))
    for (const value of [Uint8Array.of(7, 8), new Uint8Array(0), Uint8Array.of(0, 1)]) {
      expect(valueOfStateVersion(stateVersionValue(value))).toEqual(value)
    }
    expect(valueOfStateVersion(stateVersionValue(undefined))).toBeUndefined()
  })

  test('behavior: a full key is the store id prefix then the key, one char per byte, at any length', () => {
    const prefix = '\x00\x00\x01\xff'
    for (const n of [0, 1, 20, 64, 300, 1019, 1020, 1021, 5000]) {
      const key = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff)
      const full = fullKeyOf(prefix, key)
      expect(full).toBe(prefix + bytesToLatin1(key))
      expect(full.length).toBe(4 + n)
    }
    // A key cut from a larger buffer: its own bytes only.
    const buffer = Uint8Array.from({ length: 64 }, (_, i) => i)
    expect(fullKeyOf(prefix, buffer.subarray(10, 14))).toBe(`${prefix}\x0a\x0b\x0c\x0d`)
  })
})
