import { type Bytes, latin1ToBytes } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { fullKeyOf, fullRange, storeIdPrefix } from './keys.js'
import { mapAsync, type NowIterator, nextNow, settledResult } from './map-async.js'
import type { KVEntry, KVRange, KVStore, StateBranch, StoreUpgrades, ValueNow } from './types.js'
import { definedNow, hasKey, settled } from './value-now.js'
import { WriteBuckets } from './write-buckets.js'

/** What a branch reads through: the committed state at one height, or a parent branch. */
export interface BranchParent {
  readonly height: number
  get(full: string): Promise<Bytes | undefined>
  /** `get`, handed back at once when the value is in memory (see KVReader.getNow). */
  getNow?(full: string): ValueNow
  range(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
  ): AsyncIterable<readonly [string, Bytes]>
  resolveStore(name: string): number | undefined
  liveStores(): Map<string, number>
  nextStoreId(): number
  /** Receives a child's changes on `write()` (absent for the root branch). */
  absorb?(changes: BranchChanges): void
  /** Whether [lo, hi) holds no entry, when known from memory (undefined: unknown). */
  isEmpty?(lo: string, hi: string | undefined): boolean | undefined
}

/** Buffered changes of a branch, keyed by full key (store id prefix ‖ key, latin1). */
export interface BranchChanges {
  writes: Map<string, Bytes | null>
  registry: Map<string, number | null>
  nextStoreId: number
}

/** Creates a branch (cache multi-store) over `parent`. */
export function createBranch(parent: BranchParent): StateBranch {
  return new Branch(parent)
}

/** The buffered changes of a branch made by `createBranch` (what a commit writes). */
export function branchChanges(branch: StateBranch): BranchChanges {
  if (!(branch instanceof Branch)) throw ErrLogic.wrap('not a branch of this store')
  return branch.changes()
}

class Branch implements StateBranch {
  private readonly writes = new Map<string, Bytes | null>()
  /**
   * The written keys by collection, for ranges inside one (a block's branch with 100 validators
   * holds hundreds of writes; the can-withdraw invariant's branch grows with every delegation it
   * pays, and reads each delegation's slash events by a range).
   */
  private readonly buckets = new WriteBuckets()
  private readonly registry = new Map<string, number | null>()
  private allocated: number

  constructor(private readonly parent: BranchParent) {
    this.allocated = parent.nextStoreId()
  }

  get height(): number {
    return this.parent.height
  }

  get size(): number {
    return this.writes.size
  }

  /** The buffered changes (read through `branchChanges` at commit). */
  changes(): BranchChanges {
    return { writes: this.writes, registry: this.registry, nextStoreId: this.allocated }
  }

  private resolve(name: string): number | undefined {
    if (this.registry.has(name)) return this.registry.get(name) ?? undefined
    return this.parent.resolveStore(name)
  }

  hasStore(name: string): boolean {
    return this.resolve(name) !== undefined
  }

  storeNames(): string[] {
    const live = this.liveStores()
    return [...live.keys()].sort()
  }

  private liveStores(): Map<string, number> {
    const live = this.parent.liveStores()
    for (const [name, id] of this.registry) {
      if (id === null) live.delete(name)
      else live.set(name, id)
    }
    return live
  }

  /**
   * Store views by name: keepers ask for their store on every access. Forgotten whenever this
   * branch's stores may change (an upgrade's, or a child's written into it).
   */
  private stores: Map<string, BranchStore> | undefined

  store(name: string): KVStore {
    let store = this.stores?.get(name)
    if (!store) {
      const id = this.resolve(name)
      if (id === undefined) throw ErrLogic.wrap(`store ${name} does not exist`)
      store = new BranchStore(this, storeIdPrefix(id))
      this.stores ??= new Map()
      this.stores.set(name, store)
    }
    return store
  }

  branch(): StateBranch {
    const self: BranchParent = {
      height: this.height,
      get: (full) => this.getFull(full),
      getNow: (full) => this.getFullNow(full),
      range: (lo, hi, reverse) => this.rangeFull(lo, hi, reverse),
      isEmpty: (lo, hi) => this.isEmptyFull(lo, hi),
      resolveStore: (name) => this.resolve(name),
      liveStores: () => this.liveStores(),
      nextStoreId: () => this.allocated,
      absorb: (changes) => {
        if (changes.registry.size > 0) this.stores = undefined
        for (const [k, v] of changes.writes) this.setFull(k, v)
        for (const [k, v] of changes.registry) this.registry.set(k, v)
        this.allocated = Math.max(this.allocated, changes.nextStoreId)
      },
    }
    return new Branch(self)
  }

