import { describe, expect, test } from 'vitest'
import {
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
})
