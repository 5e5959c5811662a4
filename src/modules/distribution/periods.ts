import type { Bytes } from '../../codec/bytes.js'
import {
  type Dec,
  decFromAtomics,
  decFromInt,
  decMulTruncate,
  decToString,
} from '../../codec/dec.js'
import {
  type DecCoin,
  decCoinsAdd,
  decCoinsIsAnyNegative,
  decCoinsMulDecTruncate,
  decCoinsQuoDecTruncate,
  decCoinsSafeSub,
  decCoinsSub,
} from '../../codec/dec-coins.js'
import { ErrLogic } from '../../errors.js'
import type { Writable } from '../../store/types.js'
import { tokensFromShares, tokensFromSharesTruncated } from '../staking/shares.js'
import type { Delegation, Validator } from '../staking/status.js'
import type { DistributionRecords as DistributionKeeper } from './records.js'

// F1 periods (upstream x/distribution/keeper/validator.go and delegation.go): each validator's
// rewards per unit of stake accumulate period by period; a delegation remembers the period it
// started after and its stake, so its rewards are a difference of two cumulative ratios — no work
// per delegator when a block's rewards arrive.

const ONE = decFromInt(1n)

/** Tokens and shares of a validator record. */
export function exchangeRateOf(v: Validator) {
  return { tokens: BigInt(v.tokens || '0'), shares: decFromAtomics(v.delegator_shares) }
}

/** Upstream initializeValidator: period 0 referenced once, period 1 running, nothing owed. */
export function initializeValidator(k: DistributionKeeper, state: Writable, operator: Bytes): void {
  k.setHistoricalRewards(state, operator, 0n, { ratio: [], referenceCount: 1 })
  k.setCurrentRewards(state, operator, { rewards: [], period: 1n })
  k.setAccumulatedCommission(state, operator, [])
  k.setOutstandingRewards(state, operator, [])
}

/** Upstream incrementReferenceCount: a period may be referenced at most twice. */
export async function incrementReferenceCount(
  k: DistributionKeeper,
  state: Writable,
  operator: Bytes,
  period: bigint,
): Promise<void> {
  const h = (await k.historicalRewards(state, operator, period)) ?? { ratio: [], referenceCount: 0 }
  if (h.referenceCount + 1 > 2) throw ErrLogic.wrap('reference count should never exceed 2')
  k.setHistoricalRewards(state, operator, period, { ...h, referenceCount: h.referenceCount + 1 })
}

/** Upstream decrementReferenceCount: the record goes when nothing references it any more. */
export async function decrementReferenceCount(
  k: DistributionKeeper,
  state: Writable,
  operator: Bytes,
  period: bigint,
): Promise<void> {
  const h = await k.historicalRewards(state, operator, period)
  if (!h || h.referenceCount === 0) throw ErrLogic.wrap('cannot set negative reference count')
  if (h.referenceCount === 1) k.removeHistoricalRewards(state, operator, period)
  else
    k.setHistoricalRewards(state, operator, period, { ...h, referenceCount: h.referenceCount - 1 })
}

/**
 * Upstream IncrementValidatorPeriod: closes the running period (its rewards over the validator's
 * tokens join the cumulative ratio; with no tokens they go to the community pool) and opens the
 * next; returns the closed period.
 */
export async function incrementValidatorPeriod(
  k: DistributionKeeper,
  state: Writable,
  operator: Bytes,
  val: Validator,
): Promise<bigint> {
  const rewards = (await k.currentRewards(state, operator)) ?? { rewards: [], period: 0n }
  const tokens = exchangeRateOf(val).tokens
  let current: DecCoin[]
  if (tokens === 0n) {
    // No ratio for a validator without tokens: its running rewards go to the community pool.
    k.setCommunityPool(state, decCoinsAdd(await k.communityPool(state), rewards.rewards))
    const outstanding = await k.outstandingRewards(state, operator)
    k.setOutstandingRewards(state, operator, decCoinsSub(outstanding, rewards.rewards))
    current = []
  } else {
    current = decCoinsQuoDecTruncate(rewards.rewards, decFromInt(tokens))
  }
  const previous = rewards.period - 1n
  const historical = (await k.historicalRewards(state, operator, previous))?.ratio ?? []
  await decrementReferenceCount(k, state, operator, previous)
  k.setHistoricalRewards(state, operator, rewards.period, {
    ratio: decCoinsAdd(historical, current),
    referenceCount: 1,
  })
  k.setCurrentRewards(state, operator, { rewards: [], period: rewards.period + 1n })
  return rewards.period
}

