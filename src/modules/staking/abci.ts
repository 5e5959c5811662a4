import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { compareBytes, equalBytes, utf8 } from '../../codec/bytes.js'
import { coinsToString } from '../../codec/coins.js'
import { timeToTimestamp } from '../../codec/time.js'
import { collectNow } from '../../store/map-async.js'
import type { KVStore } from '../../store/types.js'
import { eachNow, readNow, thenNow } from '../../store/value-now.js'
import type { StakingCore } from './core.js'
import { completeUnbonding } from './delegation.js'
import { MODULE_NAME, valoperPrefix } from './keys.js'
import { completeRedelegation } from './redelegation.js'
import type { Validator } from './status.js'
import { consAddrOf, powerOf, rateOf, timeKeyOf } from './validators.js'
import { applyAndReturnValidatorSetUpdates, unbondAllMatureValidators } from './valset.js'

// x/staking's BeginBlocker and EndBlocker (upstream x/staking/abci.go, keeper/abci.go).

/**
 * Upstream TrackHistoricalInfo: keeps the last `historical_entries` heights' header and bonded
 * set; older entries are pruned (downward until one is missing).
 */
export function beginBlock(k: StakingCore, ctx: BlockContext): void | Promise<void> {
  // Each step at once when memory answers its reads (every block runs it).
  const store = ctx.state.store(MODULE_NAME)
  return thenNow(k.sharedParams(ctx.state), (params) => {
    const n = BigInt(params.historical_entries)
    return thenNow(pruneHistoricalInfo(k, store, BigInt(ctx.height) - n), () =>
      n === 0n ? undefined : trackHistoricalInfo(k, ctx, store),
    )
  })
}

/** Deletes the entries at `from` and below, downward until one is missing. */
function pruneHistoricalInfo(k: StakingCore, store: KVStore, from: bigint): void | Promise<void> {
  for (let h = from; h >= 0n; h--) {
    const has = k.c.historicalInfo.hasNow(store, h)
    if (has instanceof Promise) {
      return has.then((stored) => {
        if (!stored) return
        k.c.historicalInfo.remove(store, h)
        return pruneHistoricalInfo(k, store, h - 1n)
      })
    }
    if (!has) return
    k.c.historicalInfo.remove(store, h)
  }
}

/** The entry of this block: its header, then the bonded set. */
function trackHistoricalInfo(
  k: StakingCore,
  ctx: BlockContext,
  store: KVStore,
): void | Promise<void> {
  const h = ctx.header
  const type = k.registry.type('sdk.staking.v1beta1.HistoricalInfo')
  // Protobuf writes fields in number order: the header (1) then the validators (2), so the entry's
  // bytes are the header's encoding followed by the set's (cached while the set's records are the
  // same bytes, which is every block that changes no validator).
  const header = type
    .encode(
      type.fromObject({
        header: {
          chain_id: h.chainId,
          height: BigInt(h.height),
          time: timeToTimestamp(h.time),
          next_validators_hash: h.nextValidatorsHash,
          app_hash: h.appHash,
          proposer_address: h.proposerAddress,
        },
      }),
    )
    .finish()
  return thenNow(encodedValset(k, store), (valset) => {
    const entry = new Uint8Array(header.length + valset.length)
    entry.set(header)
    entry.set(valset, header.length)
    store.set(k.c.historicalInfo.storeKey(BigInt(ctx.height)), entry)
  })
}

/** The last bonded set's records (stored bytes, in last-power order) and its encoding. */
const valsetCache = new WeakMap<StakingCore, { records: Uint8Array[]; encoded: Uint8Array }>()

/**
 * The bonded set as HistoricalInfo's `valset` field encodes it: sorted by consensus power
 * descending, ties by consensus address ascending (upstream). Re-encoded only when a record differs.
 */
function encodedValset(k: StakingCore, store: KVStore): Uint8Array | Promise<Uint8Array> {
  const records: Uint8Array[] = []
  const operators = collectNow(k.c.lastValidatorPower.iterate(store), ([operator]) => operator)
  return thenNow(operators, (ops) =>
    thenNow(
      eachNow(ops, (operator) =>
        thenNow(readNow(store, k.c.validators.storeKey(operator)), (record) => {
          if (record) records.push(record)
        }),
      ),
      () => valsetEncoding(k, records),
    ),
  )
}

