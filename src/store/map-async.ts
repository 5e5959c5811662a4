/**
 * The entries of the iterable `open()` returns (called when iteration starts), each mapped by `fn`:
 * one promise step per entry, where an async generator wrapping another costs several. Stopping
 * early stops the inner iteration too.
 */
export function mapAsync<T, U>(
  open: () => AsyncIterable<T>,
  fn: (entry: T) => U,
): AsyncIterable<U> {
  return new Mapped(open, fn)
}

/**
 * An async iterator that can also hand its next result at once when it has it (an entry of a
 * batch already in memory): iterators stacked on one another then make one promise per entry
 * (the outermost `next()`'s), not one per layer.
 */
export interface NowIterator<T> extends AsyncIterator<T> {
  nextNow(): IteratorResult<T> | Promise<IteratorResult<T>>
}

/** `it`'s next result: at once from an iterator that can say (`nextNow`), else `next()`'s promise. */
export function nextNow<T>(it: AsyncIterator<T>): IteratorResult<T> | Promise<IteratorResult<T>> {
  const now = (it as Partial<NowIterator<T>>).nextNow
  return now === undefined ? it.next() : now.call(it)
}

/**
 * The entries of `iterable`, mapped by `fn`, in order, at most `limit` of them: at once when each
 * entry comes at once (`nextNow`), else a promise of them all. Stopping at the limit, or at a throw
 * in `fn`, ends the iteration (as a loop's `break` does).
 */
export function collectNow<T, U>(
  iterable: AsyncIterable<T>,
  fn: (entry: T) => U,
  limit = Number.POSITIVE_INFINITY,
): U[] | Promise<U[]> {
  const out: U[] = []
  if (limit <= 0) return out
  const it = iterable[Symbol.asyncIterator]()
  const stop = (): void => {
    it.return?.().catch(() => {})
  }
  const add = (entry: T): boolean => {
    try {
      out.push(fn(entry))
    } catch (err) {
      stop()
      throw err
    }
    if (out.length < limit) return true
    stop()
    return false
  }
  const more = (): U[] | Promise<U[]> => {
    for (;;) {
      const r = nextNow(it)
      if (r instanceof Promise) return r.then(took)
      if (r.done || !add(r.value)) return out
    }
  }
  const took = (r: IteratorResult<T>): U[] | Promise<U[]> =>
    r.done || !add(r.value) ? out : more()
  return more()
}

/** A next result as a promise: the one it is, or a settled one. */
export function settledResult<T>(
  r: IteratorResult<T> | Promise<IteratorResult<T>>,
): Promise<IteratorResult<T>> {
  return r instanceof Promise ? r : Promise.resolve(r)
}

// Classes, not object literals: an object literal with a computed key (`[Symbol.asyncIterator]`)
// and closures is built afresh by every range a block reads.

class Mapped<T, U> implements AsyncIterable<U> {
  constructor(
    private readonly open: () => AsyncIterable<T>,
    private readonly fn: (entry: T) => U,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<U> {
    return new MappedIterator(this.open, this.fn)
  }
}

class MappedIterator<T, U> implements NowIterator<U> {
  private inner: AsyncIterator<T> | undefined

  constructor(
    private readonly open: () => AsyncIterable<T>,
    private readonly fn: (entry: T) => U,
  ) {}

  private readonly step = (r: IteratorResult<T>): IteratorResult<U> =>
    r.done ? { value: undefined, done: true } : { value: this.fn(r.value), done: false }

  next(): Promise<IteratorResult<U>> {
    try {
      return settledResult(this.nextNow())
    } catch (err) {
      return Promise.reject(err)
    }
  }

  nextNow(): IteratorResult<U> | Promise<IteratorResult<U>> {
    this.inner ??= this.open()[Symbol.asyncIterator]()
    const r = nextNow(this.inner)
    return r instanceof Promise ? r.then(this.step) : this.step(r)
  }

  async return(): Promise<IteratorResult<U>> {
    await this.inner?.return?.()
    return { value: undefined, done: true }
  }
}