  write(): void {
    if (!this.parent.absorb) throw ErrLogic.wrap('the root branch is written by a commit')
    this.parent.absorb(this.changes())
    this.writes.clear()
    this.buckets.clear()
    this.registry.clear()
  }

  async upgradeStores(upgrades: StoreUpgrades): Promise<void> {
    this.stores = undefined
    for (const name of upgrades.added ?? []) {
      if (this.resolve(name) !== undefined) throw ErrLogic.wrap(`store ${name} already exists`)
      this.registry.set(name, this.allocated++)
    }
    for (const { oldKey, newKey } of upgrades.renamed ?? []) {
      const id = this.resolve(oldKey)
      if (id === undefined) throw ErrLogic.wrap(`cannot rename store ${oldKey}: it does not exist`)
      if (this.resolve(newKey) !== undefined) {
        throw ErrLogic.wrap(`cannot rename store ${oldKey} to ${newKey}: ${newKey} already exists`)
      }
      // The data stays under the same id; only the name (and so the app-hash leaf) changes.
      this.registry.set(oldKey, null)
      this.registry.set(newKey, id)
    }
    for (const name of upgrades.deleted ?? []) {
      const id = this.resolve(name)
      if (id === undefined) throw ErrLogic.wrap(`cannot delete store ${name}: it does not exist`)
      const store = new BranchStore(this, storeIdPrefix(id))
      const keys: Bytes[] = []
      for await (const [k] of store.iterate()) keys.push(k)
      for (const k of keys) store.delete(k)
      this.registry.set(name, null)
    }
  }

  // --- full-key access (for BranchStore and child branches) -----------------------------------

