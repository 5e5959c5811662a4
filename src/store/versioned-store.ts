import { type Bytes, equalBytes, latin1ToBytes, readUint64BE, uint64BE } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import type { PruningOptions } from '../config/pruning.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import { appHashOf, storeHash } from './app-hash.js'
import { appendOps, type BatchOp, type StoreBackend } from './backend.js'
import { type BranchParent, branchChanges, createBranch } from './branch.js'
import { BTree } from './btree.js'
import { type HeightSource, HeightView, type RangeBatch } from './height-view.js'
import {
  accumulatorKey,
  FAMILY_STATE,
  META_APP_HASH,
  META_EARLIEST,
  META_LATEST,
  META_NEXT_STORE_ID,
  parseStateVersionKey,
  REGISTRY_STORE_ID,
  registryFullKey,
  registryName,
  stateVersionKey,
  storeIdOf,
} from './keys.js'
import { LtHash } from './lthash.js'
import { genesisPruning, type PruningPlan, planPruning } from './pruning-plan.js'
import { planRollback, type RollbackPlan } from './rollback-plan.js'
import type { StateBranch, StateReader } from './types.js'

export interface VersionedStoreOptions {
  backend: StoreBackend
  pruning?: PruningOptions
  /** Entries of the past-height value cache (immutable history, so never stale). */
  historyCacheSize?: number
}

/** What a commit writes and how the in-memory state moves forward once it is durable. */
export interface PreparedCommit {
  readonly height: number
  /** The app hash after this height. */
  readonly appHash: Bytes
  /** Database writes for this height's state (to be merged into the block's atomic batch). */
  readonly ops: BatchOp[]
  /** Applies the height to the in-memory working state (the next block builds on it). */
  apply(): void
  /** Makes the height visible to readers; call only once `ops` are durable. */
  publish(): void
}

/** What a rollback writes and how the in-memory state moves back once it is durable. */
export interface PreparedRollback {
  /** The height the store goes back to. */
  readonly height: number
  /** The app hash committed at `height` (the store's app hash again after `apply()`). */
  readonly appHash: Bytes
  /** Database writes (to be merged with the block store's into one atomic batch). */
  readonly ops: BatchOp[]
  /** Moves the in-memory state back to `height`; call only once `ops` are durable. */
  apply(): void
}

/** Per key: versions (ascending heights, negative = deleted at that height) and the latest value. */
interface IndexEntry {
  v: number[]
  val: Bytes | undefined
}

/** Registry history of one store name: (height, id or null when deleted), ascending. */
type RegistryHistory = { h: number; id: number | null }[]

const TOMBSTONE = Uint8Array.of(0)
const READ_BATCH = 256

/**
 * The versioned multi-store. Every state change of every height is kept in LevelDB as
 * `key ‖ BE(height)`; an in-memory index (per key: heights that changed it, and the latest value)
 * answers "which version was live at H" by binary search, so reading a retained height costs
 * O(log history) plus at most one LevelDB get, and the latest height is served from memory.
 */
export class VersionedStore implements HeightSource {
  private readonly backend: StoreBackend
  private readonly index = new BTree<string, IndexEntry>()
  private readonly registry = new Map<string, RegistryHistory>()
  private readonly accumulators = new Map<number, LtHash>()
  /** Full keys changed at each height still subject to pruning. */
  private readonly changedAt = new Map<number, string[]>()
  private readonly historyCache = new Map<string, Bytes | undefined>()
  private readonly historyCacheSize: number
  /** Bumped when the history cache is cleared: reads begun before then do not fill it. */
  private historyGeneration = 0
  private pruning: PruningOptions
  /** Durable height: what readers see. */
  private latest = -1
  /** Applied height: the newest state in memory (durable or still being written). */
  private applied = -1
  private prunedThrough = 0
  /** Height of the first commit (genesis); -1 before it. */
  private firstHeight = -1
  private nextStoreId = 1
  private currentAppHash: Bytes = sha256()
  private appliedAppHash: Bytes = sha256()
  private readonly storeHashes = new Map<number, Bytes>()
  /** A commit or rollback prepared and not yet applied (nothing else may be prepared meanwhile). */
  private pending: 'commit' | 'rollback' | undefined

  private constructor(options: VersionedStoreOptions) {
    this.backend = options.backend
    this.pruning = options.pruning ?? { keepRecent: 0, interval: 0 }
    this.historyCacheSize = options.historyCacheSize ?? 20_000
  }

  /** Opens the store and loads its index from the backend. */
  static async open(options: VersionedStoreOptions): Promise<VersionedStore> {
    const store = new VersionedStore(options)
    await store.load()
    return store
  }

