import type { Bytes } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import { BatchedRange, type HeightSource, type RangeBatch } from './height-view.js'
import { deletionPrefix, nextPrefix, stateVersionKey, valueOfStateVersion } from './keys.js'
import { entryValue } from './large-values.js'
import type { ReadSpan } from './read-span.js'
import type { StoreRegistry } from './store-registry.js'
import type { ValueNow } from './types.js'
import { settled } from './value-now.js'
import type { IndexEntry, VersionIndex } from './version-index.js'
import { NO_VERSION, VersionLists } from './version-lists.js'
import { rangeFromDb, versionFromDb } from './version-lookup.js'
import type { VersionState } from './version-state.js'

const READ_BATCH = 256

/**
 * Bytes of past values the history cache keeps at most, as the query caches (response-cache.ts):
 * its 20,000 entries of a devnet of 100 validators' historical infos (26 KB each) would be 520 MB.
 */
export const HISTORY_CACHE_BYTES = 64 * 1024 * 1024

/** A full-key entry as it is. */
function fullEntry(entry: readonly [string, Bytes]): readonly [string, Bytes] {
  return entry
}

export interface VersionReaderOptions {
  backend: StoreBackend
  state: VersionState
  /** Entries of the past-height value cache (immutable history, so never stale). */
  historyCacheSize: number
  /** Bytes of keys and values that cache keeps at most (default `HISTORY_CACHE_BYTES`). */
  historyCacheBytes?: number
  /** Throws when `height` stopped being readable while a read was under way (pruned, rolled back). */
  assertStillReadable(height: number): void
  /** The latest durable height (what a key's version list is read up to). */
  latest(): number
}

/**
 * Reads of the versioned store at a retained height: from the in-memory index when the key's
 * newest version is at or below the height (or the key is known absent), else from the database
 * (one synchronous get when the key changed at exactly that height, otherwise one reverse seek),
 * kept in a bounded cache. The latest height is answered from memory.
 */
export class VersionReader implements HeightSource {
  private readonly backend: StoreBackend
  private readonly state: VersionState
  private readonly index: VersionIndex
  private readonly registry: StoreRegistry
  private readonly assertStillReadable: (height: number) => void
  private readonly historyCache = new Map<string, Bytes | undefined>()
  private readonly historyCacheSize: number
  private readonly historyCacheBytes: number
  /** Bytes of the keys and values in the history cache. */
  private historyBytes = 0
  /** Bumped when the history cache is cleared: reads begun before then do not fill it. */
  private historyGeneration = 0
  private readonly emptinessPair = [] as unknown as [string, IndexEntry]
  private readonly lists: VersionLists
  private readonly latest: () => number

  constructor(options: VersionReaderOptions) {
    this.backend = options.backend
    this.state = options.state
    this.index = options.state.index
    this.registry = options.state.registry
    this.historyCacheSize = options.historyCacheSize
    this.historyCacheBytes = options.historyCacheBytes ?? HISTORY_CACHE_BYTES
    this.assertStillReadable = options.assertStillReadable
    this.lists = new VersionLists(options.backend)
    this.latest = options.latest
  }

  /** Store id of `name` at `height`, if the store was live then. */
  resolveId(name: string, height: number, span?: ReadSpan): number | undefined {
    // The registry in memory holds every change up to the applied height, the durable one at most.
    span?.narrow(0, this.latest())
    return this.registry.resolveId(name, height, span)
  }

  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number> {
    return this.registry.liveStores(height)
  }

