import type { ReadSpan } from './read-span.js'

/** Registry history of one store name: (height, id or null when deleted), ascending. */
export type RegistryHistory = { h: number; id: number | null }[]

/**
 * The named stores of the versioned store over time: which names are live at each height, and
 * under which store ids (a store deleted and added again gets a new id).
 */
export class StoreRegistry {
  /** History of each store name ever registered. */
  readonly histories = new Map<string, RegistryHistory>()

  /**
   * Store id of `name` at `height`, if the store was live then; `span` is narrowed to the heights
   * between the registry changes of `name` around `height`.
   */
  resolveId(name: string, height: number, span?: ReadSpan): number | undefined {
    const hist = this.histories.get(name)
    if (!hist) return undefined
    for (let i = hist.length - 1; i >= 0; i--) {
      const r = hist[i]!
      if (r.h <= height) {
        span?.narrow(r.h, i + 1 < hist.length ? hist[i + 1]!.h - 1 : Number.POSITIVE_INFINITY)
        return r.id ?? undefined
      }
    }
    span?.narrow(0, hist.length > 0 ? hist[0]!.h - 1 : Number.POSITIVE_INFINITY)
    return undefined
  }

  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number> {
    const out = new Map<string, number>()
    for (const name of this.histories.keys()) {
      const id = this.resolveId(name, height)
      if (id !== undefined) out.set(name, id)
    }
    return out
  }

  /** The history of `name` (created empty on first use). */
  history(name: string): RegistryHistory {
    let hist = this.histories.get(name)
    if (!hist) {
      hist = []
      this.histories.set(name, hist)
    }
    return hist
  }
}
