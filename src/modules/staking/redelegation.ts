import type { BlockContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import { type Dec, decToAtomics } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit } from '../../codec/proto.js'
import { type TimeNs, timeToTimestamp } from '../../codec/time.js'
import type { StakingCore } from './core.js'
import { delegate, unbond } from './delegation.js'
import {
  ErrBadRedelegationDst,
  ErrBadRedelegationSrc,
  ErrMaxRedelegationEntries,
  ErrNoRedelegation,
  ErrSelfRedelegation,
  ErrTinyRedelegationAmount,
  ErrTransitiveRedelegation,
} from './errors.js'
import { MODULE_NAME, valoperPrefix } from './keys.js'
import { BOND_STATUS_BONDED, BOND_STATUS_UNBONDING } from './status.js'
import { durationNs, nextUnbondingId, timeKeyOf, timeOf } from './validators.js'

// Redelegation (upstream keeper/delegation.go BeginRedelegation, CompleteRedelegation and the
// redelegation queue).

/** Unbonding type of a redelegation in the unbonding-type index. */
const UNBONDING_TYPE_RED = 2n

/** Go's zero time (`0001-01-01T00:00:00Z`): the completion time of a redelegation done at once. */
export const ZERO_TIME: TimeNs = -62135596800n * 1_000_000_000n

type RedEntryInit = ProtoInit<'sdk.staking.v1beta1.RedelegationEntry'>

const valoper = (b: Bytes) => addressToBech32(b, valoperPrefix())

/** Whether `delegator` has a redelegation into `operator` still maturing (upstream HasReceivingRedelegation). */
async function hasReceivingRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
): Promise<boolean> {
  const m = k.c.redelegationsByDestination
  const key = m.storeKey([operator, delegator, new Uint8Array(0)])
  const prefix = key.subarray(m.prefix.length, key.length - 1)
  for await (const _ of m.iterate(ctx.state.store(MODULE_NAME), { prefix })) return true
  return false
}

/**
 * Upstream BeginRedelegation: `shares` move from `src` to `dst`; the tokens stay slashable for src's
 * infractions until the completion time. Returns the completion time (Go's zero time when src is
 * Unbonded: nothing is recorded).
 */
export async function beginRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  src: Bytes,
  dst: Bytes,
  shares: Dec,
): Promise<TimeNs> {
  if (equalBytes(src, dst)) throw ErrSelfRedelegation.error()
  const dstVal = await k.validator(ctx.state, dst)
  if (!dstVal) throw ErrBadRedelegationDst.error()
  const srcVal = await k.validator(ctx.state, src)
  if (!srcVal) throw ErrBadRedelegationSrc.error()
  if (await hasReceivingRedelegation(k, ctx, delegator, src)) {
    throw ErrTransitiveRedelegation.error()
  }
  const params = await k.params(ctx.state)
  const store = ctx.state.store(MODULE_NAME)
  const old = await k.c.redelegations.get(store, [delegator, src, dst])
  if (old && old.entries.length >= params.max_entries) throw ErrMaxRedelegationEntries.error()
  const amount = await unbond(k, ctx, delegator, src, shares)
  if (amount === 0n) throw ErrTinyRedelegationAmount.error()
  const sharesDst = await delegate(k, ctx, delegator, amount, srcVal.status, dstVal, false)
  let completion: TimeNs
  let height: bigint
  if (srcVal.status === BOND_STATUS_BONDED) {
    completion = ctx.time + durationNs(params.unbonding_time)
    height = BigInt(ctx.height)
  } else if (srcVal.status === BOND_STATUS_UNBONDING) {
    completion = timeOf(srcVal.unbonding_time)
    height = int64Of(srcVal.unbonding_height)
  } else {
    return ZERO_TIME
  }
  const id = await nextUnbondingId(k, ctx.state)
  const entries: RedEntryInit[] = [...(old?.entries ?? [])]
  entries.push({
    creation_height: height,
    completion_time: timeToTimestamp(completion),
    initial_balance: amount.toString(),
    shares_dst: decToAtomics(sharesDst),
    unbonding_id: id,
    unbonding_on_hold_ref_count: 0n,
  })
  setRedelegation(k, ctx, delegator, src, dst, entries)
  k.c.unbondingIndex.set(store, id, k.c.redelegations.storeKey([delegator, src, dst]))
  k.c.unbondingType.set(store, id, UNBONDING_TYPE_RED)
  await k.hook('afterUnbondingInitiated', ctx, id)
  const key = timeKeyOf(completion)
  const slice = await k.c.redelegationQueue.get(store, key)
  const triplets = [...(slice?.triplets ?? [])]
  triplets.push({
    delegator_address: addressToBech32(delegator),
    validator_src_address: valoper(src),
    validator_dst_address: valoper(dst),
  })
  k.c.redelegationQueue.set(store, key, { triplets })
  return completion
}

