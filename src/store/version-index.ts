import type { Bytes } from '../codec/bytes.js'
import { BTree } from './btree.js'

/** Per key: versions (ascending heights, negative = deleted at that height) and the latest value. */
export interface IndexEntry {
  v: number[]
  val: Bytes | undefined
}

/**
 * The in-memory index of the versioned store: per full key (latin1, store id ‖ key), the heights
 * that changed it and its latest value. History is immutable, so the index answers "which version
 * was live at H" without touching the database.
 */
export type VersionIndex = BTree<string, IndexEntry>

/** An empty index. */
export function createVersionIndex(): VersionIndex {
  return new BTree<string, IndexEntry>()
}

/** The entry of `full` (created without versions on first use). */
export function indexEntry(index: VersionIndex, full: string): IndexEntry {
  let entry = index.get(full)
  if (!entry) {
    entry = { v: [], val: undefined }
    index.set(full, entry)
  }
  return entry
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

/** Whether a key with these versions is live at `height` (genesis writes are version 0). */
export function liveAt(versions: readonly number[], height: number): boolean {
  const found = versionAt(versions, height)
  return found >= 0 && !(versions[found]! < 0)
}