/** The `valset` field of `records` (the bonded set's stored validators, in last-power order). */
function valsetEncoding(k: StakingCore, records: Uint8Array[]): Uint8Array {
  const cached = valsetCache.get(k)
  if (
    cached &&
    cached.records.length === records.length &&
    cached.records.every((r, i) => equalBytes(r, records[i]))
  ) {
    return cached.encoded
  }
  const valset: { v: Validator; power: bigint; cons: Uint8Array }[] = []
  for (const record of records) {
    const v = k.registry
      .type('sdk.staking.v1beta1.Validator')
      .decode(record) as unknown as Validator
    valset.push({ v, power: powerOf(rateOf(v).tokens), cons: consAddrOf(k.registry, v) })
  }
  valset.sort((a, b) =>
    a.power === b.power ? compareBytes(a.cons, b.cons) : a.power > b.power ? -1 : 1,
  )
  const type = k.registry.type('sdk.staking.v1beta1.HistoricalInfo')
  const encoded = type.encode(type.fromObject({ valset: valset.map((x) => x.v) })).finish()
  valsetCache.set(k, { records: records.map((r) => r.slice()), encoded })
  return encoded
}

/**
 * Upstream BlockValidatorUpdates: the validator-set updates, then matured validators, unbonding
 * delegations and redelegations (each queue slice up to the block time, taken and deleted).
 */
export function endBlock(
  k: StakingCore,
  ctx: BlockContext,
): ValidatorUpdate[] | Promise<ValidatorUpdate[]> {
  // Each step at once when memory answers its reads (most blocks: no update, no queue due).
  const store = ctx.state.store(MODULE_NAME)
  const end = new Uint8Array([...utf8(timeKeyOf(ctx.time)), 0])
  const entry = <E>(e: E): E => e
  return thenNow(applyAndReturnValidatorSetUpdates(k, ctx), (updates) =>
    thenNow(unbondAllMatureValidators(k, ctx), () =>
      thenNow(collectNow(k.c.unbondingQueue.iterate(store, { end }), entry), (ubd) =>
        thenNow(ubd.length === 0 ? undefined : completeUnbondings(k, ctx, ubd), () =>
          thenNow(collectNow(k.c.redelegationQueue.iterate(store, { end }), entry), (red) =>
            thenNow(
              red.length === 0 ? undefined : completeRedelegations(k, ctx, red),
              () => updates,
            ),
          ),
        ),
      ),
    ),
  )
}

/** The due slices of the unbonding queue, taken: each delegation's unbonding completes. */
async function completeUnbondings(
  k: StakingCore,
  ctx: BlockContext,
  slices: readonly (readonly [string, { pairs: UnbondingPair[] }, unknown])[],
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const pairs: UnbondingPair[] = []
  for (const [key, slice] of slices) {
    k.c.unbondingQueue.remove(store, key)
    pairs.push(...slice.pairs)
  }
  for (const p of pairs) {
    const delegator = bech32ToAddress(p.delegator_address)
    const operator = bech32ToAddress(p.validator_address, valoperPrefix())
    let coins: Awaited<ReturnType<typeof completeUnbonding>>
    try {
      coins = await completeUnbonding(k, ctx, delegator, operator)
    } catch {
      continue
    }
    ctx.events.emit('complete_unbonding', [
      ['amount', coinsToString(coins)],
      ['validator', p.validator_address],
      ['delegator', p.delegator_address],
    ])
  }
}

/** The due slices of the redelegation queue, taken: each redelegation completes. */
async function completeRedelegations(
  k: StakingCore,
  ctx: BlockContext,
  slices: readonly (readonly [string, { triplets: RedelegationTriplet[] }, unknown])[],
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const triplets: RedelegationTriplet[] = []
  for (const [key, slice] of slices) {
    k.c.redelegationQueue.remove(store, key)
    triplets.push(...slice.triplets)
  }
  for (const t of triplets) {
    const delegator = bech32ToAddress(t.delegator_address)
    const src = bech32ToAddress(t.validator_src_address, valoperPrefix())
    const dst = bech32ToAddress(t.validator_dst_address, valoperPrefix())
    let coins: Awaited<ReturnType<typeof completeRedelegation>>
    try {
      coins = await completeRedelegation(k, ctx, delegator, src, dst)
    } catch {
      continue
    }
    ctx.events.emit('complete_redelegation', [
      ['amount', coinsToString(coins)],
      ['delegator', t.delegator_address],
      ['source_validator', t.validator_src_address],
      ['destination_validator', t.validator_dst_address],
    ])
  }
}

/** A (delegator, validator) pair of an unbonding queue slice. */
interface UnbondingPair {
  delegator_address: string
  validator_address: string
}

/** A (delegator, source, destination) triplet of a redelegation queue slice. */
interface RedelegationTriplet {
  delegator_address: string
  validator_src_address: string
  validator_dst_address: string
}
