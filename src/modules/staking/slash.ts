import type { BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import {
  type Dec,
  decFromAtomics,
  decFromInt,
  decMul,
  decMulInt,
  decQuoRoundUp,
  decToString,
  decTruncate,
} from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { UndefinedCodeError } from '../../errors.js'
import type { StakingCore } from './core.js'
import { setUbd, unbond } from './delegation.js'
import { MODULE_NAME, POWER_REDUCTION } from './keys.js'
import { BOND_STATUS_BONDED, BOND_STATUS_UNBONDED } from './status.js'
import {
  burnPoolTokens,
  jailValidator,
  operatorOf,
  rateOf,
  removeValidatorTokens,
  setValidator,
  setValidatorByPowerIndex,
  timeOf,
} from './validators.js'

// Slashing and jailing (upstream keeper/slash.go): what x/slashing and x/evidence call.

/** Upstream Jail by consensus address. */
export async function jail(k: StakingCore, ctx: BlockContext, consAddr: Bytes): Promise<void> {
  const v = await k.validatorByConsAddr(ctx.state, consAddr)
  if (!v)
    throw new UndefinedCodeError(
      `validator with consensus-Address ${Buffer.from(consAddr).toString('hex')} not found`,
    )
  await jailValidator(k, ctx, v)
  ctx.logger.info({ validator: v.operator_address }, 'validator jailed')
}

/** Upstream Unjail by consensus address: back in the power index. */
export async function unjail(k: StakingCore, ctx: BlockContext, consAddr: Bytes): Promise<void> {
  const v = await k.validatorByConsAddr(ctx.state, consAddr)
  if (!v)
    throw new UndefinedCodeError(
      `validator with consensus-Address ${Buffer.from(consAddr).toString('hex')} not found`,
    )
  if (!v.jailed)
    throw new UndefinedCodeError(
      `cannot unjail already unjailed validator, validator: ${v.operator_address}`,
    )
  v.jailed = false
  setValidator(k, ctx.state, v)
  setValidatorByPowerIndex(k, ctx.state, v)
  ctx.logger.info({ validator: v.operator_address }, 'validator un-jailed')
}

/**
 * Upstream Keeper.Slash: `factor` of the stake the validator had at `infractionHeight` (its
 * `power` then) is burned: first from the unbonding delegations and redelegations that started
 * at or after the infraction, then the rest from the validator's tokens. Returns the tokens burned
 * from the validator.
 */
export async function slash(
  k: StakingCore,
  ctx: BlockContext,
  consAddr: Bytes,
  infractionHeight: number,
  power: bigint,
  factor: Dec,
): Promise<bigint> {
  if (factor < 0n) {
    throw new UndefinedCodeError(
      `attempted to slash with a negative slash factor: ${decToString(factor)}`,
    )
  }
  const slashAmount = decTruncate(decMul(decFromInt(power * POWER_REDUCTION), factor))
  const v = await k.validatorByConsAddr(ctx.state, consAddr)
  if (!v) {
    ctx.logger.info(
      'WARNING: ignored attempt to slash a nonexistent validator; we recommend you investigate immediately',
    )
    return 0n
  }
  if (v.status === BOND_STATUS_UNBONDED) {
    throw new UndefinedCodeError(`should not be slashing unbonded validator: ${v.operator_address}`)
  }
  const operator = operatorOf(v)
  await k.hook('beforeValidatorModified', ctx, operator)
  let remaining = slashAmount
  if (infractionHeight > ctx.height) {
    throw new UndefinedCodeError(
      `impossible attempt to slash future infraction at height ${infractionHeight} but we are at height ${ctx.height}`,
    )
  }
  if (infractionHeight < ctx.height) {
    const store = ctx.state.store(MODULE_NAME)
    const prefix = k.c.unbondingDelegationsByValidator.storeKey([operator, new Uint8Array(0)])
    const byVal = prefix.subarray(
      k.c.unbondingDelegationsByValidator.prefix.length,
      prefix.length - 1,
    )
    const delegators: Bytes[] = []
    for await (const [[, delegator]] of k.c.unbondingDelegationsByValidator.iterate(store, {
      prefix: byVal,
    })) {
      delegators.push(delegator)
    }
    for (const delegator of delegators) {
      remaining -= await slashUnbonding(k, ctx, delegator, operator, infractionHeight, factor)
    }
    const srcPrefix = k.c.redelegationsBySource.storeKey([
      operator,
      new Uint8Array(0),
      new Uint8Array(0),
    ])
    const bySrc = srcPrefix.subarray(k.c.redelegationsBySource.prefix.length, srcPrefix.length - 2)
    const reds: [Bytes, Bytes][] = []
    for await (const [[, delegator, dst]] of k.c.redelegationsBySource.iterate(store, {
      prefix: bySrc,
    })) {
      reds.push([delegator, dst])
    }
    for (const [delegator, dst] of reds) {
      remaining -= await slashRedelegation(
        k,
        ctx,
        delegator,
        operator,
        dst,
        infractionHeight,
        factor,
      )
    }
  }
  const tokens = rateOf(v).tokens
  let burn = remaining < tokens ? remaining : tokens
  if (burn < 0n) burn = 0n
  if (burn === 0n) return 0n
  if (tokens > 0n) {
    let effective = decQuoRoundUp(decFromInt(burn), decFromInt(tokens))
    if (effective > decFromInt(1n)) effective = decFromInt(1n)
    await k.hook('beforeValidatorSlashed', ctx, operator, effective)
  }
  removeValidatorTokens(k, ctx.state, v, burn)
  await burnPoolTokens(k, ctx, v.status === BOND_STATUS_BONDED, burn)
  ctx.logger.info(
    {
      validator: v.operator_address,
      infraction_height: infractionHeight,
      slash_factor: decToString(factor),
      burned: burn.toString(),
    },
    'validator slashed by slash factor',
  )
  return burn
}

/** Whether an unbonding or redelegation entry still counts for an infraction at `height`. */
function qualifies(
  ctx: BlockContext,
  e: { creation_height: unknown; completion_time: unknown; unbonding_on_hold_ref_count: unknown },
  height: number,
): boolean {
  if (int64Of(e.creation_height as bigint) < BigInt(height)) return false
  const mature = timeOf(e.completion_time as never) <= ctx.time
  return !mature || int64Of(e.unbonding_on_hold_ref_count as bigint) > 0n
}

/**
 * Upstream SlashUnbondingDelegation: each qualifying entry loses factor × its initial balance (at
 * most its balance), burned from the not-bonded pool. Returns the nominal amount.
 */
async function slashUnbonding(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  height: number,
  factor: Dec,
): Promise<bigint> {
  const ubd = await k.c.unbondingDelegations.get(ctx.state.store(MODULE_NAME), [
    delegator,
    operator,
  ])
  if (!ubd) return 0n
  let total = 0n
  let burned = 0n
  const entries = ubd.entries.map((e) => ({ ...e }))
  for (const e of entries) {
    if (!qualifies(ctx, e, height)) continue
    const balance = BigInt(e.balance || '0')
    const nominal = decTruncate(decMulInt(factor, BigInt(e.initial_balance || '0')))
    total += nominal
    const take = nominal < balance ? nominal : balance
    if (take <= 0n) continue
    burned += take
    e.balance = (balance - take).toString()
    setUbd(k, ctx, delegator, operator, { ...ubd, entries })
  }
  await burnPoolTokens(k, ctx, false, burned)
  return total
}

/**
 * Upstream SlashRedelegation (v0.50.x): each qualifying entry's factor × initial balance is taken
 * first from the delegator's unbonding at the destination (its entries begun at or after the
 * infraction), then by unbonding factor × the destination shares the entry gave. The burns are
 * summed by pool and made at the end, bonded first. Returns the nominal amount.
 */
async function slashRedelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  src: Bytes,
  dst: Bytes,
  height: number,
  factor: Dec,
): Promise<bigint> {
  const store = ctx.state.store(MODULE_NAME)
  const red = await k.c.redelegations.get(store, [delegator, src, dst])
  if (!red) return 0n
  let total = 0n
  let bondedBurn = 0n
  let notBondedBurn = 0n
  for (const e of red.entries) {
    if (!qualifies(ctx, e, height)) continue
    let left = decTruncate(decMulInt(factor, BigInt(e.initial_balance || '0')))
    total += left
    const ubd = await k.c.unbondingDelegations.get(store, [delegator, dst])
    if (ubd) {
      const entries = ubd.entries.map((x) => ({ ...x }))
      for (const u of entries) {
        const balance = BigInt(u.balance || '0')
        const take = left < balance ? left : balance
        if (take === 0n || !qualifies(ctx, u, height)) continue
        left -= take
        notBondedBurn += take
        u.balance = (balance - take).toString()
        setUbd(k, ctx, delegator, dst, { ...ubd, entries })
      }
    }
    let shares = decMul(factor, decFromAtomics(e.shares_dst))
    if (shares === 0n || left === 0n) continue
    const d = await k.delegation(ctx.state, delegator, dst)
    if (!d) continue
    const held = decFromAtomics(d.shares)
    if (shares > held) shares = held
    const tokens = await unbond(k, ctx, delegator, dst, shares)
    const dstVal = await k.validator(ctx.state, dst)
    if (!dstVal) throw new UndefinedCodeError('validator does not exist')
    if (dstVal.status === BOND_STATUS_BONDED) bondedBurn += tokens
    else notBondedBurn += tokens
  }
  await burnPoolTokens(k, ctx, true, bondedBurn)
  await burnPoolTokens(k, ctx, false, notBondedBurn)
  return total
}
