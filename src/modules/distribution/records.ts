import type { Bytes } from '../../codec/bytes.js'
import type { Dec } from '../../codec/dec.js'
import { type DecCoin, decCoinsFromProto, decCoinsToProto } from '../../codec/dec-coins.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { DecodedByBytes } from '../../store/decoded-by-bytes.js'
import type { Readable, Writable } from '../../store/types.js'
import { readNow, thenNow } from '../../store/value-now.js'
import type { DistributionBankKeeper, DistributionStakingKeeper } from './expected-keepers.js'
import {
  addressPrefix,
  type DistributionCollections,
  distributionCollections,
  MODULE_NAME,
} from './keys.js'
import { type DistributionParams, defaultDistributionParams, readParams } from './params.js'

export interface DistributionKeeperOptions {
  registry: ProtoRegistry
  staking: DistributionStakingKeeper
  bank: DistributionBankKeeper
}

/** A delegation's starting point (upstream DelegatorStartingInfo). */
export interface StartingInfo {
  previousPeriod: bigint
  stake: Dec
  height: bigint
}

/** A validator's period record (upstream ValidatorHistoricalRewards). */
export interface HistoricalRewards {
  ratio: DecCoin[]
  referenceCount: number
}

/** A validator's running period (upstream ValidatorCurrentRewards). */
export interface CurrentRewards {
  rewards: DecCoin[]
  period: bigint
}

/** One slash of a validator as distribution records it (upstream ValidatorSlashEvent). */
export interface SlashEvent {
  height: bigint
  period: bigint
  validatorPeriod: bigint
  fraction: Dec
}

/** The height a state was read at, when it tells (a query's committed height or a block's). */
export function heightOf(state: Readable): bigint {
  const h = (state as { height?: number }).height
  return BigInt(h ?? 0)
}

/**
 * x/distribution's records: the F1 state (periods, starting infos, slash events), the community
 * pool, commission and outstanding rewards. The write side (periods.ts, allocation.ts,
 * withdraw.ts) takes them; DistributionKeeper adds the reads that compute.
 */
export class DistributionRecords {
  readonly c: DistributionCollections
  readonly registry: ProtoRegistry
  readonly staking: DistributionStakingKeeper
  readonly bank: DistributionBankKeeper
  private readonly paramsCache = new DecodedByBytes<DistributionParams>()

  constructor({ registry, staking, bank }: DistributionKeeperOptions) {
    this.c = distributionCollections(registry)
    this.registry = registry
    this.staking = staking
    this.bank = bank
  }

  private s(state: Readable) {
    return state.store(MODULE_NAME)
  }

  private w(state: Writable) {
    return state.store(MODULE_NAME)
  }

  /** The params as stored; upstream's defaults when none are. */
  async rawParams(state: Readable): Promise<Proto<'sdk.distribution.v1beta1.Params'>> {
    const p = await this.c.params.get(this.s(state))
    return p ?? this.registry.decode('sdk.distribution.v1beta1.Params', this.defaultParamsBytes())
  }

  private defaultParamsBytes(): Uint8Array {
    const type = this.registry.type('sdk.distribution.v1beta1.Params')
    const out = type.encode(type.fromObject(defaultDistributionParams())).finish()
    return new Uint8Array(out.buffer, out.byteOffset, out.length)
  }

  /**
   * The params, read once per distinct stored bytes: the BeginBlocker reads them every block, and
   * they change only by a governance proposal. Frozen, as every caller gets the same object.
   */
  params(state: Readable): DistributionParams | Promise<DistributionParams> {
    return thenNow(readNow(this.s(state), this.c.params.prefix), (raw) =>
      this.paramsCache.get(raw, async () => Object.freeze(readParams(await this.rawParams(state)))),
    )
  }

  setParams(state: Writable, p: Proto<'sdk.distribution.v1beta1.Params'>): void {
    this.c.params.set(this.w(state), p)
  }

  communityPool(state: Readable): DecCoin[] | Promise<DecCoin[]> {
    return this.c.feePool.getNowThen(this.s(state), (pool) =>
      decCoinsFromProto(pool?.community_pool),
    )
  }

  setCommunityPool(state: Writable, pool: readonly DecCoin[]): void {
    this.c.feePool.set(this.w(state), { community_pool: decCoinsToProto(pool) })
  }

  /** The consensus address of the previous block's proposer (empty before one is stored). */
  async previousProposer(state: Readable): Promise<Bytes> {
    return (await this.c.previousProposer.get(this.s(state)))?.value ?? new Uint8Array(0)
  }

  setPreviousProposer(state: Writable, consAddr: Bytes): void {
    this.c.previousProposer.set(this.w(state), { value: consAddr })
  }

  outstandingRewards(state: Readable, operator: Bytes): DecCoin[] | Promise<DecCoin[]> {
    return this.c.outstanding.getNowThen(this.s(state), operator, (o) =>
      decCoinsFromProto(o?.rewards),
    )
  }

  hasOutstandingRewards(state: Readable, operator: Bytes): Promise<boolean> {
    return this.c.outstanding.has(this.s(state), operator)
  }