/** Upstream SetRedelegation: the record and its two indexes. */
function setRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  src: Bytes,
  dst: Bytes,
  entries: RedEntryInit[],
): void {
  const store = ctx.state.store(MODULE_NAME)
  k.c.redelegations.set(store, [delegator, src, dst], {
    delegator_address: addressToBech32(delegator),
    validator_src_address: valoper(src),
    validator_dst_address: valoper(dst),
    entries,
  })
  k.c.redelegationsBySource.set(store, [src, delegator, dst], true)
  k.c.redelegationsByDestination.set(store, [dst, delegator, src], true)
}

/**
 * Upstream CompleteRedelegation: the matured entries leave the record (nothing moves: the tokens
 * are at the destination already). Returns the sum of their initial balances.
 */
export async function completeRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  src: Bytes,
  dst: Bytes,
): Promise<Coin[]> {
  const store = ctx.state.store(MODULE_NAME)
  const red = await k.c.redelegations.get(store, [delegator, src, dst])
  if (!red) throw ErrNoRedelegation.error()
  const denom = await k.bondDenom(ctx.state)
  let total = 0n
  const left: RedEntryInit[] = []
  for (const e of red.entries) {
    const mature = timeOf(e.completion_time) <= ctx.time
    if (!mature || int64Of(e.unbonding_on_hold_ref_count) > 0n) {
      left.push(e)
      continue
    }
    k.c.unbondingIndex.remove(store, int64Of(e.unbonding_id))
    total += BigInt(e.initial_balance || '0')
  }
  if (left.length > 0) setRedelegation(k, ctx, delegator, src, dst, left)
  else {
    k.c.redelegations.remove(store, [delegator, src, dst])
    k.c.redelegationsBySource.remove(store, [src, delegator, dst])
    k.c.redelegationsByDestination.remove(store, [dst, delegator, src])
  }
  return total === 0n ? [] : [{ denom, amount: total }]
}

/** A genesis redelegation: the record, its indexes and each entry in the queue (upstream InitGenesis). */
export async function initRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  red: ProtoInit<'sdk.staking.v1beta1.Redelegation'> & { entries: RedEntryInit[] },
): Promise<void> {
  const delegator = bech32ToAddress(red.delegator_address ?? '')
  const src = bech32ToAddress(red.validator_src_address ?? '', valoperPrefix())
  const dst = bech32ToAddress(red.validator_dst_address ?? '', valoperPrefix())
  setRedelegation(k, ctx, delegator, src, dst, red.entries)
  const store = ctx.state.store(MODULE_NAME)
  for (const e of red.entries) {
    const key = timeKeyOf(timeOf(e.completion_time as never))
    const slice = await k.c.redelegationQueue.get(store, key)
    const triplets = [...(slice?.triplets ?? [])]
    triplets.push({
      delegator_address: addressToBech32(delegator),
      validator_src_address: valoper(src),
      validator_dst_address: valoper(dst),
    })
    k.c.redelegationQueue.set(store, key, { triplets })
  }
}
