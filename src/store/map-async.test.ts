import { describe, expect, test } from 'vitest'
import { mapAsync } from './map-async.js'

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
})
