import type { BlockContext, ModuleConfigurator } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Dec, decFromAtomics, decToString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { formatRfc3339, timeToTimestamp } from '../../codec/time.js'
import { ErrInvalidRequest, ErrNotFound, GrpcCode, StatusError } from '../../errors.js'
import { checkAuthority } from '../gov/authority.js'
import type { StakingCore } from './core.js'
import { delegate, removeUbd, setUbd, undelegate } from './delegation.js'
import {
  ErrDelegatorShareExRateInvalid,
  ErrNoDelegation,
  ErrNoValidatorFound,
  ErrValidatorJailed,
} from './errors.js'
import { MODULE_NAME } from './keys.js'
import { accountArg, positiveCoin, validateParams, valoperArg } from './msg-checks.js'
import { createValidator, editValidator } from './msg-validator.js'
import { beginRedelegation } from './redelegation.js'
import { invalidExRate, sharesFromTokens, sharesFromTokensTruncated } from './shares.js'
import { BOND_STATUS_UNBONDING } from './status.js'
import { rateOf, timeOf } from './validators.js'

// The x/staking Msg service (upstream keeper/msg_server.go). None of these messages has a
// ValidateBasic in v0.50: every check runs here, in upstream's order.

const MSG = '/sdk.staking.v1beta1'

/** Upstream ValidateUnbondAmount: the shares `amount` tokens are, capped at the delegation's. */
async function validateUnbondAmount(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
  amount: bigint,
): Promise<Dec> {
  const v = await k.validator(ctx.state, operator)
  if (!v) throw ErrNoValidatorFound.error()
  const d = await k.delegation(ctx.state, delegator, operator)
  if (!d) throw ErrNoDelegation.error()
  const r = rateOf(v)
  let shares = sharesFromTokens(r, amount)
  const truncated = sharesFromTokensTruncated(r, amount)
  const held = decFromAtomics(d.shares)
  if (truncated > held) throw ErrInvalidRequest.wrap('invalid shares amount')
  // A full withdrawal may compute a hair more shares than held: it takes them all.
  if (shares > held) shares = held
  return shares
}

async function checkDenom(k: StakingCore, ctx: BlockContext, denom: string): Promise<void> {
  const bond = await k.bondDenom(ctx.state)
  if (denom !== bond) {
    throw ErrInvalidRequest.wrap(`invalid coin denomination: got ${denom}, expected ${bond}`)
  }
}

