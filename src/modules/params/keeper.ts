import type { Readable, Writable } from '../../store/types.js'
import { MODULE_NAME, paramsCollections } from './keys.js'

export interface ParamsKeeperOptions {
  /** Subspaces registered by the app (others are `unknown subspace`). */
  subspaces: readonly string[]
}

/** The legacy x/params keeper: raw parameter values by subspace and key. */
export class ParamsKeeper {
  readonly c = paramsCollections()

  /** Subspaces registered by the app (others are `unknown subspace`). */
  readonly subspaces: readonly string[]

  constructor({ subspaces }: ParamsKeeperOptions) {
    this.subspaces = subspaces
  }

  hasSubspace(subspace: string): boolean {
    return this.subspaces.includes(subspace)
  }

  /** The raw (amino JSON) value, or undefined when unset. */
  async getRaw(state: Readable, subspace: string, key: string): Promise<string | undefined> {
    return this.c.params.get(state.store(MODULE_NAME), [subspace, key])
  }

  setRaw(state: Writable, subspace: string, key: string, value: string): void {
    this.c.params.set(state.store(MODULE_NAME), [subspace, key], value)
  }
}
