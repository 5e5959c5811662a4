/**
 * Answers already computed, keyed by (height, method, request). The state at a committed height
 * never changes, so an entry is valid as long as its height is readable (callers check that before
 * looking up). Bounded by entry count and bytes; the oldest entries go first.
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

  constructor(
    private readonly maxEntries = 8192,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    // A miss here is counted by the getOrCompute that follows it.
    if (hit !== undefined) this.hits++
    return hit
  }

  /**
   * The cached answer, or the one computation of it that concurrent callers share (a new height
   * makes every request miss at once; one computes, the others wait). A failure is not kept.
   */
  getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key)
    if (hit !== undefined) {
      this.hits++
      return Promise.resolve(hit)
    }
    let pending = this.pending.get(key)
    if (pending) this.hits++
    else {
      this.misses++
      pending = compute()
      this.pending.set(key, pending)
      pending.then(
        (value) => {
          this.pending.delete(key)
          this.set(key, value)
        },
        () => this.pending.delete(key),
      )
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
}
