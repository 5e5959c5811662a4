import { describe, expect, test } from 'vitest'
import { scratchState } from './scratch.js'
import type { KVEntry, KVRange, KVReader } from './types.js'

/** A read-only store over fixed entries (what a committed height looks like to a query). */
function reader(entries: [number, string][]): KVReader {
  const all = entries.map(([k, v]): KVEntry => [Uint8Array.of(k), new TextEncoder().encode(v)])
  return {
    get: async (key) => all.find(([k]) => k[0] === key[0])?.[1],
    has: async (key) => all.some(([k]) => k[0] === key[0]),
    async *iterate(range: KVRange = {}) {
      const lo = range.gte?.[0] ?? 0
      const hi = range.lt?.[0] ?? 256
      const list = all.filter(([k]) => k[0]! >= lo && k[0]! < hi)
      yield* range.reverse ? list.reverse() : list
    },
  }
}

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined)

describe('scratchState (a throw-away view that computes by writing)', () => {
  test('reads its own writes and deletes first; iterates the merge in key order, both ways; the base never changes', async () => {
    const base = reader([
      [1, 'a'],
      [3, 'c'],
      [5, 'e'],
    ])
    const s = scratchState({ store: () => base }).store('x')
    s.set(Uint8Array.of(2), new TextEncoder().encode('B'))
    s.set(Uint8Array.of(3), new TextEncoder().encode('C'))
    s.delete(Uint8Array.of(5))
    expect(text(await s.get(Uint8Array.of(3)))).toBe('C')
    expect(await s.get(Uint8Array.of(5))).toBeUndefined()
    expect(await s.has(Uint8Array.of(2))).toBe(true)
    const forward: string[] = []
    for await (const [k, v] of s.iterate()) forward.push(`${k[0]}${text(v)}`)
    expect(forward).toEqual(['1a', '2B', '3C'])
    const backward: string[] = []
    for await (const [k, v] of s.iterate({ reverse: true, gte: Uint8Array.of(2) })) {
      backward.push(`${k[0]}${text(v)}`)
    }
    expect(backward).toEqual(['3C', '2B'])
    expect(text(await base.get(Uint8Array.of(3)))).toBe('c')
    expect(text(await base.get(Uint8Array.of(5)))).toBe('e')
  })
})
