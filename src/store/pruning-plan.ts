import type { Bytes } from '../codec/bytes.js'
import type { PruningOptions } from '../config/pruning.js'
import type { BatchOp } from './backend.js'
import { deletedKey, pruneRecordKey, stateVersionKey } from './keys.js'
import { decodePruneRecord } from './prune-records.js'

/** What planning reads from the versioned store (read-only; the store applies the plan). */
export interface PruningInput {
  readonly pruning: PruningOptions
  /** Heights ≤ this are already pruned. */
  readonly prunedThrough: number
  /** The pruning record of a height (prune-records.ts): undefined when it changed no key. */
  record(height: number): Bytes | undefined
  /** A height pruning must keep for now (a snapshot being taken): only heights below it go. */
  readonly heldFrom?: number | undefined
}

/** What one commit prunes. */
export interface PruningPlan {
  /** Database deletes of the pruned versions and of the records read. */
  readonly ops: BatchOp[]
  /** Heights ≤ `through` are no longer readable once the plan is applied. */
  readonly through: number
}

/**
 * The most heights one commit prunes: a store that was not pruned for long (pruning just turned on,
 * or `pruning-keep-recent` lowered) catches up over the next commits instead of in one.
 */
export const MAX_PRUNED_HEIGHTS = 10_000

/** Genesis state is not a queryable height: reads start at the first block. */
export function genesisPruning(height: number): PruningPlan {
  return { ops: [], through: height }
}

/**
 * Upstream rule: at h with h % interval == 0 and h > keepRecent, drop versions ≤ h-1-keepRecent
 * that a later version at or below it supersedes, and a deletion that is the last of them. The keys
 * come from the records of the heights being pruned: each names a key that height changed and the
 * version it replaced, so a key's versions at or below the new bound are all in those records (the
 * last version the previous pruning kept is the one the first change replaced).
 */
export function planPruning(input: PruningInput, height: number): PruningPlan {
  const { keepRecent, interval } = input.pruning
  const from = input.prunedThrough
  const none: PruningPlan = { ops: [], through: from }
  if (interval <= 0 || height % interval !== 0 || height <= keepRecent) return none
  const held = input.heldFrom === undefined ? Number.POSITIVE_INFINITY : input.heldFrom - 1
  const through = Math.min(height - 1 - keepRecent, from + MAX_PRUNED_HEIGHTS, held)
  if (through <= from) return none
  const ops: BatchOp[] = []
  // Each key's versions at or below `through` (negative: a deletion), as the records name them.
  const versions = new Map<string, number[]>()
  for (let h = from + 1; h <= through; h++) {
    const record = input.record(h)
    if (!record) continue
    ops.push({ type: 'del', key: pruneRecordKey(h) })
    for (const { full, deleted, replaced } of decodePruneRecord(record)) {
      let list = versions.get(full)
      if (!list) {
        list = []
        versions.set(full, list)
      }
      if (replaced !== undefined) list.push(replaced)
      list.push(deleted ? -h : h)
    }
  }
  for (const [full, list] of versions) {
    let last = list[0]!
    for (const v of list) if (Math.abs(v) > Math.abs(last)) last = v
    const done = new Set<number>()
    for (const v of list) {
      const h = Math.abs(v)
      // The last version stays when it holds a value: it is live at every retained height.
      if (done.has(h) || (v === last && v > 0)) continue
      done.add(h)
      ops.push({ type: 'del', key: stateVersionKey(full, h) })
      if (v < 0) ops.push({ type: 'del', key: deletedKey(h, full) })
    }
  }
  return { ops, through }
}