  getFull(full: string): Promise<Bytes | undefined> {
    try {
      return settled(this.getFullNow(full))
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `getFull`, with a value in memory handed back at once (a failure then throws). */
  getFullNow(full: string): ValueNow {
    // One lookup: a deletion is held as null, an absent key is undefined.
    const written = this.writes.get(full)
    if (written !== undefined) return written ?? undefined
    const parent = this.parent
    return parent.getNow ? parent.getNow(full) : parent.get(full)
  }

  setFull(full: string, value: Bytes | null): void {
    if (this.buckets.made && !this.writes.has(full)) this.buckets.add(full)
    this.writes.set(full, value)
  }

  /** The written keys that may lie in [lo, hi): its collection's, or every written key. */
  private writtenKeys(lo: string, hi: string | undefined): Iterable<string> {
    return this.buckets.keysIn(lo, hi, this.writes) ?? this.writes.keys()
  }

  /** Whether [lo, hi) holds no entry here, when known without reading the database. */
  isEmptyFull(lo: string, hi: string | undefined): boolean | undefined {
    let deletions = false
    for (const k of this.writtenKeys(lo, hi)) {
      if (k < lo || (hi !== undefined && k >= hi)) continue
      if (this.writes.get(k) !== null) return false
      deletions = true
    }
    const below = this.parent.isEmpty?.(lo, hi)
    // Deletions here may hide every entry below: then only an empty parent is an answer.
    return below === true || (below === false && !deletions) ? below : undefined
  }

  /**
   * The entries of [lo, hi) as this branch sees them: its writes over its parent's entries. The
   * overlay is a snapshot taken by this call (callers make it when their iteration starts), so
   * writes during the iteration are not seen (as upstream). With no write in the range, the
   * parent's entries are handed on as they are: no layer per entry (most per-block iterations,
   * and every read of a thrown-away branch, cross ranges they did not write).
   */
  rangeFull(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
  ): AsyncIterable<readonly [string, Bytes]> {
    const overlay: [string, Bytes | null][] = []
    for (const k of this.writtenKeys(lo, hi)) {
      if (k >= lo && (hi === undefined || k < hi))
        overlay.push([k, this.writes.get(k) as Bytes | null])
    }
    const below = this.parent.range(lo, hi, reverse)
    if (overlay.length === 0) return below
    overlay.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    if (reverse) overlay.reverse()
    return new MergedRange(below, overlay, reverse)
  }
}

type FullEntry = readonly [string, Bytes]

const MERGE_DONE: IteratorResult<FullEntry> = { value: undefined, done: true }

/**
 * The entries of `below` with `overlay` (sorted in range order) over them; a null deletes. `below`
 * is opened by the first `next()`, as an async generator's loop would open it. One promise step
 * per entry of `below`; an overlay entry before the next of `below` is handed out at once. The
 * entries are `below`'s and the overlay's own pairs, not copies. One iteration: it is its own
 * iterable, as a generator is.
 */
class MergedRange implements AsyncIterable<FullEntry>, NowIterator<FullEntry> {
  private inner: AsyncIterator<FullEntry> | undefined
  /** The next overlay entry to look at. */
  private i = 0
  /** An entry of `below` not handed out yet (overlay entries before it go first). */
  private held: FullEntry | undefined
  private belowDone = false
  private stopped = false

  constructor(
    private readonly below: AsyncIterable<FullEntry>,
    private readonly overlay: readonly [string, Bytes | null][],
    private readonly reverse: boolean,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<FullEntry> {
    return this
  }

  private readonly onBelow = (r: IteratorResult<FullEntry>): Promise<IteratorResult<FullEntry>> => {
    this.takeBelow(r)
    return this.next()
  }

  private takeBelow(r: IteratorResult<FullEntry>): void {
    if (r.done) this.belowDone = true
    else this.held = r.value
  }

  next(): Promise<IteratorResult<FullEntry>> {
    try {
      return settledResult(this.nextNow())
    } catch (err) {
      return Promise.reject(err)
    }
  }

  nextNow(): IteratorResult<FullEntry> | Promise<IteratorResult<FullEntry>> {
    for (;;) {
      if (this.stopped) return MERGE_DONE
      const { overlay } = this
      const held = this.held
      if (held !== undefined) {
        const k = held[0]
        if (this.i < overlay.length) {
          const o = overlay[this.i]!
          const ok = o[0]
          if (this.reverse ? ok > k : ok < k) {
            this.i++
            if (o[1] !== null) return { value: o as FullEntry, done: false }
            continue
          }
          if (ok === k) {
            // The overlay's write (or deletion) of this key hides `below`'s entry.
            this.i++
            this.held = undefined
            if (o[1] !== null) return { value: o as FullEntry, done: false }
            continue
          }
        }
        this.held = undefined
        return { value: held, done: false }
      }
      if (this.belowDone) {
        while (this.i < overlay.length) {
          const o = overlay[this.i++]!
          if (o[1] !== null) return { value: o as FullEntry, done: false }
        }
        this.stopped = true
        return MERGE_DONE
      }
      this.inner ??= this.below[Symbol.asyncIterator]()
      const r = nextNow(this.inner)
      if (r instanceof Promise) return r.then(this.onBelow)
      this.takeBelow(r)
    }
  }

  /** Ends the iteration (a loop that breaks), and `below`'s. */
  async return(): Promise<IteratorResult<FullEntry>> {
    this.stopped = true
    this.held = undefined
    await this.inner?.return?.()
    return MERGE_DONE
  }
}

/** One named store inside a branch. */
class BranchStore implements KVStore {
  constructor(
    private readonly branch: Branch,
    private readonly prefix: string,
  ) {}

  get(key: Bytes): Promise<Bytes | undefined> {
    return this.branch.getFull(fullKeyOf(this.prefix, key))
  }

  getNow(key: Bytes): ValueNow {
    return this.branch.getFullNow(fullKeyOf(this.prefix, key))
  }

  has(key: Bytes): Promise<boolean> {
    return hasKey(this, key)
  }

  hasNow(key: Bytes): boolean | Promise<boolean> {
    return definedNow(this.getNow(key))
  }

  set(key: Bytes, value: Bytes): void {
    if (!(value instanceof Uint8Array)) throw ErrLogic.wrap('store values must be bytes')
    this.branch.setFull(fullKeyOf(this.prefix, key), value.slice())
  }

  setShared(key: Bytes, value: Bytes): void {
    if (!(value instanceof Uint8Array)) throw ErrLogic.wrap('store values must be bytes')
    this.branch.setFull(fullKeyOf(this.prefix, key), value)
  }

  delete(key: Bytes): void {
    this.branch.setFull(fullKeyOf(this.prefix, key), null)
  }

  isEmpty(range: KVRange): boolean | undefined {
    const { lo, hi } = fullRange(this.prefix, range)
    return this.branch.isEmptyFull(lo, hi)
  }

  iterate(range: KVRange = {}): AsyncIterable<KVEntry> {
    const { lo, hi } = fullRange(this.prefix, range)
    const reverse = range.reverse ?? false
    // The branch's range is opened when the iteration starts, as an async generator's would be.
    return mapAsync(
      () => this.branch.rangeFull(lo, hi, reverse),
      ([k, v]): KVEntry => [latin1ToBytes(k.slice(4)), v],
    )
  }
}