  private async load(): Promise<void> {
    const b = this.backend
    const [latest, earliest, appHash, nextId] = await b.getMany([
      META_LATEST,
      META_EARLIEST,
      META_APP_HASH,
      META_NEXT_STORE_ID,
    ])
    if (latest === undefined) return
    this.latest = readUint64BE(latest)
    this.applied = this.latest
    this.prunedThrough = earliest ? readUint64BE(earliest) - 1 : 0
    if (appHash) {
      this.currentAppHash = appHash
      this.appliedAppHash = appHash
    }
    if (nextId) this.nextStoreId = readUint64BE(nextId)

    const registryValues: { name: string; h: number; id: number | null }[] = []
    for await (const [key, value] of b.entries({
      gte: Uint8Array.of(FAMILY_STATE),
      lt: Uint8Array.of(FAMILY_STATE + 1),
    })) {
      const { fullKey, height } = parseStateVersionKey(key)
      // A version above the committed height cannot exist (one batch per height), but never trust it.
      if (height > this.latest) continue
      const deleted = value[0] === 0
      if (this.firstHeight < 0 || height < this.firstHeight) this.firstHeight = height
      if (storeIdOf(fullKey) === REGISTRY_STORE_ID) {
        registryValues.push({
          name: registryName(fullKey),
          h: height,
          id: deleted ? null : readUint64BE(value, 1),
        })
        continue
      }
      let entry = this.index.get(fullKey)
      if (!entry) {
        entry = { v: [], val: undefined }
        this.index.set(fullKey, entry)
      }
      entry.v.push(deleted ? -height : height)
      entry.val = deleted ? undefined : value.subarray(1)
      if (height > this.prunedThrough) this.noteChanged(height, fullKey)
    }
    registryValues.sort((a, b) => a.h - b.h)
    for (const r of registryValues) this.registryHistory(r.name).push({ h: r.h, id: r.id })

    const accKeys = [...this.liveStores(this.latest).values()]
    const accs = await b.getMany(accKeys.map(accumulatorKey))
    accKeys.forEach((id, i) => {
      const bytes = accs[i]
      this.accumulators.set(id, bytes ? LtHash.fromBytes(bytes) : new LtHash())
    })
  }

  /** Last durable committed height (-1 before genesis; genesis, then block heights). */
  get latestHeight(): number {
    return this.latest
  }

  /** Height of the newest state in memory (≥ latestHeight while commits are being written). */
  get workingHeight(): number {
    return this.applied
  }

  /** App hash after the working height (what the next block header carries). */
  get workingAppHash(): Bytes {
    return this.appliedAppHash
  }

  /** Oldest height whose state can still be read. */
  get earliestHeight(): number {
    return Math.max(1, this.prunedThrough + 1)
  }

  /** App hash of the latest durable state. */
  get appHash(): Bytes {
    return this.currentAppHash
  }

  /** Changes the pruning options (validated by the caller). */
  setPruning(pruning: PruningOptions): void {
    this.pruning = pruning
  }

  /** Names of the stores live at the latest height. */
  storeNames(): string[] {
    return [...this.liveStores(this.latest).keys()].sort()
  }

  /** A read-only view of the committed state at `height` (error if pruned or not committed). */
  view(height: number = this.latest): StateReader {
    this.checkReadable(height)
    return new HeightView(this, height)
  }

  /** A writable branch over the working state. */
  branch(): StateBranch {
    const height = Math.max(this.applied, 0)
    // Every branch of a height reads the same way (the block's, the mempool's): one parent each.
    if (this.branchParent?.height !== height) this.branchParent = this.parentAt(height)
    return createBranch(this.branchParent)
  }

  private branchParent: BranchParent | undefined

  /** What a branch over the working state at `height` reads through. */
  private parentAt(height: number): BranchParent {
    return {
      height,
      get: (full) => this.read(full, height),
      range: (lo, hi, reverse) => this.readRange(lo, hi, reverse, height),
      isEmpty: (lo, hi) => this.isEmptyAt(lo, hi, height),
      resolveStore: (name) => this.resolveId(name, height),
      liveStores: () => this.liveStores(height),
      nextStoreId: () => this.nextStoreId,
    }
  }

  /** Throws the upstream error when `height` is not readable. */
  checkReadable(height: number): void {
    if (height > this.latest || height < this.earliestHeight || this.latest < 0) {
      throw ErrInvalidRequest.wrap(
        `failed to load state at height ${height}; version does not exist (latest height: ${this.latest})`,
      )
    }
  }

