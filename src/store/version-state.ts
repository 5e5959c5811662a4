import { type Bytes, readUint64BE } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import {
  accumulatorKey,
  FAMILY_STATE,
  parseStateVersionKey,
  REGISTRY_STORE_ID,
  registryName,
  storeIdOf,
} from './keys.js'
import { LtHash } from './lthash.js'
import { StoreRegistry } from './store-registry.js'
import { createVersionIndex, indexEntry, type VersionIndex } from './version-index.js'

/**
 * The versioned store's in-memory state, rebuilt from the database on open: the index of every
 * key's versions, the store registry, each live store's accumulator and hash, and which keys each
 * height still subject to pruning changed. Commit, rollback and pruning plans are computed from it
 * without changing it, then applied to it once their writes are durable.
 */
export interface VersionState {
  readonly index: VersionIndex
  readonly registry: StoreRegistry
  readonly accumulators: Map<number, LtHash>
  readonly storeHashes: Map<number, Bytes>
  /** Full keys changed at each height still subject to pruning. */
  readonly changedAt: Map<number, string[]>
}

/** An empty state (before genesis). */
export function createVersionState(): VersionState {
  return {
    index: createVersionIndex(),
    registry: new StoreRegistry(),
    accumulators: new Map(),
    storeHashes: new Map(),
    changedAt: new Map(),
  }
}

/** Notes that `height` changed `full` (the pruning of a later height visits it). */
export function noteChanged(state: VersionState, height: number, full: string): void {
  let list = state.changedAt.get(height)
  if (!list) {
    list = []
    state.changedAt.set(height, list)
  }
  list.push(full)
}

/**
 * Loads every state version up to `latest` into `state` (one scan of the state family) and the
 * accumulators of the stores live at `latest`. Returns the first height (genesis), -1 if none.
 */
export async function loadVersionState(
  backend: StoreBackend,
  state: VersionState,
  latest: number,
  prunedThrough: number,
): Promise<number> {
  let firstHeight = -1
  const registryValues: { name: string; h: number; id: number | null }[] = []
  for await (const [key, value] of backend.entries({
    gte: Uint8Array.of(FAMILY_STATE),
    lt: Uint8Array.of(FAMILY_STATE + 1),
  })) {
    const { fullKey, height } = parseStateVersionKey(key)
    // A version above the committed height cannot exist (one batch per height), but never trust it.
    if (height > latest) continue
    const deleted = value[0] === 0
    if (firstHeight < 0 || height < firstHeight) firstHeight = height
    if (storeIdOf(fullKey) === REGISTRY_STORE_ID) {
      registryValues.push({
        name: registryName(fullKey),
        h: height,
        id: deleted ? null : readUint64BE(value, 1),
      })
      continue
    }
    const entry = indexEntry(state.index, fullKey)
    entry.v.push(deleted ? -height : height)
    entry.val = deleted ? undefined : value.subarray(1)
    if (height > prunedThrough) noteChanged(state, height, fullKey)
  }
  registryValues.sort((a, b) => a.h - b.h)
  for (const r of registryValues) state.registry.history(r.name).push({ h: r.h, id: r.id })

  const accKeys = [...state.registry.liveStores(latest).values()]
  const accs = await backend.getMany(accKeys.map(accumulatorKey))
  accKeys.forEach((id, i) => {
    const bytes = accs[i]
    state.accumulators.set(id, bytes ? LtHash.fromBytes(bytes) : new LtHash())
  })
  return firstHeight
}
