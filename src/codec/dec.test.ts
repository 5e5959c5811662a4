import { describe, expect, test } from 'vitest'
import {
  decFromAtomics,
  decFromInt,
  decFromString,
  decMul,
  decQuo,
  decRound,
  decToAtomics,
  decToString,
  decTruncate,
} from './dec.js'

describe('LegacyDec arithmetic', () => {
  test('behavior: text round-trips with 18 fractional digits', () => {
    expect(decToString(decFromString('0.334'))).toBe('0.334000000000000000')
    expect(decToString(decFromString('-2.5'))).toBe('-2.500000000000000000')
    expect(decToString(decFromString('.5'))).toBe('0.500000000000000000')
    expect(decToString(decFromInt(10_000_000n))).toBe('10000000.000000000000000000')
  })

  test('behavior: products and quotients round half to even at the 18th digit', () => {
    expect(decToString(decQuo(decFromInt(1n), decFromInt(3n)))).toBe('0.333333333333333333')
    expect(decToString(decQuo(decFromInt(2n), decFromInt(3n)))).toBe('0.666666666666666667')
    // 0.000000000000000005 × 0.5 = 2.5e-18 → 2e-18 (even); 0.000000000000000015 × 0.5 → 8e-18.
    expect(decToString(decMul(5n, decFromString('0.5')))).toBe('0.000000000000000002')
    expect(decToString(decMul(15n, decFromString('0.5')))).toBe('0.000000000000000008')
    expect(decTruncate(decFromString('59.999'))).toBe(59n)
    expect(decRound(decFromString('2.5'))).toBe(2n)
    expect(decRound(decFromString('3.5'))).toBe(4n)
  })

  test('error: malformed text and excess precision', () => {
    expect(() => decFromString('')).toThrow('decimal string cannot be empty')
    expect(() => decFromString('1.2.3')).toThrow('failed to set decimal string with base 10: 1.2.3')
    expect(() => decFromString('0.1234567890123456789')).toThrow(
      "value '0.1234567890123456789' exceeds max precision by 1 decimal places: max precision 18",
    )
    expect(() => decQuo(1n, 0n)).toThrow('division by zero')
  })

  test('vector: the protobuf wire text is the integer scaled by 10^18; empty is zero', () => {
    expect(decToAtomics(decFromString('0.1'))).toBe('100000000000000000')
    expect(decToString(decFromAtomics('100000000000000000'))).toBe('0.100000000000000000')
    expect(decToString(decFromAtomics('-2500000000000000000'))).toBe('-2.500000000000000000')
    expect(decFromAtomics('')).toBe(0n)
    expect(() => decFromAtomics('0.1')).toThrow('math/big: cannot unmarshal "0.1" into a *big.Int')
  })
})
