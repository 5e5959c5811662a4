import { type BlockBuilder, type BlockId, EMPTY_BLOCK_ID } from './block.js'
import { type BlockJob, type BlockSource, BuiltBlock, blockInputsOf } from './block-source.js'

/** Blocks made on the node's thread, as they are submitted. */
export class ThreadBlockSource implements BlockSource {
  private last: BlockId = EMPTY_BLOCK_ID

  constructor(private readonly builder: BlockBuilder) {}

  /** The id of the last block made here (or followed). */
  get lastBlockId(): BlockId {
    return this.last
  }

  submit(job: Omit<BlockJob, 'burst'>): BuiltBlock {
    const block = this.builder.build(blockInputsOf(job, this.last, job.txs))
    this.last = block.blockId
    return new BuiltBlock(block)
  }

  follow(last: BlockId): void {
    this.last = last
  }

  async close(): Promise<void> {}
}
