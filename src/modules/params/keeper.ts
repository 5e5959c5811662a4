import type { Readable, Writable } from '../../store/types.js'
import { MODULE_NAME, paramsCollections } from './keys.js'
import type { LegacyParamSet } from './legacy-subspaces.js'

export interface ParamsKeeperOptions {
  /** Subspaces registered by the app (others are `unknown subspace`). */
  subspaces: readonly string[]
  /**
   * Subspaces whose values are read from their module's own params (upstream's legacy param sets)
   * rather than from the x/params store.
   */
  paramSets?: Readonly<Record<string, LegacyParamSet>>
}

/** The legacy x/params keeper: raw parameter values by subspace and key. */
export class ParamsKeeper {
  readonly c = paramsCollections()

  /** Subspaces registered by the app (others are `unknown subspace`). */
  readonly subspaces: readonly string[]

  private readonly paramSets: Readonly<Record<string, LegacyParamSet>>

  constructor({ subspaces, paramSets = {} }: ParamsKeeperOptions) {
    this.subspaces = subspaces
    this.paramSets = paramSets
  }

  hasSubspace(subspace: string): boolean {
    return this.subspaces.includes(subspace)
  }

  /** The raw (amino JSON) value, or undefined when unset. */
  async getRaw(state: Readable, subspace: string, key: string): Promise<string | undefined> {
    const fromModule = await this.paramSets[subspace]?.(state, key)
    if (fromModule !== undefined) return fromModule
    return this.c.params.get(state.store(MODULE_NAME), [subspace, key])
  }

  setRaw(state: Writable, subspace: string, key: string, value: string): void {
    this.c.params.set(state.store(MODULE_NAME), [subspace, key], value)
  }
}