  /** Value of a full key at a height. */
  read(full: string, height: number, span?: ReadSpan): Promise<Bytes | undefined> {
    // Not an async function: a value in memory (nearly every read of a tx) is handed back as a
    // settled promise, without a frame around it. A failure still comes as a rejected promise.
    try {
      return settled(this.readNow(full, height, span))
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `read`, with a value in memory handed back at once (a failure then throws). */
  readNow(full: string, height: number, span?: ReadSpan): ValueNow {
    const v = this.valueAt(full, this.index.get(full), height, span)
    if (v instanceof Promise) return v.then((value) => this.stillReadable(height, value))
    return this.stillReadable(height, v)
  }

  /** `value` once `height` is checked to be still readable (not pruned meanwhile). */
  private stillReadable(height: number, value: Bytes | undefined): Bytes | undefined {
    this.assertStillReadable(height)
    return value
  }

  /**
   * Whether no key of [lo, hi) is live at `height`, from the in-memory index (undefined when more
   * than a few deleted keys would have to be looked at, or memory cannot tell).
   */
  isEmptyAt(lo: string, hi: string | undefined, height: number): boolean | undefined {
    if (!this.indexHoldsRange(lo, hi, height)) return undefined
    // Stepped key by key through one reused pair (an iterator costs more than the few keys looked at).
    const pair = this.emptinessPair
    let at = this.index.getPairOrNextHigher(lo, pair)
    for (let looked = 0; at !== undefined; looked++) {
      if (looked >= 16) return undefined
      const [k, e] = at
      if (hi !== undefined && k >= hi) return true
      if (e.h > height) return undefined
      if (e.val !== undefined) return false
      at = this.index.nextHigherPair(k, pair)
    }
    return true
  }

  /**
   * Entries of a full-key range at a height, read in batches so commits may interleave (branches
   * read the working state: no span).
   */
  readRange(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
    height: number,
  ): AsyncIterable<readonly [string, Bytes]> {
    return new BatchedRange(this, lo, hi, reverse, height, undefined, fullEntry)
  }

  /**
   * One batch of a range read at a height: up to READ_BATCH keys of [lo, hi) after `after` (in
   * range order). Answered at once when every value is in memory (each key's newest version at or
   * below the height, or a cached old one); a promise when some must be read from the database. A
   * past height whose key set memory cannot tell (keys deleted since) is read from the database,
   * whole.
   */
  readBatch(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
    height: number,
    after?: string,
    span?: ReadSpan,
  ): RangeBatch | Promise<RangeBatch> {
    if (!this.indexHoldsRange(lo, hi, height)) {
      // The range's history is read whole: what it was at other heights is not known.
      span?.pin()
      return rangeFromDb(this.backend, lo, hi, reverse, height).then((entries) => {
        this.assertStillReadable(height)
        return { entries, next: undefined }
      })
    }
    const keys: string[] = []
    const found: IndexEntry[] = []
    if (!reverse) {
      this.index.forRange(after ?? lo, hi, (k, e) => {
        if (k === after) return false
        keys.push(k)
        found.push(e)
        return keys.length >= READ_BATCH
      })
    } else {
      const start = after ?? hi
      const it = this.index.entriesReversed(start, true)
      for (const [k, e] of it) {
        if (k < lo) break
        keys.push(k)
        found.push(e)
        if (keys.length >= READ_BATCH) break
      }
    }
    const next = keys.length < READ_BATCH ? undefined : keys[keys.length - 1]
    if (span) {
      // The index holds every key of the range up to the applied height, the durable one at most.
      span.narrow(0, this.latest())
      this.narrowToAbsences(lo, hi, span)
    }
    const values: (Bytes | undefined)[] = new Array(keys.length)
    let reads: Promise<void>[] | undefined
    for (let i = 0; i < keys.length; i++) {
      const v = this.valueAt(keys[i]!, found[i]!, height, span)
      if (v instanceof Promise) {
        reads ??= []
        reads.push(
          v.then((value) => {
            values[i] = value
          }),
        )
      } else values[i] = v
    }
    const finish = (): RangeBatch => {
      this.assertStillReadable(height)
      const entries: [string, Bytes][] = []
      for (let i = 0; i < keys.length; i++) {
        const value = values[i]
        if (value !== undefined) entries.push([keys[i]!, value])
      }
      return { entries, next }
    }
    return reads ? Promise.all(reads).then(finish) : finish()
  }

  /** Empties the history cache (heights were rolled back). */
  clearHistoryCache(): void {
    this.historyCache.clear()
    this.historyBytes = 0
    this.lists.clear()
    this.historyGeneration++
  }

  /**
   * Narrows `span` to the heights at which the keys of [lo, hi) absent from the index were absent
   * too: at or above the floor, or above every deletion under a deletion prefix of the range (a
   * key deleted before the floor has left the index; it was live only below its deletion).
   */
  private narrowToAbsences(lo: string, hi: string | undefined, span: ReadSpan): void {
    const floor = this.state.floor
    for (const [prefix, bound] of this.state.deletionBounds) {
      if (bound <= span.lo || floor <= span.lo) continue
      const end = nextPrefix(prefix)
      if ((hi === undefined || prefix < hi) && (end === undefined || end > lo)) {
        span.narrow(Math.min(floor, bound), Number.POSITIVE_INFINITY)
      }
    }
  }

  /**
   * Whether every key live at `height` in [lo, hi) is in the index: at or above the floor, or when
   * no key under the range's prefixes was deleted after the height.
   */
  private indexHoldsRange(lo: string, hi: string | undefined, height: number): boolean {
    if (height >= this.state.floor) return true
    for (const [prefix, bound] of this.state.deletionBounds) {
      if (bound <= height) continue
      const end = nextPrefix(prefix)
      if ((hi === undefined || prefix < hi) && (end === undefined || end > lo)) return false
    }
    return true
  }

  /**
   * The value of a key at a height: at once when it is in memory (the key's newest version is at or
   * below the height, the key is known absent, or an old value is in the history cache), else a
   * synchronous get when the key changed at exactly that height, else a promise of a seek. `span`
   * is narrowed to the heights the value is known to have held.
   */
  private valueAt(
    full: string,
    entry: IndexEntry | undefined,
    height: number,
    span?: ReadSpan,
  ): Bytes | undefined | Promise<Bytes | undefined> {
    if (entry !== undefined) {
      if (entry.h <= height) {
        // The index has every version up to the applied height, the durable one at most.
        span?.narrow(entry.h, this.latest())
        return entryValue(this.backend, full, entry)
      }
    } else {
      const bound = this.state.deletionBounds.get(deletionPrefix(full))
      const floor = this.state.floor
      if (height >= floor || (bound ?? -1) <= height) {
        // Absent at or above the floor, and above every deletion of its prefix (never live, with none).
        span?.narrow(bound === undefined ? 0 : Math.min(floor, bound), this.latest())
        return undefined
      }
    }
    const cacheKey = `${height}/${full}`
    const cached = this.historyCache.get(cacheKey)
    if (cached !== undefined || this.historyCache.has(cacheKey)) {
      span?.pin()
      return cached
    }
    // A key changed at every height (a counter, a signing info) has a version at exactly this one.
    const getSync = this.backend.getSync
    const exact = getSync?.(stateVersionKey(full, height))
    if (exact !== undefined) {
      span?.pin()
      return this.keepHistory(cacheKey, exact)
    }
    // A key with few versions, read before: its version by binary search, then one get.
    const version = getSync ? this.lists.versionAt(full, height, this.latest(), span) : undefined
    if (version === NO_VERSION) return undefined
    if (version !== undefined) {
      if (version < 0) return undefined
      const stored = getSync!(stateVersionKey(full, version))
      if (stored !== undefined) return this.keepHistory(cacheKey, stored)
    }
    const generation = this.historyGeneration
    return versionFromDb(this.backend, full, height).then((found) => {
      const value = found?.value
      // The version found holds from its height; whether it still held above `height` is not known.
      span?.narrow(found?.h ?? 0, height)
      // A rollback that cleared the cache meanwhile may have made this version stale.
      if (generation === this.historyGeneration) this.keep(cacheKey, value)
      return value
    })
  }

  /** The value of a stored version record, kept in the history cache. */
  private keepHistory(cacheKey: string, stored: Bytes): Bytes | undefined {
    const value = valueOfStateVersion(stored)
    this.keep(cacheKey, value)
    return value
  }

  private keep(cacheKey: string, value: Bytes | undefined): void {
    const cache = this.historyCache
    // A key's version is immutable: one kept already is the same.
    if (cache.has(cacheKey)) return
    const size = cacheKey.length + (value?.length ?? 0)
    // One value of a sixteenth of the bytes is read again rather than flush the rest.
    if (size > this.historyCacheBytes / 16) return
    while (
      cache.size > 0 &&
      (cache.size >= this.historyCacheSize || this.historyBytes + size > this.historyCacheBytes)
    ) {
      const [oldest, old] = cache.entries().next().value!
      cache.delete(oldest)
      this.historyBytes -= oldest.length + (old?.length ?? 0)
    }
    cache.set(cacheKey, value)
    this.historyBytes += size
  }
}
