/**
 * Heights pruning must keep for now: a state sync snapshot reads its height's state in the
 * background, as upstream's snapshot manager keeps its heights from the pruning manager until done.
 */
export class PruningHolds {
  private readonly held = new Map<number, number>()

  /** Keeps `height` (and every height above it) from pruning until the returned release. */
  hold(height: number): () => void {
    this.held.set(height, (this.held.get(height) ?? 0) + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const n = (this.held.get(height) ?? 1) - 1
      if (n > 0) this.held.set(height, n)
      else this.held.delete(height)
    }
  }

  /** The lowest height held, if any. */
  lowest(): number | undefined {
    let low: number | undefined
    for (const h of this.held.keys()) if (low === undefined || h < low) low = h
    return low
  }
}
