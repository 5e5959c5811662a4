import {
  type Bytes,
  bytesToLatin1,
  concatBytes,
  latin1ToBytes,
  readUint64BE,
  uint64BE,
} from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { type BatchOp, deletesIn, type StoreBackend, writeInBatches } from './backend.js'
import {
  FAMILY_PRUNE,
  FAMILY_PRUNE_STAGING,
  META_PRUNE_RECORDS,
  parseStateVersionKey,
  pruneRecordKey,
  pruneStagingKey,
  storeVersionsRange,
  valueOfStateVersion,
} from './keys.js'

/**
 * Pruning's records (family 0x08): with pruning on, every height that changes state keys writes,
 * in its commit's batch, the keys it changed, each with the version it replaced. Pruning through a
 * height reads the records of the heights it prunes (LevelDB's synchronous get; the heights not yet
 * durable from memory) and deletes them with the versions they name, so memory holds nothing per
 * retained height and a restart reads no history: upstream's default keeps 362,880 heights.
 */

/** A change a record is written from: the key, its new value (undefined: deleted), the version replaced. */
export interface PruneWrite {
  readonly full: string
  readonly value: Bytes | undefined
  readonly replaced: number | undefined
}

/** One key a height changed: whether to a deletion, and the version it replaced (negative: one). */
export interface PruneEntry {
  readonly full: string
  readonly deleted: boolean
  /** The key's version before this height (negative: a deletion); undefined when it had none known. */
  readonly replaced: number | undefined
}

const DELETED = 1
const REPLACED = 2
const REPLACED_DELETION = 4

/** A height's record: per key, flags(1) ‖ BE32(key length) ‖ key ‖ BE(replaced height) if any. */
export function encodePruneRecord(writes: readonly PruneWrite[]): Bytes {
  let size = 0
  for (const w of writes) size += 5 + w.full.length + (w.replaced === undefined ? 0 : 8)
  const out = Buffer.allocUnsafe(size)
  let at = 0
  for (const { full, value, replaced } of writes) {
    let flags = value === undefined ? DELETED : 0
    if (replaced !== undefined) flags |= replaced < 0 ? REPLACED | REPLACED_DELETION : REPLACED
    out[at] = flags
    out.writeUInt32BE(full.length, at + 1)
    // Full keys are latin1 strings (one char a byte): written in place, no copy of their bytes.
    out.write(full, at + 5, 'latin1')
    at += 5 + full.length
    if (replaced !== undefined) {
      const h = Math.abs(replaced)
      out.writeUInt32BE(Math.floor(h / 2 ** 32), at)
      out.writeUInt32BE(h >>> 0, at + 4)
      at += 8
    }
  }
  return out
}

/** The entries of a record written by `encodePruneRecord`. */
export function decodePruneRecord(record: Bytes): PruneEntry[] {
  const entries: PruneEntry[] = []
  const view = new DataView(record.buffer, record.byteOffset, record.length)
  let at = 0
  while (at < record.length) {
    if (at + 5 > record.length) throw ErrLogic.wrap('pruning record: truncated entry')
    const flags = record[at]!
    const length = view.getUint32(at + 1)
    const end = at + 5 + length + (flags & REPLACED ? 8 : 0)
    if (end > record.length) throw ErrLogic.wrap('pruning record: truncated entry')
    const full = bytesToLatin1(record.subarray(at + 5, at + 5 + length))
    let replaced: number | undefined
    if (flags & REPLACED) {
      const h = readUint64BE(record, at + 5 + length)
      replaced = flags & REPLACED_DELETION ? -h : h
    }
    entries.push({ full, deleted: (flags & DELETED) !== 0, replaced })
    at = end
  }
  return entries
}

/** The records of the heights from `from` on. */
const recordsFrom = (from: number) => ({
  gte: pruneRecordKey(from),
  lt: Uint8Array.of(FAMILY_PRUNE + 1),
})
const STAGING = {
  gte: Uint8Array.of(FAMILY_PRUNE_STAGING),
  lt: Uint8Array.of(FAMILY_PRUNE_STAGING + 1),
}

/**
 * The records of heights applied but not yet durable (LevelDB answers the others), or of every
 * height when the backend has no synchronous get (the in-memory twin of some tests).
 */
export class PruneRecords {
  private readonly pending = new Map<number, Bytes>()

  constructor(private readonly backend: StoreBackend) {}

  /** The record of `height` (undefined: it changed no key, or it is pruned). */
  record(height: number): Bytes | undefined {
    return this.pending.get(height) ?? this.backend.getSync?.(pruneRecordKey(height))
  }

