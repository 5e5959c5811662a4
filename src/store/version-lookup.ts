import { type Bytes, concatBytes, readUint64BE, uint64BE } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import {
  deletedKey,
  FAMILY_DELETED,
  FAMILY_STATE,
  familyKey,
  parseStateVersionKey,
  valueOfStateVersion,
} from './keys.js'
import type { VersionIndex } from './version-index.js'

/** A version read from the database: its height and value (undefined: a deletion). */
export interface StoredVersion {
  readonly h: number
  readonly value: Bytes | undefined
}

const NO_HEIGHT = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0)

/** A stored version record (0x01 ‖ bytes, or 0x00 for a deletion) as a version at `h`. */
function storedVersion(h: number, record: Bytes): StoredVersion {
  return { h, value: valueOfStateVersion(record) }
}

/**
 * The version of `full` live at `height` (the last one at or below it), from the database; undefined
 * when the key had no version yet. One reverse seek: O(log n) in the size of the database. Versions
 * of longer keys (full ‖ s) sort among this key's, so only entries of exactly its length count.
 */
export async function versionFromDb(
  backend: StoreBackend,
  full: string,
  height: number,
): Promise<StoredVersion | undefined> {
  const base = familyKey(FAMILY_STATE, full)
  const length = base.length + 8
  const range = {
    gte: concatBytes(base, NO_HEIGHT),
    lt: concatBytes(base, uint64BE(height + 1)),
    reverse: true,
  }
  for await (const [key, record] of backend.entries(range)) {
    if (key.length === length) return storedVersion(readUint64BE(key, length - 8), record)
  }
  return undefined
}

/**
 * What a rollback to `height` needs of one key, from the database: the heights of its versions
 * above `height` up to `latest` (negative: deletions), descending, and the version live at `height`.
 * The scan starts at `latest` so that it passes few versions of longer keys (full ‖ s).
 */
export async function historyAbove(
  backend: StoreBackend,
  full: string,
  height: number,
  latest: number,
): Promise<{ above: number[]; at: StoredVersion | undefined }> {
  const base = familyKey(FAMILY_STATE, full)
  const length = base.length + 8
  const above: number[] = []
  const range = {
    gte: concatBytes(base, NO_HEIGHT),
    lt: concatBytes(base, uint64BE(latest + 1)),
    reverse: true,
  }
  for await (const [key, record] of backend.entries(range)) {
    if (key.length !== length) continue
    const h = readUint64BE(key, length - 8)
    if (h <= height) return { above, at: storedVersion(h, record) }
    above.push(valueOfStateVersion(record) ? h : -h)
  }
  return { above, at: undefined }
}

/**
 * The entries of the full-key range [lo, hi) live at `height`, in key order (descending with
 * `reverse`), from the database: for the past heights whose key set memory cannot tell (keys
 * deleted since are no longer in memory). One scan of the range's versions; a key's versions come
 * in ascending height order, so the last one at or below `height` is the live one. The results are
 * sorted at the end: a key's versions sort among its extensions' (`versionFromDb`).
 */
export async function rangeFromDb(
  backend: StoreBackend,
  lo: string,
  hi: string | undefined,
  reverse: boolean,
  height: number,
): Promise<[string, Bytes][]> {
  const live = new Map<string, Bytes | undefined>()
  const range = {
    gte: familyKey(FAMILY_STATE, lo),
    lt: hi === undefined ? Uint8Array.of(FAMILY_STATE + 1) : familyKey(FAMILY_STATE, hi),
  }
  for await (const [key, record] of backend.entries(range)) {
    const { fullKey, height: h } = parseStateVersionKey(key)
    if (h > height || fullKey < lo || (hi !== undefined && fullKey >= hi)) continue
    live.set(fullKey, valueOfStateVersion(record))
  }
  const out: [string, Bytes][] = []
  for (const [full, value] of live) if (value !== undefined) out.push([full, value])
  out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  if (reverse) out.reverse()
  return out
}

/**
 * The keys that may have a version above `height`: those whose newest version in the index is above
 * it, and those deleted above it (the deletion family: a deleted key may have left memory).
 */
export async function rollbackCandidates(
  backend: StoreBackend,
  index: VersionIndex,
  height: number,
): Promise<Set<string>> {
  const keys = new Set<string>()
  for (const [full, entry] of index.entries()) if (entry.h > height) keys.add(full)
  for await (const [key] of backend.entries({
    gte: deletedKey(height + 1, ''),
    lt: Uint8Array.of(FAMILY_DELETED + 1),
  })) {
    keys.add(Buffer.from(key.buffer, key.byteOffset + 9, key.length - 9).toString('latin1'))
  }
  return keys
}

/**
 * The heights of `full`'s versions up to `upTo` (negative: deletions), ascending, from one scan of
 * them; null when it has more than `max` (the scan stops there).
 */
export async function versionHeights(
  backend: StoreBackend,
  full: string,
  upTo: number,
  max: number,
): Promise<number[] | null> {
  const base = familyKey(FAMILY_STATE, full)
  const length = base.length + 8
  const out: number[] = []
  const range = { gte: concatBytes(base, NO_HEIGHT), lt: concatBytes(base, uint64BE(upTo + 1)) }
  for await (const [key, record] of backend.entries(range)) {
    if (key.length !== length) continue
    if (out.length >= max) return null
    const h = readUint64BE(key, length - 8)
    out.push(valueOfStateVersion(record) ? h : -h)
  }
  return out
}
