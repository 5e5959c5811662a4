import type { Bytes } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { SharedRing } from '../threads/shared-ring.js'
import type { BlockBuilder, BlockId } from './block.js'
import { blockInputsOf } from './block-source.js'
import type { HeightConsensus } from './height-consensus.js'
import type { BlockSlots, WorkerJob, WorkerResult, WorkerSet } from './worker-ring.js'

const NO_TXS: Uint8Array[] = []

/** A key the worker signs with. */
export interface WorkerKey {
  sign(message: Bytes): Bytes
}

/**
 * The block worker's jobs: builds each job with `builder`, chaining the blocks (a job without the
 * previous block's id takes the worker's previous block), signing a set's commit with `keys` (the
 * node's validator keys, in the node's order), and stores the result in the job's slot. A job it
 * cannot build is answered "not built" (and reported through `onError`): the node builds that one,
 * and the worker chains again from the next job that names its previous block.
 */
export class BlockJobs {
  private previous: BlockId | undefined

  constructor(
    private readonly ring: SharedRing,
    private readonly slots: BlockSlots,
    private readonly builder: BlockBuilder,
    private readonly keys: readonly WorkerKey[],
    private readonly onError: (err: unknown, height: number) => void,
  ) {}

  /** Builds job `seq` and stores its result (the handler of `serveRing`). */
  readonly handle = (seq: number): void => {
    const result = this.build(this.slots.readJob(this.ring, seq))
    this.slots.writeResult(this.ring, seq, result)
    this.previous = result?.blockId
  }

  private build(job: WorkerJob): WorkerResult | undefined {
    const lastBlockId = job.lastBlockId ?? this.previous
    if (!lastBlockId) return undefined
    try {
      const consensus = job.set ? this.consensusOf(job.set) : undefined
      const block = this.builder.build(
        blockInputsOf(consensus ? { ...job, consensus } : job, lastBlockId, NO_TXS),
      )
      const signatures: Bytes[] = []
      for (const s of block.lastCommit.signatures) {
        if (s.signature.length > 0) signatures.push(s.signature)
      }
      return {
        blockId: block.blockId,
        lastCommitHash: block.header.lastCommitHash,
        signatures,
        bytes: block.bytes,
      }
    } catch (err) {
      this.onError(err, job.height)
      return undefined
    }
  }

  private consensusOf(set: WorkerSet): HeightConsensus {
    return {
      validatorsHash: set.validatorsHash,
      nextValidatorsHash: set.nextValidatorsHash,
      proposerAddress: set.proposerAddress,
      lastCommit: set.signers.map((s) => {
        if (s.key < 0) return { address: s.address, key: undefined }
        const key = this.keys[s.key]
        if (!key) throw ErrLogic.wrap(`no key ${s.key}: the worker holds ${this.keys.length}`)
        return { address: s.address, key }
      }),
    }
  }
}
