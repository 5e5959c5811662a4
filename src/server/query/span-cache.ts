import { BTree } from '../../store/btree.js'
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
  /**
   * Per request, its spans by `lo` (a B+ tree: a request asked at tens of thousands of heights
   * has as many spans, inserted and evicted in any order).
   */
  private readonly byKey = new Map<string, BTree<number, Span<V>>>()
  /** The pair a lookup reuses (no array per lookup). */
  private readonly found: [number, Span<V>] = [0, { lo: 0, hi: -1, value: '' as V }]
  /** Every span in insertion order (the eviction order), with its request. */
  private readonly order = new Map<Span<V>, string>()
  /** Where eviction has got to in `order` (undefined: from its start). */
  private evicting: MapIterator<[Span<V>, string]> | undefined
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
    const tree = this.byKey.get(key)
    if (tree === undefined) return undefined
    // The last span starting at or below the height.
    const found = tree.getPairOrNextLower(height, this.found)?.[1]
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
    let tree = this.byKey.get(key)
    if (tree === undefined) {
      tree = new BTree<number, Span<V>>()
      this.byKey.set(key, tree)
    }
    const same = tree.get(lo)
    const span: Span<V> = { lo, hi, value }
    if (same !== undefined) {
      // The same start: the wider span stays (a later computation may know more heights).
      if (same.hi >= hi) return
      if (this.order.delete(same)) this.bytes -= same.value.length + key.length
    }
    tree.set(lo, span)
    this.order.set(span, key)
    this.bytes += size
    while (this.order.size > this.maxSpans || this.bytes > this.maxBytes) {
      // One iterator walks the order for good (a Map's iterator goes on to entries added later
      // and skips those deleted): starting over at every eviction would skip, each time, every
      // entry deleted since the map last compacted itself.
      let next = this.evicting?.next()
      if (next === undefined || next.done) {
        this.evicting = this.order.entries()
        next = this.evicting.next()
      }
      if (next.done) break
      this.remove(next.value[1], next.value[0])
    }
  }

  get size(): number {
    return this.order.size
  }

  private remove(key: string, span: Span<V>): void {
    const tree = this.byKey.get(key)
    if (tree === undefined) return
    if (tree.get(span.lo) === span) tree.delete(span.lo)
    if (tree.size === 0) this.byKey.delete(key)
    if (this.order.delete(span)) this.bytes -= span.value.length + key.length
  }

  /** Forgets everything once the chain's generation moved. */
  private sync(): void {
    const g = this.generation()
    if (g === this.seen) return
    this.seen = g
    this.byKey.clear()
    this.order.clear()
    this.evicting = undefined
    this.bytes = 0
  }
}
