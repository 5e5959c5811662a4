import { describe, expect, test } from 'vitest'
import { coinsText, coinsValidationError, isValidCoins } from './coins.js'

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
