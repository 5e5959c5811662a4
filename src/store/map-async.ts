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

class MappedIterator<T, U> implements AsyncIterator<U> {
  private inner: AsyncIterator<T> | undefined

  constructor(
    private readonly open: () => AsyncIterable<T>,
    private readonly fn: (entry: T) => U,
  ) {}

  private readonly step = (r: IteratorResult<T>): IteratorResult<U> =>
    r.done ? { value: undefined, done: true } : { value: this.fn(r.value), done: false }

  next(): Promise<IteratorResult<U>> {
    try {
      this.inner ??= this.open()[Symbol.asyncIterator]()
      return this.inner.next().then(this.step)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  async return(): Promise<IteratorResult<U>> {
    await this.inner?.return?.()
    return { value: undefined, done: true }
  }
}
