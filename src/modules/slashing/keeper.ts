import type { BlockContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Dec } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { type TimeNs, timestampToTime, timeToTimestamp } from '../../codec/time.js'
import { DecodedByBytes } from '../../store/decoded-by-bytes.js'
import type { Readable, Writable } from '../../store/types.js'
import { readNow, thenNow } from '../../store/value-now.js'
import { bitmapPosition, chunkBit, chunkSetBits, withChunkBit } from './bitmap.js'
import { ErrNoSigningInfoFound, ErrValidatorTombstoned } from './errors.js'
import type { SlashingStakingKeeper } from './expected-keepers.js'
import {
  MODULE_NAME,
  missedBlocksPrefix,
  type SlashingCollections,
  slashingCollections,
  valconsPrefix,
} from './keys.js'
import { defaultSlashingParams, readSlashingParams, type SlashingParams } from './params.js'

/** A validator's signing info with its numbers read (upstream ValidatorSigningInfo). */
export interface SigningInfo {
  /** Consensus address, bech32. */
  address: string
  startHeight: bigint
  indexOffset: bigint
  jailedUntil: TimeNs
  tombstoned: boolean
  missedBlocksCounter: bigint
}

/** The stored form of a signing info. */
export function signingInfoToProto(
  info: SigningInfo,
): ProtoInit<'sdk.slashing.v1beta1.ValidatorSigningInfo'> {
  return {
    address: info.address,
    start_height: info.startHeight.toString(),
    index_offset: info.indexOffset.toString(),
    jailed_until: timeToTimestamp(info.jailedUntil),
    tombstoned: info.tombstoned,
    missed_blocks_counter: info.missedBlocksCounter.toString(),
  }
}

/** A stored signing info read. */
export function signingInfoFromProto(
  p: Proto<'sdk.slashing.v1beta1.ValidatorSigningInfo'>,
): SigningInfo {
  return {
    address: p.address,
    startHeight: int64Of(p.start_height),
    indexOffset: int64Of(p.index_offset),
    jailedUntil: p.jailed_until ? timestampToTime(p.jailed_until) : 0n,
    tombstoned: p.tombstoned,
    missedBlocksCounter: int64Of(p.missed_blocks_counter),
  }
}

/** Consensus address text (`sdkvalcons1…` in the brand). */
export function consAddressText(consAddr: Bytes): string {
  return addressToBech32(consAddr, valconsPrefix())
}

export interface SlashingKeeperOptions {
  registry: ProtoRegistry
  staking: SlashingStakingKeeper
}

/** x/slashing keeper: params, signing infos, the missed-blocks bitmap, and slash/jail/tombstone. */
export class SlashingKeeper {
  readonly c: SlashingCollections
  readonly registry: ProtoRegistry
  readonly staking: SlashingStakingKeeper
  private defaults: Proto<'sdk.slashing.v1beta1.Params'> | undefined
  private readonly paramsCache = new DecodedByBytes<SlashingParams>()

  constructor({ registry, staking }: SlashingKeeperOptions) {
    this.c = slashingCollections(registry)
    this.registry = registry
    this.staking = staking
  }

  /** The stored params (the defaults when none are stored). */
  async rawParams(state: Readable): Promise<Proto<'sdk.slashing.v1beta1.Params'>> {
    const stored = await this.c.params.get(state.store(MODULE_NAME))
    if (stored) return stored
    this.defaults ??= messageFromJson(
      this.registry,
      this.registry.type('sdk.slashing.v1beta1.Params'),
      defaultSlashingParams(),
    )
    return this.defaults
  }

  /**
   * The params, read once per distinct stored bytes: the BeginBlocker reads them every block, and
   * they change only by a governance proposal.
   */
  params(state: Readable): SlashingParams | Promise<SlashingParams> {
    return thenNow(readNow(state.store(MODULE_NAME), this.c.params.prefix), (raw) =>
      this.paramsCache.get(raw, async () =>
        Object.freeze(readSlashingParams(await this.rawParams(state))),
      ),
    )
  }

  /** At once when memory has the record (every block reads each voter's). */
  signingInfo(
    state: Readable,
    consAddr: Bytes,
  ): SigningInfo | undefined | Promise<SigningInfo | undefined> {
    return this.c.signingInfos.getNowThen(state.store(MODULE_NAME), consAddr, (p) =>
      p ? signingInfoFromProto(p) : undefined,
    )
  }

