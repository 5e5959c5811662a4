/**
 * The length of a full key's bucket: its store's id and the first byte of its key, which every
 * module's collections use as their prefix.
 */
const BUCKET_CHARS = 5

const NO_KEYS: readonly string[] = []

/**
 * The bucket all of [lo, hi) lies in, when it lies in one: every key k with lo ≤ k < hi then starts
 * with lo's first BUCKET_CHARS characters.
 */
function bucketOfRange(lo: string, hi: string | undefined): string | undefined {
  if (lo.length < BUCKET_CHARS || hi === undefined) return undefined
  const bucket = lo.slice(0, BUCKET_CHARS)
  const last = bucket.charCodeAt(BUCKET_CHARS - 1)
  if (last === 0xff) return undefined
  // The first string after every string that starts with the bucket.
  const after = bucket.slice(0, BUCKET_CHARS - 1) + String.fromCharCode(last + 1)
  return hi <= after ? bucket : undefined
}

/**
 * A branch's written keys (full keys) by bucket, so that a range inside one collection looks at the
 * writes of that collection only, not at every write of the branch. Made by the first range that
 * can use it, then kept up to date: the branch tells it each key it writes for the first time.
 */
export class WriteBuckets {
  private buckets: Map<string, string[]> | undefined

  /** Whether the buckets are made (then every key written for the first time must be `add`ed). */
  get made(): boolean {
    return this.buckets !== undefined
  }

  /** A key written for the first time since the buckets were made. */
  add(full: string): void {
    this.put(this.buckets!, full)
  }

  /** Forgets every key (the branch's writes were cleared). */
  clear(): void {
    this.buckets = undefined
  }

  /**
   * The keys of `written` that may lie in [lo, hi) when the range lies inside one bucket (the
   * buckets made from `written` first if they are not yet), else undefined.
   */
  keysIn(
    lo: string,
    hi: string | undefined,
    written: Map<string, unknown>,
  ): Iterable<string> | undefined {
    const bucket = bucketOfRange(lo, hi)
    if (bucket === undefined) return undefined
    if (this.buckets === undefined) {
      const buckets = new Map<string, string[]>()
      for (const k of written.keys()) this.put(buckets, k)
      this.buckets = buckets
    }
    return this.buckets.get(bucket) ?? NO_KEYS
  }

  private put(buckets: Map<string, string[]>, full: string): void {
    const bucket = full.slice(0, BUCKET_CHARS)
    const keys = buckets.get(bucket)
    if (keys) keys.push(full)
    else buckets.set(bucket, [full])
  }
}
