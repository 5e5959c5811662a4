import { type Bytes, bytesToLatin1, latin1ToBytes } from '../codec/bytes.js'
import { fullRange, storeIdPrefix } from './keys.js'
import type { KVEntry, KVRange, KVReader, StateReader } from './types.js'

/** What a height view reads through: the versioned store's full-key reads at a retained height. */
export interface HeightSource {
  /** Store id of `name` at `height`, if the store was live then. */
  resolveId(name: string, height: number): number | undefined
  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number>
  /** Value of a full key at `height`. */
  read(full: string, height: number): Promise<Bytes | undefined>
  /** Entries of the full-key range [lo, hi) at `height`. */
  readRange(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
    height: number,
  ): AsyncIterable<readonly [string, Bytes]>
}

/** Read-only view at one height. */
export class HeightView implements StateReader {
  constructor(
    private readonly source: HeightSource,
    readonly height: number,
  ) {}

  hasStore(name: string): boolean {
    return this.source.resolveId(name, this.height) !== undefined
  }

  storeNames(): string[] {
    return [...this.source.liveStores(this.height).keys()].sort()
  }

  store(name: string): KVReader {
    const id = this.source.resolveId(name, this.height)
    return id === undefined
      ? EMPTY_READER
      : new StoreReader(this.source, storeIdPrefix(id), this.height)
  }
}

/** Reads of one store (by id) at one height. */
class StoreReader implements KVReader {
  constructor(
    private readonly source: HeightSource,
    private readonly prefix: string,
    private readonly height: number,
  ) {}

  get(key: Bytes): Promise<Bytes | undefined> {
    return this.source.read(this.prefix + bytesToLatin1(key), this.height)
  }

  async has(key: Bytes): Promise<boolean> {
    return (await this.get(key)) !== undefined
  }

  async *iterate(range: KVRange = {}): AsyncIterable<KVEntry> {
    const { lo, hi } = fullRange(this.prefix, range)
    for await (const [k, v] of this.source.readRange(lo, hi, range.reverse ?? false, this.height)) {
      yield [latin1ToBytes(k.slice(4)), v]
    }
  }
}

/** Reader of a store that does not exist at that height. */
export const EMPTY_READER: KVReader = {
  get: async () => undefined,
  has: async () => false,
  async *iterate() {},
}
