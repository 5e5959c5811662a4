import { type Bytes, bytesToLatin1, fromUtf8, readUint64BE } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { StoreBackend } from './backend.js'
import {
  accumulatorKey,
  FAMILY_LATEST,
  FAMILY_STATE,
  familyKey,
  META_DELETION_PREFIX,
  META_ELEMENT_HASH,
  parseStateVersionKey,
  prefixEnd,
  REGISTRY_STORE_ID,
  registryName,
  stateVersionKeyOfLive,
  storeIdPrefix,
  valueOfStateVersion,
} from './keys.js'
import { leavesInDatabase } from './large-values.js'
import {
  ELEMENT_HASH,
  ELEMENT_HASH_UNRECORDED,
  type ElementHashName,
  elementHashNamed,
  LtHash,
} from './lthash.js'
import { StoreRegistry } from './store-registry.js'
import { createVersionIndex, STORED, type VersionIndex } from './version-index.js'

/**
 * Heights a deletion stays in the index: reads of recent heights find the deleted key there, and
 * older ones ask the database (a deleted key must not stay in memory for good).
 */
export const TOMBSTONE_HEIGHTS = 100

/** Live keys' values are read on open this many at a time. */
const LOAD_CHUNK = 1024

/**
 * The versioned store's in-memory state, loaded from the database on open without reading the
 * history: the newest version of every live key (a large value's left in the database once
 * durable: `STORED`), the store registry, each live store's accumulator
 * and hash, the deletion bounds, and (only while pruning is on) what pruning needs. Commit, rollback
 * and pruning plans are computed from it without changing it, then applied to it once their writes
 * are durable.
 */
export interface VersionState {
  readonly index: VersionIndex
  readonly registry: StoreRegistry
  readonly accumulators: Map<number, LtHash>
  readonly storeHashes: Map<number, Bytes>
  /** The element hash of the accumulators (lthash.ts): a new home's, or the one its record names. */
  element: ElementHashName
  /** Deletions still in the index, in height order. */
  readonly tombstones: [height: number, full: string][]
  /** Per deletion prefix (keys.ts), an upper bound of the heights of its deletions. */
  readonly deletionBounds: Map<string, number>
  /**
   * A key absent from the index is not live at any height at or above this one (below it, the key
   * may have been deleted since: the database answers).
   */
  floor: number
}

/** An empty state (before genesis). */
export function createVersionState(): VersionState {
  return {
    index: createVersionIndex(),
    registry: new StoreRegistry(),
    accumulators: new Map(),
    storeHashes: new Map(),
    element: ELEMENT_HASH,
    tombstones: [],
    deletionBounds: new Map(),
    floor: -1,
  }
}

/**
 * Drops from the index the deletions at or below `through` (the database still has them), moving
 * the floor above them.
 */
export function forgetDeletions(state: VersionState, through: number): void {
  const { tombstones, index } = state
  let n = 0
  while (n < tombstones.length && tombstones[n]![0] <= through) {
    const [h, full] = tombstones[n]!
    const entry = index.get(full)
    if (entry && entry.h === h && entry.val === undefined) index.delete(full)
    if (h > state.floor) state.floor = h
    n++
  }
  if (n > 0) tombstones.splice(0, n)
}

/**
 * Loads what the store needs at `latest` into `state` without reading the history: the live keys'
 * newest versions (0x06, then one read of each), the registry's versions (store id 0), the deletion bounds, the
 * element hash and the accumulators of the stores live at `latest`. Returns the first height
 * (genesis), -1 if none.
 */
export async function loadVersionState(
  backend: StoreBackend,
  state: VersionState,
  latest: number,
): Promise<number> {
  let firstHeight = -1
  const registryValues: { name: string; h: number; id: number | null }[] = []
  for await (const [key, value] of backend.entries({
    gte: familyKey(FAMILY_STATE, storeIdPrefix(REGISTRY_STORE_ID)),
    lt: familyKey(FAMILY_STATE, storeIdPrefix(REGISTRY_STORE_ID + 1)),
  })) {
    const { fullKey, height } = parseStateVersionKey(key)
    // A version above the committed height cannot exist (one batch per height), but never trust it.
    if (height > latest) continue
    if (firstHeight < 0 || height < firstHeight) firstHeight = height
    const id = valueOfStateVersion(value)
    registryValues.push({
      name: registryName(fullKey),
      h: height,
      id: id ? readUint64BE(id) : null,
    })
  }
  registryValues.sort((a, b) => a.h - b.h)
  for (const r of registryValues) state.registry.history(r.name).push({ h: r.h, id: r.id })

  // The live keys and the heights of their newest versions, then those versions' values: each
  // chunk's reads are asked for as soon as the scan has it, and run (on LevelDB's threads) while
  // the scan goes on; the index is filled in key order once all have answered.
  const chunks: { live: [string, number][]; records: Promise<(Bytes | undefined)[]> }[] = []
  let live: [string, number][] = []
  let keys: Bytes[] = []
  const readValues = (): void => {
    if (live.length === 0) return
    chunks.push({ live, records: backend.getMany(keys) })
    live = []
    keys = []
  }
  try {
    for await (const [key, value] of backend.entries({
      gte: Uint8Array.of(FAMILY_LATEST),
      lt: Uint8Array.of(FAMILY_LATEST + 1),
    })) {
      live.push([bytesToLatin1(key.subarray(1)), readUint64BE(value)])
      keys.push(stateVersionKeyOfLive(key, value))
      if (live.length >= LOAD_CHUNK) readValues()
    }
    readValues()
  } finally {
    // A failed scan leaves no read unawaited (its rejection would be unhandled).
    await Promise.allSettled(chunks.map((c) => c.records))
  }
  for (const chunk of chunks) {
    const records = await chunk.records
    chunk.live.forEach(([full, h], i) => {
      const record = records[i]
      const val = record && valueOfStateVersion(record)
      if (!val) throw ErrLogic.wrap(`state version at height ${h} is missing`)
      state.index.set(full, { h, val: leavesInDatabase(backend, val) ? STORED : val })
    })
  }
  for await (const [key, value] of backend.entries({
    gte: META_DELETION_PREFIX,
    lt: prefixEnd(META_DELETION_PREFIX)!,
  })) {
    const prefix = Buffer.from(key.buffer, key.byteOffset, key.length)
      .subarray(META_DELETION_PREFIX.length)
      .toString('latin1')
    state.deletionBounds.set(prefix, readUint64BE(value))
  }
  state.floor = latest

  const [element] = await backend.getMany([META_ELEMENT_HASH])
  state.element = element
    ? elementHashNamed(fromUtf8(element), "this home's state")
    : ELEMENT_HASH_UNRECORDED
  const accKeys = [...state.registry.liveStores(latest).values()]
  const accs = await backend.getMany(accKeys.map(accumulatorKey))
  accKeys.forEach((id, i) => {
    const bytes = accs[i]
    state.accumulators.set(
      id,
      bytes ? LtHash.fromBytes(bytes, state.element) : new LtHash(state.element),
    )
  })
  return firstHeight
}
