import type { SharedRing } from '../threads/shared-ring.js'
import type { BlockBuilder, BlockId } from './block.js'
import { blockInputsOf } from './block-source.js'
import { readBlockJob, type WorkerJob, type WorkerResult, writeBlockResult } from './worker-ring.js'

const NO_TXS: Uint8Array[] = []

/**
 * The block worker's jobs: builds each job with `builder`, chaining the blocks (a job without the
 * previous block's id takes the worker's previous block), and stores the result in the job's
 * slot. A job it cannot build is answered "not built" (and reported through `onError`): the node
 * builds that one, and the worker chains again from the next job that names its previous block.
 */
export class BlockJobs {
  private previous: BlockId | undefined

  constructor(
    private readonly ring: SharedRing,
    private readonly builder: BlockBuilder,
    private readonly onError: (err: unknown, height: number) => void,
  ) {}

  /** Builds job `seq` and stores its result (the handler of `serveRing`). */
  readonly handle = (seq: number): void => {
    const result = this.build(readBlockJob(this.ring, seq))
    writeBlockResult(this.ring, seq, result)
    this.previous = result?.blockId
  }

  private build(job: WorkerJob): WorkerResult | undefined {
    const lastBlockId = job.lastBlockId ?? this.previous
    if (!lastBlockId) return undefined
    try {
      const block = this.builder.build(blockInputsOf(job, lastBlockId, NO_TXS))
      return {
        blockId: block.blockId,
        lastCommitHash: block.header.lastCommitHash,
        signature: block.lastCommit.signatures[0]?.signature ?? new Uint8Array(0),
        bytes: block.bytes,
      }
    } catch (err) {
      this.onError(err, job.height)
      return undefined
    }
  }
}
