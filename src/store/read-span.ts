/**
 * The heights around one read height at which everything a computation read was the same: each
 * read narrows it to the heights its value (or its absence, or a range's entries) is known to have
 * held unchanged. An answer computed only from such reads is the answer at every height of the
 * span, so it may be served for all of them (history is immutable until a rollback). Anything
 * else the computation learns about the height (the height itself, the list of stores) pins the
 * span to that one height.
 */
export class ReadSpan {
  /** Lowest height of the span. */
  lo = 0
  /** Highest height of the span. */
  hi = Number.POSITIVE_INFINITY

  constructor(readonly height: number) {}

  /** The value read held at heights [lo, hi] (a range containing `height`). */
  narrow(lo: number, hi: number): void {
    if (lo > this.lo) this.lo = lo
    if (hi < this.hi) this.hi = hi
  }

  /** What was read is known to hold at `height` only. */
  pin(): void {
    this.lo = this.height
    this.hi = this.height
  }

  /** Whether the span covers more than its own height. */
  get wide(): boolean {
    return this.lo < this.hi
  }
}