/** Registers the staking Msg service. */
export function registerStakingMsgs(cfg: ModuleConfigurator, k: StakingCore): void {
  const authority = addressToBech32(moduleAddress('gov'))

  cfg.registerMsg(`${MSG}.MsgCreateValidator`, async (msg, ctx) => {
    await createValidator(k, ctx, msg)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgEditValidator`, async (msg, ctx) => {
    await editValidator(k, ctx, msg)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgDelegate`, async (msg, ctx) => {
    const operator = valoperArg(msg.validator_address)
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const amount = positiveCoin(msg.amount)
    if (amount === undefined) throw ErrInvalidRequest.wrap('invalid delegation amount')
    const v = await k.validator(ctx.state, operator)
    if (!v) throw ErrNoValidatorFound.error()
    await checkDenom(k, ctx, msg.amount!.denom)
    const shares = await delegate(k, ctx, delegator, amount, 1, v, true)
    ctx.events.emit('delegate', [
      ['validator', msg.validator_address],
      ['delegator', msg.delegator_address],
      ['amount', `${amount}${msg.amount!.denom}`],
      ['new_shares', decToString(shares)],
    ])
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgUndelegate`, async (msg, ctx) => {
    const operator = valoperArg(msg.validator_address)
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const amount = positiveCoin(msg.amount)
    if (amount === undefined) throw ErrInvalidRequest.wrap('invalid shares amount')
    const shares = await validateUnbondAmount(k, ctx, delegator, operator, amount)
    const denom = msg.amount!.denom
    await checkDenom(k, ctx, denom)
    const done = await undelegate(k, ctx, delegator, operator, shares)
    const coin = `${done.amount}${denom}`
    ctx.events.emit('unbond', [
      ['validator', msg.validator_address],
      ['delegator', msg.delegator_address],
      ['amount', coin],
      ['completion_time', formatRfc3339(done.completionTime)],
    ])
    return {
      completion_time: timeToTimestamp(done.completionTime),
      amount: { denom, amount: done.amount.toString() },
    }
  })

  cfg.registerMsg(`${MSG}.MsgBeginRedelegate`, async (msg, ctx) => {
    const src = valoperArg(msg.validator_src_address, 'source validator')
    const dst = valoperArg(msg.validator_dst_address, 'destination validator')
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const amount = positiveCoin(msg.amount)
    if (amount === undefined) throw ErrInvalidRequest.wrap('invalid shares amount')
    const shares = await validateUnbondAmount(k, ctx, delegator, src, amount)
    await checkDenom(k, ctx, msg.amount!.denom)
    const completion = await beginRedelegation(k, ctx, delegator, src, dst, shares)
    ctx.events.emit('redelegate', [
      ['source_validator', msg.validator_src_address],
      ['destination_validator', msg.validator_dst_address],
      ['amount', `${amount}${msg.amount!.denom}`],
      ['completion_time', formatRfc3339(completion)],
    ])
    return { completion_time: timeToTimestamp(completion) }
  })

  cfg.registerMsg(`${MSG}.MsgCancelUnbondingDelegation`, async (msg, ctx) => {
    const operator = valoperArg(msg.validator_address)
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const amount = positiveCoin(msg.amount)
    if (amount === undefined) throw ErrInvalidRequest.wrap('invalid amount')
    const height = int64Of(msg.creation_height)
    if (height <= 0n) throw ErrInvalidRequest.wrap('invalid height')
    await checkDenom(k, ctx, msg.amount!.denom)
    const v = await k.validator(ctx.state, operator)
    if (!v) throw ErrNoValidatorFound.error()
    if (invalidExRate(rateOf(v))) throw ErrDelegatorShareExRateInvalid.error()
    if (v.jailed) throw ErrValidatorJailed.error()
    const ubd = await k.c.unbondingDelegations.get(ctx.state.store(MODULE_NAME), [
      delegator,
      operator,
    ])
    if (!ubd) {
      throw new StatusError(
        GrpcCode.NotFound,
        `unbonding delegation with delegator ${msg.delegator_address} not found for validator ${msg.validator_address}`,
      )
    }
    const i = ubd.entries.findIndex((e) => int64Of(e.creation_height) === height)
    if (i < 0) {
      throw ErrNotFound.wrap(`unbonding delegation entry is not found at block height ${height}`)
    }
    const entry = ubd.entries[i]!
    const balance = BigInt(entry.balance || '0')
    if (balance < amount) {
      throw ErrInvalidRequest.wrap('amount is greater than the unbonding delegation entry balance')
    }
    if (timeOf(entry.completion_time) < ctx.time) {
      throw ErrInvalidRequest.wrap('unbonding delegation is already processed')
    }
    await delegate(k, ctx, delegator, amount, BOND_STATUS_UNBONDING, v, false)
    const entries = [...ubd.entries]
    if (balance === amount) entries.splice(i, 1)
    else {
      entries[i] = {
        ...entry,
        balance: (balance - amount).toString(),
        initial_balance: (BigInt(entry.initial_balance || '0') - amount).toString(),
      }
    }
    if (entries.length === 0) removeUbd(k, ctx, delegator, operator)
    else setUbd(k, ctx, delegator, operator, { ...ubd, entries })
    ctx.events.emit('cancel_unbonding_delegation', [
      ['amount', `${amount}${msg.amount!.denom}`],
      ['validator', msg.validator_address],
      ['delegator', msg.delegator_address],
      ['creation_height', height.toString()],
    ])
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority, authority)
    // Unset params are the zero Params, which fail the checks (upstream's non-nullable field).
    const params = msg.params ?? k.registry.decode('sdk.staking.v1beta1.Params', new Uint8Array())
    validateParams(params)
    k.c.params.set(ctx.state.store(MODULE_NAME), params)
    return {}
  })
}
