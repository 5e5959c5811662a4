import type { Bytes } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { BranchParent } from './branch.js'
import { BTree } from './btree.js'
import type { NowIterator } from './map-async.js'

/** Above every full key: keys are latin1 strings, whose characters are below U+0100. */
const ABOVE_EVERY_KEY = '\u0100'

/** Reads the value of `full`'s version at height `h` from the node (synchronously). */
export type FetchValue = (full: string, h: number) => Bytes

/** The whole live state of a node's working height: what a replica starts from. */
export interface ReplicaSeed {
  /**
   * Every live full key (store id ‖ key, latin1) with its value, or the height of its version
   * where the node keeps the value (`FetchValue`).
   */
  entries: [full: string, value: Bytes | number][]
  /** The live stores by name. */
  stores: [name: string, id: number][]
  nextStoreId: number
}

/** What one applied height changed: its writes (null: deleted) and its store registry changes. */
export interface ReplicaChanges {
  writes: [full: string, value: Bytes | null][]
  /**
   * The keys of `writes` whose values the node keeps in its database (large ones: version-index.ts,
   * `LARGE_VALUE_BYTES`): the copy may let them go and read them from the node when asked. Absent:
   * none.
   */
  kept?: readonly string[]
  /** Stores registered (an id) or deleted (null) at the height. */
  stores: [name: string, id: number | null][]
  nextStoreId: number
}

/**
 * A copy of a node's working state at its newest applied height, kept on another thread by the
 * writes each height applies: the live values in key order and the live stores. Branches read
 * through it as they read through the versioned store (`parent`), so a module's code runs on it
 * unchanged. It keeps no history: it is only ever read at its own height.
 *
 * A large value the node keeps in its database (`kept`) is held here only while the checks read it:
 * one a check did not read is let go after it (`settle`), its version's height held instead, and
 * read from the node if a later check asks (`fetch`). x/staking's historical infos of a devnet of
 * 100 validators, never read by an invariant, would otherwise hold 260 MB here.
 */
export class StateReplica {
  /** Live values, or the height of a kept value's version the node holds. */
  private readonly tree = new BTree<string, Bytes | number>()
  private readonly stores = new Map<string, number>()
  private next = 0
  private at = -1
  /** Kept values held here, by the height of their version. */
  private readonly held = new Map<string, number>()
  /** Which of them were read since the last `settle`. */
  private readonly read = new Set<string>()

  constructor(
    seed: ReplicaSeed,
    height: number,
    private readonly fetch: FetchValue = noFetch,
  ) {
    for (const [full, value] of seed.entries) this.tree.set(full, value)
    for (const [name, id] of seed.stores) this.stores.set(name, id)
    this.next = seed.nextStoreId
    this.at = height
  }

  /** The height whose state this is. */
  get height(): number {
    return this.at
  }

  /** Moves the copy to `height` by that height's changes. */
  apply(height: number, changes: ReplicaChanges): void {
    for (const [full, value] of changes.writes) {
      if (value === null) this.tree.delete(full)
      else this.tree.set(full, value)
      this.held.delete(full)
    }
    if (changes.kept) for (const full of changes.kept) this.held.set(full, height)
    for (const [name, id] of changes.stores) {
      if (id === null) this.stores.delete(name)
      else this.stores.set(name, id)
    }
    this.next = changes.nextStoreId
    this.at = height
  }

  /**
   * Lets go of the kept values not read since the last call (a check is done): their versions'
   * heights are held instead.
   */
  settle(): void {
    const { held, read, tree } = this
    for (const [full, h] of held) {
      if (read.has(full)) continue
      if (tree.get(full) !== undefined) tree.set(full, h)
      held.delete(full)
    }
    read.clear()
  }

  /** The value of a live entry: a kept value's read from the node (and held again) when let go. */
  private liveValue(full: string, v: Bytes | number): Bytes {
    if (typeof v === 'number') {
      const value = this.fetch(full, v)
      this.tree.set(full, value)
      this.held.set(full, v)
      this.read.add(full)
      return value
    }
    if (this.held.size !== 0 && this.held.has(full)) this.read.add(full)
    return v
  }

  /** What a branch over this state reads through. */
  parent(): BranchParent {
    const { tree } = this
    const height = this.at
    const read = (full: string): Bytes | undefined => {
      const v = tree.get(full)
      return v === undefined ? undefined : this.liveValue(full, v)
    }
    return {
      height,
      get: (full) => {
        try {
          return Promise.resolve(read(full))
        } catch (err) {
          return Promise.reject(err)
        }
      },
      getNow: read,
      range: (lo, hi, reverse) =>
        rangeOf(tree, lo, hi, reverse, (full, v) => this.liveValue(full, v)),
      isEmpty: (lo, hi) => {
        const first = tree.getPairOrNextHigher(lo)
        return first === undefined || (hi !== undefined && first[0] >= hi)
      },
      resolveStore: (name) => this.stores.get(name),
      liveStores: () => new Map(this.stores),
      nextStoreId: () => this.next,
    }
  }
}

const DONE: IteratorResult<never> = { value: undefined, done: true }

/**
 * The entries of [lo, hi) in key order (or reversed), taken whole when iteration starts (the worker
 * changes the copy only between checks), and handed on at once (`nextNow`): a branch over the copy
 * then makes no promise per entry.
 */
function rangeOf(
  tree: BTree<string, Bytes | number>,
  lo: string,
  hi: string | undefined,
  reverse: boolean,
  liveValue: (full: string, v: Bytes | number) => Bytes,
): AsyncIterable<readonly [string, Bytes]> {
  return { [Symbol.asyncIterator]: () => new ReplicaRange(tree, lo, hi, reverse, liveValue) }
}

class ReplicaRange implements NowIterator<readonly [string, Bytes]> {
  private entries: (readonly [string, Bytes | number])[] | undefined
  private i = 0

  constructor(
    private readonly tree: BTree<string, Bytes | number>,
    private readonly lo: string,
    private readonly hi: string | undefined,
    private readonly reverse: boolean,
    private readonly liveValue: (full: string, v: Bytes | number) => Bytes,
  ) {}

  nextNow(): IteratorResult<readonly [string, Bytes]> {
    if (!this.entries) {
      const entries: (readonly [string, Bytes | number])[] = []
      this.tree.forRange(this.lo, this.hi ?? ABOVE_EVERY_KEY, false, (k, v) => {
        entries.push([k, v])
      })
      if (this.reverse) entries.reverse()
      this.entries = entries
    }
    const { entries } = this
    if (this.i >= entries.length) return DONE
    const entry = entries[this.i++]!
    const v = entry[1]
    // A value let go is read from the node as the range reaches it (its version never changes).
    const value = this.liveValue(entry[0], v)
    return {
      value: value === v ? (entry as readonly [string, Bytes]) : [entry[0], value],
      done: false,
    }
  }

  next(): Promise<IteratorResult<readonly [string, Bytes]>> {
    try {
      return Promise.resolve(this.nextNow())
    } catch (err) {
      return Promise.reject(err)
    }
  }

  return(): Promise<IteratorResult<readonly [string, Bytes]>> {
    this.i = this.entries?.length ?? 0
    return Promise.resolve(DONE)
  }
}

/** A replica made without a way to read from the node: it was seeded with every value. */
function noFetch(full: string, h: number): never {
  throw ErrLogic.wrap(
    `the copy of the state holds no value of key ${JSON.stringify(full)} (height ${h})`,
  )
}
