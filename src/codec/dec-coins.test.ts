import { describe, expect, test } from 'vitest'
import { decFromInt, decFromString } from './dec.js'
import {
  decCoinsAdd,
  decCoinsFromCoins,
  decCoinsIntersect,
  decCoinsIsZero,
  decCoinsMulDec,
  decCoinsMulDecTruncate,
  decCoinsQuoDecTruncate,
  decCoinsSafeSub,
  decCoinsSub,
  decCoinsToString,
  decCoinsTruncateDecimal,
  parseDecCoins,
} from './dec-coins.js'

// Upstream types/dec_coin_test.go vectors (TestDecCoinsIntersect, TestDecCoinsTruncateDecimal,
// TestDecCoinsQuoDecTruncate) and the rounding rules of MulDec and MulDecTruncate.

const p = parseDecCoins
const d = decFromString

describe('DecCoins', () => {
  const intersect: [string, string, string][] = [
    ['', '', ''],
    ['1.0stake', '', ''],
    ['1.0stake', '1.0stake', '1.0stake'],
    ['', '1.0stake', ''],
    ['2.0stake,1.0trope', '1.9stake', '1.9stake'],
    ['2.0stake,1.0trope', '2.1stake', '2.0stake'],
    ['2.0stake,1.0trope', '0.9trope', '0.9trope'],
    ['2.0stake,1.0trope', '1.9stake,0.9trope', '1.9stake,0.9trope'],
    ['2.0stake,1.0trope', '1.9stake,0.9trope,20.0other', '1.9stake,0.9trope'],
    ['2.0stake,1.0trope', '1.0other', ''],
  ]
  for (const [a, b, want] of intersect) {
    test(`Intersect(${a || '∅'}, ${b || '∅'}) = ${want || '∅'}`, () => {
      expect(decCoinsIntersect(p(a), p(b))).toEqual(p(want))
    })
  }

  test('TruncateDecimal: whole coins and the fractions, zeros dropped in both', () => {
    expect(decCoinsTruncateDecimal([])).toEqual([[], []])
    expect(decCoinsTruncateDecimal(p('5.41bar,6.00foo'))).toEqual([
      [
        { denom: 'bar', amount: 5n },
        { denom: 'foo', amount: 6n },
      ],
      p('0.41bar'),
    ])
    expect(decCoinsTruncateDecimal(p('6.00foo'))).toEqual([[{ denom: 'foo', amount: 6n }], []])
  })

  test('QuoDecTruncate: by zero is refused; a quotient below 10^-18 is dropped; 5 / 2 = 2.5', () => {
    expect(() => decCoinsQuoDecTruncate([], 0n)).toThrow('invalid zero decimal')
    expect(decCoinsQuoDecTruncate(p('1.00foo'), d('10000000000000000000.00'))).toEqual([])
    expect(decCoinsQuoDecTruncate(p('5foo'), decFromInt(2n))).toEqual(p('2.5foo'))
  })

  test('MulDec rounds half to even; MulDecTruncate truncates; both drop zeros', () => {
    const dust = p('0.000000000000000015foo')
    expect(decCoinsMulDec(dust, d('0.1'))).toEqual(p('0.000000000000000002foo'))
    expect(decCoinsMulDecTruncate(dust, d('0.1'))).toEqual(p('0.000000000000000001foo'))
    expect(decCoinsMulDec(p('1.5foo,2bar'), 0n)).toEqual([])
    expect(decCoinsMulDecTruncate(p('1.5foo'), 0n)).toEqual([])
    expect(decCoinsMulDec(p('100stake'), d('0.245'))).toEqual(p('24.5stake'))
  })

  test('Add and Sub per denom, zeros dropped; a negative result is refused', () => {
    expect(decCoinsAdd(p('1.5atom'), p('0.5atom,2bar'))).toEqual(p('2atom,2bar'))
    expect(decCoinsSub(p('2atom,2bar'), p('2atom'))).toEqual(p('2bar'))
    expect(() => decCoinsSub(p('1atom'), p('2atom'))).toThrow('negative coin amount')
    expect(decCoinsSafeSub(p('1atom'), p('2atom'))[1]).toBe(true)
    expect(decCoinsIsZero([])).toBe(true)
  })

  test('Add and Sub of one denom: the sum, and nothing when it is zero', () => {
    expect(decCoinsAdd(p('1.5stake'), p('0.25stake'))).toEqual(p('1.75stake'))
    expect(decCoinsAdd([], p('2stake'))).toEqual(p('2stake'))
    expect(decCoinsAdd([], [])).toEqual([])
    expect(decCoinsSub(p('2stake'), p('2stake'))).toEqual([])
    expect(decCoinsSafeSub(p('1stake'), p('1.5stake'))).toEqual([
      [{ denom: 'stake', amount: -d('0.5') }],
      true,
    ])
    expect(decCoinsFromCoins([{ denom: 'stake', amount: 0n }])).toEqual([])
    // A second denom after the first: per denom, sorted.
    expect(decCoinsAdd(p('1stake'), p('1atom'))).toEqual(p('1atom,1stake'))
  })

  test('String: 18 decimals, comma-joined, empty for none', () => {
    expect(decCoinsToString(p('24.5stake,1atom'))).toBe(
      '1.000000000000000000atom,24.500000000000000000stake',
    )
    expect(decCoinsToString([])).toBe('')
  })
})
