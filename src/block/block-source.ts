import type { Bytes } from '../codec/bytes.js'
import type { Block, BlockId, BlockInputs, HeightConsensus } from './block.js'
import type { ExecHeaderInputs } from './exec-header.js'

/**
 * Where a height's block is made: its header hashes, its id and parts, the signed commit of the
 * previous block. The block producer runs each height with the execution header it makes itself
 * (exec-header.ts), then submits the height's inputs here and takes the block when its batch is
 * written. Sources: the node's thread (`ThreadBlockSource`) or a worker thread
 * (`WorkerBlockSource`, for the empty blocks of a burst and those several validators sign); both
 * make the same bytes.
 */
export interface BlockSource {
  /** Submits the block after the last one submitted (or followed); returns at once. */
  submit(job: BlockJob): SubmittedBlock
  /**
   * The next block follows `last` (the chain's latest block at start-up or after a rollback):
   * blocks submitted and not taken are dropped.
   */
  follow(last: BlockId): void
  /** Stops the source's threads. */
  close(): Promise<void>
}

/** The inputs of a height's block, as the producer decided them. */
export interface BlockJob extends ExecHeaderInputs {
  txs: Bytes[]
  /**
   * More blocks follow at once (a burst): the block may be made on another thread (as a block of
   * `consensus` may be at any pace).
   */
  burst: boolean
  /**
   * The height's validators when they are not the builder's single signer (such a block is always
   * made on the node's thread).
   */
  consensus?: HeightConsensus | undefined
}

/** A block submitted to a source. Blocks are taken in height order. */
export interface SubmittedBlock {
  /** Whether `block()` returns without building here what another thread is building. */
  readonly isBuilt: boolean
  /** The block (built here now if it must be: never waits). */
  block(): Block
  /** Resolves once `isBuilt`, without blocking the node's thread. */
  built(): Promise<void>
}

const BUILT: Promise<void> = Promise.resolve()

/** A block already made. */
export class BuiltBlock implements SubmittedBlock {
  readonly isBuilt = true

  constructor(private readonly made: Block) {}

  block(): Block {
    return this.made
  }

  built(): Promise<void> {
    return BUILT
  }
}

/**
 * The builder's inputs for `job` after `lastBlockId`: an object literal of one shape. (A spread of
 * the job made `perf` show map migrations and inline-cache misses in the builder, about a tenth
 * more CPU per block.)
 */
export function blockInputsOf(
  job: ExecHeaderInputs & { consensus?: HeightConsensus | undefined },
  lastBlockId: BlockId,
  txs: Bytes[],
): BlockInputs {
  return {
    height: job.height,
    time: job.time,
    lastBlockId,
    appHash: job.appHash,
    lastResultsHash: job.lastResultsHash,
    txs,
    consensus: job.consensus,
    consensusHash: job.consensusHash,
  }
}
