import type { Bytes } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { StoreBackend } from './backend.js'
import { stateVersionKey, valueOfStateVersion } from './keys.js'
import { type IndexEntry, LARGE_VALUE_BYTES, STORED, type VersionIndex } from './version-index.js'

// Values over `LARGE_VALUE_BYTES` the versioned store's index holds only until their height is
// durable, then leaves in the database (`STORED`): what decides it, how such a value is read back,
// and the values applied and not yet durable.

/**
 * Whether the index may leave this durable value in the database (`STORED`): a large one, where
 * the backend reads synchronously.
 */
export function leavesInDatabase(backend: StoreBackend, value: Bytes): boolean {
  return value.length > LARGE_VALUE_BYTES && backend.getSync !== undefined
}

/**
 * The value of a live key's newest version the index left in the database (`STORED`): its version
 * record at `h`, which no pruning removes while it is the newest.
 */
export function storedValue(backend: StoreBackend, full: string, h: number): Bytes {
  const record = backend.getSync?.(stateVersionKey(full, h))
  const value = record && valueOfStateVersion(record)
  if (!value) throw ErrLogic.wrap(`state version at height ${h} is missing`)
  return value
}

/** The value of an index entry (undefined: deleted), read from the database when it is `STORED`. */
export function entryValue(
  backend: StoreBackend,
  full: string,
  entry: IndexEntry | undefined,
): Bytes | undefined {
  const val = entry?.val
  return val === STORED ? storedValue(backend, full, entry!.h) : val
}

/**
 * The large values of the heights applied and not yet durable, in height order: once their height
 * is, the index leaves them in the database. Until then a version's value is read from here.
 */
export class PendingLargeValues {
  private readonly queue: [height: number, full: string, value: Bytes][] = []

  constructor(
    private readonly backend: StoreBackend,
    private readonly index: VersionIndex,
  ) {}

  /** Whether a value written is one the store leaves in its database once durable. */
  leaves(value: Bytes): boolean {
    return leavesInDatabase(this.backend, value)
  }

  /** The writes of the height just applied (value undefined: deleted). */
  applied(
    height: number,
    writes: readonly { readonly full: string; readonly value: Bytes | undefined }[],
  ): void {
    for (const { full, value } of writes) {
      if (value !== undefined && this.leaves(value)) this.queue.push([height, full, value])
    }
  }

  /**
   * The large values of the heights through `durable` left in the database: an entry a later
   * height changed again is that height's to leave.
   */
  durable(durable: number): void {
    const { queue } = this
    let n = 0
    while (n < queue.length && queue[n]![0] <= durable) {
      const [h, full] = queue[n]!
      const entry = this.index.get(full)
      if (entry !== undefined && entry.h === h && entry.val !== undefined) entry.val = STORED
      n++
    }
    if (n > 0) queue.splice(0, n)
  }

  /** The heights applied above a rollback's target are gone. */
  rolledBack(): void {
    this.queue.length = 0
  }

  /**
   * The value of `full`'s version at `height`, where that is a large value (`leaves`) of a height
   * applied since open or a rollback, or left in the database: from memory until the height is
   * durable, then from the database. undefined when there is no such version (pruned since,
   * rolled back).
   */
  versionValue(full: string, height: number): Bytes | undefined {
    for (const [h, f, value] of this.queue) if (h === height && f === full) return value
    const record = this.backend.getSync?.(stateVersionKey(full, height))
    return record && valueOfStateVersion(record)
  }
}
