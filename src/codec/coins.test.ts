import { describe, expect, test } from 'vitest'
import {
  coinsText,
  coinsValidationError,
  isValidCoins,
  parseCoinNormalized,
  parseCoins,
} from './coins.js'

describe('coins as a message carries them (upstream Coins.Validate and Coins.String)', () => {
  test('behavior: sorted, unique, positive coins of valid denoms are valid; none are too', () => {
    expect(coinsValidationError([])).toBeUndefined()
    expect(isValidCoins(undefined)).toBe(true)
    expect(
      isValidCoins([
        { denom: 'stake', amount: '10' },
        { denom: 'token', amount: '1' },
      ]),
    ).toBe(true)
  })

  test('error: each rule gives upstream text', () => {
    expect(coinsValidationError([{ denom: '1x', amount: '1' }])).toBe('invalid denom: 1x')
    expect(coinsValidationError([{ denom: 'stake', amount: '0' }])).toBe(
      'coin 0stake amount is not positive',
    )
    expect(
      coinsValidationError([
        { denom: 'token', amount: '1' },
        { denom: 'stake', amount: '1' },
      ]),
    ).toBe('denomination stake is not sorted')
    expect(
      coinsValidationError([
        { denom: 'stake', amount: '1' },
        { denom: 'stake', amount: '2' },
      ]),
    ).toBe('duplicate denomination stake')
    expect(
      coinsValidationError([
        { denom: 'stake', amount: '1' },
        { denom: 'token', amount: '-1' },
      ]),
    ).toBe('coin token amount is not positive')
  })

  test('behavior: the text keeps the order and the amounts as given', () => {
    expect(
      coinsText([
        { denom: 'token', amount: '5' },
        { denom: 'stake', amount: '-1' },
      ]),
    ).toBe('5token,-1stake')
    expect(coinsText(undefined)).toBe('')
  })
})

describe('one coin of a command argument (upstream ParseCoinNormalized)', () => {
  test('behavior: a decimal amount is truncated, zero is kept, spaces around and before the denom are allowed', () => {
    expect(parseCoinNormalized('1.5stake')).toEqual({ denom: 'stake', amount: 1n })
    expect(parseCoinNormalized('.5stake')).toEqual({ denom: 'stake', amount: 0n })
    expect(parseCoinNormalized('0stake')).toEqual({ denom: 'stake', amount: 0n })
    expect(parseCoinNormalized(' 10 ibc/ABC ')).toEqual({ denom: 'ibc/ABC', amount: 10n })
  })

  test('error: anything else is not a coin expression; more than 18 decimal places is refused', () => {
    for (const bad of [
      'abc',
      '5',
      'stake',
      '-1stake',
      '1.stake',
      '1,2stake',
      '1stake,2token',
      '1st',
    ])
      expect(() => parseCoinNormalized(bad)).toThrow(`invalid decimal coin expression: ${bad}`)
    expect(() => parseCoinNormalized(`0.${'1'.repeat(19)}stake`)).toThrow(
      `failed to parse decimal coin amount: 0.${'1'.repeat(19)}: invalid precision; max: 18, got: 19`,
    )
  })
})

describe("parseCoins (a command's coins, upstream ParseCoinsNormalized)", () => {
  test('behavior: sorted by denom, zero amounts dropped', () => {
    expect(parseCoins('5token,10stake,0foo')).toEqual([
      { denom: 'stake', amount: 10n },
      { denom: 'token', amount: 5n },
    ])
  })

  test('error: an amount past 256 bits is refused, as a tx carrying it would be', () => {
    expect(parseCoins(`${2n ** 256n - 1n}stake`)).toEqual([
      { denom: 'stake', amount: 2n ** 256n - 1n },
    ])
    expect(() => parseCoins(`${2n ** 256n}stake`)).toThrow(
      `integer out of range; got: 257, max: 256: ${2n ** 256n}stake`,
    )
  })

  test('error: a denom given twice is refused, not summed', () => {
    expect(() => parseCoins('10stake,10stake')).toThrow('duplicate denomination stake')
    expect(() => parseCoins('1token,2stake,3token')).toThrow('duplicate denomination token')
  })
})
