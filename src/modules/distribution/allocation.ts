import type { BlockContext, VoteInfo } from '../../app/types.js'
import { type Dec, decFromAtomics, decFromInt, decQuoTruncate } from '../../codec/dec.js'
import {
  type DecCoin,
  decCoinsAdd,
  decCoinsFromCoins,
  decCoinsMulDec,
  decCoinsMulDecTruncate,
  decCoinsSub,
  decCoinsToString,
} from '../../codec/dec-coins.js'
import type { Validator } from '../staking/status.js'
import { operatorOf } from '../staking/validators.js'
import { FEE_COLLECTOR_NAME, MODULE_NAME } from './keys.js'
import type { DistributionRecords as DistributionKeeper } from './records.js'

// Upstream x/distribution/keeper/allocation.go. v0.50 has no proposer reward: the block's fees
// and provision go pro rata to every validator of the last commit, signed or not, after the
// community tax.

/** The validator's commission rate (its stored LegacyDec). */
export function commissionRateOf(v: Validator): Dec {
  return decFromAtomics(v.commission?.commission_rates?.rate ?? '')
}

/**
 * Upstream AllocateTokensToValidator: the commission (banker's rounding) accrues to the operator,
 * the rest to the running period; the whole amount is outstanding. Emits `commission` and
 * `rewards` (either may carry an empty amount).
 */
export async function allocateTokensToValidator(
  k: DistributionKeeper,
  ctx: BlockContext,
  val: Validator,
  tokens: readonly DecCoin[],
): Promise<void> {
  const operator = operatorOf(val)
  const commission = decCoinsMulDec(tokens, commissionRateOf(val))
  const shared = decCoinsSub(tokens, commission)
  ctx.events.emit('commission', {
    amount: decCoinsToString(commission),
    validator: val.operator_address,
  })
  const accumulated = await k.accumulatedCommission(ctx.state, operator)
  k.setAccumulatedCommission(ctx.state, operator, decCoinsAdd(accumulated, commission))
  const current = (await k.currentRewards(ctx.state, operator)) ?? { rewards: [], period: 0n }
  k.setCurrentRewards(ctx.state, operator, {
    rewards: decCoinsAdd(current.rewards, shared),
    period: current.period,
  })
  ctx.events.emit('rewards', { amount: decCoinsToString(tokens), validator: val.operator_address })
  const outstanding = await k.outstandingRewards(ctx.state, operator)
  k.setOutstandingRewards(ctx.state, operator, decCoinsAdd(outstanding, tokens))
}

/**
 * Upstream AllocateTokens: everything the fee collector holds moves to the distribution account;
 * each voter of the last commit gets its power's share (truncated) of the fees less the community
 * tax; the rest (the tax and every truncation's dust) joins the community pool.
 */
export async function allocateTokens(
  k: DistributionKeeper,
  ctx: BlockContext,
  totalPreviousPower: bigint,
  votes: readonly VoteInfo[],
): Promise<void> {
  const feesInt = await k.bank.balances(ctx.state, k.bank.moduleAddress(FEE_COLLECTOR_NAME))
  const fees = decCoinsFromCoins(feesInt)
  await k.bank.sendCoinsFromModuleToModule(ctx, FEE_COLLECTOR_NAME, MODULE_NAME, feesInt)
  const pool = await k.communityPool(ctx.state)
  if (totalPreviousPower === 0n) {
    k.setCommunityPool(ctx.state, decCoinsAdd(pool, fees))
    return
  }
  const { communityTax } = await k.params(ctx.state)
  const feeMultiplier = decCoinsMulDecTruncate(fees, decFromInt(1n) - communityTax)
  let remaining = fees
  for (const vote of votes) {
    const val = await k.staking.validatorByConsAddr(ctx.state, vote.address)
    // A signer x/staking does not know (a chain started without gentxs, whose consensus validator
    // is the node's own key) cannot hold rewards: its share stays in `remaining`, for the community
    // pool. simd cannot meet this case (its validator set is x/staking's), where it is an error.
    if (!val) continue
    const fraction = decQuoTruncate(decFromInt(vote.power), decFromInt(totalPreviousPower))
    const reward = decCoinsMulDecTruncate(feeMultiplier, fraction)
    await allocateTokensToValidator(k, ctx, val, reward)
    remaining = decCoinsSub(remaining, reward)
  }
  k.setCommunityPool(ctx.state, decCoinsAdd(pool, remaining))
}
