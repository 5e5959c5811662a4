import { fromUtf8 } from '../../codec/bytes.js'
import { validateDenom } from '../../codec/coins.js'
import { type Dec, decFromInt, decToString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit } from '../../codec/proto.js'
import { UndefinedCodeError } from '../../errors.js'

/** Default mint params (upstream DefaultParams, as simd writes them), in genesis JSON form. */
export function defaultMintParams(mintDenom = 'stake') {
  return {
    mint_denom: mintDenom,
    inflation_rate_change: '0.130000000000000000',
    inflation_max: '0.200000000000000000',
    inflation_min: '0.070000000000000000',
    goal_bonded: '0.670000000000000000',
    // 60 · 60 · 8766 / 5: a year of five-second blocks.
    blocks_per_year: '6311520',
  }
}

/** The params with their decimals read. */
export interface MintParams {
  mintDenom: string
  inflationRateChange: Dec
  inflationMax: Dec
  inflationMin: Dec
  goalBonded: Dec
  blocksPerYear: bigint
}

/** A LegacyDec field's stored value (its scaled integer as text; empty is zero). */
export function decOf(v: Uint8Array | string | null | undefined): Dec {
  const text = v instanceof Uint8Array ? fromUtf8(v) : (v ?? '')
  return text === '' ? 0n : BigInt(text)
}

/** Reads stored or decoded params. */
export function readMintParams(p: ProtoInit<'sdk.mint.v1beta1.Params'>): MintParams {
  return {
    mintDenom: p.mint_denom ?? '',
    inflationRateChange: decOf(p.inflation_rate_change),
    inflationMax: decOf(p.inflation_max),
    inflationMin: decOf(p.inflation_min),
    goalBonded: decOf(p.goal_bonded),
    blocksPerYear: int64Of(p.blocks_per_year),
  }
}

function invalid(message: string): never {
  // Upstream's params checks return plain errors: code 1 in a transaction.
  throw new UndefinedCodeError(message)
}

function checkRate(d: Dec, what: string): void {
  if (d < 0n) invalid(`${what} cannot be negative: ${decToString(d)}`)
  if (d > decFromInt(1n)) invalid(`${what} too large: ${decToString(d)}`)
}

/** Upstream Params.Validate, in its order and with its texts. */
export function validateMintParams(p: MintParams): void {
  if (p.mintDenom.trim() === '') invalid('mint denom cannot be blank')
  try {
    validateDenom(p.mintDenom)
  } catch (err) {
    invalid((err as Error).message)
  }
  checkRate(p.inflationRateChange, 'inflation rate change')
  checkRate(p.inflationMax, 'max inflation')
  checkRate(p.inflationMin, 'min inflation')
  if (p.goalBonded <= 0n) invalid(`goal bonded must be positive: ${decToString(p.goalBonded)}`)
  if (p.goalBonded > decFromInt(1n)) invalid(`goal bonded too large: ${decToString(p.goalBonded)}`)
  if (p.blocksPerYear <= 0n) invalid(`blocks per year must be positive: ${p.blocksPerYear}`)
  if (p.inflationMax < p.inflationMin) {
    invalid(
      `max inflation (${decToString(p.inflationMax)}) must be greater than or equal to min inflation (${decToString(p.inflationMin)})`,
    )
  }
}
