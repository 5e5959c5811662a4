import { QUERY_CACHE_ENTRIES } from './response-cache.js'

/** One answer and the heights it holds at. */
interface Span<V> {
  readonly lo: number
  readonly hi: number
  readonly value: V
}

/**
 * Answers computed at one height and known to be the answers at every height of a span around it
 * (the state they read was the same there; see ReadSpan), keyed by request. A request at any height
 * of a span is answered without reading the state again, which a per-height cache cannot do for
 * random past heights. Bounded by span count and bytes, the oldest spans going first; emptied when
 * the chain's generation (its rollbacks) moves, as heights above a rollback hold other state since.
 */
export class SpanCache<V extends string | Uint8Array = string | Uint8Array> {
  /** Per request, its spans in ascending `lo`. */
  private readonly byKey = new Map<string, Span<V>[]>()
  /** Every span in insertion order (the eviction order), with its request. */
  private readonly order = new Map<Span<V>, string>()
  private bytes = 0
  private seen: number
  /** Lookups answered from a span, since start. */
  hits = 0

  constructor(
    private readonly generation: () => number = () => 0,
    private readonly maxSpans = QUERY_CACHE_ENTRIES,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    this.seen = generation()
  }

  /** The generation an answer about to be computed belongs to (passed back to `set`). */
  current(): number {
    this.sync()
    return this.seen
  }

  /** The answer of `key` at `height`, if a span of it covers the height. */
  get(key: string, height: number): V | undefined {
    this.sync()
    const list = this.byKey.get(key)
    if (list === undefined) return undefined
    // The last span starting at or below the height.
    let lo = 0
    let hi = list.length - 1
    let found: Span<V> | undefined
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const s = list[mid]!
      if (s.lo <= height) {
        found = s
        lo = mid + 1
      } else hi = mid - 1
    }
    if (found === undefined || found.hi < height) return undefined
    this.hits++
    return found.value
  }

  /**
   * Keeps `value` as the answer of `key` at heights [lo, hi], unless the chain's generation moved
   * since `generation` (the answer may describe heights rolled back meanwhile).
   */
  set(key: string, lo: number, hi: number, value: V, generation: number): void {
    if (generation !== this.current() || !(lo <= hi)) return
    const size = value.length + key.length
    if (size > this.maxBytes / 16) return // one huge answer must not flush the rest
    let list = this.byKey.get(key)
    if (list === undefined) {
      list = []
      this.byKey.set(key, list)
    }
    const i = firstAtOrAbove(list, lo)
    const same = list[i]
    const span: Span<V> = { lo, hi, value }
    if (same !== undefined && same.lo === lo) {
      // The same start: the wider span stays (a later computation may know more heights).
      if (same.hi >= hi) return
      list[i] = span
      if (this.order.delete(same)) this.bytes -= same.value.length + key.length
    } else list.splice(i, 0, span)
    this.order.set(span, key)
    this.bytes += size
    for (const [oldest, k] of this.order) {
      if (this.order.size <= this.maxSpans && this.bytes <= this.maxBytes) break
      this.remove(k, oldest)
    }
  }

  get size(): number {
    return this.order.size
  }

  private remove(key: string, span: Span<V>): void {
    const list = this.byKey.get(key)
    if (list === undefined) return
    const i = firstAtOrAbove(list, span.lo)
    if (list[i] === span) list.splice(i, 1)
    if (list.length === 0) this.byKey.delete(key)
    if (this.order.delete(span)) this.bytes -= span.value.length + key.length
  }

  /** Forgets everything once the chain's generation moved. */
  private sync(): void {
    const g = this.generation()
    if (g === this.seen) return
    this.seen = g
    this.byKey.clear()
    this.order.clear()
    this.bytes = 0
  }
}

/** The index of the first span of `list` (ascending `lo`) whose `lo` is `lo` or above. */
function firstAtOrAbove<V>(list: readonly Span<V>[], lo: number): number {
  let a = 0
  let b = list.length
  while (a < b) {
    const mid = (a + b) >>> 1
    if (list[mid]!.lo < lo) a = mid + 1
    else b = mid
  }
  return a
}
