import type { BlockBuilder } from '../block/block.js'
import { type Bytes, equalBytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { Genesis } from '../config/genesis.js'
import { ConsensusKeeper } from '../modules/consensus/keeper.js'
import { MODULE_NAME } from '../modules/consensus/keys.js'
import { type ConsensusParamsJson, consensusParamsFromProto } from '../modules/consensus/params.js'
import { consensusParamsWrites } from '../modules/consensus/writes.js'
import type { StateReader } from '../store/types.js'
import { consensusParamsOf } from '../versions/deps.js'

/** The consensus params a height runs and is built with. */
export interface ParamsInEffect {
  json: ConsensusParamsJson
  /** block.max_bytes (-1: CometBFT's maximum). */
  maxBytes: bigint
  /** block.max_gas (-1: unlimited). */
  maxGas: bigint
  /** Their hash (the header's consensus_hash) when it is not the builder's; else undefined. */
  hash: Bytes | undefined
}

/**
 * The consensus params a state holds: x/consensus's (the app versions that have the module; a
 * governance proposal changes them), else `genesis` (genesis.json's, which an app version without
 * x/consensus keeps unchanged). A section the stored params lack is genesis's.
 */
export async function consensusParamsIn(
  state: Pick<StateReader, 'store' | 'hasStore'>,
  registry: ProtoRegistry,
  genesis: ConsensusParamsJson,
): Promise<ConsensusParamsJson> {
  if (!state.hasStore(MODULE_NAME)) return genesis
  const stored = await new ConsensusKeeper({ registry }).params(state)
  if (!stored) return genesis
  const p = consensusParamsFromProto(stored)
  return {
    block: stored.block ? p.block : genesis.block,
    evidence: stored.evidence ? p.evidence : genesis.evidence,
    validator: stored.validator ? p.validator : genesis.validator,
    version: stored.version ? p.version : genesis.version,
    abci: stored.abci ? p.abci : genesis.abci,
  }
}

/**
 * The consensus params in effect for the next height, as CometBFT's state keeps them: read from the
 * working state after a block that stored params (CometBFT applies FinalizeBlock's
 * consensus_param_updates from the next height on), else unchanged. `onChange` hears of each
 * change (the mempool's block limits, the ante handler's block max gas).
 */
export class ConsensusParamsTracker {
  private seenWrites = -1
  private params: ParamsInEffect

  constructor(
    private readonly o: {
      builder: Pick<BlockBuilder, 'consensusHash' | 'paramsHash'>
      registry: ProtoRegistry
      genesis: ConsensusParamsJson
      onChange?: ((params: ParamsInEffect) => void) | undefined
    },
  ) {
    this.params = this.inEffect(o.genesis)
  }

  /** A producer's: from its genesis's params (each section CometBFT's default when absent). */
  static of(o: {
    builder: Pick<BlockBuilder, 'consensusHash' | 'paramsHash'>
    registry: ProtoRegistry
    genesis: Genesis
    onConsensusParams?: ((params: ParamsInEffect) => void) | undefined
  }): ConsensusParamsTracker {
    const { registry } = o
    return new ConsensusParamsTracker({
      builder: o.builder,
      registry,
      genesis: consensusParamsOf({ registry, consensusParams: o.genesis.json.consensus.params }),
      onChange: o.onConsensusParams,
    })
  }

  get current(): ParamsInEffect {
    return this.params
  }

  /** Whether x/consensus stored params since the last read. */
  get changed(): boolean {
    return consensusParamsWrites.count !== this.seenWrites
  }

  /**
   * Reads the params `state` holds when x/consensus stored any since the last read (always when
   * `force`: a start, a rollback).
   */
  async follow(state: Pick<StateReader, 'store' | 'hasStore'>, force = false): Promise<void> {
    if (!force && consensusParamsWrites.count === this.seenWrites) return
    this.seenWrites = consensusParamsWrites.count
    const json = await consensusParamsIn(state, this.o.registry, this.o.genesis)
    const next = this.inEffect(json)
    const before = this.params
    this.params = next
    if (
      next.maxBytes !== before.maxBytes ||
      next.maxGas !== before.maxGas ||
      JSON.stringify(next.json) !== JSON.stringify(before.json)
    ) {
      this.o.onChange?.(next)
    }
  }

  private inEffect(json: ConsensusParamsJson): ParamsInEffect {
    const maxBytes = BigInt(json.block.max_bytes)
    const maxGas = BigInt(json.block.max_gas)
    const hash = this.o.builder.paramsHash({ blockMaxBytes: maxBytes, blockMaxGas: maxGas })
    return {
      json,
      maxBytes,
      maxGas,
      hash: equalBytes(hash, this.o.builder.consensusHash) ? undefined : hash,
    }
  }
}
