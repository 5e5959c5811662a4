import type { KVRange, KVStore, StateBranch } from '../../src/store/types.js'

// A branch whose reads all come through promises, as from the disk: for tests that compare a
// step run over memory (at once, without a promise) with the same step over promises.

/** `iterable` whose entries come only through promises (no `nextNow`). */
function entriesLater<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const it = iterable[Symbol.asyncIterator]()
      return {
        next: () => it.next(),
        return: async () => (await it.return?.()) ?? { value: undefined, done: true },
      }
    },
  }
}

/** `branch` without its reads at once: every read and range step is a promise. */
export function promisesOnly(branch: StateBranch): StateBranch {
  const hide = (store: KVStore): KVStore =>
    new Proxy(store, {
      get: (target, p) => {
        if (p === 'getNow' || p === 'hasNow' || p === 'isEmpty') return undefined
        if (p === 'iterate') return (range?: KVRange) => entriesLater(target.iterate(range))
        const v = Reflect.get(target, p, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
  return new Proxy(branch, {
    get: (target, p) => {
      if (p === 'store') return (name: string) => hide(target.store(name))
      const v = Reflect.get(target, p, target)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}
