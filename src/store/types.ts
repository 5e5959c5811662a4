import type { Bytes } from '../codec/bytes.js'

/** A key range inside one store. `prefix` narrows [gte, lt) further. */
export interface KVRange {
  prefix?: Bytes
  gte?: Bytes
  lt?: Bytes
  reverse?: boolean
}

export type KVEntry = readonly [key: Bytes, value: Bytes]

/** A read's value: at once when it is known from memory, else a promise of it. */
export type ValueNow = Bytes | undefined | Promise<Bytes | undefined>

/** Read access to one named store. */
export interface KVReader {
  get(key: Bytes): Promise<Bytes | undefined>
  /**
   * Optional: what `get` reads, handed back at once when it is known from memory (a failure then
   * throws here), else the promise `get` gives. A caller that decodes the value makes one promise
   * instead of one per layer of stores (nearly every read of a block or a tx is in memory).
   */
  getNow?(key: Bytes): ValueNow
  has(key: Bytes): Promise<boolean>
  /** Optional: what `has` says, at once when memory can tell (see `getNow`), else its promise. */
  hasNow?(key: Bytes): boolean | Promise<boolean>
  /** Entries in key order (descending with `reverse`). */
  iterate(range?: KVRange): AsyncIterable<KVEntry>
  /**
   * Whether the range holds no entry, when that is known from memory alone (undefined: not known
   * without iterating). Lets a per-block check of an empty queue skip the iteration.
   */
  isEmpty?(range: KVRange): boolean | undefined
}

/** Read/write access to one named store inside a branch. Writes are buffered until commit. */
export interface KVStore extends KVReader {
  /** Stores a copy of `value`: the caller may go on changing its own array. */
  set(key: Bytes, value: Bytes): void
  /**
   * Optional: stores `value` itself, not a copy, for bytes nobody changes once made (a codec's
   * remembered encodings): a read hands back the very array. Where a store lacks it, `set`.
   */
  setShared?(key: Bytes, value: Bytes): void
  delete(key: Bytes): void
}

/** Anything stores can be read from by name: a height's view, a branch, a block context's state. */
export interface Readable {
  store(name: string): KVReader
}

/** Anything stores can be written through by name: a branch. */
export interface Writable {
  store(name: string): KVStore
}

/** A read-only view of the committed state at one height. */
export interface StateReader {
  readonly height: number
  /** The store of that name as it was at this height (empty if it did not exist). */
  store(name: string): KVReader
  /** Whether the store existed at this height. */
  hasStore(name: string): boolean
  /** Names of the stores live at this height, sorted. */
  storeNames(): string[]
}

/** Store changes applied by an upgrade's store loader (upstream `StoreUpgrades`). */
export interface StoreUpgrades {
  added?: readonly string[]
  renamed?: readonly { oldKey: string; newKey: string }[]
  deleted?: readonly string[]
}

/**
 * A writable overlay over a state (upstream CacheMultiStore). Nothing reaches the database until the
 * block producer commits the root branch; a nested branch reaches its parent only on `write()`.
 */
export interface StateBranch extends StateReader {
  store(name: string): KVStore
  /** A nested branch (gov proposal execution, one tx's messages). */
  branch(): StateBranch
  /** Writes this branch's changes into its parent branch. */
  write(): void
  /** Applies store upgrades (add, rename, delete named stores) in this branch. */
  upgradeStores(upgrades: StoreUpgrades): Promise<void>
  /** Number of buffered key writes (diagnostics). */
  readonly size: number
}
