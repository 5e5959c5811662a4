import type { Bytes } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import { leavesInDatabase } from './large-values.js'
import { STORED } from './version-index.js'
import type { VersionState } from './version-state.js'

/**
 * Follows the versioned store's working state from another place (the invariant checker's copy on
 * its own thread): told what each applied height changed, and when the state moved otherwise.
 */
export interface WorkingStateObserver {
  /** `height` is applied: its changed keys (value undefined: deleted) and store registry changes. */
  applied(
    height: number,
    writes: readonly { readonly full: string; readonly value: Bytes | undefined }[],
    stores: readonly { readonly name: string; readonly id: number | null }[],
    nextStoreId: number,
  ): void
  /** The working state moved back (a rollback, a revert): what was told since no longer holds. */
  reset(): void
}

/**
 * A seed's value: its bytes, or for a value the store leaves in its database (version-index.ts,
 * `LARGE_VALUE_BYTES`) the height of its version, which the copy asks the node for when read.
 */
export type SeedValue = Bytes | number

/** The whole working state: every live full key with its value, the live stores. */
export interface WorkingStateSeed {
  height: number
  entries: [full: string, value: SeedValue][]
  stores: [name: string, id: number][]
  nextStoreId: number
}

/** The working state at `height` (the store's applied one) as a seed. */
export function workingStateSeed(
  state: VersionState,
  backend: StoreBackend,
  height: number,
  nextStoreId: number,
): WorkingStateSeed {
  const entries: [string, SeedValue][] = []
  for (const [full, entry] of state.index.entries()) {
    const { h, val } = entry
    if (val === undefined) continue
    entries.push([full, val === STORED || leavesInDatabase(backend, val) ? h : val])
  }
  return { height, entries, stores: [...state.registry.liveStores(height)], nextStoreId }
}
