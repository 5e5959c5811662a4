import type { BlockContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import {
  type Dec,
  decFromAtomics,
  decToAtomics,
  decToString,
  decTruncate,
} from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit } from '../../codec/proto.js'
import { type TimeNs, timeToTimestamp } from '../../codec/time.js'
import type { StakingCore } from './core.js'
import {
  ErrDelegatorShareExRateInvalid,
  ErrMaxUnbondingDelegationEntries,
  ErrNoDelegatorForAddress,
  ErrNotEnoughDelegationShares,
  ErrNoUnbondingDelegation,
  ErrNoValidatorFound,
} from './errors.js'
import { BONDED_POOL_NAME, MODULE_NAME, NOT_BONDED_POOL_NAME, valoperPrefix } from './keys.js'
import { invalidExRate, tokensFromShares } from './shares.js'
import { BOND_STATUS_BONDED, BOND_STATUS_UNBONDED, type Validator } from './status.js'
import {
  addValidatorTokensAndShares,
  durationNs,
  isBonded,
  jailValidator,
  movePoolTokens,
  nextUnbondingId,
  operatorOf,
  rateOf,
  removeDelegation,
  removeValidator,
  removeValidatorTokensAndShares,
  setDelegation,
  timeKeyOf,
  timeOf,
} from './validators.js'

// Delegating and unbonding (upstream keeper/delegation.go): Delegate, Unbond, Undelegate, the
// unbonding delegation records with their queue, and CompleteUnbonding.

/** Unbonding type of an unbonding delegation in the unbonding-type index. */
const UNBONDING_TYPE_UBD = 1n

type UbdInit = ProtoInit<'sdk.staking.v1beta1.UnbondingDelegation'>
type UbdEntryInit = ProtoInit<'sdk.staking.v1beta1.UnbondingDelegationEntry'>

/**
 * Upstream Delegate: `amount` tokens join the validator for `delegator`. `tokenSrc` is the status
 * whose pool holds the tokens when they do not come from the account (a redelegation or a
 * cancelled unbonding); the pools move only when its bondedness differs from the validator's.
 * Returns the shares issued.
 */
export async function delegate(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  amount: bigint,
  tokenSrc: number,
  v: Validator,
  subtractAccount: boolean,
): Promise<Dec> {
  if (invalidExRate(rateOf(v))) throw ErrDelegatorShareExRateInvalid.error()
  const operator = operatorOf(v)
  const existing = await k.delegation(ctx.state, delegator, operator)
  if (existing) await k.hook('beforeDelegationSharesModified', ctx, delegator, operator)
  else await k.hook('beforeDelegationCreated', ctx, delegator, operator)
  if (subtractAccount) {
    const denom = await k.bondDenom(ctx.state)
    const pool = isBonded(v) ? BONDED_POOL_NAME : NOT_BONDED_POOL_NAME
    await k.bank.delegateCoinsFromAccountToModule(ctx, delegator, pool, [{ denom, amount }])
  } else if (tokenSrc === BOND_STATUS_BONDED && !isBonded(v)) {
    await movePoolTokens(k, ctx, false, amount)
  } else if (tokenSrc !== BOND_STATUS_BONDED && isBonded(v)) {
    await movePoolTokens(k, ctx, true, amount)
  }
  const issued = addValidatorTokensAndShares(k, ctx.state, v, amount)
  const shares = decFromAtomics(existing?.shares ?? '') + issued
  setDelegation(k, ctx.state, delegator, operator, {
    delegator_address: addressToBech32(delegator),
    validator_address: v.operator_address,
    shares: decToAtomics(shares),
  })
  await k.hook('afterDelegationModified', ctx, delegator, operator)
  return issued
}

/**
 * Upstream Unbond: `shares` leave the delegation; returns the tokens they take from the validator.
 * A self-delegation that falls under the validator's minimum self delegation jails it.
 */
export async function unbond(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  shares: Dec,
): Promise<bigint> {
  const d = await k.delegation(ctx.state, delegator, operator)
  if (!d) throw ErrNoDelegatorForAddress.error()
  await k.hook('beforeDelegationSharesModified', ctx, delegator, operator)
  const held = decFromAtomics(d.shares)
  if (held < shares) throw ErrNotEnoughDelegationShares.wrap(decToString(held))
  let v = await k.validator(ctx.state, operator)
  if (!v) throw ErrNoValidatorFound.error()
  const remaining = held - shares
  if (equalBytes(delegator, operator) && !v.jailed) {
    const left = decTruncate(tokensFromShares(rateOf(v), remaining))
    if (left < BigInt(v.min_self_delegation || '0')) {
      await jailValidator(k, ctx, v)
      v = (await k.validator(ctx.state, operator))!
    }
  }
  if (remaining === 0n) {
    await removeDelegation(k, ctx, delegator, operator)
  } else {
    setDelegation(k, ctx.state, delegator, operator, { ...d, shares: decToAtomics(remaining) })
    await k.hook('afterDelegationModified', ctx, delegator, operator)
  }
  const amount = removeValidatorTokensAndShares(k, ctx.state, v, shares)
  if (rateOf(v).shares === 0n && v.status === BOND_STATUS_UNBONDED) {
    await removeValidator(k, ctx, operator)
  }
  return amount
}

