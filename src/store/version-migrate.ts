import { type Bytes, uint64BE } from '../codec/bytes.js'
import { type BatchOp, deletesIn, type StoreBackend, writeInBatches } from './backend.js'
import {
  deletedKey,
  deletionBoundKey,
  deletionPrefix,
  FAMILY_DELETED,
  FAMILY_LATEST,
  latestKey,
  latestValue,
  layoutIsCurrent,
  layoutValue,
  META_DELETION_PREFIX,
  META_LAYOUT,
  parseStateVersionKey,
  prefixEnd,
  storeVersionsRange,
  valueOfStateVersion,
} from './keys.js'

/** Writes of the migration go out in batches of this many ops (a long history has millions). */
const MIGRATION_BATCH = 10_000
const EMPTY = new Uint8Array(0)

/** Whether the database's live-key and deletion families are complete through `latest`. */
export async function hasCurrentLayout(backend: StoreBackend, latest: number): Promise<boolean> {
  return layoutIsCurrent(await backend.get(META_LAYOUT), latest)
}

/**
 * Deletes the layout marker, then every record of the derived families (left by an earlier layout
 * run that an older sdkd has made stale since: live keys it deleted, deletions it rolled back).
 */
async function clearDerived(backend: StoreBackend): Promise<void> {
  await backend.write([{ type: 'del', key: META_LAYOUT }], { sync: true })
  for (const range of [
    { gte: Uint8Array.of(FAMILY_LATEST), lt: Uint8Array.of(FAMILY_DELETED + 1) },
    { gte: META_DELETION_PREFIX, lt: prefixEnd(META_DELETION_PREFIX)! },
  ]) {
    await writeInBatches(backend, deletesIn(backend, range), MIGRATION_BATCH)
  }
}

/**
 * Brings a store written before the latest-version (0x06) and deletion (0x07) families to the
 * current layout: one scan of the history writes each live key's newest version, every deletion and
 * the deletion bounds, then the layout marker. Everything it writes is derived from the versions,
 * which it never changes, so a crash part way leaves a store that redoes the migration on its next
 * open and ends the same.
 */
export async function migrateLayout(backend: StoreBackend, latest: number): Promise<void> {
  await clearDerived(backend)
  await writeInBatches(backend, derivedRecords(backend, latest), MIGRATION_BATCH)
  await backend.write([{ type: 'put', key: META_LAYOUT, value: layoutValue(latest) }], {
    sync: true,
  })
}

/** The live-key, deletion and deletion-bound records of the versions through `latest`. */
async function* derivedRecords(backend: StoreBackend, latest: number): AsyncIterable<BatchOp> {
  const newest = new Map<string, { h: number; record: Bytes }>()
  const bounds = new Map<string, number>()
  for await (const [key, record] of backend.entries(storeVersionsRange())) {
    const { fullKey, height } = parseStateVersionKey(key)
    if (height > latest) continue
    // A key's versions come in ascending height order: the last one seen is its newest.
    newest.set(fullKey, { h: height, record })
    if (!valueOfStateVersion(record)) {
      yield { type: 'put', key: deletedKey(height, fullKey), value: EMPTY }
      const prefix = deletionPrefix(fullKey)
      if ((bounds.get(prefix) ?? -1) < height) bounds.set(prefix, height)
    }
  }
  for (const [full, { h, record }] of newest) {
    if (valueOfStateVersion(record))
      yield { type: 'put', key: latestKey(full), value: latestValue(h) }
  }
  for (const [prefix, h] of bounds) {
    yield { type: 'put', key: deletionBoundKey(prefix), value: uint64BE(h) }
  }
}
