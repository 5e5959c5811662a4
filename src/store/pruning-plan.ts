import type { PruningOptions } from '../config/pruning.js'
import type { BatchOp } from './backend.js'
import { deletedKey, stateVersionKey } from './keys.js'
import type { VersionState } from './version-state.js'

/** What planning reads from the versioned store (read-only; the store applies the plan). */
export interface PruningInput {
  readonly pruning: PruningOptions
  /** Heights ≤ this are already pruned. */
  readonly prunedThrough: number
  /** Full keys changed at each height still subject to pruning. */
  readonly changedAt: ReadonlyMap<number, readonly string[]>
  /** Versions of a full key: ascending heights, negative = deleted at that height. */
  versions(full: string): readonly number[] | undefined
}

/** Edit of pruning's versions: drop the first `keepFrom` versions of `full` (all if `dropAll`). */
export interface PruneEdit {
  readonly full: string
  readonly keepFrom: number
  readonly dropAll: boolean
}

/** What one commit prunes. */
export interface PruningPlan {
  /** Database deletes of the pruned versions. */
  readonly ops: BatchOp[]
  /** Heights ≤ `through` are no longer readable once the plan is applied. */
  readonly through: number
  /** Heights whose changed-key lists the plan consumed. */
  readonly heights: readonly number[]
  readonly edits: readonly PruneEdit[]
}

/** Genesis state is not a queryable height: reads start at the first block. */
export function genesisPruning(height: number): PruningPlan {
  return { ops: [], through: height, heights: [], edits: [] }
}

/** Upstream rule: at h with h % interval == 0 and h > keepRecent, drop versions ≤ h-1-keepRecent. */
export function planPruning(input: PruningInput, height: number): PruningPlan {
  const { keepRecent, interval } = input.pruning
  const none: PruningPlan = { ops: [], through: input.prunedThrough, heights: [], edits: [] }
  if (interval <= 0 || height % interval !== 0 || height <= keepRecent) return none
  const through = height - 1 - keepRecent
  if (through <= input.prunedThrough) return none
  const candidates = new Set<string>()
  const heights: number[] = []
  for (const [h, keys] of input.changedAt) {
    if (h <= through) {
      heights.push(h)
      for (const full of keys) candidates.add(full)
    }
  }
  const ops: BatchOp[] = []
  const edits: PruneEdit[] = []
  for (const full of candidates) {
    const v = input.versions(full)
    if (!v) continue
    let j = -1
    for (let i = 0; i < v.length && Math.abs(v[i]!) <= through; i++) j = i
    if (j < 0) continue
    // Versions before j are superseded at every retained height; a deletion at j is dead too.
    const dropJ = v[j]! < 0
    const keepFrom = dropJ ? j + 1 : j
    for (let i = 0; i < keepFrom; i++) {
      const h = Math.abs(v[i]!)
      ops.push({ type: 'del', key: stateVersionKey(full, h) })
      if (v[i]! < 0) ops.push({ type: 'del', key: deletedKey(h, full) })
    }
    if (keepFrom > 0) edits.push({ full, keepFrom, dropAll: keepFrom >= v.length })
  }
  return { ops, through, heights, edits }
}

/**
 * Drops the pruned versions from pruning's lists (once the plan's deletes are applied); a key left
 * with one version at or below the pruned height leaves them (its next change brings it back with
 * that version, from the index).
 */
export function applyPruningPlan(state: VersionState, plan: PruningPlan): void {
  const { prunable } = state
  for (const { full, keepFrom, dropAll } of plan.edits) {
    const v = prunable.get(full)
    if (!v) continue
    if (dropAll) prunable.delete(full)
    else v.splice(0, keepFrom)
  }
  for (const full of new Set(plan.heights.flatMap((h) => state.changedAt.get(h) ?? []))) {
    const v = prunable.get(full)
    if (v && v.length <= 1 && (v.length === 0 || Math.abs(v[0]!) <= plan.through)) {
      prunable.delete(full)
    }
  }
  for (const h of plan.heights) state.changedAt.delete(h)
}
