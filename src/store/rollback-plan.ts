import { type Bytes, equalBytes, latin1ToBytes } from '../codec/bytes.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import { appHashOf, storeHash } from './app-hash.js'
import type { BatchOp } from './backend.js'
import {
  accumulatorKey,
  deletedKey,
  latestKey,
  latestValue,
  registryFullKey,
  stateVersionKey,
  storeIdOf,
} from './keys.js'
import { type ElementHashName, LtHash } from './lthash.js'
import { STORED } from './version-index.js'
import type { StoredVersion } from './version-lookup.js'
import type { VersionState } from './version-state.js'

/** What planning reads from the versioned store (read-only; the store applies the plan). */
export interface RollbackInput {
  /** Every key that may have a version above the height (live keys changed since, deleted keys). */
  readonly candidates: Iterable<string>
  /** The latest value of a full key (undefined: unset or deleted). */
  latest(full: string): Bytes | undefined
  /** A key's versions above the height and the version live at it, from the database. */
  history(full: string): Promise<{ above: readonly number[]; at: StoredVersion | undefined }>
  /** Registry history of each store name: (height, id or null when deleted), ascending. */
  readonly registry: ReadonlyMap<string, readonly { h: number; id: number | null }[]>
  /** Accumulators of the stores live at the latest height. */
  readonly accumulators: ReadonlyMap<number, LtHash>
  /** Their element hash. */
  readonly element: ElementHashName
}

/** A key's state after the rollback: its version live at the height (none: not live then). */
export interface KeyRollback {
  readonly full: string
  readonly at: StoredVersion | undefined
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

/** The store's heights a rollback target is checked against. */
export interface RollbackBounds {
  /** A commit or rollback prepared and not yet applied. */
  readonly pending: string | undefined
  /** The applied height (a rollback waits until it is durable). */
  readonly applied: number
  readonly latest: number
  /** Height of the first commit (genesis). */
  readonly firstHeight: number
  readonly prunedThrough: number
  /** Oldest readable height. */
  readonly earliest: number
}

/**
 * Refuses a rollback the store cannot do now (something prepared, a height being written) or a
 * target the history cannot go back to: a coded error naming the reason.
 */
export function checkRollbackTarget(toHeight: number, bounds: RollbackBounds): void {
  const { pending, applied, latest, firstHeight, prunedThrough, earliest } = bounds
  if (pending) throw ErrLogic.wrap(`cannot roll back while a ${pending} is prepared`)
  if (applied !== latest) {
    throw ErrLogic.wrap(`cannot roll back while height ${applied} is being written`)
  }
  const refuse = (why: string) =>
    ErrInvalidRequest.wrap(`cannot roll back to height ${toHeight}: ${why}`)
  if (!Number.isSafeInteger(toHeight) || toHeight < 0) {
    throw refuse('height must be a non-negative integer')
  }
  if (toHeight > latest) throw refuse(`latest height is ${latest}`)
  if (toHeight < firstHeight) throw refuse(`the first height is ${firstHeight}`)
  // Genesis is not a readable height, yet its state is whole until pruning passes it.
  const wholeGenesis = toHeight === firstHeight && prunedThrough === firstHeight
  if (toHeight < earliest && !wholeGenesis) {
    throw refuse(`history is pruned below height ${earliest}`)
  }
}

/** Keys' histories are read from the database this many at a time. */
const READ_CHUNK = 256

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

  // Each candidate's history above the height, read from the database a chunk at a time.
  const keys: KeyRollback[] = []
  const latest: (Bytes | undefined)[] = []
  let chunk: string[] = []
  const readChunk = async (): Promise<void> => {
    const histories = await Promise.all(chunk.map((full) => input.history(full)))
    histories.forEach(({ above, at }, i) => {
      if (above.length === 0) return
      const full = chunk[i]!
      for (const v of above) {
        const h = Math.abs(v)
        ops.push({ type: 'del', key: stateVersionKey(full, h) })
        if (v < 0) ops.push({ type: 'del', key: deletedKey(h, full) })
      }
      if (at?.value !== undefined) {
        ops.push({ type: 'put', key: latestKey(full), value: latestValue(at.h) })
      } else ops.push({ type: 'del', key: latestKey(full) })
      keys.push({ full, at })
      latest.push(input.latest(full))
    })
    chunk = []
  }
  for (const full of input.candidates) {
    chunk.push(full)
    if (chunk.length >= READ_CHUNK) await readChunk()
  }
  await readChunk()

  const touched = new Map<number, LtHash>()
  keys.forEach(({ full, at }, i) => {
    const value = at?.value
    const old = latest[i]
    if (equalBytes(old, value)) return
    const id = storeIdOf(full)
    let acc = touched.get(id)
    if (!acc) {
      // A store not live at the latest height was deleted, and deleting a store empties it.
      acc = input.accumulators.get(id)?.clone() ?? new LtHash(input.element)
      touched.set(id, acc)
    }
    const key = latin1ToBytes(full.slice(4))
    if (old !== undefined) acc.remove(key, old)
    if (value !== undefined) acc.add(key, value)
  })

  const liveIds = new Set(live.values())
  const accumulators = new Map<number, LtHash>()
  const storeHashes = new Map<number, Bytes>()
  for (const id of liveIds) {
    const acc = touched.get(id) ?? input.accumulators.get(id) ?? new LtHash(input.element)
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

/**
 * Moves the in-memory state back to `toHeight`, as a restart there would load it: the values it
 * restores are durable (read from the database), and those `leave` names stay there (`STORED`).
 */
export function applyRollbackPlan(
  state: VersionState,
  plan: RollbackPlan,
  toHeight: number,
  leave: (value: Bytes) => boolean,
): void {
  const { index, registry } = state
  for (const { full, at } of plan.keys) {
    const value = at?.value
    if (value !== undefined) index.set(full, { h: at!.h, val: leave(value) ? STORED : value })
    else index.delete(full)
  }
  // Keys deleted at or below the height left the index: below it, the database answers.
  state.floor = toHeight
  const kept = state.tombstones.filter(([h, full]) => h <= toHeight && index.get(full)?.h === h)
  state.tombstones.length = 0
  for (const t of kept) state.tombstones.push(t)
  for (const [name, keep] of plan.registry) {
    if (keep === 0) registry.histories.delete(name)
    else registry.history(name).length = keep
  }
  state.accumulators.clear()
  for (const [id, acc] of plan.accumulators) state.accumulators.set(id, acc)
  state.storeHashes.clear()
  for (const [id, hash] of plan.storeHashes) state.storeHashes.set(id, hash)
}
