import { type Bytes, readUint64BE, uint64BE, utf8 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import type { PruningOptions } from '../config/pruning.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import { storeHash } from './app-hash.js'
import { appendOps, type BatchOp, type StoreBackend } from './backend.js'
import { type BranchParent, branchChanges, createBranch } from './branch.js'
import { applyCommitPlan, isEmptyCommit, planCommit } from './commit-plan.js'
import { HeightView } from './height-view.js'
import {
  layoutValue,
  META_APP_HASH,
  META_EARLIEST,
  META_ELEMENT_HASH,
  META_LATEST,
  META_LAYOUT,
  META_NEXT_STORE_ID,
} from './keys.js'
import { entryValue, PendingLargeValues, storedValue } from './large-values.js'
import { type ElementHashName, LtHash } from './lthash.js'
import type { PreparedCommit, PreparedRollback } from './prepared.js'
import { PruneRecords } from './prune-records.js'
import { PruningHolds } from './pruning-holds.js'
import { genesisPruning, type PruningPlan, planPruning } from './pruning-plan.js'
import type { ReadSpan } from './read-span.js'
import {
  applyRollbackPlan,
  checkRollbackTarget,
  planRollback,
  type RollbackPlan,
} from './rollback-plan.js'
import type { StateBranch, StateReader } from './types.js'
import { historyAbove, rollbackCandidates } from './version-lookup.js'
import { hasCurrentLayout, migrateLayout } from './version-migrate.js'
import { VersionReader } from './version-reader.js'
import {
  createVersionState,
  forgetDeletions,
  loadVersionState,
  TOMBSTONE_HEIGHTS,
} from './version-state.js'
import {
  type WorkingStateObserver,
  type WorkingStateSeed,
  workingStateSeed,
} from './working-state.js'

/** An empty height's changes, told to the observer. */
const NO_WRITES: readonly never[] = []
const NO_STORES: readonly never[] = []

export interface VersionedStoreOptions {
  backend: StoreBackend
  pruning?: PruningOptions
  /** Entries of the past-height value cache (immutable history, so never stale). */
  historyCacheSize?: number
  /** Bytes of keys and values that cache keeps at most (version-reader.ts, `HISTORY_CACHE_BYTES`). */
  historyCacheBytes?: number
}

export type { PreparedCommit, PreparedRollback } from './prepared.js'

/**
 * The versioned multi-store. Every state change of every height is kept in LevelDB as
 * `key ‖ BE(height)`, and each live key's newest version once more under its own family (keys.ts).
 * Memory holds each live key's newest version only (a large value only until it is durable), so
 * its size and the time to open follow the live state, not the history: the latest height is
 * served from memory, and a key at an older height is one LevelDB seek (O(log n)) when its newest
 * version is above that height.
 */
export class VersionedStore {
  private readonly backend: StoreBackend
  /** The index, the registry, the accumulators: what plans read and applied plans change. */
  private readonly state = createVersionState()
  /** Reads at retained heights (the index, the registry and a cache of old versions). */
  private readonly reader: VersionReader
  private readonly pruning: PruningOptions
  /** With pruning on, what each height changed (family 0x08): what pruning reads. */
  private readonly records: PruneRecords | undefined
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
  /** A commit or rollback prepared and not yet applied (nothing else may be prepared meanwhile). */
  private pending: 'commit' | 'rollback' | undefined
  private rollbackCount = 0
  /** Heights kept from pruning for now (state sync snapshots being taken). */
  readonly holds = new PruningHolds()
  /** Large values applied and not yet durable (large-values.ts). */
  private readonly largeValues: PendingLargeValues

  /** Told of every change of the working state, as it is applied (`WorkingStateObserver`). */
  observer: WorkingStateObserver | undefined

  private constructor(options: VersionedStoreOptions) {
    this.backend = options.backend
    this.largeValues = new PendingLargeValues(this.backend, this.state.index)
    this.pruning = options.pruning ?? { keepRecent: 0, interval: 0 }
    this.records = this.pruning.interval > 0 ? new PruneRecords(this.backend) : undefined
    this.reader = new VersionReader({
      backend: this.backend,
      state: this.state,
      historyCacheSize: options.historyCacheSize ?? 20_000,
      ...(options.historyCacheBytes !== undefined
        ? { historyCacheBytes: options.historyCacheBytes }
        : {}),
      assertStillReadable: (height) => this.assertStillReadable(height),
      latest: () => this.latest,
    })
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

    // A home written before the latest-version and deletion families gets them once, and again
    // if an older sdkd committed to it since (its layout height is then behind the latest height).
    if (!(await hasCurrentLayout(b, this.latest))) await migrateLayout(b, this.latest)
    this.firstHeight = await loadVersionState(b, this.state, this.latest)
    await this.records?.open(this.latest, this.prunedThrough)
  }

  /** The element hash of this home's accumulators (lthash.ts). */
  get elementHash(): ElementHashName {
    return this.state.element
  }

  /** Before the first commit: the element hash to hash with (a restored snapshot's source's). */
  useElementHash(element: ElementHashName): void {
    if (this.applied >= 0) throw ErrLogic.wrap('the element hash is chosen before the first commit')
    this.state.element = element
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

  /** Names of the stores live at the latest height. */
  storeNames(): string[] {
    return [...this.state.registry.liveStores(this.latest).keys()].sort()
  }

  /** A read-only view at `height` (error if pruned or not committed); its reads narrow `span`. */
  view(height: number = this.latest, span?: ReadSpan): StateReader {
    this.checkReadable(height)
    return new HeightView(this.reader, height, span)
  }

  /** Rollbacks applied since open: the heights above a rollback's target hold other state since. */
  get rollbacks(): number {
    return this.rollbackCount
  }

  /** The whole working state, for a copy that then follows it (`observer`). */
  workingSeed(): WorkingStateSeed {
    return workingStateSeed(this.state, this.backend, Math.max(this.applied, 0), this.nextStoreId)
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
      get: (full) => this.reader.read(full, height),
      getNow: (full) => this.reader.readNow(full, height),
      range: (lo, hi, reverse) => this.reader.readRange(lo, hi, reverse, height),
      isEmpty: (lo, hi) => this.reader.isEmptyAt(lo, hi, height),
      resolveStore: (name) => this.state.registry.resolveId(name, height),
      liveStores: () => this.state.registry.liveStores(height),
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
   * `restored`: the first commit is a snapshot's state at `height`, readable from that height on.
   */
  prepareCommit(branch: StateBranch, height: number, restored = false): PreparedCommit {
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
    // height (its pruning, and with pruning on its records' marker): none of the hashing and store
    // bookkeeping below.
    if (!first && isEmptyCommit(changes, this.nextStoreId)) {
      const recorded = this.records?.commitOps(height, undefined)
      const ops = recorded?.ops ?? []
      return this.prepared(height, false, this.appliedAppHash, ops, undefined, () =>
        this.observer?.applied(height, NO_WRITES, NO_STORES, this.nextStoreId),
      )
    }
    const plan = planCommit(
      {
        first,
        applied: this.applied,
        appliedAppHash: this.appliedAppHash,
        nextStoreId: this.nextStoreId,
        accumulators: this.state.accumulators,
        element: this.state.element,
        storeHashes: this.state.storeHashes,
        newest: (full) => this.state.index.get(full),
        stored: (full, h) => storedValue(this.backend, full, h),
        deletionBounds: this.state.deletionBounds,
        resolveId: (name, h) => this.state.registry.resolveId(name, h),
        liveStores: (h) => this.state.registry.liveStores(h),
      },
      changes,
      height,
    )
    const recorded = this.records?.commitOps(height, plan.writes)
    if (recorded) appendOps(plan.ops, recorded.ops)
    const earliest = first && restored ? height : undefined
    return this.prepared(height, first, plan.appHash, plan.ops, earliest, () => {
      if (first) this.firstHeight = height
      applyCommitPlan(this.state, plan, height)
      this.largeValues.applied(height, plan.writes)
      this.records?.applied(height, recorded?.record)
      this.nextStoreId = plan.nextStoreId
      this.observer?.applied(height, plan.writes, plan.registry, plan.nextStoreId)
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
    earliest: number | undefined,
    applyState: () => void,
  ): PreparedCommit {
    ops.push({ type: 'put', key: META_LATEST, value: uint64BE(height) })
    ops.push({ type: 'put', key: META_LAYOUT, value: layoutValue(height) })
    // Unchanged metadata is not rewritten (an empty block changes only the latest height).
    if (first || appHash !== this.appliedAppHash) {
      ops.push({ type: 'put', key: META_APP_HASH, value: appHash })
    }
    if (first) ops.push({ type: 'put', key: META_ELEMENT_HASH, value: utf8(this.state.element) })
    // The pruning due at `height` (read-only; applied by `applyPruning`).
    const { pruning, prunedThrough, records, holds } = this
    const prune = first
      ? genesisPruning(earliest === undefined ? height : earliest - 1)
      : planPruning(
          { pruning, prunedThrough, record: (h) => records?.record(h), heldFrom: holds.lowest() },
          height,
        )
    appendOps(ops, prune.ops)
    if (prune.through > this.prunedThrough || first) {
      ops.push({ type: 'put', key: META_EARLIEST, value: uint64BE(prune.through + 1) })
    }

    this.pending = 'commit'
    // Dropped once applied: `publish` shares this scope, and runs only when the height is durable,
    // which in a burst is tens of heights later; meanwhile the commit plan (its writes, its ops)
    // and the pruning would live on through it, copied by young collections, then promoted.
    let unapplied: { applyState: () => void; prune: PruningPlan } | undefined = {
      applyState,
      prune,
    }
    return {
      height,
      appHash,
      ops,
      apply: () => {
        if (!unapplied) return
        const { applyState: applyNow, prune: pruneNow } = unapplied
        unapplied = undefined
        this.pending = undefined
        applyNow()
        this.appliedAppHash = appHash
        this.applied = height
        this.applyPruning(pruneNow)
      },
      publish: () => {
        if (height > this.latest) {
          this.latest = height
          this.currentAppHash = appHash
          forgetDeletions(this.state, height - TOMBSTONE_HEIGHTS)
          this.largeValues.durable(height)
          this.records?.published(height)
        }
      },
    }
  }

  /** Whether a value written is one the store leaves in its database once durable. */
  leavesValue(value: Bytes): boolean {
    return this.largeValues.leaves(value)
  }

  /** A large value's version (`PendingLargeValues.versionValue`): what the invariant worker reads. */
  versionValue(full: string, height: number): Bytes | undefined {
    return this.largeValues.versionValue(full, height)
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
    let recordOps: BatchOp[]
    try {
      plan = await this.planRollbackTo(toHeight)
      recordOps = this.records ? await this.records.rollbackOps(toHeight) : []
    } catch (err) {
      this.pending = undefined
      throw err
    }
    const ops = plan.ops.concat(
      recordOps,
      { type: 'put', key: META_LATEST, value: uint64BE(toHeight) },
      { type: 'put', key: META_LAYOUT, value: layoutValue(toHeight) },
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
        this.observer?.reset()
      },
    }
  }

  /**
   * Prunes, with no node running (`sdkd prune`), every state version no height above `through`
   * reads: heights ≤ `through` are no longer readable, the latest always is. The store must have been
   * opened with pruning on (its records of changed keys exist then); done in batches of at most
   * MAX_PRUNED_HEIGHTS heights, each durable before the next. Returns the new earliest height.
   */
  async pruneTo(through: number): Promise<number> {
    const records = this.records
    if (!records) throw ErrLogic.wrap('the store was opened with pruning off: it cannot prune')
    if (this.pending) throw ErrLogic.wrap(`cannot prune while a ${this.pending} is prepared`)
    const bound = Math.min(through, this.latest - 1)
    while (this.prunedThrough < bound) {
      const pruning = { keepRecent: this.latest - 1 - bound, interval: 1 }
      const plan = planPruning(
        { pruning, prunedThrough: this.prunedThrough, record: (h) => records.record(h) },
        this.latest,
      )
      if (plan.through <= this.prunedThrough) break
      const ops = [
        ...plan.ops,
        { type: 'put' as const, key: META_EARLIEST, value: uint64BE(plan.through + 1) },
      ]
      await this.backend.write(ops, { sync: true })
      this.applyPruning(plan)
    }
    return this.earliestHeight
  }

  /**
   * Each store's hash at `height`, by name (the leaves the app hash is the merkle root of): the
   * latest height's from memory; an older height's from a rollback plan that is never applied (it
   * reads every key changed since, as a rollback to there would).
   */
  async storeHashesAt(height: number): Promise<Map<string, Bytes>> {
    this.checkReadable(height)
    if (this.pending)
      throw ErrLogic.wrap(`cannot read store hashes while a ${this.pending} is prepared`)
    const ids = this.state.registry.liveStores(height)
    let hashOf: (id: number) => Bytes | undefined
    if (height === this.latest) {
      const { storeHashes, accumulators } = this.state
      hashOf = (id) =>
        storeHashes.get(id) ?? storeHash(accumulators.get(id) ?? new LtHash(this.state.element))
    } else {
      const plan = await this.planRollbackTo(height)
      hashOf = (id) => plan.storeHashes.get(id)
    }
    const out = new Map<string, Bytes>()
    for (const [name, id] of [...ids].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const hash = hashOf(id)
      if (!hash) throw ErrLogic.wrap(`no hash of store ${name} at height ${height}`)
      out.set(name, hash)
    }
    return out
  }

  /** The plan of a rollback to `height` (read-only: it changes nothing until applied). */
  private async planRollbackTo(height: number): Promise<RollbackPlan> {
    return planRollback(
      {
        candidates: await rollbackCandidates(this.backend, this.state.index, height),
        latest: (full) => entryValue(this.backend, full, this.state.index.get(full)),
        history: (full) => historyAbove(this.backend, full, height, this.latest),
        registry: this.state.registry.histories,
        accumulators: this.state.accumulators,
        element: this.state.element,
      },
      height,
    )
  }

  /** Refuses a rollback the store cannot do: a coded error naming the reason. */
  private checkRollback(toHeight: number): void {
    const { pending, applied, latest, firstHeight, prunedThrough } = this
    const bounds = { pending, applied, latest, firstHeight, prunedThrough }
    checkRollbackTarget(toHeight, { ...bounds, earliest: this.earliestHeight })
  }

  /** The in-memory state as a restart at `toHeight` would load it. */
  private applyRollback(plan: RollbackPlan, toHeight: number): void {
    applyRollbackPlan(this.state, plan, toHeight, (value) => this.largeValues.leaves(value))
    this.largeValues.rolledBack()
    this.records?.rolledBack(toHeight)
    // Heights above toHeight will be committed again with other values.
    this.reader.clearHistoryCache()
    this.rollbackCount++
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

  /** A read that raced with pruning or a rollback of its height must not return a partial answer. */
  private assertStillReadable(height: number): void {
    if (
      height > Math.max(this.applied, 0) ||
      (height <= this.prunedThrough && height < this.latest)
    )
      this.checkReadable(height)
  }

  private applyPruning(plan: PruningPlan): void {
    this.records?.pruned(plan.through)
    // The caches of past values stay: pruning deletes no version live at a retained height, and a
    // read at a pruned height is refused before them (their entries there age out).
    this.prunedThrough = plan.through
  }
}