  /**
   * Computes the writes and app hash for committing `branch` as `height`. Synchronous and free of
   * side effects until `apply()`, so a crash between prepare and apply loses nothing committed.
   */
  prepareCommit(branch: StateBranch, height: number): PreparedCommit {
    if (this.pending === 'commit') throw ErrLogic.wrap('commit already in progress')
    if (this.pending) throw ErrLogic.wrap(`cannot commit height ${height}: a rollback is prepared`)
    // The first commit (genesis) may be at any height: the chain starts at initial_height.
    const first = this.applied < 0
    if (first ? height < 0 : height !== this.applied + 1) {
      throw ErrLogic.wrap(
        `cannot commit height ${height}: latest committed height is ${this.applied}`,
      )
    }
    if (branch.height !== Math.max(this.applied, 0)) {
      throw ErrLogic.wrap(`branch of height ${branch.height} cannot commit height ${height}`)
    }
    const changes = branchChanges(branch)
    // A height that changed nothing (an empty block) keeps the app hash and writes only the latest
    // height (and its pruning): none of the hashing and store bookkeeping below.
    if (
      !first &&
      changes.writes.size === 0 &&
      changes.registry.size === 0 &&
      changes.nextStoreId <= this.nextStoreId
    ) {
      return this.prepared(height, false, this.appliedAppHash, [], () => undefined)
    }
    const ops: BatchOp[] = []
    const touched = new Map<number, LtHash>()
    const accumulator = (id: number): LtHash => {
      let acc = touched.get(id)
      if (!acc) {
        acc = this.accumulators.get(id)?.clone() ?? new LtHash()
        touched.set(id, acc)
      }
      return acc
    }

    // Registry changes first: they decide which stores are live for the app hash.
    const registryChanges: { name: string; id: number | null }[] = []
    for (const [name, id] of changes.registry) {
      const current = this.resolveId(name, this.applied)
      if ((current ?? null) === id) continue
      registryChanges.push({ name, id })
      ops.push({
        type: 'put',
        key: stateVersionKey(registryFullKey(name), height),
        value: id === null ? TOMBSTONE : concat1(uint64BE(id)),
      })
    }

    const applied: { full: string; value: Bytes | undefined }[] = []
    for (const [full, value] of changes.writes) {
      const entry = this.index.get(full)
      const old = entry?.val
      const next = value ?? undefined
      if (equalBytes(old, next)) continue
      const id = storeIdOf(full)
      const key = latin1ToBytes(full.slice(4))
      const acc = accumulator(id)
      if (old !== undefined) acc.remove(key, old)
      if (next !== undefined) acc.add(key, next)
      ops.push({
        type: 'put',
        key: stateVersionKey(full, height),
        value: next === undefined ? TOMBSTONE : concat1(next),
      })
      applied.push({ full, value: next })
    }

    // Live stores after this height, and the app hash over them.
    const live = this.liveStores(this.applied)
    for (const { name, id } of registryChanges) {
      if (id === null) live.delete(name)
      else live.set(name, id)
    }
    const liveIds = new Set(live.values())
    const newStoreHashes = new Map<number, Bytes>()
    for (const [id, acc] of touched) newStoreHashes.set(id, storeHash(acc))
    const hashOf = (id: number): Bytes => {
      let h = newStoreHashes.get(id) ?? this.storeHashes.get(id)
      if (!h) {
        h = storeHash(this.accumulators.get(id) ?? new LtHash())
        newStoreHashes.set(id, h)
      }
      return h
    }
    // Nothing changed: the app hash is the previous one (empty blocks cost no hashing).
    const appHash =
      touched.size === 0 && registryChanges.length === 0 && !first
        ? this.appliedAppHash
        : appHashOf([...live].map(([name, id]) => [name, hashOf(id)] as const))

    for (const [id, acc] of touched) {
      if (liveIds.has(id)) ops.push({ type: 'put', key: accumulatorKey(id), value: acc.toBytes() })
    }
    for (const id of this.accumulators.keys()) {
      if (!liveIds.has(id)) ops.push({ type: 'del', key: accumulatorKey(id) })
    }
    const nextStoreId = Math.max(this.nextStoreId, changes.nextStoreId)
    if (first || nextStoreId !== this.nextStoreId) {
      ops.push({ type: 'put', key: META_NEXT_STORE_ID, value: uint64BE(nextStoreId) })
    }
    return this.prepared(height, first, appHash, ops, () => {
      if (first) this.firstHeight = height
      for (const { full, value } of applied) {
        let entry = this.index.get(full)
        if (!entry) {
          entry = { v: [], val: undefined }
          this.index.set(full, entry)
        }
        entry.v.push(value === undefined ? -height : height)
        entry.val = value
        if (this.pruning.interval > 0) this.noteChanged(height, full)
      }
      for (const { name, id } of registryChanges) {
        this.registryHistory(name).push({ h: height, id })
        if (id !== null && !this.accumulators.has(id)) this.accumulators.set(id, new LtHash())
      }
      for (const [id, acc] of touched) if (liveIds.has(id)) this.accumulators.set(id, acc)
      for (const [id, h] of newStoreHashes) if (liveIds.has(id)) this.storeHashes.set(id, h)
      for (const id of [...this.accumulators.keys()]) {
        if (!liveIds.has(id)) {
          this.accumulators.delete(id)
          this.storeHashes.delete(id)
        }
      }
      this.nextStoreId = nextStoreId
    })
  }

