import type { Block } from '../block/block.js'
import type { SubmittedBlock } from '../block/block-source.js'
import type { Event } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { GenesisJson } from '../config/genesis.js'
import type { BlockResults } from '../store/block-results.js'
import type {
  BlockStore,
  StoredBlock,
  StoredValidatorUpdate,
  TxResult,
} from '../store/block-store.js'
import type { FinishedHeight } from './commit-queue.js'
import type { ExecutedBlock } from './execute-block.js'

/**
 * A block executed here, as the block store holds it until durable and after (the latest): its
 * results stay in compact form, decoded only when a reader asks for them (an RPC answer, an event
 * subscriber), once.
 */
class ExecutedBlockRecord implements StoredBlock {
  readonly size: number
  private decoded: TxResult[] | undefined

  constructor(
    readonly block: Block,
    readonly compactResults: BlockResults,
    readonly appHash: Bytes,
    readonly beginBlockEvents: Event[],
    readonly endBlockEvents: Event[],
    readonly validatorUpdates: readonly StoredValidatorUpdate[],
    readonly consensusParamsAfter: GenesisJson['consensus']['params'],
  ) {
    this.size = block.bytes.length
    this.decoded = undefined
  }

  get results(): TxResult[] {
    this.decoded ??= this.compactResults.all()
    return this.decoded
  }
}

/** A height with its block made: the stored block and the block store's writes. */
export function finishedHeight(
  blocks: BlockStore,
  submitted: SubmittedBlock,
  executed: ExecutedBlock,
  retainHeight: number,
  consensusParamsAfter: GenesisJson['consensus']['params'],
): FinishedHeight {
  const block = submitted.block()
  const stored = new ExecutedBlockRecord(
    block,
    executed.results,
    executed.prepared.appHash,
    executed.beginBlockEvents,
    executed.endBlockEvents,
    executed.validatorUpdates,
    consensusParamsAfter,
  )
  return { stored, writes: blocks.prepareCommit(stored, retainHeight) }
}
