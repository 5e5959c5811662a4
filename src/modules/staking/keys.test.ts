import { describe, expect, test } from 'vitest'
import { utf8 } from '../../codec/bytes.js'
import { formatTimeKey, powerIndexKey, timeKey, validatorQueueKey } from './keys.js'

/** A key codec's in-place form: what `write` puts at an offset, `size` bytes long. */
function written<K>(codec: typeof powerIndexKey | typeof timeKey, key: K): Uint8Array {
  const c = codec as unknown as {
    size(k: K): number
    write(k: K, out: Uint8Array, at: number): number
  }
  const out = new Uint8Array(3 + c.size(key))
  expect(c.write(key, out, 3)).toBe(c.size(key))
  return out.subarray(3)
}

describe('x/staking key codecs', () => {
  const operator = Uint8Array.from({ length: 20 }, (_, i) => i * 13)

  test('behavior: the power index key is written in place as it is encoded, and decodes exactly', () => {
    for (const power of [0n, 10n, 2n ** 53n + 1n, 2n ** 60n]) {
      const bytes = powerIndexKey.encode([power, operator])
      // upstream: power (8 bytes BE), the address length, the address with every bit inverted
      expect(bytes.length).toBe(29)
      expect(bytes[8]).toBe(20)
      expect(bytes[9]).toBe(255)
      expect([...written(powerIndexKey, [power, operator])]).toEqual([...bytes])
      const [[p, op], n] = powerIndexKey.decode(bytes)
      expect(p).toBe(power)
      expect([...op]).toEqual([...operator])
      expect(n).toBe(29)
    }
  })

  test('behavior: a time key is its 29 bytes, written in place, and read back from a longer key', () => {
    const key = formatTimeKey(new Date('2026-12-04T01:02:03.456Z'), 456_000_789)
    expect(key).toBe('2026-12-04T01:02:03.456000789')
    expect([...written(timeKey, key)]).toEqual([...utf8(key)])
    const longer = new Uint8Array(40)
    longer.set(utf8(key))
    expect(timeKey.decode(longer)).toEqual([key, 29])
  })

  test('behavior: the validator queue key decodes its time and height', () => {
    const key = formatTimeKey(new Date('2026-01-01T00:00:00Z'))
    const bytes = validatorQueueKey.encode([key, 77n])
    expect(validatorQueueKey.decode(bytes)).toEqual([[key, 77n], bytes.length])
  })
})
