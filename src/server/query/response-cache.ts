/**
 * How many answers the query caches keep by default (each is also bounded by 64 MB of answers): a
 * random-height reader of a 20,000-block history, such as an explorer, finds most of them again.
 * Upstream's node keeps 781,250 IAVL nodes in memory by default (app.toml `iavl-cache-size`).
 */
export const QUERY_CACHE_ENTRIES = 65_536

/**
 * Answers already computed, keyed by (height, method, request). The state at a committed height
 * changes only by a rollback, so an entry is valid as long as its height is readable (callers check
 * that before looking up) and the chain's generation (its rollbacks) has not moved: the cache is
 * emptied when it does. Bounded by entry count and bytes; the oldest entries go first.
 */
export class ResponseCache<V extends string | Uint8Array = string | Uint8Array> {
  private readonly entries = new Map<string, V>()
  /** Answers being computed: concurrent misses of one key share one computation. */
  private readonly pending = new Map<string, Promise<V>>()
  private bytes = 0
  /** Lookups answered from the cache (or from a computation already under way), since start. */
  hits = 0
  /** Lookups that had to compute the answer, since start. */
  misses = 0

  private seen: number

  constructor(
    private readonly maxEntries = QUERY_CACHE_ENTRIES,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly generation: () => number = () => 0,
  ) {
    this.seen = generation()
  }

  get(key: string): V | undefined {
    this.sync()
    const hit = this.entries.get(key)
    // A miss here is counted by the getOrCompute that follows it.
    if (hit !== undefined) this.hits++
    return hit
  }

  /**
   * The cached answer, or the one computation of it that concurrent callers share (a new height
   * makes every request miss at once; one computes, the others wait). A failure is not kept.
   */
  getOrCompute(
    key: string,
    compute: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V> {
    this.sync()
    const hit = this.entries.get(key)
    if (hit !== undefined) {
      this.hits++
      return Promise.resolve(hit)
    }
    let pending = this.pending.get(key)
    if (pending) this.hits++
    else {
      this.misses++
      const generation = this.seen
      const computing = compute()
      pending = computing
      this.pending.set(key, computing)
      const settled = () => {
        if (this.pending.get(key) === computing) this.pending.delete(key)
      }
      computing.then((value) => {
        settled()
        // An answer computed across a rollback may describe heights that hold other state now.
        if (generation === this.seen && this.generation() === generation && keep(value)) {
          this.set(key, value)
        }
      }, settled)
    }
    return pending
  }

  set(key: string, value: V): void {
    const size = value.length + key.length
    if (size > this.maxBytes / 16) return // one huge answer must not flush the rest
    const old = this.entries.get(key)
    if (old !== undefined) {
      this.entries.delete(key)
      this.bytes -= old.length + key.length
    }
    this.entries.set(key, value)
    this.bytes += size
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= v.length + k.length
    }
  }

  get size(): number {
    return this.entries.size
  }

  /** Forgets everything once the chain's generation moved. */
  private sync(): void {
    const g = this.generation()
    if (g === this.seen) return
    this.seen = g
    this.entries.clear()
    this.pending.clear()
    this.bytes = 0
  }
}
