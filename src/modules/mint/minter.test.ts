import { describe, expect, it } from 'vitest'
import { decFromInt, decFromString, decMul, decQuo, decToString } from '../../codec/dec.js'
import {
  blockProvision,
  defaultInitialMinter,
  nextAnnualProvisions,
  nextInflationRate,
} from './minter.js'
import { type MintParams, readMintParams, validateMintParams } from './params.js'

const dec = decFromString
const one = decFromInt(1n)

function defaults(): MintParams {
  return {
    mintDenom: 'stake',
    inflationRateChange: dec('0.13'),
    inflationMax: dec('0.20'),
    inflationMin: dec('0.07'),
    goalBonded: dec('0.67'),
    blocksPerYear: 6311520n,
  }
}

describe('NextInflationRate (upstream TestNextInflation)', () => {
  const p = defaults()
  const perBlock = decFromInt(p.blocksPerYear)
  const changeAt = (ratio: bigint) =>
    decQuo(decMul(one - decQuo(ratio, p.goalBonded), p.inflationRateChange), perBlock)
  const cases: [string, string, bigint][] = [
    // No bonded supply: inflation rises by inflation_rate_change over blocks_per_year.
    ['0', '0.07', decQuo(p.inflationRateChange, perBlock)],
    // All bonded, 20%: inflation falls by (1 − 1/0.67)·0.13 over blocks_per_year.
    ['1', '0.20', changeAt(one)],
    // Half bonded, 10%: inflation rises.
    ['0.5', '0.10', changeAt(dec('0.5'))],
    // The 7% floor (all bonded).
    ['1', '0.07', 0n],
    ['1', '0.0700000001', dec('-0.0000000001')],
    // The 20% ceiling (nothing bonded).
    ['0', '0.20', 0n],
    ['0', '0.1999999999', dec('0.0000000001')],
    // At the goal nothing changes.
    ['0.67', '0.15', 0n],
  ]
  for (const [ratio, inflation, change] of cases) {
    it(`bonded ${ratio}, inflation ${inflation}: changes by ${decToString(change)}`, () => {
      const minter = { inflation: dec(inflation), annualProvisions: 0n }
      expect(nextInflationRate(minter, p, dec(ratio)) - dec(inflation)).toBe(change)
    })
  }

  it('rounds as LegacyDec: nothing bonded from the genesis minter gives the known first step', () => {
    // 0.13 / 6311520 = 0.000000020597257079 (rounded half to even at the 18th digit).
    expect(decToString(nextInflationRate(defaultInitialMinter(), p, 0n))).toBe(
      '0.130000020597257079',
    )
  })

  it('a third bonded: (1 − 0.333…/0.67) rounds before the product', () => {
    const ratio = decQuo(one, decFromInt(3n))
    // 0.333333333333333333 / 0.67 = 0.497512437810945273 (rounded); 1 − that = 0.502487562189054727;
    // × 0.13 = 0.065323383084577115 (rounded); / 6311520 = 0.000000010349865497 (rounded).
    expect(decToString(nextInflationRate(defaultInitialMinter(), p, ratio))).toBe(
      '0.130000010349865497',
    )
  })
})

describe('NextAnnualProvisions', () => {
  it('is the inflation times the supply, exactly', () => {
    const minter = { inflation: dec('0.130000020597257079'), annualProvisions: 0n }
    expect(decToString(nextAnnualProvisions(minter, 1_000_000_000n))).toBe(
      '130000020.597257079000000000',
    )
  })
})

describe('BlockProvision (upstream TestBlockProvision)', () => {
  const p = defaults()
  const secondsPerYear = 60n * 60n * 8766n
  const cases: [bigint, bigint][] = [
    [secondsPerYear / 5n, 1n],
    [secondsPerYear / 5n + 1n, 1n],
    [(secondsPerYear / 5n) * 2n, 2n],
    [secondsPerYear / 5n / 2n, 0n],
  ]
  for (const [annual, expected] of cases) {
    it(`annual provisions ${annual} give ${expected} a block`, () => {
      const minter = { inflation: dec('0.1'), annualProvisions: decFromInt(annual) }
      expect(blockProvision(minter, p)).toBe(expected)
    })
  }

  it('truncates a fractional provision', () => {
    // 130000020.597257079 / 6311520 = 20.5971...: 20 a block.
    const minter = { inflation: 0n, annualProvisions: dec('130000020.597257079') }
    expect(blockProvision(minter, p)).toBe(20n)
  })
})

describe('Params.Validate', () => {
  const raw = {
    mint_denom: 'stake',
    inflation_rate_change: dec('0.13').toString(),
    inflation_max: dec('0.2').toString(),
    inflation_min: dec('0.07').toString(),
    goal_bonded: dec('0.67').toString(),
    blocks_per_year: 6311520,
  }
  it('reads the stored form (scaled integers) and accepts the defaults', () => {
    expect(readMintParams(raw)).toEqual(defaults())
    expect(() => validateMintParams(readMintParams(raw))).not.toThrow()
  })
  const bad: [Partial<MintParams>, string][] = [
    [{ mintDenom: ' ' }, 'mint denom cannot be blank'],
    [
      { inflationRateChange: dec('-0.1') },
      'inflation rate change cannot be negative: -0.100000000000000000',
    ],
    [{ inflationMax: dec('1.5') }, 'max inflation too large: 1.500000000000000000'],
    [{ inflationMin: dec('-0.01') }, 'min inflation cannot be negative: -0.010000000000000000'],
    [{ goalBonded: 0n }, 'goal bonded must be positive: 0.000000000000000000'],
    [{ goalBonded: dec('1.01') }, 'goal bonded too large: 1.010000000000000000'],
    [{ blocksPerYear: 0n }, 'blocks per year must be positive: 0'],
    [
      { inflationMax: dec('0.05') },
      'max inflation (0.050000000000000000) must be greater than or equal to min inflation (0.070000000000000000)',
    ],
  ]
  for (const [change, text] of bad) {
    it(`refuses: ${text}`, () => {
      expect(() => validateMintParams({ ...defaults(), ...change })).toThrow(text)
    })
  }
})
