import { describe, expect, test } from 'vitest'
import { readBigUint64BE, readUint64BE, uint64BE } from './bytes.js'

describe('uint64BE', () => {
  test('behavior: numbers and bigints encode as big-endian 64-bit, the bytes heights sort by', () => {
    const cases: [number | bigint, string][] = [
      [0, '0000000000000000'],
      [1, '0000000000000001'],
      [0xffffffff, '00000000ffffffff'],
      [0x1_0000_0000, '0000000100000000'],
      [20_000, '0000000000004e20'],
      [Number.MAX_SAFE_INTEGER, '001fffffffffffff'],
      [2n ** 64n - 1n, 'ffffffffffffffff'],
    ]
    for (const [n, hex] of cases) {
      expect(Buffer.from(uint64BE(n)).toString('hex')).toBe(hex)
      expect(readBigUint64BE(uint64BE(n))).toBe(BigInt(n))
    }
    expect(readUint64BE(uint64BE(123_456_789_012))).toBe(123_456_789_012)
  })

  test('error: a fractional height is refused, not truncated', () => {
    expect(() => uint64BE(1.5)).toThrow(RangeError)
  })
})
