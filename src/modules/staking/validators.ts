import type { BlockContext } from '../../app/types.js'
import { bech32ToAddress, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { decFromAtomics, decToAtomics } from '../../codec/dec.js'
import { sha256 } from '../../codec/hash.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { type TimeNs, timestampToTime, timeToTimestamp } from '../../codec/time.js'
import { ErrLogic } from '../../errors.js'
import type { Readable, Writable } from '../../store/types.js'
import type { StakingCore } from './core.js'
import { ErrBadRemoveValidator, ErrValidatorJailed } from './errors.js'
import {
  BONDED_POOL_NAME,
  formatTimeKey,
  MODULE_NAME,
  NOT_BONDED_POOL_NAME,
  POWER_REDUCTION,
  valoperPrefix,
} from './keys.js'
import { addTokensFromDel, type ExchangeRate, removeDelShares } from './shares.js'
import {
  BOND_STATUS_BONDED,
  BOND_STATUS_UNBONDED,
  type Delegation,
  type Validator,
} from './status.js'

// The write side of validator and delegation records (upstream keeper/validator.go,
// keeper/delegation.go): every record with its indexes, and the pool movements.

const NS_PER_S = 1_000_000_000n

/** Operator address bytes of a validator record. */
export function operatorOf(v: Validator): Bytes {
  return bech32ToAddress(v.operator_address, valoperPrefix())
}

/** The validator's ed25519 consensus key (32 bytes). */
export function consPubKeyOf(registry: ProtoRegistry, v: Validator): Bytes {
  const pk = v.consensus_pubkey
  if (!pk) throw ErrLogic.wrap(`validator ${v.operator_address} has no consensus key`)
  return registry.decode('sdk.crypto.ed25519.PubKey', pk.value).key
}

/** Consensus address of an ed25519 key: the first 20 bytes of its sha256 (CometBFT's). */
export function consAddrOfKey(key: Bytes): Bytes {
  return sha256(key).subarray(0, 20)
}

/** The validator's consensus address. */
export function consAddrOf(registry: ProtoRegistry, v: Validator): Bytes {
  return consAddrOfKey(consPubKeyOf(registry, v))
}

/** Tokens and delegator shares of a validator. */
export function rateOf(v: Validator): ExchangeRate {
  return { tokens: BigInt(v.tokens || '0'), shares: decFromAtomics(v.delegator_shares) }
}

function setRate(v: Validator, r: ExchangeRate): void {
  v.tokens = r.tokens.toString()
  v.delegator_shares = decToAtomics(r.shares)
}

/** Consensus power of a token amount (upstream TokensToConsensusPower: truncated). */
export function powerOf(tokens: bigint): bigint {
  return tokens / POWER_REDUCTION
}

/** A duration proto (`unbonding_time`) in nanoseconds. */
export function durationNs(d: { seconds?: unknown; nanos?: unknown } | null | undefined): bigint {
  return BigInt(String(d?.seconds ?? 0)) * NS_PER_S + BigInt(Number(d?.nanos ?? 0))
}

/** The last time formatted: every EndBlocker formats its block time several times. */
let lastTimeKey: { t: TimeNs; key: string } | undefined

/** The 29-character time key of a block time (upstream FormatTimeBytes). */
export function timeKeyOf(t: TimeNs): string {
  if (lastTimeKey?.t === t) return lastTimeKey.key
  const { seconds, nanos } = timeToTimestamp(t)
  const key = formatTimeKey(new Date(Number(seconds) * 1000), nanos)
  lastTimeKey = { t, key }
  return key
}

/** Time of a stored timestamp field. */
export function timeOf(ts: { seconds?: unknown; nanos?: unknown } | null | undefined): TimeNs {
  return ts ? timestampToTime(ts) : 0n
}

/**
 * Upstream SetValidator: the record only. Written from a plain copy: the codec takes a decoded
 * message as it is, so fields set on it since (an int64 as a bigint) are converted only this way.
 */
export function setValidator(k: StakingCore, state: Writable, v: Validator): void {
  k.c.validators.set(state.store(MODULE_NAME), operatorOf(v), { ...v } as never)
}

/** Upstream SetValidatorByConsAddr. */
export function setValidatorByConsAddr(k: StakingCore, state: Writable, v: Validator): void {
  k.c.validatorsByConsAddr.set(state.store(MODULE_NAME), consAddrOf(k.registry, v), operatorOf(v))
}

/** Upstream SetValidatorByPowerIndex: a jailed validator is never in the power index. */
export function setValidatorByPowerIndex(k: StakingCore, state: Writable, v: Validator): void {
  if (v.jailed) return
  const operator = operatorOf(v)
  k.c.validatorsByPower.set(
    state.store(MODULE_NAME),
    [powerOf(rateOf(v).tokens), operator],
    operator,
  )
}

/** Upstream DeleteValidatorByPowerIndex (the key of the record's current tokens). */
export function deleteValidatorByPowerIndex(k: StakingCore, state: Writable, v: Validator): void {
  k.c.validatorsByPower.remove(state.store(MODULE_NAME), [powerOf(rateOf(v).tokens), operatorOf(v)])
}

/** Upstream AddValidatorTokensAndShares: the shares issued for `amount` tokens. */
export function addValidatorTokensAndShares(
  k: StakingCore,
  state: Writable,
  v: Validator,
  amount: bigint,
): bigint {
  deleteValidatorByPowerIndex(k, state, v)
  const r = addTokensFromDel(rateOf(v), amount)
  setRate(v, r)
  setValidator(k, state, v)
  setValidatorByPowerIndex(k, state, v)
  return r.issued
}

/** Upstream RemoveValidatorTokensAndShares: the tokens `shares` take out. */
export function removeValidatorTokensAndShares(
  k: StakingCore,
  state: Writable,
  v: Validator,
  shares: bigint,
): bigint {
  deleteValidatorByPowerIndex(k, state, v)
  const r = removeDelShares(rateOf(v), shares)
  setRate(v, r)
  setValidator(k, state, v)
  setValidatorByPowerIndex(k, state, v)
  return r.issued
}

/** Upstream RemoveValidatorTokens (a slash): tokens leave, shares stay. */
export function removeValidatorTokens(
  k: StakingCore,
  state: Writable,
  v: Validator,
  amount: bigint,
): void {
  deleteValidatorByPowerIndex(k, state, v)
  const r = rateOf(v)
  setRate(v, { tokens: r.tokens - amount, shares: r.shares })
  setValidator(k, state, v)
  setValidatorByPowerIndex(k, state, v)
}

/**
 * Upstream RemoveValidator: only an Unbonded validator without tokens goes; its record and indexes
 * are deleted, then hook AfterValidatorRemoved (whose errors upstream only logs).
 */
export async function removeValidator(
  k: StakingCore,
  ctx: BlockContext,
  operator: Bytes,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const v = await k.c.validators.get(store, operator)
  if (!v) return
  if (v.status !== BOND_STATUS_UNBONDED) {
    throw ErrBadRemoveValidator.wrap(
      'cannot call RemoveValidator on bonded or unbonding validators',
    )
  }
  if (rateOf(v).tokens > 0n) {
    throw ErrBadRemoveValidator.wrap('attempting to remove a validator which still contains tokens')
  }
  const consAddr = consAddrOf(k.registry, v)
  k.c.validators.remove(store, operator)
  k.c.validatorsByConsAddr.remove(store, consAddr)
  deleteValidatorByPowerIndex(k, ctx.state, v)
  try {
    await k.hook('afterValidatorRemoved', ctx, consAddr, operator)
  } catch (err) {
    ctx.logger.error({ error: String(err) }, 'error in after validator removed hook')
  }
}

/** Upstream SetDelegation: the record and its by-validator index. */
export function setDelegation(
  k: StakingCore,
  state: Writable,
  delegator: Bytes,
  operator: Bytes,
  d: Delegation,
): void {
  const store = state.store(MODULE_NAME)
  k.c.delegations.set(store, [delegator, operator], d)
  k.c.delegationsByValidator.set(store, [operator, delegator], true)
}

/** Upstream RemoveDelegation: hook BeforeDelegationRemoved, then both keys go. */
export async function removeDelegation(
  k: StakingCore,
  ctx: BlockContext,
  delegator: Bytes,
  operator: Bytes,
): Promise<void> {
  await k.hook('beforeDelegationRemoved', ctx, delegator, operator)
  const store = ctx.state.store(MODULE_NAME)
  k.c.delegations.remove(store, [delegator, operator])
  k.c.delegationsByValidator.remove(store, [operator, delegator])
}

/** Upstream IncrementUnbondingID: ids start at 1. */
export async function nextUnbondingId(k: StakingCore, state: Writable): Promise<bigint> {
  const store = state.store(MODULE_NAME)
  const id = ((await k.c.lastUnbondingId.get(store)) ?? 0n) + 1n
  k.c.lastUnbondingId.set(store, id)
  return id
}

/** Moves `amount` of the bond denom between the pools (upstream notBondedTokensToBonded …). */
export async function movePoolTokens(
  k: StakingCore,
  ctx: BlockContext,
  toBonded: boolean,
  amount: bigint,
): Promise<void> {
  const denom = await k.bondDenom(ctx.state)
  const [from, to] = toBonded
    ? [NOT_BONDED_POOL_NAME, BONDED_POOL_NAME]
    : [BONDED_POOL_NAME, NOT_BONDED_POOL_NAME]
  // sdk.NewCoins drops a zero coin: the send still runs (and emits its events) with no coins.
  const coins = amount === 0n ? [] : [{ denom, amount }]
  await k.bank.sendCoinsFromModuleToModule(ctx, from, to, coins)
}

/** Upstream burnBondedTokens / burnNotBondedTokens. */
export async function burnPoolTokens(
  k: StakingCore,
  ctx: BlockContext,
  bonded: boolean,
  amount: bigint,
): Promise<void> {
  if (amount <= 0n) return
  const denom = await k.bondDenom(ctx.state)
  await k.bank.burnCoins(ctx, bonded ? BONDED_POOL_NAME : NOT_BONDED_POOL_NAME, [{ denom, amount }])
}

/** Whether a record is Bonded. */
export const isBonded = (v: Validator): boolean => v.status === BOND_STATUS_BONDED

/** The bonded pool's address (for tests and events). */
export const bondedPoolAddress = (): Bytes => moduleAddress(BONDED_POOL_NAME)

/** The tokens held by a pool in the bond denom. */
export async function poolBalance(
  k: StakingCore,
  state: Readable,
  bonded: boolean,
): Promise<bigint> {
  const name = bonded ? BONDED_POOL_NAME : NOT_BONDED_POOL_NAME
  return k.balanceOf(state, moduleAddress(name), await k.bondDenom(state))
}

/** Upstream jailValidator: jailed, saved, out of the power index. */
export async function jailValidator(k: StakingCore, ctx: BlockContext, v: Validator) {
  if (v.jailed) {
    throw ErrValidatorJailed.wrap(
      `cannot jail already jailed validator, validator: ${v.operator_address}`,
    )
  }
  v.jailed = true
  setValidator(k, ctx.state, v)
  deleteValidatorByPowerIndex(k, ctx.state, v)
}