  setSigningInfo(state: Writable, consAddr: Bytes, info: SigningInfo): void {
    this.c.signingInfos.set(state.store(MODULE_NAME), consAddr, signingInfoToProto(info))
  }

  /** Bit `index` of the validator's missed-blocks bitmap (upstream GetMissedBlockBitmapValue). */
  missedBlockBit(state: Readable, consAddr: Bytes, index: bigint): boolean | Promise<boolean> {
    const [chunk, bit] = bitmapPosition(index)
    return this.c.missedBlocks.getNowThen(state.store(MODULE_NAME), [consAddr, chunk], (stored) =>
      chunkBit(stored, bit),
    )
  }

  /** Sets bit `index` of the bitmap; only its 1024-bit chunk is read and written. */
  async setMissedBlockBit(
    state: Writable,
    consAddr: Bytes,
    index: bigint,
    missed: boolean,
  ): Promise<void> {
    const [chunk, bit] = bitmapPosition(index)
    const store = state.store(MODULE_NAME)
    const old = await this.c.missedBlocks.get(store, [consAddr, chunk])
    this.c.missedBlocks.set(store, [consAddr, chunk], withChunkBit(old, bit, missed))
  }

  /** Deletes every chunk of the validator's bitmap (upstream DeleteMissedBlockBitmap). */
  async deleteMissedBlocks(state: Writable, consAddr: Bytes): Promise<void> {
    const store = state.store(MODULE_NAME)
    const chunks: bigint[] = []
    for await (const [[, chunk]] of this.c.missedBlocks.iterate(store, {
      prefix: missedBlocksPrefix(consAddr),
    })) {
      chunks.push(chunk)
    }
    for (const chunk of chunks) this.c.missedBlocks.remove(store, [consAddr, chunk])
  }

  /** The missed indexes of the validator's bitmap, ascending (upstream GetValidatorMissedBlocks). */
  async missedBlocks(state: Readable, consAddr: Bytes): Promise<bigint[]> {
    const out: bigint[] = []
    const size = 1024n
    for await (const [[, chunk], bits] of this.c.missedBlocks.iterate(state.store(MODULE_NAME), {
      prefix: missedBlocksPrefix(consAddr),
    })) {
      for (const bit of chunkSetBits(bits)) out.push(chunk * size + BigInt(bit))
    }
    return out
  }

  /**
   * Upstream SlashWithInfractionReason: staking burns `fraction` of the stake at
   * `distributionHeight`, then the `slash` event with the reason and the coins burned.
   */
  async slash(
    ctx: BlockContext,
    consAddr: Bytes,
    fraction: Dec,
    power: bigint,
    distributionHeight: number,
    reason: 'double_sign' | 'missing_signature',
  ): Promise<bigint> {
    const burned = await this.staking.slash(ctx, consAddr, distributionHeight, power, fraction)
    ctx.events.emit('slash', [
      ['address', consAddressText(consAddr)],
      ['power', power.toString()],
      ['reason', reason],
      ['burned_coins', burned.toString()],
    ])
    return burned
  }

  /** Upstream Keeper.Jail: staking jails, then the `slash` event naming the jailed validator. */
  async jail(ctx: BlockContext, consAddr: Bytes): Promise<void> {
    await this.staking.jail(ctx, consAddr)
    ctx.events.emit('slash', [['jailed', consAddressText(consAddr)]])
  }

  /** Sets the time before which the validator may not unjail. */
  async jailUntil(ctx: BlockContext, consAddr: Bytes, until: TimeNs): Promise<void> {
    const info = await this.signingInfo(ctx.state, consAddr)
    if (!info)
      throw ErrNoSigningInfoFound.wrap(
        'cannot jail validator that does not have any signing information',
      )
    this.setSigningInfo(ctx.state, consAddr, { ...info, jailedUntil: until })
  }

  /** Marks the validator tombstoned: it can never unjail. */
  async tombstone(ctx: BlockContext, consAddr: Bytes): Promise<void> {
    const info = await this.signingInfo(ctx.state, consAddr)
    if (!info)
      throw ErrNoSigningInfoFound.wrap(
        'cannot tombstone validator that does not have any signing information',
      )
    if (info.tombstoned)
      throw ErrValidatorTombstoned.wrap('cannot tombstone validator that is already tombstoned')
    this.setSigningInfo(ctx.state, consAddr, { ...info, tombstoned: true })
  }
}
