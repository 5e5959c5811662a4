import { type Bytes, latin1ToBytes } from '../codec/bytes.js'
import { fullKeyOf, fullRange, storeIdPrefix } from './keys.js'
import { type NowIterator, settledResult } from './map-async.js'
import type { ReadSpan } from './read-span.js'
import type { KVEntry, KVRange, KVReader, StateReader, ValueNow } from './types.js'
import { hasKey } from './value-now.js'

/** One batch of a range read: entries (full key, value) in range order, and where the next starts. */
export interface RangeBatch {
  readonly entries: readonly (readonly [string, Bytes])[]
  /** The full key the next batch starts after (undefined: the range is done). */
  readonly next: string | undefined
}

/** What a height view reads through: the versioned store's full-key reads at a retained height. */
export interface HeightSource {
  /** Store id of `name` at `height`, if the store was live then (`span` narrowed to its heights). */
  resolveId(name: string, height: number, span?: ReadSpan): number | undefined
  /** Live stores (name → id) at `height`. */
  liveStores(height: number): Map<string, number>
  /** Value of a full key at `height` (`span` narrowed to the heights it held). */
  read(full: string, height: number, span?: ReadSpan): Promise<Bytes | undefined>
  /** `read`, handed back at once when the value is in memory (see KVReader.getNow). */
  readNow(full: string, height: number, span?: ReadSpan): ValueNow
  /**
   * A batch of the full-key range [lo, hi) at `height`, after the key `after`: at once when every
   * value is in memory, a promise when some must be read from the database (`span` narrowed to
   * the heights the batch's entries held).
   */
  readBatch(
    lo: string,
    hi: string | undefined,
    reverse: boolean,
    height: number,
    after?: string,
    span?: ReadSpan,
  ): RangeBatch | Promise<RangeBatch>
}

/**
 * Read-only view at one height. With a span, every read narrows it (see ReadSpan); reading the
 * view's height or its list of stores pins it.
 */
export class HeightView implements StateReader {
  constructor(
    private readonly source: HeightSource,
    private readonly h: number,
    private readonly span?: ReadSpan,
  ) {}

  get height(): number {
    this.span?.pin()
    return this.h
  }

  hasStore(name: string): boolean {
    return this.source.resolveId(name, this.h, this.span) !== undefined
  }

  storeNames(): string[] {
    this.span?.pin()
    return [...this.source.liveStores(this.h).keys()].sort()
  }

  store(name: string): KVReader {
    const id = this.source.resolveId(name, this.h, this.span)
    return id === undefined
      ? EMPTY_READER
      : new StoreReader(this.source, storeIdPrefix(id), this.h, this.span)
  }
}

/** Reads of one store (by id) at one height. */
class StoreReader implements KVReader {
  constructor(
    private readonly source: HeightSource,
    private readonly prefix: string,
    private readonly height: number,
    private readonly span: ReadSpan | undefined,
  ) {}

  get(key: Bytes): Promise<Bytes | undefined> {
    return this.source.read(fullKeyOf(this.prefix, key), this.height, this.span)
  }

  getNow(key: Bytes): ValueNow {
    return this.source.readNow(fullKeyOf(this.prefix, key), this.height, this.span)
  }

  has(key: Bytes): Promise<boolean> {
    return hasKey(this, key)
  }

  iterate(range: KVRange = {}): AsyncIterable<KVEntry> {
    const { source, height, span } = this
    const { lo, hi } = fullRange(this.prefix, range)
    const reverse = range.reverse ?? false
    return {
      [Symbol.asyncIterator]: () =>
        new BatchedRange(source, lo, hi, reverse, height, span, storeEntry),
    }
  }
}

const DONE_RESULT: IteratorResult<never> = { value: undefined, done: true }
const DONE: Promise<IteratorResult<never>> = Promise.resolve(DONE_RESULT)

/** A store's entry of a full-key entry (the store id's four bytes dropped). */
function storeEntry([k, v]: readonly [string, Bytes]): KVEntry {
  return [latin1ToBytes(k.slice(4)), v]
}

/**
 * Entries of a full-key range at a height, batch by batch, each mapped by `map`. A batch whose
 * values are all in memory costs no asynchronous step beyond the one each `next()` promises (an
 * async generator chain costs several per entry); the height's readability is checked after every
 * batch, before any of it is seen. One iteration: it is its own iterable, as a generator is.
 */
export class BatchedRange<T> implements NowIterator<T>, AsyncIterable<T> {
  private batch: RangeBatch['entries'] = []
  private i = 0
  private started = false
  private after: string | undefined

  constructor(
    private readonly source: HeightSource,
    private readonly lo: string,
    private readonly hi: string | undefined,
    private readonly reverse: boolean,
    private readonly height: number,
    private readonly span: ReadSpan | undefined,
    private readonly map: (entry: readonly [string, Bytes]) => T,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this
  }

  next(): Promise<IteratorResult<T>> {
    try {
      return settledResult(this.nextNow())
    } catch (err) {
      return Promise.reject(err)
    }
  }

  nextNow(): IteratorResult<T> | Promise<IteratorResult<T>> {
    for (;;) {
      if (this.i < this.batch.length) {
        return { value: this.map(this.batch[this.i++]!), done: false }
      }
      if (this.started && this.after === undefined) return DONE_RESULT
      this.started = true
      const read = this.source.readBatch(
        this.lo,
        this.hi,
        this.reverse,
        this.height,
        this.after,
        this.span,
      )
      if (read instanceof Promise) {
        return read.then((b) => {
          this.take(b)
          return this.next()
        })
      }
      this.take(read)
    }
  }

  /** Ends the iteration (a loop that breaks): later calls of `next` are done. */
  return(): Promise<IteratorResult<T>> {
    this.batch = []
    this.started = true
    this.after = undefined
    return DONE
  }

  private take(b: RangeBatch): void {
    this.batch = b.entries
    this.i = 0
    this.after = b.next
  }
}

/** Reader of a store that does not exist at that height. */
export const EMPTY_READER: KVReader = {
  get: async () => undefined,
  has: async () => false,
  async *iterate() {},
}
