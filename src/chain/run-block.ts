import type { App } from '../app/app.js'
import type { BlockContext, CometInfo, ValidatorUpdate } from '../app/types.js'
import { EMPTY_COMET_INFO } from '../app/types.js'
import { type Event, EventManager } from '../block/events.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import { type BlockResults, BlockResultsBuilder } from '../store/block-results.js'
import type { StateBranch } from '../store/types.js'
import type { TxExecutor } from '../tx/executor.js'

export interface RunBlockParameters {
  /** The branch the block runs on; nothing reaches the store until the caller commits it. */
  branch: StateBranch
  header: ExecHeader
  txs: readonly Bytes[]
  /** Needed only when `txs` is not empty. */
  txExecutor?: TxExecutor | undefined
  /** The context each phase and each tx runs with (the producer's `context`). */
  context(
    state: StateBranch,
    header: ExecHeader,
    events: EventManager,
    comet: CometInfo,
  ): BlockContext
  /** The previous block's votes and this block's evidence (none by default). */
  comet?: CometInfo | undefined
  /** An out-of-band change (dev edit) made after BeginBlock, before the txs; its events are the block's. */
  edit?: (ctx: BlockContext) => Promise<void>
  /**
   * Between txs, give the event loop a turn once this many ms have passed since the last (none by
   * default): broadcasts and queries are answered while a long block runs.
   */
  yieldEveryMs?: number | undefined
}

export interface RunBlockReturnType {
  /**
   * One DeliverTx result per tx, in block order, encoded as each tx is delivered: a block's
   * results live until its height is durable, and as objects they outlived young-generation
   * collections.
   */
  results: BlockResults
  /** Events of PreBlock and BeginBlock together. */
  beginBlockEvents: Event[]
  endBlockEvents: Event[]
  /** The validator-set changes EndBlock returned (consensus applies them from height + 2). */
  validatorUpdates: readonly ValidatorUpdate[]
}

/** Runs one height on `branch`: PreBlock → BeginBlock → each tx → EndBlock; the caller commits. */
export async function runBlock(app: App, params: RunBlockParameters): Promise<RunBlockReturnType> {
  const { branch, header, txs, context } = params
  const comet = params.comet ?? EMPTY_COMET_INFO
  const beginEvents = new EventManager()
  // PreBlock and BeginBlock share one context, so the block reports their events as one list.
  const beginCtx = context(branch, header, beginEvents, comet)
  await app.preBlock(beginCtx)
  const preBlockEvents = beginEvents.length
  await app.beginBlock(beginCtx)
  const beginBlockEvents = beginEvents.length
  if (params.edit) await params.edit(beginCtx)
  const results = new BlockResultsBuilder(txs.length)
  const { yieldEveryMs } = params
  let turnAt =
    yieldEveryMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + yieldEveryMs
  for (let i = 0; i < txs.length; i++) {
    if (performance.now() >= turnAt) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      turnAt = performance.now() + yieldEveryMs!
    }
    // Each tx gets its own event manager: its events belong to its result, not to the block.
    const txCtx = context(branch, header, new EventManager(), comet)
    // Not awaited when the tx ran at once (memory held its reads: nearly every tx).
    const result = params.txExecutor!.deliverTx(txCtx, txs[i]!, i)
    results.add(result instanceof Promise ? await result : result)
  }
  const endEvents = new EventManager()
  const validatorUpdates = await app.endBlock(context(branch, header, endEvents, comet))
  const begin = beginEvents.events()
  return {
    results: results.finish(),
    // A dev edit's events (a dev transfer, made in the block) come after BeginBlock's, unmarked.
    beginBlockEvents: [
      ...begin.slice(0, preBlockEvents),
      ...withMode(begin.slice(preBlockEvents, beginBlockEvents), 'BeginBlock'),
      ...begin.slice(beginBlockEvents),
    ],
    endBlockEvents: withMode(endEvents.events(), 'EndBlock'),
    validatorUpdates,
  }
}

/**
 * The events of BeginBlock or EndBlock with upstream's last attribute, `mode` (baseapp appends it
 * to every event of those two phases, indexed; PreBlock's events have none): what indexers filter
 * on, e.g. `active_proposal.mode='EndBlock'`.
 */
function withMode(events: readonly Event[], mode: 'BeginBlock' | 'EndBlock'): Event[] {
  return events.map((e) => ({
    type: e.type,
    attributes: [...e.attributes, { key: 'mode', value: mode, index: true }],
  }))
}
