import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { type Bytes, compareBytes, equalBytes, toHex } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import { timeToTimestamp } from '../../codec/time.js'
import { ErrLogic } from '../../errors.js'
import { collectNow } from '../../store/map-async.js'
import { eachNow, readNow, thenNow } from '../../store/value-now.js'
import type { StakingCore } from './core.js'
import { MODULE_NAME, valoperPrefix } from './keys.js'
import {
  BOND_STATUS_BONDED,
  BOND_STATUS_UNBONDED,
  BOND_STATUS_UNBONDING,
  type Validator,
} from './status.js'
import {
  consAddrOf,
  consPubKeyOf,
  deleteValidatorByPowerIndex,
  durationNs,
  movePoolTokens,
  nextUnbondingId,
  operatorOf,
  powerOf,
  rateOf,
  removeValidator,
  setValidator,
  setValidatorByPowerIndex,
  timeKeyOf,
  timeOf,
} from './validators.js'

// Validator-set changes (upstream keeper/val_state_change.go): who is bonded after a block, the
// status transitions and the pool movements they make, and the unbonding validator queue.

/** Unbonding type of a validator in the unbonding-type index. */
const UNBONDING_TYPE_VALIDATOR = 3n

/** What the set update reads of a validator record, kept with the record's stored bytes. */
interface RecordSummary {
  readonly record: Bytes
  readonly jailed: boolean
  readonly status: Validator['status']
  readonly tokens: bigint
}

/**
 * The summaries of the last update's top validators, by operator (hex): a block that changes no
 * validator record decodes none of them again. Bounded by `max_validators`.
 */
const summaries = new WeakMap<StakingCore, Map<string, RecordSummary>>()

function decodeValidator(k: StakingCore, record: Bytes): Validator {
  return k.registry.type('sdk.staking.v1beta1.Validator').decode(record) as unknown as Validator
}

/** The summary of a stored record: the kept one while the bytes are the same. */
function summaryOf(
  k: StakingCore,
  kept: RecordSummary | undefined,
  record: Bytes | undefined,
  onDecode: (v: Validator) => void,
): RecordSummary {
  if (!record) throw ErrLogic.wrap('validator record of the power index not found')
  if (kept && equalBytes(kept.record, record)) return kept
  const v = decodeValidator(k, record)
  onDecode(v)
  return { record: record.slice(), jailed: v.jailed, status: v.status, tokens: rateOf(v).tokens }
}

/**
 * Upstream ApplyAndReturnValidatorSetUpdates: the first `max_validators` of the power index with
 * power ≥ 1 are bonded; those bonded before and not now begin unbonding. Returns the updates:
 * changed validators in power order, then the removed ones (power 0) by operator address.
 */
export function applyAndReturnValidatorSetUpdates(
  k: StakingCore,
  ctx: BlockContext,
): ValidatorUpdate[] | Promise<ValidatorUpdate[]> {
  // Every step at once when memory answers its reads (every block runs it and, most blocks,
  // changes nothing); the top validators' records are read before any is looked at.
  const store = ctx.state.store(MODULE_NAME)
  return thenNow(k.sharedParams(ctx.state), (params) =>
    thenNow(
      collectNow(
        k.c.lastValidatorPower.iterate(store),
        ([operator, power]) => [toHex(operator), power] as const,
      ),
      (lastPowers) =>
        thenNow(
          collectNow(
            k.c.validatorsByPower.iterate(store, { reverse: true }),
            ([, operator]) => operator,
            params.max_validators,
          ),
          (top) => {
            const records: (Bytes | undefined)[] = []
            const read = eachNow(top, (operator) =>
              thenNow(readNow(store, k.c.validators.storeKey(operator)), (record) => {
                records.push(record)
              }),
            )
            return thenNow(read, () => applySetUpdates(k, ctx, new Map(lastPowers), top, records))
          },
        ),
    ),
  )
}

/**
 * The set update once its reads are in: `last` the last powers by operator (hex), `top` the first
 * `max_validators` of the power index and `records` their stored validators.
 */
