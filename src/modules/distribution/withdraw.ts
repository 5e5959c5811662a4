import type { BlockContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import {
  decCoinsAdd,
  decCoinsEqual,
  decCoinsFromCoins,
  decCoinsIntersect,
  decCoinsIsZero,
  decCoinsSafeSub,
  decCoinsSub,
  decCoinsToString,
  decCoinsTruncateDecimal,
} from '../../codec/dec-coins.js'
import { ErrUnauthorized } from '../../errors.js'
import type { Delegation, Validator } from '../staking/status.js'
import { operatorOf } from '../staking/validators.js'
import {
  ErrBadDistribution,
  ErrEmptyDelegationDistInfo,
  ErrNoValidatorCommission,
  ErrSetWithdrawAddrDisabled,
} from './errors.js'
import { MODULE_NAME } from './keys.js'
import {
  calculateDelegationRewards,
  decrementReferenceCount,
  incrementValidatorPeriod,
} from './periods.js'
import type { DistributionRecords as DistributionKeeper } from './records.js'

// Payouts (upstream x/distribution/keeper/delegation.go, keeper.go, hooks.go): rewards and
// commission leave the distribution account as whole coins; every fraction left behind goes to the
// community pool or stays accrued.

/** The denom of a zero withdrawal (upstream: the registered base denom, else `stake`). */
const ZERO_DENOM = 'stake'

/**
 * Upstream withdrawDelegationRewards: closes the validator's period, pays the delegation's
 * rewards (whole coins, never more than is outstanding) to its withdraw address, sends the dust
 * to the community pool and forgets the delegation's starting info. Emits `withdraw_rewards`.
 */
export async function withdrawDelegationRewards(
  k: DistributionKeeper,
  ctx: BlockContext,
  val: Validator,
  del: Delegation,
  delegator: Bytes,
): Promise<Coin[]> {
  const operator = operatorOf(val)
  // Upstream checks with a `Has` here and reads the record again below (gas counts each access).
  if (!(await k.hasStartingInfo(ctx.state, operator, delegator))) {
    throw ErrEmptyDelegationDistInfo.error()
  }
  const ending = await incrementValidatorPeriod(k, ctx.state, operator, val)
  const height = BigInt(ctx.height)
  const raw = await calculateDelegationRewards(
    k,
    ctx.state,
    height,
    operator,
    delegator,
    val,
    del,
    ending,
  )
  const outstanding = await k.outstandingRewards(ctx.state, operator)
  // The last digits may exceed what is outstanding, by the order of the operations.
  const rewards = decCoinsIntersect(raw, outstanding)
  if (!decCoinsEqual(rewards, raw)) {
    ctx.logger.info(
      {
        delegator: addressToBech32(delegator),
        validator: val.operator_address,
        got: decCoinsToString(rewards),
        expected: decCoinsToString(raw),
      },
      'rounding error withdrawing rewards from validator',
    )
  }
  const [final, remainder] = decCoinsTruncateDecimal(rewards)
  if (final.length > 0) {
    const to = await k.withdrawAddress(ctx.state, delegator)
    await k.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, to, final)
  }
  k.setOutstandingRewards(ctx.state, operator, decCoinsSub(outstanding, rewards))
  k.setCommunityPool(ctx.state, decCoinsAdd(await k.communityPool(ctx.state), remainder))
  const starting = await k.startingInfo(ctx.state, operator, delegator)
  if (!starting) throw ErrEmptyDelegationDistInfo.error()
  await decrementReferenceCount(k, ctx.state, operator, starting.previousPeriod)
  k.removeStartingInfo(ctx.state, operator, delegator)
  const paid = final.length > 0 ? final : [{ denom: ZERO_DENOM, amount: 0n }]
  ctx.events.emit('withdraw_rewards', {
    amount: coinsToString(paid),
    validator: val.operator_address,
    delegator: addressToBech32(delegator),
  })
  return paid
}

/**
 * Upstream WithdrawValidatorCommission: the whole coins of the accumulated commission go to the
 * operator's withdraw address, the fraction stays accrued. Emits `withdraw_commission`.
 */