  setOutstandingRewards(state: Writable, operator: Bytes, rewards: readonly DecCoin[]): void {
    this.c.outstanding.set(this.w(state), operator, { rewards: decCoinsToProto(rewards) })
  }

  accumulatedCommission(state: Readable, operator: Bytes): DecCoin[] | Promise<DecCoin[]> {
    return this.c.commission.getNowThen(this.s(state), operator, (c) =>
      decCoinsFromProto(c?.commission),
    )
  }

  /** Upstream SetValidatorAccumulatedCommission: zero is stored as an empty message. */
  setAccumulatedCommission(state: Writable, operator: Bytes, c: readonly DecCoin[]): void {
    this.c.commission.set(this.w(state), operator, { commission: decCoinsToProto(c) })
  }

  /** Where `delegator`'s rewards go: its withdraw address, else itself. */
  async withdrawAddress(state: Readable, delegator: Bytes): Promise<Bytes> {
    return (await this.c.withdrawAddress.get(this.s(state), delegator)) ?? delegator
  }

  setWithdrawAddress(state: Writable, delegator: Bytes, withdraw: Bytes): void {
    this.c.withdrawAddress.set(this.w(state), delegator, withdraw)
  }

  async startingInfo(
    state: Readable,
    operator: Bytes,
    delegator: Bytes,
  ): Promise<StartingInfo | undefined> {
    const s = await this.c.startingInfo.get(this.s(state), [operator, delegator])
    if (!s) return undefined
    return {
      previousPeriod: int64Of(s.previous_period),
      stake: s.stake === '' ? 0n : BigInt(s.stake),
      height: int64Of(s.height),
    }
  }

  /** Upstream HasDelegatorStartingInfo: a `Has`, not a read of the record. */
  hasStartingInfo(state: Readable, operator: Bytes, delegator: Bytes): Promise<boolean> {
    return this.c.startingInfo.has(this.s(state), [operator, delegator])
  }

  setStartingInfo(state: Writable, operator: Bytes, delegator: Bytes, s: StartingInfo): void {
    this.c.startingInfo.set(this.w(state), [operator, delegator], {
      previous_period: s.previousPeriod,
      stake: s.stake.toString(),
      height: s.height,
    })
  }

  removeStartingInfo(state: Writable, operator: Bytes, delegator: Bytes): void {
    this.c.startingInfo.remove(this.w(state), [operator, delegator])
  }

  async historicalRewards(
    state: Readable,
    operator: Bytes,
    period: bigint,
  ): Promise<HistoricalRewards | undefined> {
    const h = await this.c.historical.get(this.s(state), [operator, period])
    if (!h) return undefined
    return {
      ratio: decCoinsFromProto(h.cumulative_reward_ratio),
      referenceCount: h.reference_count,
    }
  }

  setHistoricalRewards(
    state: Writable,
    operator: Bytes,
    period: bigint,
    h: HistoricalRewards,
  ): void {
    this.c.historical.set(this.w(state), [operator, period], {
      cumulative_reward_ratio: decCoinsToProto(h.ratio),
      reference_count: h.referenceCount,
    })
  }

  removeHistoricalRewards(state: Writable, operator: Bytes, period: bigint): void {
    this.c.historical.remove(this.w(state), [operator, period])
  }

  currentRewards(
    state: Readable,
    operator: Bytes,
  ): CurrentRewards | undefined | Promise<CurrentRewards | undefined> {
    return this.c.current.getNowThen(this.s(state), operator, (c) =>
      c ? { rewards: decCoinsFromProto(c.rewards), period: int64Of(c.period) } : undefined,
    )
  }

  setCurrentRewards(state: Writable, operator: Bytes, c: CurrentRewards): void {
    this.c.current.set(this.w(state), operator, {
      rewards: decCoinsToProto(c.rewards),
      period: c.period,
    })
  }

  /** Every slash event of `operator`, in key order (height, then period). */
  async *slashEvents(state: Readable, operator: Bytes): AsyncIterable<SlashEvent> {
    yield* this.slashEventsBetween(state, operator, 0n, undefined)
  }

  /** The slash events of `operator` at heights in [from, to] (`to` unbounded when undefined). */
  async *slashEventsBetween(
    state: Readable,
    operator: Bytes,
    from: bigint,
    to: bigint | undefined,
  ): AsyncIterable<SlashEvent> {
    const prefix = addressPrefix(operator)
    const key = (h: bigint) => this.c.slashEvents.storeKey([operator, [h, 0n]]).slice(1)
    const iter = this.c.slashEvents.iterate(this.s(state), {
      prefix,
      start: key(from),
      ...(to !== undefined && to < 0xffffffffffffffffn ? { end: key(to + 1n) } : {}),
    })
    for await (const [[, [height, period]], e] of iter) {
      yield {
        height,
        period,
        validatorPeriod: int64Of(e.validator_period),
        fraction: e.fraction === '' ? 0n : BigInt(e.fraction),
      }
    }
  }

  setSlashEvent(state: Writable, operator: Bytes, e: SlashEvent): void {
    this.c.slashEvents.set(this.w(state), [operator, [e.height, e.period]], {
      validator_period: e.validatorPeriod,
      fraction: e.fraction.toString(),
    })
  }
}
