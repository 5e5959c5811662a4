import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { StorageWriteError } from '../config/write-error.js'
import { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { BatchOp, BatchWrite, PreparedWrites, StoreBackend } from '../store/backend.js'
import type { StoredBlock } from '../store/block-store.js'

/**
 * Most blocks built ahead of the disk (bounds memory when timeout_commit is 0). Enough for the
 * builder to keep going while the writer waits for a whole batch of blocks from the block worker
 * and writes it: with 64 it stopped at every batch and the worker ran dry meanwhile.
 */
export const MAX_PENDING = 256

/**
 * Heights a held push lets pile up before the writer starts (blocks back to back: timeout_commit 0
 * or a mined burst). One LevelDB batch has a fixed cost that dwarfs an empty block's few writes, so
 * a burst is written in batches of this many heights, and the metadata every height rewrites (latest
 * height, app hash) is written once per batch.
 */
export const HOLD_HEIGHTS = 32

/** Longest a held height waits for company before the writer starts anyway (ms). */
export const HOLD_MS = 2

/** A height's block and results, once its block is made, and the block's own writes. */
export interface FinishedHeight {
  stored: StoredBlock
  /** The block store's writes of the height and what publishes them. */
  writes: PreparedWrites | Promise<PreparedWrites>
}

/** A height built and applied in memory, as handed to the queue. */
export interface CommitEntry {
  /** The height's state writes (with the new latest height and app hash). */
  ops: BatchOp[]
  /** Makes the height's state visible to readers; called only once its writes are durable. */
  publish(): void
  /**
   * The height's block and the block's own writes, made when its batch is taken, in height order
   * (the block may be made on another thread meanwhile).
   */
  finish(): FinishedHeight | Promise<FinishedHeight>
  /** `performance.now()` when the height started building (for the commit log line). */
  started: number
  /** Log the commit at debug instead of info (a mined burst logs one summary line instead). */
  quiet?: boolean | undefined
}

/** A queued height; `durable` settles once its batch is written (or the queue has failed). */
export interface PendingCommit {
  durable: Promise<StoredBlock>
}

export interface CommitQueueOptions {
  backend: StoreBackend
  logger: Logger
  /** Called for each height once it is durable and published, in height order. */
  onCommit(stored: StoredBlock): void
  /** Called after each batch is written, before its heights are published. */
  onBatch?(heights: number, seconds: number): void
  /** Called once when a batch write fails; nothing more commits after it. */
  onHalt(err: ChainHaltError): void
}

/**
 * A queued height. Its `durable` promise is made only when asked for: in a burst only the last
 * height's is awaited, and a promise (with its handlers and a microtask to settle it) per height is
 * work for nothing.
 */
class Queued implements PendingCommit {
  /** Set once the height is finished (its batch taken). */
  stored: StoredBlock | undefined
  ops: BatchWrite[]
  publish: () => void
  finish: (() => FinishedHeight | Promise<FinishedHeight>) | undefined
  started: number
  quiet: boolean
  private state: 'queued' | 'durable' | 'failed' = 'queued'
  private error: unknown
  private deferred:
    | { promise: Promise<StoredBlock>; resolve(b: StoredBlock): void; reject(e: unknown): void }
    | undefined

  constructor(entry: CommitEntry) {
    // Every field set, in one order, and never deleted: one object shape for every height.
    this.stored = undefined
    this.ops = entry.ops
    this.publish = entry.publish
    this.finish = entry.finish
    this.started = entry.started
    this.quiet = entry.quiet === true
  }

  get durable(): Promise<StoredBlock> {
    if (this.deferred) return this.deferred.promise
    if (this.state === 'durable') return Promise.resolve(this.stored!)
    if (this.state === 'failed') return Promise.reject(this.error)
    let resolve!: (b: StoredBlock) => void
    let reject!: (err: unknown) => void
    const promise = new Promise<StoredBlock>((res, rej) => {
      resolve = res
      reject = rej
    })
    // Callers that stop waiting learn of a failure through onHalt instead.
    promise.catch(() => undefined)
    this.deferred = { promise, resolve, reject }
    return promise
  }

  /** Takes what `finish` gave: the stored block, and the block's writes added to the height's. */
  finished(stored: StoredBlock, writes: PreparedWrites): void {
    this.finish = undefined
    this.stored = stored
    this.ops = this.ops.concat(writes.ops)
    const first = this.publish
    // The function alone, not `writes`: the publisher must not keep the block's ops.
    const publishWrites = writes.publish
    this.publish = () => {
      first()
      publishWrites()
    }
  }

  /**
   * Lets go of the height's ops once the backend has taken them: a block's tens of thousands of
   * tx index keys would otherwise live (and be copied by young collections, then promoted) until
   * the disk has the batch.
   */
  released(): void {
    this.ops = []
  }

  resolve(): void {
    this.state = 'durable'
    this.deferred?.resolve(this.stored!)
  }

  reject(err: unknown): void {
    this.state = 'failed'
    this.error = err
    this.deferred?.reject(err)
  }
}

/**
 * Group commit: heights are queued as they are built; one writer turns everything queued into one
 * LevelDB batch (several heights when the disk lags, still atomic) and publishes each height in
 * order only after its batch is durable, so readers never see a height a crash could lose.
 */
export class CommitQueue {
  private readonly waiting: Queued[] = []
  private writer: Promise<void> | undefined
  /** Whether `flush` is running (it may finish before it returns). */
  private flushing = false
  private failure: ChainHaltError | undefined
  private holdTimer: NodeJS.Timeout | undefined
  /** Whether the newest height was pushed with `hold` (more follow at once). */
  private holding = false
  /** Callers of `whenNotFull` waiting for the writer to take heights. */
  private spaceWaiters: (() => void)[] = []

  constructor(private readonly o: CommitQueueOptions) {}

  /** The error that stopped the queue, once a batch write has failed. */
  get failed(): ChainHaltError | undefined {
    return this.failure
  }

  /** Whether MAX_PENDING heights wait for the next batch (the builder should wait for the disk). */
  get isFull(): boolean {
    return this.waiting.length >= MAX_PENDING
  }

  /**
   * Resolves once fewer than MAX_PENDING heights wait for a batch: at once, or when the writer
   * takes them (the builder goes on while that batch is written, instead of waiting for it).
   */
  whenNotFull(): Promise<void> {
    this.flushNow()
    if (!this.isFull || this.failure) return Promise.resolve()
    return new Promise((resolve) => this.spaceWaiters.push(resolve))
  }

  /**
   * Queues a height for writing and starts the writer if it is idle. With `hold` (more heights
   * follow at once), an idle writer waits for HOLD_HEIGHTS heights or HOLD_MS, whichever comes
   * first, so a burst is written in few batches; a height is still published only once durable.
   */
  push(entry: CommitEntry, hold = false): PendingCommit {
    const queued = new Queued(entry)
    if (this.failure) {
      // Nothing commits after a failed batch.
      queued.reject(this.failure)
      return queued
    }
    this.waiting.push(queued)
    this.holding = hold
    if (this.writer) return queued
    if (this.held()) this.holdTimer ??= setTimeout(() => this.flushNow(), HOLD_MS)
    else this.flushNow()
    return queued
  }

  /** Whether the waiting heights should wait for more before the writer takes them. */
  private held(): boolean {
    return this.holding && this.waiting.length < HOLD_HEIGHTS
  }

  /** Starts the writer now if heights wait and it is idle. */
  flushNow(): void {
    this.holding = false
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = undefined
    if (this.waiting.length === 0 || this.writer) return
    const writer = this.flush()
    // A batch that fails before its first await (preparing its writes threw) has already finished
    // here, and cleared `writer` on its way out: it must not be set again, or drain() would wait
    // on it for ever.
    if (this.flushing) this.writer = writer
  }

  /** Resolves once every queued height is durable (or the queue has failed). */
  async drain(): Promise<void> {
    while (this.writer || (this.waiting.length > 0 && !this.failure)) {
      this.flushNow()
      await this.writer
    }
  }

  private releaseSpace(): void {
    const waiters = this.spaceWaiters
    this.spaceWaiters = []
    for (const w of waiters) w()
  }

  /** Writes queued heights, several per batch when they pile up; publishes each in order. */
  private async flush(): Promise<void> {
    this.flushing = true
    try {
      while (this.waiting.length > 0) {
        if (this.held()) {
          // More heights are on their way: let them gather instead of writing a small batch.
          this.holdTimer ??= setTimeout(() => this.flushNow(), HOLD_MS)
          return
        }
        let batch = this.waiting.splice(0, this.waiting.length)
        this.releaseSpace()
        const started = performance.now()
        // A height refused by a halt of its own (an invariant it breaks): the heights before it are
        // written and published, and the chain halts at it.
        let refused: { at: number; halt: ChainHaltError } | undefined
        try {
          refused = await finishAll(batch)
          if (refused) {
            const rest = batch.slice(refused.at)
            batch = batch.slice(0, refused.at)
            this.waiting.unshift(...rest)
          }
          if (batch.length > 0) {
            const written = this.o.backend.write(
              batch.length === 1 ? batch[0]!.ops : mergeOps(batch),
            )
            for (const p of batch) p.released()
            await written
          }
        } catch (err) {
          // The disk refused a batch (or a read the batch needed failed): the in-memory state is
          // ahead of it, so nothing more may commit.
          // A refused write's message says all (file, reason, errno): the halt line carries no
          // `err` repeating it with the native error's empty stack.
          const cause = err instanceof StorageWriteError ? undefined : { cause: err }
          this.failure = new ChainHaltError(batchFailure(batch, err), 1, cause)
          for (const p of [...batch, ...this.waiting.splice(0)]) p.reject(this.failure)
          this.releaseSpace()
          this.o.onHalt(this.failure)
          return
        }
        try {
          if (batch.length > 0) this.o.onBatch?.(batch.length, (performance.now() - started) / 1000)
        } catch (err) {
          // An observer (metrics) must never keep durable heights from being published.
          this.o.logger.error({ err }, 'a listener of written batches failed')
        }
        const log = this.o.logger
        // The line's fields are made only when it is written (a mined burst logs at debug).
        const logged = { info: log.isLevelEnabled('info'), debug: log.isLevelEnabled('debug') }
        for (const p of batch) {
          p.publish()
          const level = p.quiet ? 'debug' : 'info'
          if (logged[level]) {
            const stored = p.stored!
            const { block } = stored
            log[level](
              {
                height: block.header.height,
                txs: block.txs.length,
                app_hash: toHexUpper(stored.appHash),
                ms: Math.round((performance.now() - p.started) * 1000) / 1000,
              },
              'committed block',
            )
          }
          p.resolve()
          this.o.onCommit(p.stored!)
        }
        if (refused) {
          this.failure = refused.halt
          for (const p of this.waiting.splice(0)) p.reject(this.failure)
          this.releaseSpace()
          this.o.onHalt(this.failure)
          return
        }
      }
    } finally {
      this.flushing = false
      this.writer = undefined
    }
  }
}

/**
 * Makes each height's block and its writes, in height order (a function of its own: its frame, and
 * the last block's writes it saw, are gone before the batch is written). A height whose `finish`
 * halts (its invariants' verdict) ends it: where, and the halt.
 */
async function finishAll(
  batch: readonly Queued[],
): Promise<{ at: number; halt: ChainHaltError } | undefined> {
  for (let at = 0; at < batch.length; at++) {
    const p = batch[at]!
    let f: ReturnType<NonNullable<Queued['finish']>> | undefined
    try {
      f = p.finish?.()
      if (f instanceof Promise) f = await f
    } catch (err) {
      if (err instanceof ChainHaltError) return { at, halt: err }
      throw err
    }
    if (!f) continue
    const { stored, writes } = f
    p.finished(stored, writes instanceof Promise ? await writes : writes)
  }
  return undefined
}

/**
 * The halt message of a failed batch. A write the disk refused names the heights and the file
 * (`cannot write the block at height 66 to <home>/data/application.db/000003.log: no space left on
 * device (ENOSPC)`) and, when space is what is missing, what to do; the heights before are on disk.
 */
function batchFailure(batch: readonly Queued[], err: unknown): string {
  if (!(err instanceof StorageWriteError))
    return `failed to write block batch: ${(err as Error).message}`
  const heights = batch.map((p) => Number(p.stored?.block.header.height ?? 0)).filter((h) => h > 0)
  const first = heights[0]
  const last = heights.at(-1)
  const blocks =
    first === undefined
      ? 'the block'
      : first === last
        ? `the block at height ${first}`
        : `the blocks at heights ${first}-${last}`
  const hint =
    err.outOfSpace && first !== undefined
      ? `; the chain is intact up to height ${first - 1}: free space on that disk and start the node again`
      : ''
  return `cannot write ${blocks} to ${err.message}${hint}`
}

/**
 * The writes of several heights as one batch. A metadata key every height writes (the latest
 * height, the app hash: one shared key object each) keeps only its last write: a batch applies in
 * order, so the result is the same, with fewer writes. Other repeated keys stay (still correct).
 */
function mergeOps(batch: readonly Queued[]): BatchWrite[] {
  // Only short keys (metadata) are shared objects: longer ones end in a height or a hash.
  const SHORT_KEY = 16
  const last = new Map<Bytes, number>()
  const all: BatchWrite[] = []
  for (const p of batch) {
    for (const op of p.ops) {
      if (op.type !== 'more' && op.key.length <= SHORT_KEY) last.set(op.key, all.length)
      all.push(op)
    }
  }
  if (last.size === 0) return all
  return all.filter(
    (op, i) => op.type === 'more' || op.key.length > SHORT_KEY || last.get(op.key) === i,
  )
}
