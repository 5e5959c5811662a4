import { type Dec, decFromInt, decMul, decMulInt, decQuo, decTruncate } from '../../codec/dec.js'
import type { MintParams } from './params.js'

// The minter's arithmetic (upstream x/mint/types/minter.go), with LegacyDec's rounding: `Quo` and
// `Mul` round half to even, `QuoInt` and `TruncateInt` truncate.

/** The mint state: the current annual inflation rate and the provisions of the current year. */
export interface Minter {
  inflation: Dec
  annualProvisions: Dec
}

/** Upstream DefaultInitialMinter: 13% inflation, no provisions yet. */
export function defaultInitialMinter(): Minter {
  return { inflation: 130_000_000_000_000_000n, annualProvisions: 0n }
}

/**
 * Upstream NextInflationRate: inflation moves toward the rate that brings the bonded ratio to
 * `goal_bonded`, by at most `inflation_rate_change` a year spread over `blocks_per_year`, and
 * stays within [inflation_min, inflation_max].
 */
export function nextInflationRate(minter: Minter, params: MintParams, bondedRatio: Dec): Dec {
  const one = decFromInt(1n)
  const perYear = decMul(one - decQuo(bondedRatio, params.goalBonded), params.inflationRateChange)
  const change = decQuo(perYear, decFromInt(params.blocksPerYear))
  const inflation = minter.inflation + change
  if (inflation > params.inflationMax) return params.inflationMax
  if (inflation < params.inflationMin) return params.inflationMin
  return inflation
}

/** Upstream NextAnnualProvisions: the inflation times the staking token supply (exact). */
export function nextAnnualProvisions(minter: Minter, totalSupply: bigint): Dec {
  return decMulInt(minter.inflation, totalSupply)
}

/** Upstream BlockProvision: the annual provisions over `blocks_per_year`, truncated to an integer. */
export function blockProvision(minter: Minter, params: MintParams): bigint {
  // QuoInt truncates the scaled integer; TruncateInt then drops the fraction.
  return decTruncate(minter.annualProvisions / params.blocksPerYear)
}
