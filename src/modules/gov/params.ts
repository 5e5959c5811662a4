import { bech32ToAddress } from '../../codec/address.js'
import { type Coin, coinsFromProto, coinsText, coinsToString, isAllGTE } from '../../codec/coins.js'
import { type Dec, decFromInt, decFromString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import { ErrInvalidRequest } from '../../errors.js'

/** Default gov v1 params in genesis JSON form (upstream x/gov/types/v1/params.go, bond denom stake). */
export function defaultGovParams(bondDenom = 'stake') {
  return {
    min_deposit: [{ denom: bondDenom, amount: '10000000' }],
    max_deposit_period: '172800s',
    voting_period: '172800s',
    quorum: '0.334000000000000000',
    threshold: '0.500000000000000000',
    veto_threshold: '0.334000000000000000',
    min_initial_deposit_ratio: '0.000000000000000000',
    proposal_cancel_ratio: '0.500000000000000000',
    proposal_cancel_dest: '',
    expedited_voting_period: '86400s',
    expedited_threshold: '0.667000000000000000',
    expedited_min_deposit: [{ denom: bondDenom, amount: '50000000' }],
    burn_vote_quorum: false,
    burn_proposal_deposit_prevote: false,
    burn_vote_veto: true,
    min_deposit_ratio: '0.010000000000000000',
  }
}

/** Gov params in the units the keeper computes with (durations in ns, ratios as Dec). */
export interface GovParams {
  minDeposit: Coin[]
  maxDepositPeriod: bigint
  votingPeriod: bigint
  quorum: Dec
  threshold: Dec
  vetoThreshold: Dec
  minInitialDepositRatio: Dec
  proposalCancelRatio: Dec
  proposalCancelDest: string
  expeditedVotingPeriod: bigint
  expeditedThreshold: Dec
  expeditedMinDeposit: Coin[]
  burnVoteQuorum: boolean
  burnProposalDepositPrevote: boolean
  burnVoteVeto: boolean
  minDepositRatio: Dec
}

/**
 * The v1 Params answer: the params, and the group the request named (v1beta1 shows only that
 * group, converted).
 */
export interface GovParamsAnswer {
  params: Proto<'sdk.gov.v1.Params'>
  voting_params?: Proto<'sdk.gov.v1.VotingParams'>
  deposit_params?: Proto<'sdk.gov.v1.DepositParams'>
  tally_params?: Proto<'sdk.gov.v1.TallyParams'>
}

/** A protobuf Duration in ns (absent → undefined). */
export function durationNs(d: Proto<'google.protobuf.Duration'> | null): bigint | undefined {
  if (!d) return undefined
  return int64Of(d.seconds) * 1_000_000_000n + BigInt(d.nanos)
}

function invalid(message: string): never {
  throw ErrInvalidRequest.wrap(message)
}

function dec(text: string, what: string): Dec {
  try {
    return decFromString(text)
  } catch (err) {
    return invalid(`invalid ${what} string: ${(err as Error).message}`)
  }
}

function coins(list: readonly Proto<'sdk.base.v1beta1.Coin'>[], what: string): Coin[] {
  let parsed: Coin[] | undefined
  try {
    parsed = coinsFromProto(list)
  } catch {
    parsed = undefined
  }
  if (parsed && parsed.length > 0 && parsed.every((c) => c.amount > 0n)) return parsed
  return invalid(`invalid ${what}: ${coinsText(list)}`)
}

const ONE = decFromInt(1n)

/**
 * Reads and checks params (upstream Params.ValidateBasic, in its order and with its texts); errors
 * are ErrInvalidRequest wrapping the upstream message.
 */
export function readGovParams(p: Proto<'sdk.gov.v1.Params'>): GovParams {
  const minDeposit = coins(p.min_deposit, 'minimum deposit')
  const expeditedMinDeposit = coins(p.expedited_min_deposit, 'expedited minimum deposit')
  if (isAllGTE(minDeposit, expeditedMinDeposit)) {
    invalid(
      `expedited minimum deposit must be greater than minimum deposit: ${coinsToString(expeditedMinDeposit)}`,
    )
  }
  const maxDepositPeriod = durationNs(p.max_deposit_period)
  if (maxDepositPeriod === undefined) invalid('maximum deposit period must not be nil')
  if (maxDepositPeriod! <= 0n) invalid('maximum deposit period must be positive')
  const quorum = dec(p.quorum, 'quorum')
  if (quorum < 0n) invalid(`quorom cannot be negative: ${p.quorum}`)
  if (quorum > ONE) invalid(`quorom too large: ${p.quorum}`)
  const threshold = dec(p.threshold, 'threshold')
  if (threshold <= 0n) invalid(`vote threshold must be positive: ${p.threshold}`)
  if (threshold > ONE) invalid(`vote threshold too large: ${p.threshold}`)
  const expeditedThreshold = dec(p.expedited_threshold, 'expedited threshold')
  if (expeditedThreshold <= 0n)
    invalid(`expedited vote threshold must be positive: ${p.expedited_threshold}`)
  if (expeditedThreshold > ONE)
    invalid(`expedited vote threshold too large: ${p.expedited_threshold}`)
  if (expeditedThreshold <= threshold) {
    invalid(
      `expedited vote threshold ${p.expedited_threshold}, must be greater than the regular threshold ${p.threshold}`,
    )
  }
  const vetoThreshold = dec(p.veto_threshold, 'vetoThreshold')
  if (vetoThreshold <= 0n) invalid(`veto threshold must be positive: ${p.veto_threshold}`)
  if (vetoThreshold > ONE) invalid(`veto threshold too large: ${p.veto_threshold}`)
  const votingPeriod = durationNs(p.voting_period)
  if (votingPeriod === undefined) invalid('voting period must not be nil')
  if (votingPeriod! <= 0n) invalid('voting period must be positive')
  const expeditedVotingPeriod = durationNs(p.expedited_voting_period)
  if (expeditedVotingPeriod === undefined) invalid('expedited voting period must not be nil')
  if (expeditedVotingPeriod! <= 0n) invalid('expedited voting period must be positive')
  if (expeditedVotingPeriod! >= votingPeriod!) {
    invalid('expedited voting period must be strictly less that the regular voting period')
  }
  const minInitialDepositRatio = dec(p.min_initial_deposit_ratio, 'minimum initial deposit ratio')
  if (minInitialDepositRatio < 0n)
    invalid(
      `mininum initial deposit ratio of proposal must be positive: ${p.min_initial_deposit_ratio}`,
    )
  if (minInitialDepositRatio > ONE)
    invalid(
      `mininum initial deposit ratio of proposal is too large: ${p.min_initial_deposit_ratio}`,
    )
  const proposalCancelRatio = dec(p.proposal_cancel_ratio, 'burn rate of cancel proposal')
  if (proposalCancelRatio < 0n)
    invalid(`burn rate of cancel proposal must be positive: ${p.proposal_cancel_ratio}`)
  if (proposalCancelRatio > ONE)
    invalid(`burn rate of cancel proposal is too large: ${p.proposal_cancel_ratio}`)
  const proposalCancelDest = p.proposal_cancel_dest
  if (proposalCancelDest !== '') {
    try {
      bech32ToAddress(proposalCancelDest)
    } catch (err) {
      invalid(`deposits destination address is invalid: ${(err as Error).message}`)
    }
  }
  const minDepositRatio = dec(p.min_deposit_ratio, 'minimum deposit ratio')
  if (minDepositRatio < 0n)
    invalid(`minimum deposit ratio must be positive: ${p.min_deposit_ratio}`)
  if (minDepositRatio > ONE) invalid(`minimum deposit ratio is too large: ${p.min_deposit_ratio}`)
  return {
    minDeposit,
    maxDepositPeriod: maxDepositPeriod!,
    votingPeriod: votingPeriod!,
    quorum,
    threshold,
    vetoThreshold,
    minInitialDepositRatio,
    proposalCancelRatio,
    proposalCancelDest,
    expeditedVotingPeriod: expeditedVotingPeriod!,
    expeditedThreshold,
    expeditedMinDeposit,
    burnVoteQuorum: p.burn_vote_quorum,
    burnProposalDepositPrevote: p.burn_proposal_deposit_prevote,
    burnVoteVeto: p.burn_vote_veto,
    minDepositRatio,
  }
}
