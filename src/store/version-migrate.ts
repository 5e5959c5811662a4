import { type Bytes, uint64BE } from '../codec/bytes.js'
import type { BatchOp, StoreBackend } from './backend.js'
import {
  deletedKey,
  deletionBoundKey,
  deletionPrefix,
  FAMILY_DELETED,
  FAMILY_LATEST,
  FAMILY_STATE,
  familyKey,
  latestKey,
  latestValue,
  layoutIsCurrent,
  layoutValue,
  META_DELETION_PREFIX,
  META_LAYOUT,
  parseStateVersionKey,
  prefixEnd,
  REGISTRY_STORE_ID,
  storeIdPrefix,
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
    let ops: BatchOp[] = []
    for await (const [key] of backend.entries(range)) {
      ops.push({ type: 'del', key })
      if (ops.length >= MIGRATION_BATCH) {
        await backend.write(ops)
        ops = []
      }
    }
    if (ops.length > 0) await backend.write(ops)
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
  const newest = new Map<string, { h: number; record: Bytes }>()
  const bounds = new Map<string, number>()
  let ops: BatchOp[] = []
  const flush = async (): Promise<void> => {
    if (ops.length === 0) return
    const batch = ops
    ops = []
    await backend.write(batch)
  }
  for await (const [key, record] of backend.entries({
    gte: familyKey(FAMILY_STATE, storeIdPrefix(REGISTRY_STORE_ID + 1)),
    lt: Uint8Array.of(FAMILY_STATE + 1),
  })) {
    const { fullKey, height } = parseStateVersionKey(key)
    if (height > latest) continue
    // A key's versions come in ascending height order: the last one seen is its newest.
    newest.set(fullKey, { h: height, record })
    if (record[0] === 0) {
      ops.push({ type: 'put', key: deletedKey(height, fullKey), value: EMPTY })
      const prefix = deletionPrefix(fullKey)
      if ((bounds.get(prefix) ?? -1) < height) bounds.set(prefix, height)
      if (ops.length >= MIGRATION_BATCH) await flush()
    }
  }
  for (const [full, { h, record }] of newest) {
    if (record[0] !== 1) continue
    ops.push({ type: 'put', key: latestKey(full), value: latestValue(h) })
    if (ops.length >= MIGRATION_BATCH) await flush()
  }
  for (const [prefix, h] of bounds) {
    ops.push({ type: 'put', key: deletionBoundKey(prefix), value: uint64BE(h) })
  }
  await flush()
  await backend.write([{ type: 'put', key: META_LAYOUT, value: layoutValue(latest) }], {
    sync: true,
  })
}
