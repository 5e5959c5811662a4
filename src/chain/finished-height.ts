import type { SubmittedBlock } from '../block/block-source.js'
import type { BlockStore, StoredBlock } from '../store/block-store.js'
import type { FinishedHeight } from './commit-queue.js'
import type { ExecutedBlock } from './execute-block.js'

/** A height with its block made: the stored block and the block store's writes. */
export function finishedHeight(
  blocks: BlockStore,
  submitted: SubmittedBlock,
  executed: ExecutedBlock,
  retainHeight: number,
): FinishedHeight {
  const block = submitted.block()
  const stored: StoredBlock = {
    block,
    results: executed.results,
    appHash: executed.prepared.appHash,
    beginBlockEvents: executed.beginBlockEvents,
    endBlockEvents: executed.endBlockEvents,
    size: block.bytes.length,
  }
  return { stored, writes: blocks.prepareCommit(stored, retainHeight) }
}
