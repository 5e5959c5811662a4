import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { compareBytes, equalBytes, utf8 } from '../../codec/bytes.js'
import { coinsToString } from '../../codec/coins.js'
import { timeToTimestamp } from '../../codec/time.js'
import type { KVStore } from '../../store/types.js'
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
export async function beginBlock(k: StakingCore, ctx: BlockContext): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const n = BigInt((await k.sharedParams(ctx.state)).historical_entries)
  for (let h = BigInt(ctx.height) - n; h >= 0n; h--) {
    if (!(await k.c.historicalInfo.has(store, h))) break
    k.c.historicalInfo.remove(store, h)
  }
  if (n === 0n) return
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
  const valset = await encodedValset(k, store)
  const entry = new Uint8Array(header.length + valset.length)
  entry.set(header)
  entry.set(valset, header.length)
  store.set(k.c.historicalInfo.storeKey(BigInt(ctx.height)), entry)
}

/** The last bonded set's records (stored bytes, in last-power order) and its encoding. */
const valsetCache = new WeakMap<StakingCore, { records: Uint8Array[]; encoded: Uint8Array }>()

/**
 * The bonded set as HistoricalInfo's `valset` field encodes it: sorted by consensus power
 * descending, ties by consensus address ascending (upstream). Re-encoded only when a record differs.
 */
async function encodedValset(k: StakingCore, store: KVStore): Promise<Uint8Array> {
  const records: Uint8Array[] = []
  for await (const [operator] of k.c.lastValidatorPower.iterate(store)) {
    const record = await store.get(k.c.validators.storeKey(operator))
    if (record) records.push(record)
  }
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
export async function endBlock(k: StakingCore, ctx: BlockContext): Promise<ValidatorUpdate[]> {
  const updates = await applyAndReturnValidatorSetUpdates(k, ctx)
  await unbondAllMatureValidators(k, ctx)
  const store = ctx.state.store(MODULE_NAME)
  const end = new Uint8Array([...utf8(timeKeyOf(ctx.time)), 0])
  const pairs: { delegator_address: string; validator_address: string }[] = []
  const ubdKeys: string[] = []
  for await (const [key, slice] of k.c.unbondingQueue.iterate(store, { end })) {
    ubdKeys.push(key)
    pairs.push(...slice.pairs)
  }
  for (const key of ubdKeys) k.c.unbondingQueue.remove(store, key)
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
  const triplets: {
    delegator_address: string
    validator_src_address: string
    validator_dst_address: string
  }[] = []
  const redKeys: string[] = []
  for await (const [key, slice] of k.c.redelegationQueue.iterate(store, { end })) {
    redKeys.push(key)
    triplets.push(...slice.triplets)
  }
  for (const key of redKeys) k.c.redelegationQueue.remove(store, key)
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
  return updates
}
