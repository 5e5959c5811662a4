import { describe, expect, test } from 'vitest'
import { collectNow, mapAsync, type NowIterator, nextNow } from './map-async.js'

/** An async iterable of `items` recording what happened to it. */
function source(items: number[], log: string[]): AsyncIterable<number> {
  return {
    [Symbol.asyncIterator]() {
      log.push('opened')
      let i = 0
      return {
        next: async () =>
          i < items.length ? { value: items[i++]!, done: false } : { value: undefined, done: true },
        return: async () => {
          log.push('returned')
          return { value: undefined, done: true }
        },
      }
    },
  }
}

describe('mapAsync', () => {
  test('behavior: maps every entry in order, opening the source only when iteration starts', async () => {
    const log: string[] = []
    const mapped = mapAsync(
      () => source([1, 2, 3], log),
      (n) => n * 10,
    )
    expect(log).toEqual([])
    const out: number[] = []
    for await (const v of mapped) out.push(v)
    expect(out).toEqual([10, 20, 30])
    expect(log).toEqual(['opened'])
    // Each iteration opens the source again.
    const again: number[] = []
    for await (const v of mapped) again.push(v)
    expect(again).toEqual([10, 20, 30])
  })

  test('behavior: stopping early stops the source', async () => {
    const log: string[] = []
    for await (const v of mapAsync(() => source([1, 2, 3], log), String)) {
      if (v === '2') break
    }
    expect(log).toEqual(['opened', 'returned'])
  })

  test('error: a source that cannot open rejects the first step', async () => {
    const failing = mapAsync<number, number>(
      () => {
        throw new Error('no range')
      },
      (n) => n,
    )
    await expect(failing[Symbol.asyncIterator]().next()).rejects.toThrow('no range')
  })

  test('behavior: over a source that has its entries at once, each step is at once too, and next() settles with the same entries', async () => {
    /** A source whose entries are in memory: `nextNow` hands them over without a promise. */
    const inMemory = (items: number[], fail?: number): AsyncIterable<number> => ({
      [Symbol.asyncIterator]() {
        let i = 0
        const it: NowIterator<number> = {
          nextNow: () => {
            if (i === fail) throw new Error(`entry ${fail} cannot be read`)
            return i < items.length
              ? { value: items[i++]!, done: false }
              : { value: undefined, done: true }
          },
          next: () => Promise.resolve(it.nextNow() as IteratorResult<number>),
        }
        return it
      },
    })
    const steps = mapAsync(
      () => inMemory([1, 2]),
      (n) => n * 10,
    )[Symbol.asyncIterator]()
    expect(nextNow(steps)).toEqual({ value: 10, done: false })
    expect(nextNow(steps)).toEqual({ value: 20, done: false })
    expect(nextNow(steps)).toEqual({ value: undefined, done: true })
    const out: number[] = []
    for await (const v of mapAsync(
      () => inMemory([1, 2, 3]),
      (n) => n + 1,
    ))
      out.push(v)
    expect(out).toEqual([2, 3, 4])
    // A source read through promises only: its steps stay promises, with the same entries.
    const viaPromises = mapAsync(
      () => source([1, 2], []),
      (n) => n * 10,
    )[Symbol.asyncIterator]()
    const first = nextNow(viaPromises)
    expect(first).toBeInstanceOf(Promise)
    expect(await first).toEqual({ value: 10, done: false })
    // A failure at once is a rejected step to a `for await` loop.
    const failing = mapAsync(
      () => inMemory([1, 2, 3], 1),
      (n) => n,
    )
    const seen: number[] = []
    await expect(
      (async () => {
        for await (const v of failing) seen.push(v)
      })(),
    ).rejects.toThrow('entry 1 cannot be read')
    expect(seen).toEqual([1])
  })
})

describe('collectNow', () => {
  /** A source whose entries are in memory (`nextNow`), recording what happened to it. */
  const inMemory = (items: number[], log: string[]): AsyncIterable<number> => ({
    [Symbol.asyncIterator]() {
      log.push('opened')
      let i = 0
      const it: NowIterator<number> = {
        nextNow: () => {
          log.push(`step ${i}`)
          return i < items.length
            ? { value: items[i++]!, done: false }
            : { value: undefined, done: true }
        },
        next: () => Promise.resolve(it.nextNow() as IteratorResult<number>),
        return: async () => {
          log.push('returned')
          return { value: undefined, done: true }
        },
      }
      return it
    },
  })

  test('behavior: entries in memory are collected at once, entries read through promises in one promise', async () => {
    const log: string[] = []
    expect(collectNow(inMemory([1, 2, 3], log), (n) => n * 10)).toEqual([10, 20, 30])
    expect(log).toEqual(['opened', 'step 0', 'step 1', 'step 2', 'step 3'])
    const later = collectNow(source([1, 2, 3], []), (n) => n * 10)
    expect(later).toBeInstanceOf(Promise)
    expect(await later).toEqual([10, 20, 30])
    expect(collectNow(inMemory([], []), (n) => n)).toEqual([])
  })

  test('behavior: a limit stops the iteration as a loop’s break does; a limit of 0 never opens it', async () => {
    const log: string[] = []
    expect(collectNow(inMemory([1, 2, 3, 4], log), (n) => n, 2)).toEqual([1, 2])
    expect(log).toEqual(['opened', 'step 0', 'step 1', 'returned'])
    const viaPromises: string[] = []
    expect(await collectNow(source([1, 2, 3], viaPromises), (n) => n, 1)).toEqual([1])
    expect(viaPromises).toEqual(['opened', 'returned'])
    const never: string[] = []
    expect(collectNow(inMemory([1], never), (n) => n, 0)).toEqual([])
    expect(never).toEqual([])
  })

  test('behavior: a throw in the mapping ends the iteration and reaches the caller (at once, or as a rejection)', async () => {
    const log: string[] = []
    const boom = (n: number) => {
      if (n === 2) throw new Error('entry 2 refused')
      return n
    }
    expect(() => collectNow(inMemory([1, 2, 3], log), boom)).toThrow('entry 2 refused')
    expect(log).toEqual(['opened', 'step 0', 'step 1', 'returned'])
    const viaPromises: string[] = []
    await expect(collectNow(source([1, 2, 3], viaPromises), boom)).rejects.toThrow(
      'entry 2 refused',
    )
    expect(viaPromises).toEqual(['opened', 'returned'])
  })
})
