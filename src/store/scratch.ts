import { type Bytes, bytesToLatin1, latin1ToBytes } from '../codec/bytes.js'
import { prefixEnd } from './keys.js'
import type { KVEntry, KVRange, KVReader, KVStore, Readable, Writable } from './types.js'

/**
 * A throw-away writable view over any readable state (upstream's query context, whose writes are
 * never committed): reads see its own writes first, then the state below; nothing ever reaches the
 * state below. Keepers that compute by writing (a period increment) run on it inside queries.
 */
export function scratchState(base: Readable): Writable & Readable {
  const stores = new Map<string, ScratchStore>()
  return {
    store(name: string): KVStore {
      let s = stores.get(name)
      if (!s) {
        s = new ScratchStore(base.store(name))
        stores.set(name, s)
      }
      return s
    },
  }
}

class ScratchStore implements KVStore {
  private readonly writes = new Map<string, Bytes | null>()

  constructor(private readonly base: KVReader) {}

  async get(key: Bytes): Promise<Bytes | undefined> {
    const k = bytesToLatin1(key)
    if (this.writes.has(k)) return this.writes.get(k) ?? undefined
    return this.base.get(key)
  }

  async has(key: Bytes): Promise<boolean> {
    return (await this.get(key)) !== undefined
  }

  set(key: Bytes, value: Bytes): void {
    this.writes.set(bytesToLatin1(key), value)
  }

  delete(key: Bytes): void {
    this.writes.set(bytesToLatin1(key), null)
  }

  /** The state's entries merged with this view's writes, in key order. */
  async *iterate(range: KVRange = {}): AsyncIterable<KVEntry> {
    const lo = bytesToLatin1(range.gte ?? range.prefix ?? new Uint8Array(0))
    const end = range.lt ?? (range.prefix ? prefixEnd(range.prefix) : undefined)
    const hi = end ? bytesToLatin1(end) : undefined
    const reverse = range.reverse ?? false
    const mine = [...this.writes.entries()]
      .filter(([k]) => k >= lo && (hi === undefined || k < hi))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    if (reverse) mine.reverse()
    const before = (a: string, b: string) => (reverse ? a > b : a < b)
    let i = 0
    for await (const [key, value] of this.base.iterate(range)) {
      const k = bytesToLatin1(key)
      while (i < mine.length && before(mine[i]![0], k)) {
        const [mk, mv] = mine[i++]!
        if (mv) yield [latin1ToBytes(mk), mv]
      }
      if (i < mine.length && mine[i]![0] === k) {
        const mv = mine[i++]![1]
        if (mv) yield [key, mv]
        continue
      }
      yield [key, value]
    }
    for (; i < mine.length; i++) {
      const [mk, mv] = mine[i]!
      if (mv) yield [latin1ToBytes(mk), mv]
    }
  }
}
