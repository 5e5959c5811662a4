import type { Bytes } from '../../src/codec/bytes.js'
import type { ReplicaChanges } from '../../src/store/state-replica.js'
import type { WorkingStateObserver } from '../../src/store/working-state.js'

/**
 * Follows a versioned store as the invariant checker does (`store.observer`): each applied
 * height's changes in the form the copy of the state applies them, and how many resets were told.
 */
export class StateFollower implements WorkingStateObserver {
  heights: { height: number; changes: ReplicaChanges }[] = []
  resets = 0

  /** `leaves`: the values the store keeps in its database (`VersionedStore.leavesValue`). */
  constructor(private readonly leaves: (value: Bytes) => boolean = () => false) {}

  applied(
    height: number,
    writes: readonly { readonly full: string; readonly value: Bytes | undefined }[],
    stores: readonly { readonly name: string; readonly id: number | null }[],
    nextStoreId: number,
  ): void {
    this.heights.push({
      height,
      changes: {
        writes: writes.map((w) => [w.full, w.value ?? null]),
        kept: writes.filter((w) => w.value && this.leaves(w.value)).map((w) => w.full),
        stores: stores.map((s) => [s.name, s.id]),
        nextStoreId,
      },
    })
  }

  reset(): void {
    this.resets++
  }
}