export async function withdrawValidatorCommission(
  k: DistributionKeeper,
  ctx: BlockContext,
  operator: Bytes,
): Promise<Coin[]> {
  const accumulated = await k.accumulatedCommission(ctx.state, operator)
  if (decCoinsIsZero(accumulated)) throw ErrNoValidatorCommission.error()
  const [commission, remainder] = decCoinsTruncateDecimal(accumulated)
  k.setAccumulatedCommission(ctx.state, operator, remainder)
  const outstanding = await k.outstandingRewards(ctx.state, operator)
  k.setOutstandingRewards(
    ctx.state,
    operator,
    decCoinsSub(outstanding, decCoinsFromCoins(commission)),
  )
  if (commission.length > 0) {
    const to = await k.withdrawAddress(ctx.state, operator)
    await k.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, to, commission)
  }
  ctx.events.emit('withdraw_commission', { amount: coinsToString(commission) })
  return commission
}

/**
 * Upstream's AfterValidatorRemoved hook: the commission is paid out (whole coins; the fraction to
 * the community pool), whatever else is outstanding joins the community pool, and the validator's
 * records go. The accesses follow upstream's order (gas counts each): the community pool is read
 * and written once for the commission's fraction, then again for the rest; each slash event and
 * period record is deleted as the iteration reaches it.
 */
export async function validatorRemoved(
  k: DistributionKeeper,
  ctx: BlockContext,
  operator: Bytes,
): Promise<void> {
  let outstanding = await k.outstandingRewards(ctx.state, operator)
  const commission = await k.accumulatedCommission(ctx.state, operator)
  if (!decCoinsIsZero(commission)) {
    outstanding = decCoinsSub(outstanding, commission)
    const [coins, remainder] = decCoinsTruncateDecimal(commission)
    k.setCommunityPool(ctx.state, decCoinsAdd(await k.communityPool(ctx.state), remainder))
    if (coins.length > 0) {
      const to = await k.withdrawAddress(ctx.state, operator)
      await k.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, to, coins)
    }
  }
  k.setCommunityPool(ctx.state, decCoinsAdd(await k.communityPool(ctx.state), outstanding))
  const store = ctx.state.store(MODULE_NAME)
  k.c.outstanding.remove(store, operator)
  k.c.commission.remove(store, operator)
  const prefix = k.c.outstanding.storeKey(operator).subarray(1)
  // A store iteration does not see the writes made during it, so deleting as it goes is safe.
  for (const map of [k.c.slashEvents, k.c.historical] as const) {
    for await (const [, , raw] of map.iterate(store, { prefix })) {
      store.delete(Uint8Array.of(...map.prefix, ...raw))
    }
  }
  k.c.current.remove(store, operator)
}

/** Upstream FundCommunityPool: the sender's coins join the community pool. */
export async function fundCommunityPool(
  k: DistributionKeeper,
  ctx: BlockContext,
  amount: readonly Coin[],
  sender: Bytes,
): Promise<void> {
  await k.bank.sendCoinsFromAccountToModule(ctx, sender, MODULE_NAME, amount)
  const pool = await k.communityPool(ctx.state)
  k.setCommunityPool(ctx.state, decCoinsAdd(pool, decCoinsFromCoins(amount)))
}

/** Upstream DistributeFromFeePool: coins leave the community pool for `recipient`. */
export async function distributeFromFeePool(
  k: DistributionKeeper,
  ctx: BlockContext,
  amount: readonly Coin[],
  recipient: Bytes,
): Promise<void> {
  const [pool, negative] = decCoinsSafeSub(
    await k.communityPool(ctx.state),
    decCoinsFromCoins(amount),
  )
  if (negative) throw ErrBadDistribution.error()
  await k.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, recipient, amount)
  k.setCommunityPool(ctx.state, pool)
}

/** Upstream SetWithdrawAddr: refused for a blocked address or when the params forbid it. */
export async function setWithdrawAddress(
  k: DistributionKeeper,
  ctx: BlockContext,
  delegator: Bytes,
  withdraw: Bytes,
): Promise<void> {
  if (k.bank.isBlocked(withdraw)) {
    throw ErrUnauthorized.wrap(
      `${addressToBech32(withdraw)} is not allowed to receive external funds`,
    )
  }
  if (!(await k.params(ctx.state)).withdrawAddrEnabled) throw ErrSetWithdrawAddrDisabled.error()
  ctx.events.emit('set_withdraw_address', { withdraw_address: addressToBech32(withdraw) })
  k.setWithdrawAddress(ctx.state, delegator, withdraw)
}
