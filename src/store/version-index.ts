import type { Bytes } from '../codec/bytes.js'
import { BTree } from './btree.js'

/**
 * Values longer than this are held in memory only until their height is durable: the index then
 * keeps `STORED` in their place, and a read gets the value from its version record (a synchronous
 * get). A devnet of 100 validators writes a 26 KB historical info every height and keeps 10,000 of
 * them live; the values of every other key are far smaller.
 */
export const LARGE_VALUE_BYTES = 4096

/** In an index entry, a durable large value left in the database (its version at the entry's height). */
export const STORED: unique symbol = Symbol('stored value')

/**
 * A key's newest version: its height and value (undefined: deleted at that height; `STORED`: in
 * the database only). Deleted keys stay only while their deletion is recent (see
 * `VersionState.tombstones`).
 */
export interface IndexEntry {
  h: number
  val: Bytes | undefined | typeof STORED
}

/** Above every full key: keys are latin1 strings, whose characters are below U+0100. */
const ABOVE_EVERY_KEY = '\u0100'
/** What stops the tree's range walk. */
const STOP = { break: true }

/**
 * The in-memory index of the versioned store: per full key (latin1, store id ‖ key) its newest
 * version only, so its size follows the live state, never the history. Older versions are read
 * from the database (version-lookup.ts).
 *
 * The keys in order (a B+ tree) for ranges, and the same entries in a hash map for the reads of
 * one key, most of a block's reads: a tree's lookup compares the key with a dozen others that
 * share its store's prefix, a map's hashes it once (a string keeps its hash).
 */
export class VersionIndex {
  private readonly tree = new BTree<string, IndexEntry>()
  private readonly byKey = new Map<string, IndexEntry>()

  get(full: string): IndexEntry | undefined {
    return this.byKey.get(full)
  }

  set(full: string, entry: IndexEntry): void {
    this.byKey.set(full, entry)
    this.tree.set(full, entry)
  }

  delete(full: string): void {
    if (this.byKey.delete(full)) this.tree.delete(full)
  }

  /** Entries in key order from `lo` (inclusive). */
  entries(lo?: string): IterableIterator<[string, IndexEntry]> {
    return this.tree.entries(lo)
  }

  /**
   * Calls `visit` with each entry of [lo, hi) (hi undefined: to the end) in key order until it
   * returns true: no iterator, path or pair per entry, as `entries` makes.
   */
  forRange(
    lo: string,
    hi: string | undefined,
    visit: (key: string, entry: IndexEntry) => boolean,
  ): void {
    this.tree.forRange(lo, hi ?? ABOVE_EVERY_KEY, false, (k, e) => (visit(k, e) ? STOP : undefined))
  }

  /** Entries in reverse key order from `hi` (inclusive unless `skipHi`). */
  entriesReversed(hi?: string, skipHi?: boolean): IterableIterator<[string, IndexEntry]> {
    return hi === undefined
      ? this.tree.entriesReversed()
      : this.tree.entriesReversed(hi, undefined, skipHi)
  }

  /** The first entry at or after `key`, written into `pair`. */
  getPairOrNextHigher(key: string, pair: [string, IndexEntry]): [string, IndexEntry] | undefined {
    return this.tree.getPairOrNextHigher(key, pair)
  }

  /** The first entry after `key`, written into `pair`. */
  nextHigherPair(key: string, pair: [string, IndexEntry]): [string, IndexEntry] | undefined {
    return this.tree.nextHigherPair(key, pair)
  }
}

/** An empty index. */
export function createVersionIndex(): VersionIndex {
  return new VersionIndex()
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
