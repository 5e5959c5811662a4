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
import { eachNow, thenNow } from '../../store/value-now.js'
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
export function allocateTokensToValidator(
  k: DistributionKeeper,
  ctx: BlockContext,
  val: Validator,
  tokens: readonly DecCoin[],
): void | Promise<void> {
  // Each read, in upstream's order, answered at once when memory has it (every block, every voter).
  const { state } = ctx
  const operator = operatorOf(val)
  const commission = decCoinsMulDec(tokens, commissionRateOf(val))
  const shared = decCoinsSub(tokens, commission)
  ctx.events.emit('commission', {
    amount: decCoinsToString(commission),
    validator: val.operator_address,
  })
  return thenNow(k.accumulatedCommission(state, operator), (accumulated) => {
    k.setAccumulatedCommission(state, operator, decCoinsAdd(accumulated, commission))
    return thenNow(k.currentRewards(state, operator), (stored) => {
      const current = stored ?? { rewards: [], period: 0n }
      k.setCurrentRewards(state, operator, {
        rewards: decCoinsAdd(current.rewards, shared),
        period: current.period,
      })
      ctx.events.emit('rewards', {
        amount: decCoinsToString(tokens),
        validator: val.operator_address,
      })
      return thenNow(k.outstandingRewards(state, operator), (outstanding) => {
        k.setOutstandingRewards(state, operator, decCoinsAdd(outstanding, tokens))
      })
    })
  })
}

/**
 * Upstream AllocateTokens: everything the fee collector holds moves to the distribution account;
 * each voter of the last commit gets its power's share (truncated) of the fees less the community
 * tax; the rest (the tax and every truncation's dust) joins the community pool.
 */
export function allocateTokens(
  k: DistributionKeeper,
  ctx: BlockContext,
  totalPreviousPower: bigint,
  votes: readonly VoteInfo[],
): void | Promise<void> {
  // Each step at once when memory answers its reads (every block runs it), in upstream's order.
  const { state } = ctx
  return thenNow(k.bank.balances(state, k.bank.moduleAddress(FEE_COLLECTOR_NAME)), (feesInt) => {
    const fees = decCoinsFromCoins(feesInt)
    const sent = k.bank.sendCoinsFromModuleToModule(ctx, FEE_COLLECTOR_NAME, MODULE_NAME, feesInt)
    return thenNow(sent, () =>
      thenNow(k.communityPool(state), (pool) => {
        if (totalPreviousPower === 0n) {
          k.setCommunityPool(state, decCoinsAdd(pool, fees))
          return
        }
        return thenNow(k.params(state), ({ communityTax }) => {
          const feeMultiplier = decCoinsMulDecTruncate(fees, decFromInt(1n) - communityTax)
          let remaining = fees
          const toVoter = (vote: VoteInfo): void | Promise<void> =>
            thenNow(k.staking.validatorByConsAddr(state, vote.address), (val) => {
              // A signer x/staking does not know (a chain started without gentxs, whose consensus
              // validator is the node's own key) cannot hold rewards: its share stays in
              // `remaining`, for the community pool. simd cannot meet this case (its validator set
              // is x/staking's), where it is an error.
              if (!val) return
              const fraction = decQuoTruncate(
                decFromInt(vote.power),
                decFromInt(totalPreviousPower),
              )
              const reward = decCoinsMulDecTruncate(feeMultiplier, fraction)
              remaining = decCoinsSub(remaining, reward)
              return allocateTokensToValidator(k, ctx, val, reward)
            })
          return thenNow(eachNow(votes, toVoter), () => {
            k.setCommunityPool(state, decCoinsAdd(pool, remaining))
          })
        })
      }),
    )
  })
}