  /**
   * The rest of preparing a commit: the latest height, the app hash when it changed, the pruning
   * due at `height`; `applyState` moves the in-memory state when the commit is applied.
   */
  private prepared(
    height: number,
    first: boolean,
    appHash: Bytes,
    ops: BatchOp[],
    applyState: () => void,
  ): PreparedCommit {
    ops.push({ type: 'put', key: META_LATEST, value: uint64BE(height) })
    // Unchanged metadata is not rewritten (an empty block changes only the latest height).
    if (first || appHash !== this.appliedAppHash) {
      ops.push({ type: 'put', key: META_APP_HASH, value: appHash })
    }
    const prune = first ? genesisPruning(height) : this.planPruning(height)
    appendOps(ops, prune.ops)
    if (prune.through > this.prunedThrough || first) {
      ops.push({ type: 'put', key: META_EARLIEST, value: uint64BE(prune.through + 1) })
    }

    this.pending = 'commit'
    let done = false
    return {
      height,
      appHash,
      ops,
      apply: () => {
        if (done) return
        done = true
        this.pending = undefined
        applyState()
        this.appliedAppHash = appHash
        this.applied = height
        this.applyPruning(prune)
      },
      publish: () => {
        if (height > this.latest) {
          this.latest = height
          this.currentAppHash = appHash
        }
      },
    }
  }

  /** Drops a prepared commit or rollback that was not written (it was abandoned). */
  abortCommit(): void {
    this.pending = undefined
  }

  /**
   * Computes the writes that take the store back to right after committing `toHeight`: every state
   * version above it (registry included) is deleted, the latest height, app hash, next store id and
   * accumulators are restored. Reads older values from the database, hence async, but changes
   * nothing until `apply()`. Pruned history is not restored: the earliest height stays.
   */
  async prepareRollback(toHeight: number): Promise<PreparedRollback> {
    this.checkRollback(toHeight)
    this.pending = 'rollback'
    let plan: RollbackPlan
    try {
      plan = await planRollback(
        {
          keys: this.indexKeys(),
          registry: this.registry,
          accumulators: this.accumulators,
          read: (keys) => this.backend.getMany(keys),
        },
        toHeight,
      )
    } catch (err) {
      this.pending = undefined
      throw err
    }
    const ops = plan.ops.concat(
      { type: 'put', key: META_LATEST, value: uint64BE(toHeight) },
      { type: 'put', key: META_APP_HASH, value: plan.appHash },
      { type: 'put', key: META_NEXT_STORE_ID, value: uint64BE(plan.nextStoreId) },
    )
    let done = false
    return {
      height: toHeight,
      appHash: plan.appHash,
      ops,
      apply: () => {
        if (done) return
        done = true
        this.pending = undefined
        this.applyRollback(plan, toHeight)
      },
    }
  }

  /** Refuses a rollback the store cannot do: a coded error naming the reason. */
  private checkRollback(toHeight: number): void {
    if (this.pending) throw ErrLogic.wrap(`cannot roll back while a ${this.pending} is prepared`)
    if (this.applied !== this.latest) {
      throw ErrLogic.wrap(`cannot roll back while height ${this.applied} is being written`)
    }
    const refuse = (why: string) =>
      ErrInvalidRequest.wrap(`cannot roll back to height ${toHeight}: ${why}`)
    if (!Number.isSafeInteger(toHeight) || toHeight < 0) {
      throw refuse('height must be a non-negative integer')
    }
    if (toHeight > this.latest) throw refuse(`latest height is ${this.latest}`)
    if (toHeight < this.firstHeight) throw refuse(`the first height is ${this.firstHeight}`)
    // Genesis is not a readable height, yet its state is whole until pruning passes it.
    const wholeGenesis = toHeight === this.firstHeight && this.prunedThrough === this.firstHeight
    if (toHeight < this.earliestHeight && !wholeGenesis) {
      throw refuse(`history is pruned below height ${this.earliestHeight}`)
    }
  }