  /** The writes of a commit of `height` that made `writes`, and the marker that they are complete. */
  commitOps(
    height: number,
    writes: readonly PruneWrite[] | undefined,
  ): {
    ops: BatchOp[]
    record: Bytes | undefined
  } {
    const ops: BatchOp[] = [{ type: 'put', key: META_PRUNE_RECORDS, value: uint64BE(height) }]
    if (!writes || writes.length === 0) return { ops, record: undefined }
    const record = encodePruneRecord(writes)
    ops.push({ type: 'put', key: pruneRecordKey(height), value: record })
    return { ops, record }
  }

  /** A commit of `height` was applied: its record is read from memory until it is durable. */
  applied(height: number, record: Bytes | undefined): void {
    if (record) this.pending.set(height, record)
  }

  /** Heights through `latest` are durable: LevelDB answers for their records. */
  published(latest: number): void {
    if (!this.backend.getSync) return
    for (const h of this.pending.keys()) if (h <= latest) this.pending.delete(h)
  }

  /** Heights through `through` were pruned with their records. */
  pruned(through: number): void {
    for (const h of this.pending.keys()) if (h <= through) this.pending.delete(h)
  }

  /** The deletes of the records above `toHeight` (a rollback's), and the marker at it. */
  async rollbackOps(toHeight: number): Promise<BatchOp[]> {
    const ops: BatchOp[] = [{ type: 'put', key: META_PRUNE_RECORDS, value: uint64BE(toHeight) }]
    for await (const op of deletesIn(this.backend, recordsFrom(toHeight + 1))) ops.push(op)
    return ops
  }

  /** A rollback to `toHeight` was applied. */
  rolledBack(toHeight: number): void {
    for (const h of this.pending.keys()) if (h > toHeight) this.pending.delete(h)
  }

  /**
   * Opens the records of a store pruning from `prunedThrough + 1` to `latest`: when they are not
   * complete through `latest` (pruning was off, or an older sdkd committed since), they are
   * written again from one scan of the retained history; without a synchronous get they are read
   * into memory.
   */
  async open(latest: number, prunedThrough: number): Promise<void> {
    const marker = await this.backend.get(META_PRUNE_RECORDS)
    if (marker === undefined || readUint64BE(marker) !== latest) {
      await this.backfill(latest, prunedThrough)
    }
    if (this.backend.getSync) return
    for await (const [key, value] of this.backend.entries(recordsFrom(prunedThrough + 1))) {
      this.pending.set(readUint64BE(key, 1), value)
    }
  }

  /**
   * Writes the records of the heights above `prunedThrough` from one scan of the history, with
   * memory bounded by the number of keys, not heights: the scan goes key by key, so each entry is
   * first written under its height and key (family 0x09), then a scan of those in height order
   * joins each height's entries into its record (a record is its entries one after another).
   */
  private async backfill(latest: number, prunedThrough: number): Promise<void> {
    // Records left from before (a rollback by an older sdkd) could name versions that are gone, and
    // a backfill cut short leaves entries of its own.
    const b = this.backend
    await writeInBatches(b, deletesIn(b, recordsFrom(0)))
    await writeInBatches(b, deletesIn(b, STAGING))
    await writeInBatches(b, this.stagedEntries(latest, prunedThrough))
    await writeInBatches(b, this.joinedRecords())
    await b.write([{ type: 'put', key: META_PRUNE_RECORDS, value: uint64BE(latest) }])
  }

  /** Each version above `prunedThrough` as a one-entry record under its height and key. */
  private async *stagedEntries(latest: number, prunedThrough: number): AsyncIterable<BatchOp> {
    // Each key's last version seen: a key's versions come in ascending heights, but interleaved
    // with those of longer keys (the height follows the key bytes).
    const lastOf = new Map<string, number>()
    for await (const [key, value] of this.backend.entries(storeVersionsRange())) {
      const { fullKey: full, height } = parseStateVersionKey(key)
      if (height > latest) continue
      const stored = valueOfStateVersion(value)
      if (height > prunedThrough) {
        const write = { full, value: stored, replaced: lastOf.get(full) }
        yield {
          type: 'put',
          key: concatBytes(pruneStagingKey(height), latin1ToBytes(full)),
          value: encodePruneRecord([write]),
        }
      }
      lastOf.set(full, stored ? height : -height)
    }
  }

  /** The staged entries joined into one record per height, and their deletes. */
  private async *joinedRecords(): AsyncIterable<BatchOp> {
    let height = -1
    let parts: Bytes[] = []
    // A block of thousands of txs changes more keys than a call can take as arguments.
    const record = (): BatchOp => {
      const value = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
      let at = 0
      for (const p of parts) {
        value.set(p, at)
        at += p.length
      }
      return { type: 'put', key: pruneRecordKey(height), value }
    }
    for await (const [key, value] of this.backend.entries(STAGING)) {
      const h = readUint64BE(key, 1)
      if (h !== height && parts.length > 0) {
        yield record()
        parts = []
      }
      height = h
      parts.push(value)
      yield { type: 'del', key }
    }
    if (parts.length > 0) yield record()
  }
}
