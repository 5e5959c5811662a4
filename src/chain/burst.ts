import { toHexUpper } from '../codec/bytes.js'
import { QuorumStallError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StoredBlock } from '../store/block-store.js'
import { HOLD_HEIGHTS, type PendingCommit } from './commit-queue.js'
import type { ProduceOptions } from './producer-options.js'

/** What a burst drives: the producer. */
export interface BurstHost {
  /** Builds the next block (after one in progress); resolves once it is queued. */
  build(options: ProduceOptions & { hold?: boolean }): Promise<PendingCommit>
  /** Resolves once no block is being built (the loop may build between the burst's blocks). */
  idle(): Promise<void>
  /** Resolves once the commit queue has room (at once when it has). */
  room(): Promise<void> | undefined
  /** Starts writing what is queued now. */
  flush(): void
  /** Resolves once every built block is durable. */
  drain(): Promise<void>
  /** The height the next block will have. */
  nextHeight(): number
  /** The last durable height. */
  height(): number
  /** Whether the node is stopping: the burst ends after the block it is building. */
  stopping(): boolean
  readonly log: Logger
}

/**
 * Produces `n` blocks back to back (grouped into few batches); resolves when all are durable. When
 * the node stops during it, it ends after the block being built: the blocks built so far are
 * written, then it rejects with a BurstStoppedError saying how many.
 */
export async function runBurst(
  host: BurstHost,
  n: number,
  options: ProduceOptions,
): Promise<StoredBlock | undefined> {
  let last: PendingCommit | undefined
  const started = performance.now()
  const from = host.nextHeight()
  const { edit, ...rest } = options
  let built = 0
  let stalled: QuorumStallError | undefined
  for (; built < n; built++) {
    // A shutdown must not wait for the rest of a long burst: it ends here, the built blocks kept.
    if (host.stopping()) break
    if (options.toHeight !== undefined) {
      // The loop may build between our blocks: check under the same lock `build` takes.
      await host.idle()
      if (host.nextHeight() > options.toHeight) break
    }
    const hold = built < n - 1
    try {
      last = await host.build(built === 0 && edit ? { ...rest, edit, hold } : { ...rest, hold })
    } catch (err) {
      // A height that cannot be committed ends the burst: the blocks before it are kept.
      if (!(err instanceof QuorumStallError)) throw err
      stalled = err
      break
    }
    await host.room()
    // A turn of the event loop every batch's worth of blocks: the writer's batch (its blocks from
    // the block worker, LevelDB's write) goes on while the burst does. A burst's blocks are built
    // in microtasks alone, so without it the writer waited until MAX_PENDING heights did, each
    // height's writes and block lived hundreds of blocks, and young collections copied and
    // promoted them (26 KB a block of one validator, 4–6 with the turn).
    if (built % HOLD_HEIGHTS === HOLD_HEIGHTS - 1) await new Promise<void>((r) => setImmediate(r))
  }
  host.flush()
  const block = await last?.durable
  if (options.toHeight !== undefined) await host.drain()
  if (options.quiet && block) {
    const seconds = (performance.now() - started) / 1000
    host.log.info(
      {
        blocks: built,
        from,
        to: block.block.header.height,
        app_hash: toHexUpper(block.appHash),
        blocks_per_s: Math.round(built / seconds),
      },
      'mined blocks',
    )
  }
  if (stalled) throw stalled
  const reached = options.toHeight !== undefined && host.nextHeight() > options.toHeight
  if (built < n && host.stopping() && !reached)
    throw new BurstStoppedError(built, n, block?.block.header.height ?? host.height())
  return block
}

/**
 * A burst of blocks (dev mine) cut short because the node is stopping: the blocks before it are
 * committed. The message is what the dev API answers and `sdkd dev mine` prints.
 */
export class BurstStoppedError extends Error {
  override readonly name = 'BurstStoppedError'

  constructor(
    readonly mined: number,
    readonly requested: number,
    readonly height: number,
  ) {
    super(`the node stopped after mining ${mined} of ${requested} blocks (height ${height})`)
  }
}
