import type { Bytes } from '../codec/bytes.js'
import { BTree } from './btree.js'

/**
 * A key's newest version: its height and value (undefined: deleted at that height). Deleted keys
 * stay only while their deletion is recent (see `VersionState.tombstones`).
 */
export interface IndexEntry {
  h: number
  val: Bytes | undefined
}

/**
 * The in-memory index of the versioned store: per full key (latin1, store id ‖ key) its newest
 * version only, so its size follows the live state, never the history. Older versions are read
 * from the database (version-lookup.ts).
 */
export type VersionIndex = BTree<string, IndexEntry>

/** An empty index. */
export function createVersionIndex(): VersionIndex {
  return new BTree<string, IndexEntry>()
}

/**
 * Index of the last version at or below `height` in a key's ascending versions (negative = deleted
 * at that height), by binary search; -1 if the key had no version yet.
 */
export function versionAt(versions: readonly number[], height: number): number {
  let lo = 0
  let hi = versions.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    if (Math.abs(versions[mid]!) <= height) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}
