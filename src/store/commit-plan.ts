import { type Bytes, equalBytes, latin1ToBytes, uint64BE } from '../codec/bytes.js'
import { appHashOf, storeHash } from './app-hash.js'
import type { BatchOp } from './backend.js'
import type { BranchChanges } from './branch.js'
import {
  accumulatorKey,
  deletedKey,
  deletionBoundKey,
  deletionPrefix,
  latestKey,
  latestValue,
  META_NEXT_STORE_ID,
  registryFullKey,
  stateVersionKey,
  stateVersionValue,
  storeIdOf,
} from './keys.js'
import { type ElementHashName, LtHash } from './lthash.js'
import type { PruneWrite } from './prune-records.js'
import { type IndexEntry, STORED } from './version-index.js'
import type { VersionState } from './version-state.js'

const EMPTY = new Uint8Array(0)

/** What planning a commit reads from the versioned store (read-only; the store applies the plan). */
export interface CommitInput {
  /** Whether this is the first commit (genesis). */
  readonly first: boolean
  /** The working height the commit builds on (-1 before genesis). */
  readonly applied: number
  /** The app hash after the working height. */
  readonly appliedAppHash: Bytes
  readonly nextStoreId: number
  /** Accumulators of the stores live at the working height. */
  readonly accumulators: ReadonlyMap<number, LtHash>
  /** Their element hash (a new store's accumulator gets it too). */
  readonly element: ElementHashName
  /** Store hashes computed so far, by store id. */
  readonly storeHashes: ReadonlyMap<number, Bytes>
  /** The newest version of a full key: its height and value (undefined value: deleted). */
  newest(full: string): IndexEntry | undefined
  /** The value of a newest version the index left in the database (`STORED`). */
  stored(full: string, h: number): Bytes
  /** Per deletion prefix (keys.ts), an upper bound of the heights of its deletions. */
  readonly deletionBounds: ReadonlyMap<string, number>
  resolveId(name: string, height: number): number | undefined
  liveStores(height: number): Map<string, number>
}

/** What committing a branch writes and how the in-memory state moves forward. */
export interface CommitPlan {
  /** The app hash after the height. */
  readonly appHash: Bytes
  /** Database writes of the state versions, the registry, the accumulators and the next store id. */
  readonly ops: BatchOp[]
  /** Keys whose value changed, with the new value (undefined: deleted) and the version it replaces. */
  readonly writes: readonly PruneWrite[]
  /** Deletion prefixes whose bound moves to the height. */
  readonly deletionPrefixes: readonly string[]
  /** Store names registered or deleted (id null) at the height. */
  readonly registry: readonly { name: string; id: number | null }[]
  /** Ids of the stores live after the height. */
  readonly liveIds: ReadonlySet<number>
  /** Accumulators of the stores whose keys changed. */
  readonly accumulators: ReadonlyMap<number, LtHash>
  /** Store hashes computed for the app hash. */
  readonly storeHashes: ReadonlyMap<number, Bytes>
  readonly nextStoreId: number
}

/** Whether a branch changed nothing: committing it keeps the app hash and writes only the height. */
export function isEmptyCommit(changes: BranchChanges, nextStoreId: number): boolean {
  return (
    changes.writes.size === 0 && changes.registry.size === 0 && changes.nextStoreId <= nextStoreId
  )
}

/**
 * Plans committing a branch's changes as `height`: the version writes, each touched store's
 * accumulator (the LtHash is homomorphic: remove the old value, add the new one), and the app hash
 * over the stores live after the height. Unchanged values are not written again.
 */
