import { type Dec, decFromInt, decToString } from '../../codec/dec.js'
import type { ProtoInit } from '../../codec/proto.js'
import { UndefinedCodeError } from '../../errors.js'

/** Default params (upstream DefaultParams), in their stored form: LegacyDecs as scaled integers. */
export function defaultDistributionParams(): ProtoInit<'sdk.distribution.v1beta1.Params'> {
  return {
    community_tax: (2n * 10n ** 16n).toString(),
    base_proposer_reward: '0',
    bonus_proposer_reward: '0',
    withdraw_addr_enabled: true,
  }
}

/** Default params in genesis JSON form, as simd writes them. */
export function defaultDistributionParamsJson() {
  return {
    community_tax: '0.020000000000000000',
    base_proposer_reward: '0.000000000000000000',
    bonus_proposer_reward: '0.000000000000000000',
    withdraw_addr_enabled: true,
  }
}

/** The params with their decimals read. */
export interface DistributionParams {
  communityTax: Dec
  baseProposerReward: Dec
  bonusProposerReward: Dec
  withdrawAddrEnabled: boolean
}

const decOf = (v: string | null | undefined): Dec => (v ? BigInt(v) : 0n)

export function readParams(p: ProtoInit<'sdk.distribution.v1beta1.Params'>): DistributionParams {
  return {
    communityTax: decOf(p.community_tax),
    baseProposerReward: decOf(p.base_proposer_reward),
    bonusProposerReward: decOf(p.bonus_proposer_reward),
    withdrawAddrEnabled: p.withdraw_addr_enabled ?? false,
  }
}

/**
 * Upstream Params.ValidateBasic (only the community tax is checked): a plain error, so a tx that
 * fails it gets code 1.
 */
export function validateParams(p: DistributionParams): void {
  const tax = p.communityTax
  if (tax < 0n) throw new UndefinedCodeError(`community tax must be positive: ${decToString(tax)}`)
  if (tax > decFromInt(1n)) {
    throw new UndefinedCodeError(`community tax too large: ${decToString(tax)}`)
  }
}
