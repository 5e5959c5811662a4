/**
 * The entries of the iterable `open()` returns (called when iteration starts), each mapped by `fn`:
 * one promise step per entry, where an async generator wrapping another costs several. Stopping
 * early stops the inner iteration too.
 */
export function mapAsync<T, U>(
  open: () => AsyncIterable<T>,
  fn: (entry: T) => U,
): AsyncIterable<U> {
  return {
    [Symbol.asyncIterator]() {
      let inner: AsyncIterator<T> | undefined
      const step = (r: IteratorResult<T>): IteratorResult<U> =>
        r.done ? { value: undefined, done: true } : { value: fn(r.value), done: false }
      return {
        next() {
          try {
            inner ??= open()[Symbol.asyncIterator]()
            return inner.next().then(step)
          } catch (err) {
            return Promise.reject(err)
          }
        },
        async return() {
          await inner?.return?.()
          return { value: undefined, done: true }
        },
      }
    },
  }
}
