import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import type { BlockBuilder } from '../block/block.js'
import type { BlockSource } from '../block/block-source.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { Genesis } from '../config/genesis.js'
import type { ChainHaltError, QuorumStallError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StoreBackend } from '../store/backend.js'
import type { BlockStore, StoredBlock, TxResult } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import type { TxExecutor } from '../tx/executor.js'
import type { ParamsInEffect } from './consensus-params.js'
import type { ValidatorKey } from './consensus-validators.js'
import type { StoreUpgradePlan } from './execute-block.js'

/** Source of txs for the next block (the mempool). */
export interface TxSource {
  /** Takes the txs for the next block out of the pool (they must not be reaped again). */
  reap(): Bytes[]
  /**
   * Holds the pool for the end of a block: waits for a CheckTx in progress and keeps new ones waiting
   * until `release`. The block producer holds it from before it applies a block in memory until the
   * pool is rechecked against the new state (`update`), as CometBFT locks its mempool over Commit and
   * Update: a CheckTx runs either against the state before the block or after the recheck.
   */
  hold(): Promise<HeldTxSource>
  /** Txs waiting for a block. */
  readonly size: number
  /** The block with `txs` (as reaped) is durable and published: they are no longer unconfirmed. */
  published(txs: readonly Bytes[]): void
  /** Calls `listener` whenever a tx is admitted (instant mining makes a block for it). */
  onAdmitted(listener: () => void): void
}

/** The pool while held (`TxSource.hold`). */
/**
 * The codes of a block's tx results: its results in compact form (`code(i)`), or result objects.
 */
export type TxCodes = { code(index: number): number } | readonly Pick<TxResult, 'code'>[]

/** The code of the result at `index` (0 when there is none). */
export function codeAt(results: TxCodes, index: number): number {
  if (!Array.isArray(results)) return (results as { code(index: number): number }).code(index)
  return (results as readonly Pick<TxResult, 'code'>[])[index]?.code ?? 0
}

export interface HeldTxSource {
  /**
   * The block at `height` is applied in memory (upstream Commit resets the check state then):
   * committed txs leave the pool, the rest are rechecked against the new working state.
   */
  update(height: number, committed: readonly Bytes[], results: TxCodes): Promise<void>
  /** Lets CheckTx, recheck and simulation run again (once; later calls do nothing). */
  release(): void
}

/** Options of a burst of blocks (`produceBlocks`). */
export interface ProduceOptions {
  /** Each block's time is the previous one plus this (0: the block clock). */
  stepNs?: bigint
  /**
   * A change made in the first block after BeginBlock, before its txs (an out-of-band dev edit:
   * it commits with that block, so the app hash stays the block's).
   */
  edit?: (ctx: BlockContext) => Promise<void>
  /** Log each commit at debug and the burst as one info line (`mined blocks`). */
  quiet?: boolean
  /** Stop once the chain reaches this height, counting blocks the loop builds meanwhile. */
  toHeight?: number
}

export interface ProducerOptions {
  backend: StoreBackend
  store: VersionedStore
  blocks: BlockStore
  /** The block builder's constants make the execution headers and results hashes. */
  builder: BlockBuilder
  /** Where the blocks are made (default: on this thread with `builder`). */
  source?: BlockSource
  app: App
  registry: ProtoRegistry
  genesis: Genesis
  logger: Logger
  timeoutCommitMs: number
  haltHeight?: number
  haltTime?: number
  minRetainBlocks?: number
  txExecutor?: TxExecutor
  txSource?: TxSource
  /**
   * Store upgrades of the upgrade this start replays (upstream UpgradeStoreLoader): applied to the
   * branch of block `height` before PreBlock, so they commit with that block, and only once.
   */
  storeUpgrades?: StoreUpgradePlan
  /**
   * The consensus keys the node signs with (default: the builder's signer alone). The validators
   * of the set whose key is not here are ABSENT from the commits.
   */
  validatorKeys?: readonly ValidatorKey[]
  /**
   * Hears of each change of the consensus params in effect for the next height (a governance
   * proposal's MsgUpdateParams, a start or rollback to a height after one): the mempool's block
   * limits and the ante handler's block max gas follow.
   */
  onConsensusParams?: (params: ParamsInEffect) => void
  /**
   * Checks the invariants of each applied height elsewhere (`InvariantChecker`; the app then
   * asserts none in EndBlock): the height's batch waits for the verdict, which rejects with the
   * halt when one is broken.
   */
  invariants?: { check(header: ExecHeader): Promise<void> } | undefined
}

export interface ProducerEvents {
  block: [StoredBlock]
  halt: [ChainHaltError]
  /** A height is applied in memory (not yet durable): ms spent building and executing it. */
  applied: [height: number, ms: number]
  /** An atomic batch is durable: the heights it holds and the seconds its write took. */
  batch: [heights: number, seconds: number]
  /** The block loop found the next height cannot be committed (once per height; see stallAt). */
  stall: [QuorumStallError]
}
