import { utf8 } from '../../codec/bytes.js'
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
    const fromModule = await this.paramSets[subspace]?.get(state, key)
    if (fromModule !== undefined) return fromModule
    return this.c.params.get(state.store(MODULE_NAME), [subspace, key])
  }

  /**
   * The keys of a subspace that hold a value, in byte order (upstream's Subspace.IterateKeys over
   * the store), those its module's param set reads included.
   */
  async keys(state: Readable, subspace: string): Promise<string[]> {
    const keys = new Set<string>()
    const set = this.paramSets[subspace]
    for (const key of set?.keys ?? []) {
      if ((await set!.get(state, key)) !== undefined) keys.add(key)
    }
    const prefix = utf8(`${subspace}/`)
    for await (const [, key] of this.c.params.keys(state.store(MODULE_NAME), { prefix })) {
      keys.add(key)
    }
    return [...keys].sort(byUtf8)
  }

  setRaw(state: Writable, subspace: string, key: string, value: string): void {
    this.c.params.set(state.store(MODULE_NAME), [subspace, key], value)
  }
}

/** Byte order of UTF-8 strings (code points, not UTF-16 units). */
function byUtf8(a: string, b: string): number {
  return Buffer.compare(utf8(a), utf8(b))
}