/**
 * Upstream initializeDelegation: the delegation starts after the last closed period (referenced
 * once more), with its stake in tokens (truncated) and the height.
 */
export async function initializeDelegation(
  k: DistributionKeeper,
  state: Writable,
  height: bigint,
  operator: Bytes,
  delegator: Bytes,
): Promise<void> {
  const current = await k.currentRewards(state, operator)
  const previousPeriod = (current?.period ?? 0n) - 1n
  await incrementReferenceCount(k, state, operator, previousPeriod)
  const val = await k.staking.validator(state, operator)
  const del = await k.staking.delegation(state, delegator, operator)
  if (!val || !del) throw ErrLogic.wrap('delegation or validator not found')
  const stake = tokensFromSharesTruncated(exchangeRateOf(val), decFromAtomics(del.shares))
  k.setStartingInfo(state, operator, delegator, { previousPeriod, stake, height })
}

/** Upstream calculateDelegationRewardsBetween: (ratio[end] − ratio[start]) × stake, truncated. */
async function rewardsBetween(
  k: DistributionKeeper,
  state: Writable,
  operator: Bytes,
  start: bigint,
  end: bigint,
  stake: Dec,
): Promise<DecCoin[]> {
  if (start > end) throw ErrLogic.wrap('startingPeriod cannot be greater than endingPeriod')
  if (stake < 0n) throw ErrLogic.wrap('stake should not be negative')
  const starting = (await k.historicalRewards(state, operator, start))?.ratio ?? []
  const ending = (await k.historicalRewards(state, operator, end))?.ratio ?? []
  const [difference, negative] = decCoinsSafeSub(ending, starting)
  if (negative || decCoinsIsAnyNegative(difference)) {
    throw ErrLogic.wrap('negative rewards should not be possible')
  }
  return decCoinsMulDecTruncate(difference, stake)
}

/**
 * Upstream CalculateDelegationRewards up to `endingPeriod` at `height`: period by period, the
 * stake shrinking at each slash since the delegation started; nothing in its starting block.
 */
export async function calculateDelegationRewards(
  k: DistributionKeeper,
  state: Writable,
  height: bigint,
  operator: Bytes,
  delegator: Bytes,
  val: Validator,
  del: Delegation,
  endingPeriod: bigint,
): Promise<DecCoin[]> {
  const starting = await k.startingInfo(state, operator, delegator)
  if (!starting) throw ErrLogic.wrap('no delegator starting info')
  if (starting.height === height) return []
  let rewards: DecCoin[] = []
  let start = starting.previousPeriod
  let stake = starting.stake
  if (height > starting.height) {
    for await (const e of k.slashEventsBetween(state, operator, starting.height, height)) {
      if (e.validatorPeriod > start) {
        const r = await rewardsBetween(k, state, operator, start, e.validatorPeriod, stake)
        rewards = decCoinsAdd(rewards, r)
        stake = decMulTruncate(stake, ONE - e.fraction)
        start = e.validatorPeriod
      }
    }
  }
  // A slash's rounding may leave the stake a hair above the tokens the shares are worth now.
  const currentStake = tokensFromShares(exchangeRateOf(val), decFromAtomics(del.shares))
  if (stake > currentStake) {
    if (stake <= currentStake + 3n) stake = currentStake
    else {
      throw ErrLogic.wrap(
        `calculated final stake for delegator ${del.delegator_address} greater than current stake` +
          `\n\tfinal stake:\t${decToString(stake)}\n\tcurrent stake:\t${decToString(currentStake)}`,
      )
    }
  }
  return decCoinsAdd(rewards, await rewardsBetween(k, state, operator, start, endingPeriod, stake))
}

/**
 * Upstream updateValidatorSlashFraction (BeforeValidatorSlashed): the running period closes and
 * the slash is recorded at (height, that period), which it references.
 */
export async function updateValidatorSlashFraction(
  k: DistributionKeeper,
  state: Writable,
  height: bigint,
  operator: Bytes,
  fraction: Dec,
): Promise<void> {
  if (fraction > ONE || fraction < 0n) {
    throw ErrLogic.wrap(`fraction must be >=0 and <=1, current fraction: ${decToString(fraction)}`)
  }
  const val = await k.staking.validator(state, operator)
  if (!val) throw ErrLogic.wrap('validator not found')
  const period = await incrementValidatorPeriod(k, state, operator, val)
  await incrementReferenceCount(k, state, operator, period)
  k.setSlashEvent(state, operator, { height, period, validatorPeriod: period, fraction })
}
