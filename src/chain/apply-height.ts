import type { BlockSource } from '../block/block-source.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import type { GenesisJson } from '../config/genesis.js'
import type { Logger } from '../logger.js'
import { appendOps } from '../store/backend.js'
import type { CommitEntry, CommitQueue, PendingCommit } from './commit-queue.js'
import type { ConsensusState, HeightPlan } from './consensus-state.js'
import type { ExecutedBlock, StoreUpgradePlan } from './execute-block.js'
import { finishedHeight } from './finished-height.js'
import type { HeldTxSource, ProduceOptions, ProducerOptions } from './producer-options.js'

/** A height the producer has executed, not yet applied. */
export interface RanHeight {
  options: ProduceOptions & { hold?: boolean }
  /** When its build started (performance.now()). */
  started: number
  height: number
  time: TimeNs
  /** The header the height executed with. */
  header: ExecHeader
  appHash: Bytes
  lastResultsHash: Bytes
  txs: Bytes[]
  executed: ExecutedBlock
  upgrades: StoreUpgradePlan | undefined
  consensus: HeightPlan['consensus']
  /** The hash of the height's consensus params when they are not the builder's. */
  consensusHash: Bytes | undefined
}

/** What `applyHeight` works with: the block producer's parts. */
export interface HeightHost
  extends Pick<ProducerOptions, 'store' | 'blocks' | 'txSource' | 'invariants'> {
  consensus: ConsensusState
  source: BlockSource
  queue: CommitQueue
  log: Logger
  /** The height below which blocks are pruned once `height` commits (0: none), by `HeightRules`. */
  retainHeight(height: number): number
  /** The producer moves on to the next height (its height, time, results hash, store upgrades). */
  advance(ran: RanHeight): void
  /** Tells observers the height is applied in memory, after `ms` of building (`applied`). */
  applied(height: number, ms: number): void
  /**
   * Reads the consensus params of the working state for the next height, when the height stored
   * any (undefined: nothing to read).
   */
  followParams(): Promise<void> | undefined
  /** The consensus params in effect after the height applied last (once `followParams` is done). */
  paramsAfter(): GenesisJson['consensus']['params']
}

/**
 * The end of a height, with the pool held: its writes applied to the working state, the producer
 * moved on, its block submitted to the block source, the pool rechecked against the new state and
 * released, and only then the height queued for its atomic write (preparing the block store's
 * writes of a block of many txs takes a while, and CheckTx need not wait for it).
 */
export async function applyHeight(
  host: HeightHost,
  ran: RanHeight,
  held: HeldTxSource | undefined,
): Promise<PendingCommit> {
  const { options, started, height, time, appHash, lastResultsHash, txs, executed } = ran
  const { prepared } = executed
  try {
    appendOps(prepared.ops, host.consensus.advance(height, executed.validatorUpdates))
  } catch (err) {
    host.store.abortCommit()
    throw err
  }
  prepared.apply()
  // Checked on another thread while this one goes on; the height's batch waits for the verdict.
  const verdict = host.invariants?.check(ran.header)
  // Awaited by the height's `finish`; a halt reaches the node through the queue.
  verdict?.catch(() => undefined)
  host.advance(ran)
  // Object literals, not spreads: the builders read one shape of inputs.
  const block = host.source.submit({
    height,
    time,
    appHash,
    lastResultsHash,
    txs,
    burst: options.hold === true,
    consensus: ran.consensus,
    consensusHash: ran.consensusHash,
  })
  try {
    host.applied(height, performance.now() - started)
  } catch (err) {
    // An observer (metrics) must never break the commit path.
    host.log.error({ err, height }, 'a listener of applied blocks failed')
  }
  const following = host.followParams()
  if (following) {
    try {
      await following
    } catch (err) {
      // The height is applied: the next one keeps the params it had.
      host.log.error({ err, height }, 'could not read the consensus params after the block')
    }
  }
  const paramsAfter = host.paramsAfter()
  try {
    await held?.update(height, txs, executed.results)
  } catch (err) {
    // The block is applied and queued whatever the mempool thinks; a recheck bug must not halt it.
    host.log.error({ err, height }, 'mempool update failed')
  }
  held?.release()
  const retainHeight = host.retainHeight(height)
  return host.queue.push(
    {
      ops: prepared.ops,
      publish: publisher(prepared.publish, txs, host),
      // Taken in height order when its batch is: a block still on a worker is waited for
      // without blocking this thread.
      finish: finisher(host, block, executed, retainHeight, paramsAfter, verdict),
      started,
      ...(options.quiet ? { quiet: true } : {}),
    },
    options.hold === true,
  )
}

// The queue's two callbacks are made apart, each keeping only what it needs: closures made in one
// function share what any of them keeps, and `publish` runs only once the height is durable (in a
// burst tens of heights later), so made beside `finish` it kept the executed block (its state
// writes, its results) alive after its batch had taken them.

/** Publishes the height's state and tells the tx source its txs are in a published block. */
function publisher(publishState: () => void, txs: Bytes[], host: HeightHost): () => void {
  return () => {
    publishState()
    if (txs.length > 0) host.txSource?.published(txs)
  }
}

/** The height's block and the block store's writes, once its block is built. */
function finisher(
  host: HeightHost,
  block: ReturnType<BlockSource['submit']>,
  executed: ExecutedBlock,
  retainHeight: number,
  paramsAfter: GenesisJson['consensus']['params'],
  verdict: Promise<void> | undefined,
): CommitEntry['finish'] {
  const finish = () => finishedHeight(host.blocks, block, executed, retainHeight, paramsAfter)
  const built = () => (block.isBuilt ? finish() : block.built().then(finish))
  return verdict ? () => verdict.then(built) : built
}
