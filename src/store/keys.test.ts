import { describe, expect, test } from 'vitest'
import { latestKey, latestValue, stateVersionKey, stateVersionKeyOfLive } from './keys.js'

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
})
