import { describe, expect, test } from 'vitest'
import { ResponseCache } from './response-cache.js'

describe('ResponseCache', () => {
  test('behavior: concurrent misses of one key run one computation', async () => {
    const cache = new ResponseCache<string>()
    let runs = 0
    // The computation finishes only when the test says so: every call below provably arrives
    // while it is still running.
    let finish!: () => void
    const computing = new Promise<void>((r) => {
      finish = r
    })
    const compute = async () => {
      runs++
      await computing
      return 'answer'
    }
    let settled = 0
    const waiting = Array.from({ length: 20 }, () =>
      cache.getOrCompute('h5 /x', compute).finally(() => settled++),
    )
    // One more from a later turn, still during the computation.
    await Promise.resolve()
    waiting.push(cache.getOrCompute('h5 /x', compute).finally(() => settled++))
    expect(runs).toBe(1)
    expect(settled).toBe(0)
    expect(cache.get('h5 /x')).toBeUndefined()
    finish()
    expect(await Promise.all(waiting)).toEqual(Array(21).fill('answer'))
    expect(runs).toBe(1)
    expect(cache.get('h5 /x')).toBe('answer')
    expect(await cache.getOrCompute('h5 /x', compute)).toBe('answer')
    expect(runs).toBe(1)
    await cache.getOrCompute('h6 /x', compute)
    expect(runs).toBe(2)
  })

  test('error: a failed computation is shared by its waiters but not kept', async () => {
    const cache = new ResponseCache<string>()
    let runs = 0
    let fail!: () => void
    const failing = async () => {
      runs++
      await new Promise<void>((r) => {
        fail = r
      })
      throw new Error('nope')
    }
    const both = Promise.allSettled([
      cache.getOrCompute('k', failing),
      cache.getOrCompute('k', failing),
    ])
    expect(runs).toBe(1)
    fail()
    const results = await both
    expect(results).toEqual([
      { status: 'rejected', reason: new Error('nope') },
      { status: 'rejected', reason: new Error('nope') },
    ])
    expect(runs).toBe(1)
    expect(cache.get('k')).toBeUndefined()
    expect(await cache.getOrCompute('k', async () => 'later')).toBe('later')
  })

  test('behavior: bounded by entries and bytes, oldest first', () => {
    const byCount = new ResponseCache<string>(3, 1_000_000)
    for (const k of ['a', 'b', 'c', 'd']) byCount.set(k, k)
    expect([byCount.get('a'), byCount.get('b'), byCount.get('d')]).toEqual([undefined, 'b', 'd'])
    expect(byCount.size).toBe(3)
    const byBytes = new ResponseCache<string>(100, 1600)
    // 20 entries of 100 bytes (key + value) in a 1600-byte budget: the 4 oldest go.
    for (let i = 10; i < 30; i++) byBytes.set(`k${i}`, 'v'.repeat(97))
    expect(byBytes.size).toBe(16)
    expect(byBytes.get('k13')).toBeUndefined()
    expect(byBytes.get('k14')).toBe('v'.repeat(97))
    // One answer larger than a sixteenth of the budget is not kept at all.
    byBytes.set('big', 'x'.repeat(200))
    expect(byBytes.get('big')).toBeUndefined()
  })
})
