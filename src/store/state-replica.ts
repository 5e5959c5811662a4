import type { Bytes } from '../codec/bytes.js'
import type { BranchParent } from './branch.js'
import { BTree } from './btree.js'
import type { NowIterator } from './map-async.js'

/** Above every full key: keys are latin1 strings, whose characters are below U+0100. */
const ABOVE_EVERY_KEY = '\u0100'

/** The whole live state of a node's working height: what a replica starts from. */
export interface ReplicaSeed {
  /** Every live full key (store id ‖ key, latin1) with its value. */
  entries: [full: string, value: Bytes][]
  /** The live stores by name. */
  stores: [name: string, id: number][]
  nextStoreId: number
}

/** What one applied height changed: its writes (null: deleted) and its store registry changes. */
export interface ReplicaChanges {
  writes: [full: string, value: Bytes | null][]
  /** Stores registered (an id) or deleted (null) at the height. */
  stores: [name: string, id: number | null][]
  nextStoreId: number
}

/**
 * A copy of a node's working state at its newest applied height, kept on another thread by the
 * writes each height applies: the live values in key order and the live stores. Branches read
 * through it as they read through the versioned store (`parent`), so a module's code runs on it
 * unchanged. It keeps no history: it is only ever read at its own height.
 */
export class StateReplica {
  private readonly tree = new BTree<string, Bytes>()
  private readonly stores = new Map<string, number>()
  private next = 0
  private at = -1

  constructor(seed: ReplicaSeed, height: number) {
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
    }
    for (const [name, id] of changes.stores) {
      if (id === null) this.stores.delete(name)
      else this.stores.set(name, id)
    }
    this.next = changes.nextStoreId
    this.at = height
  }

  /** What a branch over this state reads through. */
  parent(): BranchParent {
    const { tree } = this
    const height = this.at
    return {
      height,
      get: (full) => Promise.resolve(tree.get(full)),
      getNow: (full) => tree.get(full),
      range: (lo, hi, reverse) => rangeOf(tree, lo, hi, reverse),
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
  tree: BTree<string, Bytes>,
  lo: string,
  hi: string | undefined,
  reverse: boolean,
): AsyncIterable<readonly [string, Bytes]> {
  return { [Symbol.asyncIterator]: () => new ReplicaRange(tree, lo, hi, reverse) }
}

class ReplicaRange implements NowIterator<readonly [string, Bytes]> {
  private entries: (readonly [string, Bytes])[] | undefined
  private i = 0

  constructor(
    private readonly tree: BTree<string, Bytes>,
    private readonly lo: string,
    private readonly hi: string | undefined,
    private readonly reverse: boolean,
  ) {}

  nextNow(): IteratorResult<readonly [string, Bytes]> {
    if (!this.entries) {
      const entries: (readonly [string, Bytes])[] = []
      this.tree.forRange(this.lo, this.hi ?? ABOVE_EVERY_KEY, false, (k, v) => {
        entries.push([k, v])
      })
      if (this.reverse) entries.reverse()
      this.entries = entries
    }
    const { entries } = this
    return this.i < entries.length ? { value: entries[this.i++]!, done: false } : DONE
  }

  next(): Promise<IteratorResult<readonly [string, Bytes]>> {
    return Promise.resolve(this.nextNow())
  }

  return(): Promise<IteratorResult<readonly [string, Bytes]>> {
    this.i = this.entries?.length ?? 0
    return Promise.resolve(DONE)
  }
}
