import type { Bytes } from '../codec/bytes.js'

/** Where writes go as they are made: a batch being written, or a list (`collectOps`). */
export interface OpSink {
  put(key: Bytes, value: Bytes): void
  del(key: Bytes): void
}

/** One write in an atomic batch. */
export type BatchOp = { type: 'put'; key: Bytes; value: Bytes } | { type: 'del'; key: Bytes }

/**
 * Writes made when the batch is written, in their place among its other writes, each handed to the
 * batch as it is made: a block's tx index keys (tens of thousands) made beforehand lived until the
 * write, long enough for young collections to copy and promote them.
 */
export interface MoreOps {
  type: 'more'
  /**
   * Makes the writes into `sink`: at once, or in steps (an iterator, each `next` a step), between
   * which a writer may give the event loop a turn (a block of thousands of txs makes its index in
   * tens of milliseconds, and broadcasts need not wait for all of it).
   */
  write(sink: OpSink): Iterator<unknown> | undefined
}

/** Makes all of `op`'s writes into `sink` at once, its steps one after another. */
export function writeMore(op: MoreOps, sink: OpSink): void {
  runSteps(op.write(sink))
}

/** Runs every step of `steps` (none: nothing), one after another. */
export function runSteps(steps: Iterator<unknown> | undefined): void {
  if (steps) while (!steps.next().done);
}

/** What a batch is given: writes, and writes still to make. */
export type BatchWrite = BatchOp | MoreOps

/** The puts and deletes `write` makes, as a list. */
export function collectOps(write: (sink: OpSink) => void): BatchOp[] {
  const ops: BatchOp[] = []
  write({
    put: (key, value) => ops.push({ type: 'put', key, value }),
    del: (key) => ops.push({ type: 'del', key }),
  })
  return ops
}

/** `ops` with each `more` replaced by the writes it makes, in order. */
export function expandOps(ops: readonly BatchWrite[]): BatchOp[] {
  const out: BatchOp[] = []
  for (const op of ops) {
    if (op.type === 'more')
      appendOps(
        out,
        collectOps((sink) => writeMore(op, sink)),
      )
    else out.push(op)
  }
  return out
}

/**
 * Appends `more` to `ops` one by one: a block's writes run to hundreds of thousands (a few thousand
 * txs, each with its index entries), more than `push(...more)` can pass as arguments.
 */
export function appendOps<T extends BatchWrite>(ops: T[], more: readonly T[]): void {
  // An index loop: a block's thousands of ops, without an iterator result for each.
  for (let i = 0; i < more.length; i++) ops.push(more[i]!)
}

/**
 * Writes `ops` in batches of `size` (a scan of a long history makes millions): for rebuilding what is
 * derived from the versions, where a crash part way is redone on the next open.
 */
export async function writeInBatches(
  backend: StoreBackend,
  ops: AsyncIterable<BatchOp> | Iterable<BatchOp>,
  size = 10_000,
): Promise<void> {
  let batch: BatchOp[] = []
  for await (const op of ops) {
    batch.push(op)
    if (batch.length >= size) {
      await backend.write(batch)
      batch = []
    }
  }
  if (batch.length > 0) await backend.write(batch)
}

/** Deletes of every key of a range, as a scan finds them. */
export async function* deletesIn(
  backend: StoreBackend,
  range: BackendRange,
): AsyncIterable<BatchOp> {
  for await (const [key] of backend.entries(range)) yield { type: 'del', key }
}

/** Writes to make in one atomic batch, and what makes them visible once they are durable. */
export interface PreparedWrites {
  ops: BatchWrite[]
  /** Called once the ops are durable, as a plain function (not through this object). */
  publish: () => void
}

/** Key range for scans: `gte` ≤ key < `lt`. */
export interface BackendRange {
  gte: Bytes
  lt: Bytes
  reverse?: boolean
  limit?: number
}

/**
 * The minimal database the node needs (ethereumjs-style DB interface). LevelDB in the product;
 * an in-memory twin runs the same conformance suite in tests.
 */
export interface StoreBackend {
  get(key: Bytes): Promise<Bytes | undefined>
  /**
   * The same read, answered at once (LevelDB's synchronous get: no thread-pool round trip, which
   * costs a short read several times over). For reads of immutable history on the query path.
   */
  getSync?(key: Bytes): Bytes | undefined
  getMany(keys: readonly Bytes[]): Promise<(Bytes | undefined)[]>
  /**
   * Applies every op or none (one LevelDB write batch). `sync`: flushed to the disk before it
   * resolves (an ABCI Commit, which CometBFT must be able to rely on across a power loss). Takes
   * the ops when called: the caller may drop them, or change their bytes, as soon as it returns.
   */
  write(ops: readonly BatchWrite[], options?: { sync?: boolean }): Promise<void>
  /** Entries in key order within the range. */
  entries(range: BackendRange): AsyncIterable<[Bytes, Bytes]>
  close(): Promise<void>
}