export function planCommit(input: CommitInput, changes: BranchChanges, height: number): CommitPlan {
  const ops: BatchOp[] = []
  const touched = new Map<number, LtHash>()
  const accumulator = (id: number): LtHash => {
    let acc = touched.get(id)
    if (!acc) {
      acc = input.accumulators.get(id)?.clone() ?? new LtHash(input.element)
      touched.set(id, acc)
    }
    return acc
  }

  // Registry changes first: they decide which stores are live for the app hash.
  const registry: { name: string; id: number | null }[] = []
  for (const [name, id] of changes.registry) {
    const current = input.resolveId(name, input.applied)
    if ((current ?? null) === id) continue
    registry.push({ name, id })
    ops.push({
      type: 'put',
      key: stateVersionKey(registryFullKey(name), height),
      value: stateVersionValue(id === null ? undefined : uint64BE(id)),
    })
  }

  const writes: PruneWrite[] = []
  const deletionPrefixes: string[] = []
  for (const [full, value] of changes.writes) {
    const newest = input.newest(full)
    const val = newest?.val
    const old = val === STORED ? input.stored(full, newest!.h) : val
    const next = value ?? undefined
    if (equalBytes(old, next)) continue
    const id = storeIdOf(full)
    const key = latin1ToBytes(full.slice(4))
    const acc = accumulator(id)
    if (old === undefined) acc.add(key, next!)
    else if (next === undefined) acc.remove(key, old)
    else acc.replace(key, old, next)
    ops.push({ type: 'put', key: stateVersionKey(full, height), value: stateVersionValue(next) })
    // The live keys' newest versions and the deletions, for an open and a rollback that do not
    // read the history (keys.ts).
    if (next !== undefined) {
      ops.push({ type: 'put', key: latestKey(full), value: latestValue(height) })
    } else {
      if (old !== undefined) ops.push({ type: 'del', key: latestKey(full) })
      ops.push({ type: 'put', key: deletedKey(height, full), value: EMPTY })
      const prefix = deletionPrefix(full)
      if ((input.deletionBounds.get(prefix) ?? -1) < height && !deletionPrefixes.includes(prefix)) {
        deletionPrefixes.push(prefix)
        ops.push({ type: 'put', key: deletionBoundKey(prefix), value: uint64BE(height) })
      }
    }
    // The version replaced, for pruning's record (negative: a deletion).
    const replaced = newest ? (old === undefined ? -newest.h : newest.h) : undefined
    writes.push({ full, value: next, replaced })
  }

  // Live stores after this height, and the app hash over them.
  const live = input.liveStores(input.applied)
  for (const { name, id } of registry) {
    if (id === null) live.delete(name)
    else live.set(name, id)
  }
  const liveIds = new Set(live.values())
  const storeHashes = new Map<number, Bytes>()
  for (const [id, acc] of touched) storeHashes.set(id, storeHash(acc))
  const hashOf = (id: number): Bytes => {
    let h = storeHashes.get(id) ?? input.storeHashes.get(id)
    if (!h) {
      h = storeHash(input.accumulators.get(id) ?? new LtHash(input.element))
      storeHashes.set(id, h)
    }
    return h
  }
  // Nothing changed: the app hash is the previous one (empty blocks cost no hashing).
  const appHash =
    touched.size === 0 && registry.length === 0 && !input.first
      ? input.appliedAppHash
      : appHashOf([...live].map(([name, id]) => [name, hashOf(id)] as const))

  // The stored copy views the lanes: a planned accumulator is never changed again (the next height
  // clones it before adding to it), so the view keeps its bytes.
  for (const [id, acc] of touched) {
    if (liveIds.has(id)) ops.push({ type: 'put', key: accumulatorKey(id), value: acc.hashInput() })
  }
  for (const id of input.accumulators.keys()) {
    if (!liveIds.has(id)) ops.push({ type: 'del', key: accumulatorKey(id) })
  }
  const nextStoreId = Math.max(input.nextStoreId, changes.nextStoreId)
  if (input.first || nextStoreId !== input.nextStoreId) {
    ops.push({ type: 'put', key: META_NEXT_STORE_ID, value: uint64BE(nextStoreId) })
  }
  return {
    appHash,
    ops,
    writes,
    deletionPrefixes,
    registry,
    liveIds,
    accumulators: touched,
    storeHashes,
    nextStoreId,
  }
}

/** Moves the in-memory state forward by a planned commit of `height` (once it is applied). */
export function applyCommitPlan(state: VersionState, plan: CommitPlan, height: number): void {
  const { index } = state
  for (const { full, value } of plan.writes) {
    const entry = index.get(full)
    if (entry) {
      entry.h = height
      entry.val = value
    } else index.set(full, { h: height, val: value })
    if (value === undefined) state.tombstones.push([height, full])
  }
  for (const prefix of plan.deletionPrefixes) state.deletionBounds.set(prefix, height)
  const { accumulators, storeHashes } = state
  for (const { name, id } of plan.registry) {
    state.registry.history(name).push({ h: height, id })
    if (id !== null && !accumulators.has(id)) accumulators.set(id, new LtHash(state.element))
  }
  const { liveIds } = plan
  for (const [id, acc] of plan.accumulators) if (liveIds.has(id)) accumulators.set(id, acc)
  for (const [id, h] of plan.storeHashes) if (liveIds.has(id)) storeHashes.set(id, h)
  for (const id of [...accumulators.keys()]) {
    if (!liveIds.has(id)) {
      accumulators.delete(id)
      storeHashes.delete(id)
    }
  }
}
