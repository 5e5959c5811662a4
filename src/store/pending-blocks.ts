/** What the ring holds: a block record with its height. */
export interface PendingBlock {
  readonly block: { readonly header: { readonly height: number } }
}

function ring<B>(size: number): (B | undefined)[] {
  return new Array<B | undefined>(size).fill(undefined)
}

/**
 * The blocks prepared and not yet published, by height: a ring of slots indexed by height that only
 * grows (to hold every height in flight) and never reallocates in a steady burst. A Map here, filled
 * and emptied by hundreds of heights at a time, reallocated its table as it grew and shrank; a
 * discarded table that had reached the old generation kept every block it held alive through the
 * young-generation collections until the next full one, so each scavenge copied and promoted blocks
 * that were already published (measured in a mined burst: two thirds of what was promoted).
 */
export class PendingBlocks<B extends PendingBlock> {
  private slots: (B | undefined)[] = ring<B>(1024)

  /** The block prepared at `height`, if it is not published yet. */
  get(height: number): B | undefined {
    const s = this.slots[height & (this.slots.length - 1)]
    return s?.block.header.height === height ? s : undefined
  }

  /**
   * Holds `stored` until `delete(height)`. Heights come in order with no gap, so when the slot is
   * taken by another height every slot is: the ring doubles, which spreads them without collision.
   */
  set(height: number, stored: B): void {
    for (;;) {
      const i = height & (this.slots.length - 1)
      const held = this.slots[i]
      if (held === undefined || held.block.header.height === height) {
        this.slots[i] = stored
        return
      }
      const old = this.slots
      this.slots = ring<B>(old.length * 2)
      for (const b of old) if (b) this.slots[b.block.header.height & (this.slots.length - 1)] = b
    }
  }

  delete(height: number): void {
    const i = height & (this.slots.length - 1)
    if (this.slots[i]?.block.header.height === height) this.slots[i] = undefined
  }

  /** Forgets every block (a rollback: the heights above it will hold other blocks). */
  clear(): void {
    this.slots.fill(undefined)
  }
}
