import { ClassicLevel } from 'classic-level'
import type { Bytes } from '../codec/bytes.js'
import { storageWriteError } from '../config/write-error.js'
import { ErrIO, UserError } from '../errors.js'
import type { BackendRange, BatchWrite, OpSink, StoreBackend } from './backend.js'

export interface LevelBackendOptions {
  /** Directory of the LevelDB database. */
  path: string
}

/** Thrown when another process holds the database lock. */
export class DatabaseLockedError extends UserError {
  override readonly name: string = 'DatabaseLockedError'
}

/**
 * The files LevelDB keeps open (classic-level's default is 1,000). On 64-bit Linux it maps every
 * open table into memory, and the pages a read or a compaction touched stay in the process's RSS:
 * a node with a million heights (about 650 tables of 2 MB) held 25 MB more of them at the end, and
 * its RSS kept growing with the history. At 100 (90 tables cached, LevelDB's floor is 74) those
 * pages stay flat and a million-height node ends about 40 MB smaller, with random reads over the
 * whole history as fast (docs/performance-log.md, "LevelDB's open tables capped"). Fewer file
 * descriptors, too, under the usual limit of 1,024.
 */
export const MAX_OPEN_FILES = 100

/** Longest a batch's steps run before the event loop gets a turn (ms). */
const FILL_TURN_MS = 5

/** Entries a scan takes from LevelDB at a time. */
const SCAN_BATCH = 1024

/** Opens a LevelDB database (classic-level) as a StoreBackend. */
export async function createLevelBackend({ path }: LevelBackendOptions): Promise<StoreBackend> {
  const db = new ClassicLevel<Uint8Array, Uint8Array>(path, {
    keyEncoding: 'view',
    valueEncoding: 'view',
    maxOpenFiles: MAX_OPEN_FILES,
  })
  try {
    await db.open()
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    const text = `${(err as Error).message} ${cause?.message ?? ''}`
    if (cause?.code === 'LEVEL_LOCKED' || /lock/i.test(text)) {
      throw new DatabaseLockedError(`database ${path} is locked by another process`, { cause: err })
    }
    // A file the database could not write (a full disk while it recovers its log) is named with
    // the reason's errno, as a failed commit names it.
    const io = cause?.message?.startsWith('IO error: ') ? storageWriteError(cause, path) : undefined
    const reason = io?.code ? io.message : text.trim()
    throw ErrIO.wrap(`failed to open database ${path}: ${reason}`, { cause: err })
  }

  return {
    async get(key) {
      return (await db.get(key)) ?? undefined
    },
    getSync(key) {
      return db.getSync(key) ?? undefined
    },
    async getMany(keys) {
      const values = await db.getMany(keys as Bytes[])
      return values.map((v) => v ?? undefined)
    },
    write(ops: readonly BatchWrite[], options?: { sync?: boolean }) {
      if (ops.length === 0) return Promise.resolve()
      // A chained batch: each op goes straight to LevelDB's write batch (copied there at once),
      // without the array form's per-op copy and the native side reading every op object back (a
      // block has thousands). Not an async function: its frame would keep `ops` (a block's tens of
      // thousands of keys) alive until the disk has the batch, and young collections meanwhile
      // would copy and promote them; once put, they are garbage (`fillBatch` lets them go).
      let batch: ReturnType<typeof db.batch>
      try {
        batch = db.batch()
      } catch (err) {
        return Promise.reject(err)
      }
      const sync = options?.sync === true
      return fillBatch(batch, ops).then(
        () => writeBatch(batch, sync, path),
        (err: unknown) => batch.close().then(() => Promise.reject(err)),
      )
    },
    async *entries({ gte, lt, reverse = false, limit = -1 }: BackendRange) {
      // Taken from LevelDB a batch at a time: one native round trip per batch rather than per
      // entry, which made a scan of the live keys (a node's start) several times slower.
      const it = db.iterator({ gte, lt, reverse, limit })
      try {
        for (;;) {
          const batch = await it.nextv(SCAN_BATCH)
          if (batch.length === 0) return
          for (let i = 0; i < batch.length; i++) yield batch[i]!
        }
      } finally {
        await it.close()
      }
    },
    async close() {
      await db.close()
    },
  }
}

/**
 * Puts `ops` into `batch`. A `more` made in steps (a block's tx index) gives the event loop a turn
 * each time it has run FILL_TURN_MS: the index of a block of a few thousand txs takes tens of
 * milliseconds, and broadcasts, reads and the next block need not wait for all of it. The batch is
 * written only once it has every op, so what reaches the disk is the same.
 */
async function fillBatch(batch: OpSink, ops: readonly BatchWrite[]): Promise<void> {
  let turnAt = performance.now() + FILL_TURN_MS
  // An index loop: a block's thousands of ops, without an iterator result for each.
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!
    if (op.type === 'put') batch.put(op.key, op.value)
    else if (op.type === 'del') batch.del(op.key)
    else {
      const steps = op.write(batch)
      if (!steps) continue
      while (!steps.next().done) {
        if (performance.now() < turnAt) continue
        await new Promise<void>((resolve) => setImmediate(resolve))
        turnAt = performance.now() + FILL_TURN_MS
      }
    }
  }
}

/** Writes a chained batch whose ops are all put; a refusal names the file and the reason. */
async function writeBatch(
  batch: { write(options: { sync?: boolean }): Promise<void> },
  sync: boolean,
  path: string,
): Promise<void> {
  try {
    await batch.write(sync ? { sync: true } : {})
  } catch (err) {
    // The file and the reason, for the halt message: a full disk is the usual cause.
    throw storageWriteError(err, path)
  }
}