function applySetUpdates(
  k: StakingCore,
  ctx: BlockContext,
  last: Map<string, bigint>,
  top: readonly Bytes[],
  records: readonly (Bytes | undefined)[],
): ValidatorUpdate[] | Promise<ValidatorUpdate[]> {
  const store = ctx.state.store(MODULE_NAME)
  const updates: ValidatorUpdate[] = []
  let totalPower = 0n
  let toBonded = 0n
  let toNotBonded = 0n
  const previous = summaries.get(k)
  const seen = new Map<string, RecordSummary>()
  // The first validator of no power ends the bonded set.
  let ended = false
  const bondedStep = (operator: Bytes, i: number): void | Promise<void> => {
    if (ended) return
    const key = toHex(operator)
    let decoded: Validator | undefined
    const summary = summaryOf(k, previous?.get(key), records[i], (v) => {
      decoded = v
    })
    seen.set(key, summary)
    if (summary.jailed)
      throw ErrLogic.wrap('should never retrieve a jailed validator from the power store')
    const tokens = summary.tokens
    if (powerOf(tokens) === 0n) {
      ended = true
      return
    }
    const validator = (): Validator => {
      decoded ??= decodeValidator(k, summary.record)
      return decoded
    }
    const bonds =
      summary.status === BOND_STATUS_UNBONDED || summary.status === BOND_STATUS_UNBONDING
    return thenNow(bonds ? bondValidator(k, ctx, validator()) : undefined, (v) => {
      if (bonds) toBonded += tokens
      const newPower = powerOf(tokens)
      if (last.get(key) !== newPower) {
        updates.push({ pubKey: consPubKeyOf(k.registry, v ?? validator()), power: newPower })
        k.c.lastValidatorPower.set(store, operator, newPower)
      }
      last.delete(key)
      totalPower += newPower
    })
  }
  const goneStep = (operator: Bytes): Promise<void> =>
    k.validator(ctx.state, operator).then(async (v) => {
      if (!v) throw ErrLogic.wrap(`validator record not found for address: ${toHex(operator)}`)
      await beginUnbondingValidator(k, ctx, v)
      toNotBonded += rateOf(v).tokens
      k.c.lastValidatorPower.remove(store, operator)
      updates.push({ pubKey: consPubKeyOf(k.registry, v), power: 0n })
    })
  return thenNow(eachNow(top, bondedStep), () => {
    const gone = [...last.keys()].map((h) => Buffer.from(h, 'hex')).sort(compareBytes)
    return thenNow(eachNow(gone, goneStep), () => {
      summaries.set(k, seen)
      // Only the net difference moves between the pools (one send, as upstream).
      const moved =
        toBonded > toNotBonded
          ? movePoolTokens(k, ctx, true, toBonded - toNotBonded)
          : toBonded < toNotBonded
            ? movePoolTokens(k, ctx, false, toNotBonded - toBonded)
            : undefined
      return thenNow(moved, () => {
        if (updates.length > 0) k.c.lastTotalPower.set(store, totalPower.toString())
        // Upstream writes the block's updates every block. With none, their encoding is empty;
        // when the stored item is already empty, writing it again changes no state, so the write
        // is skipped.
        const stored =
          updates.length === 0 ? readNow(store, k.c.validatorUpdates.prefix) : undefined
        return thenNow(stored, (bytes) => {
          if (bytes === undefined || bytes.length !== 0) {
            k.c.validatorUpdates.set(store, {
              updates: updates.map((u) => ({ pub_key: { ed25519: u.pubKey }, power: u.power })),
            })
          }
          return updates
        })
      })
    })
  })
}

/** Upstream bondValidator: Bonded, out of the unbonding queue, hook AfterValidatorBonded. */
async function bondValidator(k: StakingCore, ctx: BlockContext, v: Validator) {
  deleteValidatorByPowerIndex(k, ctx.state, v)
  v.status = BOND_STATUS_BONDED
  setValidator(k, ctx.state, v)
  setValidatorByPowerIndex(k, ctx.state, v)
  await deleteValidatorQueue(k, ctx, v)
  await k.hook('afterValidatorBonded', ctx, consAddrOf(k.registry, v), operatorOf(v))
  return v
}

/**
 * Upstream BeginUnbondingValidator: Unbonding until block time + unbonding time, queued, with a new
 * unbonding id; hooks AfterValidatorBeginUnbonding and AfterUnbondingInitiated.
 */
