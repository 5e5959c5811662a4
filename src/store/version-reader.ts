import type { Bytes } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import type { HeightSource, RangeBatch } from './height-view.js'
import { stateVersionKey } from './keys.js'
import type { StoreRegistry } from './store-registry.js'
import { type IndexEntry, liveAt, type VersionIndex, versionAt } from './version-index.js'

const READ_BATCH = 256

export interface VersionReaderOptions {
  backend: StoreBackend
  index: VersionIndex
  registry: StoreRegistry
  /** Entries of the past-height value cache (immutable history, so never stale). */
  historyCacheSize: number
  /** Throws when `height` stopped being readable while a read was under way (pruned, rolled back). */
  assertStillReadable(height: number): void
}

/**
 * Reads of the versioned store at a retained height: from the in-memory index when the value is a
 * key's latest (or an old version already cached), else one LevelDB get of the version, kept in a
 * bounded cache. Reading a retained height costs O(log history) plus at most one get a key.
 */
export class VersionReader implements HeightSource {
  private readonly backend: StoreBackend
  private readonly index: VersionIndex
  private readonly registry: StoreRegistry
  private readonly assertStillReadable: (height: number) => void
  private readonly historyCache = new Map<string, Bytes | undefined>()
  private readonly historyCacheSize: number
  /** Bumped when the history cache is cleared: reads begun before then do not fill it. */
  private historyGeneration = 0
  private readonly emptinessPair = [] as unknown as [string, IndexEntry]

  constructor(options: VersionReaderOptions) {
    this.backend = options.backend
    this.index = options.index
    this.registry = options.registry
    this.historyCacheSize = options.historyCacheSize
    this.assertStillReadable = options.assertStillReadable
  }

  /** Store id of `name` at `height`, if the store was live then. */
  resolveId(name: string, height: number): number | undefined {
    return this.registry.resolveId(name, height)
  }

  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number> {
    return this.registry.liveStores(height)
  }

  /** Value of a full key at a height. */
  async read(full: string, height: number): Promise<Bytes | undefined> {
    const entry = this.index.get(full)
    if (!entry) return undefined
    const v = this.valueAt(full, entry, height)
    const value = v instanceof Promise ? await v : v
    this.assertStillReadable(height)
    return value
  }

  /**
   * Whether no key of [lo, hi) is live at `height`, from the in-memory index (undefined when more
   * than a few deleted keys would have to be looked at).
   */
  isEmptyAt(lo: string, hi: string | undefined, height: number): boolean | undefined {
    // Stepped key by key through one reused pair (an iterator costs more than the few keys looked at).
    const pair = this.emptinessPair
    let at = this.index.getPairOrNextHigher(lo, pair)
    for (let looked = 0; at !== undefined; looked++) {
      if (looked >= 16) return undefined
      const [k, e] = at
      if (hi !== undefined && k >= hi) return true
      if (liveAt(e.v, height)) return false
      at = this.index.nextHigherPair(k, pair)
    }
    return true
  }

  /** Entries of a full-key range at a height, read in batches so commits may interleave. */
  async *readRange(lo: string, hi: string | undefined, reverse: boolean, height: number) {
    let after: string | undefined
    do {
      const read = this.readBatch(lo, hi, reverse, height, after)
      const batch = read instanceof Promise ? await read : read
      for (const entry of batch.entries) yield entry
      after = batch.next
    } while (after !== undefined)
  }

  /**
   * One batch of a range read at a height: up to READ_BATCH keys of [lo, hi) after `after` (in
   * range order). Answered at once when every value is in memory (the latest version of each key,
   * or a cached old one); a promise only when some old version must be read from the database.
   */
  readBatch(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
    height: number,
    after?: string,
  ): RangeBatch | Promise<RangeBatch> {
    const keys: string[] = []
    const found: IndexEntry[] = []
    if (!reverse) {
      for (const [k, e] of this.index.entries(after ?? lo)) {
        if (hi !== undefined && k >= hi) break
        if (after !== undefined && k === after) continue
        keys.push(k)
        found.push(e)
        if (keys.length >= READ_BATCH) break
      }
    } else {
      const start = after ?? hi
      const it =
        start === undefined
          ? this.index.entriesReversed()
          : this.index.entriesReversed(start, undefined, true)
      for (const [k, e] of it) {
        if (k < lo) break
        keys.push(k)
        found.push(e)
        if (keys.length >= READ_BATCH) break
      }
    }
    const next = keys.length < READ_BATCH ? undefined : keys[keys.length - 1]
    const values: (Bytes | undefined)[] = new Array(keys.length)
    let reads: Promise<void>[] | undefined
    for (let i = 0; i < keys.length; i++) {
      const v = this.valueAt(keys[i]!, found[i]!, height)
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

  /** Empties the history cache (heights were rolled back or pruned). */
  clearHistoryCache(): void {
    this.historyCache.clear()
    this.historyGeneration++
  }

  /**
   * The value of a key at a height: at once when it is in memory (the key's latest version, or an
   * old version in the history cache), otherwise a promise of the database read.
   */
  private valueAt(
    full: string,
    entry: IndexEntry,
    height: number,
  ): Bytes | undefined | Promise<Bytes | undefined> {
    const v = entry.v
    const found = versionAt(v, height)
    if (found < 0) return undefined
    const version = v[found]!
    if (version < 0) return undefined
    if (found === v.length - 1) return entry.val
    const cacheKey = `${version}/${full}`
    const cached = this.historyCache.get(cacheKey)
    if (cached !== undefined || this.historyCache.has(cacheKey)) return cached
    const key = stateVersionKey(full, version)
    if (this.backend.getSync) return this.keepHistory(cacheKey, this.backend.getSync(key))
    const generation = this.historyGeneration
    return this.backend.get(key).then((stored) =>
      // A rollback or pruning that cleared the cache meanwhile may have made this version stale.
      generation === this.historyGeneration
        ? this.keepHistory(cacheKey, stored)
        : stored && stored[0] === 1
          ? stored.subarray(1)
          : undefined,
    )
  }

  /** The value of a stored version record, kept in the history cache. */
  private keepHistory(cacheKey: string, stored: Bytes | undefined): Bytes | undefined {
    const value = stored && stored[0] === 1 ? stored.subarray(1) : undefined
    if (this.historyCache.size >= this.historyCacheSize) {
      const oldest = this.historyCache.keys().next().value
      if (oldest !== undefined) this.historyCache.delete(oldest)
    }
    this.historyCache.set(cacheKey, value)
    return value
  }
}
