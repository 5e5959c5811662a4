import { type Bytes, equalBytes, latin1ToBytes } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { appHashOf, storeHash } from './app-hash.js'
import type { BatchOp } from './backend.js'
import { accumulatorKey, registryFullKey, stateVersionKey, storeIdOf } from './keys.js'
import { LtHash } from './lthash.js'
import type { VersionState } from './version-state.js'

/** What planning reads from the versioned store (read-only; the store applies the plan). */
export interface RollbackInput {
  /** Every key of the index: versions (ascending heights, negative = deleted) and latest value. */
  readonly keys: Iterable<
    readonly [full: string, versions: readonly number[], latest: Bytes | undefined]
  >
  /** Registry history of each store name: (height, id or null when deleted), ascending. */
  readonly registry: ReadonlyMap<string, readonly { h: number; id: number | null }[]>
  /** Accumulators of the stores live at the latest height. */
  readonly accumulators: ReadonlyMap<number, LtHash>
  /** Stored values of state version keys (the backend's `getMany`). */
  read(keys: readonly Bytes[]): Promise<(Bytes | undefined)[]>
}

/** In-memory index edit: keep the first `keep` versions of `full` (none: drop it); `value` is live. */
export interface KeyRollback {
  readonly full: string
  readonly keep: number
  readonly value: Bytes | undefined
}

/** What rolling back to a height writes and how the in-memory state moves back. */
export interface RollbackPlan {
  /** Deletes of every state version above the height, and the accumulator writes. */
  readonly ops: BatchOp[]
  /** The app hash at the height, recomputed from the restored accumulators. */
  readonly appHash: Bytes
  readonly keys: readonly KeyRollback[]
  /** Registry history entries to keep, per store name that changed after the height. */
  readonly registry: ReadonlyMap<string, number>
  /** Accumulator and store hash of every store live at the height. */
  readonly accumulators: ReadonlyMap<number, LtHash>
  readonly storeHashes: ReadonlyMap<number, Bytes>
  /** One past the highest store id registered by the height. */
  readonly nextStoreId: number
}

/** Older versions are read from the database in batches of this many keys. */
const READ_CHUNK = 1024

/**
 * Plans the rollback to `toHeight`. The LtHash is homomorphic, so each store's accumulator at the
 * height is the latest one minus the latest values plus the values at the height of the keys that
 * changed since: work in the number of changed keys, not the size of the state.
 */
export async function planRollback(input: RollbackInput, toHeight: number): Promise<RollbackPlan> {
  const ops: BatchOp[] = []

  // Registry first: it decides which stores are live at the height, and under which names.
  const registry = new Map<string, number>()
  const live = new Map<string, number>()
  let nextStoreId = 1
  for (const [name, hist] of input.registry) {
    let keep = 0
    while (keep < hist.length && hist[keep]!.h <= toHeight) keep++
    for (let i = keep; i < hist.length; i++) {
      ops.push({ type: 'del', key: stateVersionKey(registryFullKey(name), hist[i]!.h) })
    }
    if (keep < hist.length) registry.set(name, keep)
    for (let i = 0; i < keep; i++) nextStoreId = Math.max(nextStoreId, (hist[i]!.id ?? 0) + 1)
    const id = keep > 0 ? hist[keep - 1]!.id : null
    if (id !== null) live.set(name, id)
  }

  const changed: { full: string; keep: number; latest: Bytes | undefined; version: number }[] = []
  for (const [full, v, latest] of input.keys) {
    if (v.length === 0 || Math.abs(v[v.length - 1]!) <= toHeight) continue
    let keep = v.length
    while (keep > 0 && Math.abs(v[keep - 1]!) > toHeight) keep--
    for (let i = keep; i < v.length; i++) {
      ops.push({ type: 'del', key: stateVersionKey(full, Math.abs(v[i]!)) })
    }
    changed.push({ full, keep, latest, version: keep > 0 ? v[keep - 1]! : -1 })
  }

  // Values at the height (older versions live only in the database); a deletion there reads none.
  const keys: KeyRollback[] = changed.map(({ full, keep }) => ({ full, keep, value: undefined }))
  const toRead = changed.flatMap((c, i) => (c.keep > 0 && c.version >= 0 ? [i] : []))
  for (let start = 0; start < toRead.length; start += READ_CHUNK) {
    const chunk = toRead.slice(start, start + READ_CHUNK)
    const stored = await input.read(
      chunk.map((i) => stateVersionKey(changed[i]!.full, changed[i]!.version)),
    )
    chunk.forEach((i, j) => {
      const bytes = stored[j]
      if (bytes?.[0] !== 1) {
        throw ErrLogic.wrap(`state version at height ${changed[i]!.version} is missing`)
      }
      keys[i] = { ...keys[i]!, value: bytes!.subarray(1) }
    })
  }

  const touched = new Map<number, LtHash>()
  changed.forEach(({ full, latest }, i) => {
    const value = keys[i]!.value
    if (equalBytes(latest, value)) return
    const id = storeIdOf(full)
    let acc = touched.get(id)
    if (!acc) {
      // A store not live at the latest height was deleted, and deleting a store empties it.
      acc = input.accumulators.get(id)?.clone() ?? new LtHash()
      touched.set(id, acc)
    }
    const key = latin1ToBytes(full.slice(4))
    if (latest !== undefined) acc.remove(key, latest)
    if (value !== undefined) acc.add(key, value)
  })

  const liveIds = new Set(live.values())
  const accumulators = new Map<number, LtHash>()
  const storeHashes = new Map<number, Bytes>()
  for (const id of liveIds) {
    const acc = touched.get(id) ?? input.accumulators.get(id) ?? new LtHash()
    accumulators.set(id, acc)
    storeHashes.set(id, storeHash(acc))
  }
  for (const [id, acc] of touched) {
    if (liveIds.has(id)) ops.push({ type: 'put', key: accumulatorKey(id), value: acc.toBytes() })
  }
  for (const id of input.accumulators.keys()) {
    if (!liveIds.has(id)) ops.push({ type: 'del', key: accumulatorKey(id) })
  }
  const appHash = appHashOf([...live].map(([name, id]) => [name, storeHashes.get(id)!] as const))
  return { ops, appHash, keys, registry, accumulators, storeHashes, nextStoreId }
}

/** Moves the in-memory state back to `toHeight`, as a restart there would load it. */
export function applyRollbackPlan(state: VersionState, plan: RollbackPlan, toHeight: number): void {
  const { index, registry } = state
  for (const { full, keep, value } of plan.keys) {
    const entry = index.get(full)
    if (!entry) continue
    if (keep === 0) index.delete(full)
    else {
      entry.v.length = keep
      entry.val = value
    }
  }
  for (const [name, keep] of plan.registry) {
    if (keep === 0) registry.histories.delete(name)
    else registry.history(name).length = keep
  }
  state.accumulators.clear()
  for (const [id, acc] of plan.accumulators) state.accumulators.set(id, acc)
  state.storeHashes.clear()
  for (const [id, hash] of plan.storeHashes) state.storeHashes.set(id, hash)
  for (const h of [...state.changedAt.keys()]) if (h > toHeight) state.changedAt.delete(h)
}