async function beginUnbondingValidator(k: StakingCore, ctx: BlockContext, v: Validator) {
  if (v.status !== BOND_STATUS_BONDED) {
    throw ErrLogic.wrap(
      `should not already be unbonded or unbonding, validator: ${v.operator_address}`,
    )
  }
  const params = await k.params(ctx.state)
  const id = await nextUnbondingId(k, ctx.state)
  deleteValidatorByPowerIndex(k, ctx.state, v)
  v.status = BOND_STATUS_UNBONDING
  v.unbonding_time = timeToTimestamp(ctx.time + durationNs(params.unbonding_time)) as never
  v.unbonding_height = BigInt(ctx.height) as never
  v.unbonding_ids = [...v.unbonding_ids, id as never]
  setValidator(k, ctx.state, v)
  setValidatorByPowerIndex(k, ctx.state, v)
  await insertValidatorQueue(k, ctx, v)
  const operator = operatorOf(v)
  await k.hook('afterValidatorBeginUnbonding', ctx, consAddrOf(k.registry, v), operator)
  const store = ctx.state.store(MODULE_NAME)
  k.c.unbondingIndex.set(store, id, k.c.validators.storeKey(operator))
  k.c.unbondingType.set(store, id, UNBONDING_TYPE_VALIDATOR)
  await k.hook('afterUnbondingInitiated', ctx, id)
}

function queueKeyOf(v: Validator): [string, bigint] {
  return [timeKeyOf(timeOf(v.unbonding_time)), int64Of(v.unbonding_height)]
}

/** Upstream InsertUnbondingValidatorQueue. */
export async function insertValidatorQueue(k: StakingCore, ctx: BlockContext, v: Validator) {
  const store = ctx.state.store(MODULE_NAME)
  const key = queueKeyOf(v)
  const slice = await k.c.validatorQueue.get(store, key)
  k.c.validatorQueue.set(store, key, {
    addresses: [...(slice?.addresses ?? []), v.operator_address],
  })
}

/** Upstream DeleteValidatorQueue: the validator leaves the slice of its unbonding time and height. */
async function deleteValidatorQueue(k: StakingCore, ctx: BlockContext, v: Validator) {
  const store = ctx.state.store(MODULE_NAME)
  const key = queueKeyOf(v)
  const slice = await k.c.validatorQueue.get(store, key)
  if (!slice) return
  const addresses = slice.addresses.filter((a) => a !== v.operator_address)
  if (addresses.length === 0) k.c.validatorQueue.remove(store, key)
  else k.c.validatorQueue.set(store, key, { addresses })
}

/**
 * Upstream UnbondAllMatureValidators: every validator whose unbonding time and height have passed
 * becomes Unbonded; one without delegator shares is removed.
 */
export function unbondAllMatureValidators(k: StakingCore, ctx: BlockContext): void | Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  // The queue key after its prefix, then a zero byte: the range ends just past this block's key.
  const key = k.c.validatorQueue.storeKey([timeKeyOf(ctx.time), BigInt(ctx.height)])
  const end = new Uint8Array(key.length)
  end.set(key.subarray(1))
  // The queue's slices up to now, at once when memory has them (most blocks: none is due).
  const slices = collectNow(k.c.validatorQueue.iterate(store, { end }), (entry) => entry)
  return thenNow(slices, (entries) => {
    const due: string[][] = []
    for (const [[time, height], slice] of entries) {
      if (height <= BigInt(ctx.height) && time <= timeKeyOf(ctx.time)) due.push(slice.addresses)
    }
    return due.length === 0 ? undefined : unbondMature(k, ctx, due)
  })
}

/** The validators of the due slices become Unbonded; one without delegator shares is removed. */
async function unbondMature(k: StakingCore, ctx: BlockContext, due: string[][]): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  for (const addresses of due) {
    for (const address of addresses) {
      const operator = bech32ToAddress(address, valoperPrefix())
      const v = await k.validator(ctx.state, operator)
      if (!v) throw ErrLogic.wrap('validator in the unbonding queue was not found')
      if (v.status !== BOND_STATUS_UNBONDING) {
        throw ErrLogic.wrap('unexpected validator in unbonding queue; status was not unbonding')
      }
      if (int64Of(v.unbonding_on_hold_ref_count) !== 0n) continue
      for (const id of v.unbonding_ids) k.c.unbondingIndex.remove(store, int64Of(id))
      v.status = BOND_STATUS_UNBONDED
      setValidator(k, ctx.state, v)
      if (rateOf(v).shares === 0n) await removeValidator(k, ctx, operator)
      await deleteValidatorQueue(k, ctx, v)
    }
  }
}