/** Upstream Undelegate: unbonds `shares` and queues the tokens' return at block time + unbonding time. */
export async function undelegate(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  shares: Dec,
): Promise<{ completionTime: TimeNs; amount: bigint }> {
  const v = await k.validator(ctx.state, operator)
  if (!v) throw ErrNoValidatorFound.error()
  const params = await k.params(ctx.state)
  const store = ctx.state.store(MODULE_NAME)
  const ubd = await k.c.unbondingDelegations.get(store, [delegator, operator])
  if (ubd && ubd.entries.length >= params.max_entries) {
    throw ErrMaxUnbondingDelegationEntries.error()
  }
  const amount = await unbond(k, ctx, delegator, operator, shares)
  if (isBonded(v)) await movePoolTokens(k, ctx, false, amount)
  const completionTime = ctx.time + durationNs(params.unbonding_time)
  await setUnbondingDelegationEntry(k, ctx, delegator, operator, completionTime, amount)
  await insertUbdQueue(k, ctx, delegator, operator, completionTime)
  return { completionTime, amount }
}

/**
 * Upstream SetUnbondingDelegationEntry: an entry at this height and completion time grows (the id
 * is taken anyway); otherwise a new entry gets its id indexes and hook AfterUnbondingInitiated.
 */
export async function setUnbondingDelegationEntry(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  completionTime: TimeNs,
  balance: bigint,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const id = await nextUnbondingId(k, ctx.state)
  const old = await k.c.unbondingDelegations.get(store, [delegator, operator])
  const entries: UbdEntryInit[] = old ? [...old.entries] : []
  const height = BigInt(ctx.height)
  const merged = entries.findIndex(
    (e) => int64Of(e.creation_height) === height && timeOf(e.completion_time) === completionTime,
  )
  if (merged >= 0) {
    const e = entries[merged]!
    entries[merged] = {
      ...e,
      balance: (BigInt(e.balance || '0') + balance).toString(),
      initial_balance: (BigInt(e.initial_balance || '0') + balance).toString(),
    }
  } else {
    entries.push({
      creation_height: height,
      completion_time: timeToTimestamp(completionTime),
      initial_balance: balance.toString(),
      balance: balance.toString(),
      unbonding_id: id,
      unbonding_on_hold_ref_count: 0n,
    })
  }
  setUbd(k, ctx, delegator, operator, {
    delegator_address: addressToBech32(delegator),
    validator_address: addressToBech32(operator, valoperPrefix()),
    entries,
  })
  if (merged < 0) {
    k.c.unbondingIndex.set(store, id, k.c.unbondingDelegations.storeKey([delegator, operator]))
    k.c.unbondingType.set(store, id, UNBONDING_TYPE_UBD)
    await k.hook('afterUnbondingInitiated', ctx, id)
  }
}

/** Upstream SetUnbondingDelegation: the record and its by-validator index. */
export function setUbd(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  ubd: UbdInit,
): void {
  const store = ctx.state.store(MODULE_NAME)
  k.c.unbondingDelegations.set(store, [delegator, operator], ubd)
  k.c.unbondingDelegationsByValidator.set(store, [operator, delegator], true)
}

/** Upstream RemoveUnbondingDelegation. */
export function removeUbd(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
): void {
  const store = ctx.state.store(MODULE_NAME)
  k.c.unbondingDelegations.remove(store, [delegator, operator])
  k.c.unbondingDelegationsByValidator.remove(store, [operator, delegator])
}

/** Upstream InsertUBDQueue: the pair joins the slice of its completion time. */
export async function insertUbdQueue(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  completionTime: TimeNs,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const key = timeKeyOf(completionTime)
  const slice = await k.c.unbondingQueue.get(store, key)
  const pairs = [...(slice?.pairs ?? [])]
  pairs.push({
    delegator_address: addressToBech32(delegator),
    validator_address: addressToBech32(operator, valoperPrefix()),
  })
  k.c.unbondingQueue.set(store, key, { pairs })
}

/**
 * Upstream CompleteUnbonding: every matured entry leaves the record and its tokens go back to the
 * delegator from the not-bonded pool. Returns the coins returned.
 */
export async function completeUnbonding(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
): Promise<Coin[]> {
  const store = ctx.state.store(MODULE_NAME)
  const ubd = await k.c.unbondingDelegations.get(store, [delegator, operator])
  if (!ubd) throw ErrNoUnbondingDelegation.error()
  const denom = await k.bondDenom(ctx.state)
  let returned = 0n
  const left: UbdEntryInit[] = []
  for (const e of ubd.entries) {
    const mature = timeOf(e.completion_time) <= ctx.time
    if (!mature || int64Of(e.unbonding_on_hold_ref_count) > 0n) {
      left.push(e)
      continue
    }
    k.c.unbondingIndex.remove(store, int64Of(e.unbonding_id))
    const balance = BigInt(e.balance || '0')
    if (balance !== 0n) {
      const coins = [{ denom, amount: balance }]
      await k.bank.undelegateCoinsFromModuleToAccount(ctx, NOT_BONDED_POOL_NAME, delegator, coins)
      returned += balance
    }
  }
  if (left.length === 0) removeUbd(k, ctx, delegator, operator)
  else setUbd(k, ctx, delegator, operator, { ...ubd, entries: left })
  return returned === 0n ? [] : [{ denom, amount: returned }]
}