  private *indexKeys(): Iterable<readonly [string, readonly number[], Bytes | undefined]> {
    for (const [full, entry] of this.index.entries()) yield [full, entry.v, entry.val]
  }

  /** The in-memory state as a restart at `toHeight` would load it. */
  private applyRollback(plan: RollbackPlan, toHeight: number): void {
    for (const { full, keep, value } of plan.keys) {
      const entry = this.index.get(full)
      if (!entry) continue
      if (keep === 0) this.index.delete(full)
      else {
        entry.v.length = keep
        entry.val = value
      }
    }
    for (const [name, keep] of plan.registry) {
      if (keep === 0) this.registry.delete(name)
      else this.registryHistory(name).length = keep
    }
    this.accumulators.clear()
    for (const [id, acc] of plan.accumulators) this.accumulators.set(id, acc)
    this.storeHashes.clear()
    for (const [id, hash] of plan.storeHashes) this.storeHashes.set(id, hash)
    for (const h of [...this.changedAt.keys()]) if (h > toHeight) this.changedAt.delete(h)
    // Heights above toHeight will be committed again with other values.
    this.clearHistoryCache()
    this.nextStoreId = plan.nextStoreId
    this.latest = toHeight
    this.applied = toHeight
    this.currentAppHash = plan.appHash
    this.appliedAppHash = plan.appHash
  }

  /** Closes the backend. */
  async close(): Promise<void> {
    await this.backend.close()
  }

  // --- reads (used by HeightView) -------------------------------------------------------------

  /** Store id of `name` at `height`, if the store was live then. */
  resolveId(name: string, height: number): number | undefined {
    const hist = this.registry.get(name)
    if (!hist) return undefined
    for (let i = hist.length - 1; i >= 0; i--) {
      const r = hist[i]!
      if (r.h <= height) return r.id ?? undefined
    }
    return undefined
  }

  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number> {
    const out = new Map<string, number>()
    for (const name of this.registry.keys()) {
      const id = this.resolveId(name, height)
      if (id !== undefined) out.set(name, id)
    }
    return out
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

  private readonly emptinessPair = [] as unknown as [string, IndexEntry]

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

  /** A read that raced with pruning or a rollback of its height must not return a partial answer. */
  private assertStillReadable(height: number): void {
    if (
      height > Math.max(this.applied, 0) ||
      (height <= this.prunedThrough && height < this.latest)
    )
      this.checkReadable(height)
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

  /** Empties the history cache (heights were rolled back or pruned). */
  private clearHistoryCache(): void {
    this.historyCache.clear()
    this.historyGeneration++
  }

  // --- pruning ---------------------------------------------------------------------------------

  private noteChanged(height: number, full: string): void {
    let list = this.changedAt.get(height)
    if (!list) {
      list = []
      this.changedAt.set(height, list)
    }
    list.push(full)
  }

  /** The pruning due when committing `height` (read-only; applied by `applyPruning`). */
  private planPruning(height: number): PruningPlan {
    return planPruning(
      {
        pruning: this.pruning,
        prunedThrough: this.prunedThrough,
        changedAt: this.changedAt,
        versions: (full) => this.index.get(full)?.v,
      },
      height,
    )
  }

  private applyPruning(plan: PruningPlan): void {
    for (const { full, keepFrom, dropAll } of plan.edits) {
      const entry = this.index.get(full)
      if (!entry) continue
      if (dropAll && entry.val === undefined) this.index.delete(full)
      else entry.v.splice(0, keepFrom)
    }
    for (const h of plan.heights) this.changedAt.delete(h)
    // Cached values of pruned versions would never be served again. (At genesis the cache is empty.)
    if (plan.through > this.prunedThrough) this.clearHistoryCache()
    this.prunedThrough = plan.through
  }

  private registryHistory(name: string): RegistryHistory {
    let hist = this.registry.get(name)
    if (!hist) {
      hist = []
      this.registry.set(name, hist)
    }
    return hist
  }
}

function concat1(value: Bytes): Bytes {
  const out = new Uint8Array(value.length + 1)
  out[0] = 1
  out.set(value, 1)
  return out
}

/**
 * Index of the last version at or below `height` in a key's ascending versions (negative = deleted
 * at that height), by binary search; -1 if the key had no version yet.
 */
function versionAt(versions: readonly number[], height: number): number {
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
function liveAt(versions: readonly number[], height: number): boolean {
  const found = versionAt(versions, height)
  return found >= 0 && !(versions[found]! < 0)
}
