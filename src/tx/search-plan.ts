import type { Event } from '../block/events.js'
import { heightIndexValue } from '../store/tx-index.js'
import { kvNumber, matchesCondition, operandText, type QueryCondition } from './query.js'

// How a tx or block search reads the kv index (CometBFT v0.38's kv indexer): range conditions
// merged per key, the height conditions that narrow which heights are looked at, and the units
// each event is matched against.

/** A numeric bound of a range, as CometBFT's QueryRange holds it. */
export interface Bound {
  value: number | undefined
  /** A DATE / TIME bound: the kv indexers compare none of them. */
  time: boolean
}

/** The range conditions on one key, merged as `LookForRangesWithHeight` merges them. */
export interface Range {
  key: string
  lower?: Bound
  upper?: Bound
  includeLower: boolean
  includeUpper: boolean
}

/** Whether a number is within a range; a DATE or TIME bound makes every comparison fail. */
export function inRange(r: Range, v: number): boolean {
  if (r.lower?.time || r.upper?.time) return false
  if (r.lower) {
    const lo = r.lower.value!
    if (v < lo || (v === lo && !r.includeLower)) return false
  }
  if (r.upper) {
    const hi = r.upper.value!
    if (v > hi || (v === hi && !r.includeUpper)) return false
  }
  return true
}

/** Merges the range conditions per key; later bounds replace earlier ones, `>=` sticks. */
export function rangesOf(conditions: readonly QueryCondition[]): Map<string, Range> {
  const ranges = new Map<string, Range>()
  for (const c of conditions) {
    if (!isRange(c)) continue
    let r = ranges.get(c.key)
    if (!r) {
      r = { key: c.key, includeLower: false, includeUpper: false }
      ranges.set(c.key, r)
    }
    const o = c.operand!
    const bound: Bound =
      o.kind === 'number' ? { value: o.value, time: false } : { value: undefined, time: true }
    if (c.op === '>' || c.op === '>=') {
      r.lower = bound
      if (c.op === '>=') r.includeLower = true
    } else {
      r.upper = bound
      if (c.op === '<=') r.includeUpper = true
    }
  }
  return ranges
}

export const isRange = (c: QueryCondition) =>
  c.op === '<' || c.op === '<=' || c.op === '>' || c.op === '>='

/** Go's `Arg.Number()` truncated to an int64: the height an `=` condition names. */
export function heightOf(c: QueryCondition): number | undefined {
  const n = kvNumber(operandText(c))
  return n === undefined ? undefined : Math.trunc(n)
}

/**
 * How a query's conditions on the reserved height key (`tx.height`, `block.height`) are used, as
 * CometBFT's `dedupHeight` decides: the first `=` (when no range on the height exists) or the merged
 * ranges filter every other condition's matches; alone, they are the query.
 */
export interface HeightPlan {
  /** The conditions left to match (height ranges and the height `=` removed). */
  rest: QueryCondition[]
  ranges: Map<string, Range>
  /** The merged ranges on the height key, if any. */
  heightRange: Range | undefined
  /** The height an `=` names (used when no height range exists). */
  heightEq: QueryCondition | undefined
  /** Every condition is on the height, and an `=` decides. */
  onlyHeightEq: boolean
  /** Every condition is on the height, and a range (or another operator) exists. */
  onlyHeightRange: boolean
}

export function planHeights(conditions: readonly QueryCondition[], heightKey: string): HeightPlan {
  const rest: QueryCondition[] = []
  let heightEq: QueryCondition | undefined
  let rangeExists = false
  let onlyHeight = true
  for (const c of conditions) {
    if (c.key !== heightKey) {
      onlyHeight = false
      rest.push(c)
    } else if (c.op === '=') {
      if (rangeExists || heightEq) continue
      if (heightOf(c) !== undefined) heightEq = c
    } else {
      rangeExists = true
      rest.push(c)
    }
  }
  if (rangeExists) heightEq = undefined
  const ranges = rangesOf(rest)
  return {
    rest: rest.filter((c) => !isRange(c)),
    ranges,
    heightRange: ranges.get(heightKey),
    heightEq,
    onlyHeightEq: onlyHeight && heightEq !== undefined,
    onlyHeightRange: onlyHeight && heightEq === undefined,
  }
}

/** CometBFT's checkHeightConditions: a match's height against the height range, else the `=`. */
export function heightFilter(plan: HeightPlan): (height: number) => boolean {
  const range = plan.heightRange
  if (range) return (h) => inRange(range, h)
  const eq = plan.heightEq ? heightOf(plan.heightEq)! : 0
  return eq !== 0 ? (h) => h === eq : () => true
}

/**
 * One thing a match must satisfy: a condition, or the merged ranges of one key. All of a query's
 * units must hold within ONE event (CometBFT ≥ 0.34.26 tracks an event sequence number); matches of
 * the height key itself belong to no event.
 */
export interface Unit {
  key: string
  /** For `=`: the one value that matches (an exact index lookup). */
  eq?: string
  test(value: string): boolean
}

export function conditionUnit(c: QueryCondition): Unit {
  return {
    key: c.key,
    ...(c.op === '=' ? { eq: operandText(c) } : {}),
    test: (v) => matchesCondition(c, v),
  }
}

export function rangeUnit(r: Range): Unit {
  return {
    key: r.key,
    test: (v) => {
      const n = kvNumber(v)
      return n !== undefined && inRange(r, n)
    },
  }
}

/** The units of a plan, in CometBFT's order: ranges first, then the other conditions. */
export function unitsOf(plan: HeightPlan, heightKey: string): Unit[] {
  const units: Unit[] = []
  for (const r of plan.ranges.values()) {
    if (r.key === heightKey && !plan.onlyHeightRange) continue
    units.push(rangeUnit(r))
  }
  for (const c of plan.rest) units.push(conditionUnit(c))
  return units
}

/** Whether one event satisfies every unit (an indexed attribute of its own per unit). */
export function eventMatches(e: Event, units: readonly Unit[]): boolean {
  if (!e.type) return false
  return units.every((u) =>
    e.attributes.some(
      (a) => a.index && a.key !== '' && `${e.type}.${a.key}` === u.key && u.test(a.value),
    ),
  )
}

/** Index bounds of a numeric height range (undefined when it matches nothing). */
export function heightBounds(r: Range): { gte?: string; lt?: string } | undefined {
  if (r.lower?.time || r.upper?.time) return undefined
  const out: { gte?: string; lt?: string } = {}
  if (r.lower) {
    const lo = r.lower.value!
    const first = r.includeLower && Number.isInteger(lo) ? lo : Math.floor(lo) + 1
    out.gte = heightIndexValue(Math.max(0, first))
  }
  if (r.upper) {
    const hi = r.upper.value!
    const last = r.includeUpper && Number.isInteger(hi) ? hi : Math.ceil(hi) - 1
    if (last < 0) return undefined
    out.lt = heightIndexValue(last + 1)
  }
  return out
}
