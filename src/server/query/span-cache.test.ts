import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../../test/helpers/seeded-random.js'
import { QUERY_CACHE_ENTRIES, ResponseCache } from './response-cache.js'
import { SpanCache } from './span-cache.js'

describe('SpanCache', () => {
  test('behavior: an answer is found at every height of its span and at no other', () => {
    const cache = new SpanCache<string>()
    cache.set('/x', 10, 19, 'ten', cache.current())
    cache.set('/x', 30, 30, 'thirty', cache.current())
    cache.set('/x', 20, 25, 'twenty', cache.current())
    cache.set('/y', 0, 100, 'y', cache.current())
    const at = (h: number) => cache.get('/x', h)
    expect([9, 10, 15, 19, 20, 25, 26, 29, 30, 31].map(at)).toEqual([
      undefined,
      'ten',
      'ten',
      'ten',
      'twenty',
      'twenty',
      undefined,
      undefined,
      'thirty',
      undefined,
    ])
    expect(cache.get('/z', 15)).toBeUndefined()
    // A wider span of the same start replaces the narrower one; a narrower one is not kept.
    cache.set('/x', 10, 22, 'ten', cache.current())
    cache.set('/x', 10, 12, 'ten', cache.current())
    expect([cache.get('/x', 19), cache.size]).toEqual(['ten', 4])
  })

  test('behavior: a rollback (the generation moving) empties it, and an answer computed across one is not kept', () => {
    let rollbacks = 0
    const cache = new SpanCache<string>(() => rollbacks)
    cache.set('/x', 1, 50, 'before', cache.current())
    const computing = cache.current()
    rollbacks++
    expect(cache.get('/x', 20)).toBeUndefined()
    cache.set('/x', 1, 50, 'stale', computing)
    expect(cache.get('/x', 20)).toBeUndefined()
    cache.set('/x', 1, 50, 'after', cache.current())
    expect(cache.get('/x', 20)).toBe('after')
  })

  test('behavior: bounded by span count, the oldest going first', () => {
    const cache = new SpanCache<string>(() => 0, 3)
    for (let i = 0; i < 5; i++) cache.set(`/k${i}`, 0, 9, `v${i}`, cache.current())
    expect([0, 1, 2, 3, 4].map((i) => cache.get(`/k${i}`, 5))).toEqual([
      undefined,
      undefined,
      'v2',
      'v3',
      'v4',
    ])
    expect(cache.size).toBe(3)
  })

  test('behavior: over several requests, with spans widened in place, the oldest spans go first, as a plain list of them says', () => {
    const random = seededRandom(11)
    const max = 50
    const cache = new SpanCache<string>(() => 0, max)
    // The model: the live spans in the order they were set (a widened span counts as set anew).
    let kept: { key: string; lo: number; hi: number; value: string }[] = []
    for (let i = 0; i < 2_000; i++) {
      const key = `/k${Math.floor(random() * 5)}`
      const lo = 1 + Math.floor(random() * 200) * 10
      const hi = lo + Math.floor(random() * 5)
      const value = `v${i}`
      const same = kept.find((s) => s.key === key && s.lo === lo)
      if (same && same.hi >= hi) {
        cache.set(key, lo, hi, value, cache.current()) // narrower or equal: the wider one stays
        continue
      }
      cache.set(key, lo, hi, value, cache.current())
      kept = kept.filter((s) => s !== same)
      kept.push({ key, lo, hi, value })
      if (kept.length > max) kept.shift()
      expect(cache.size).toBe(kept.length)
    }
    for (let k = 0; k < 5; k++) {
      for (let height = 1; height <= 2_010; height++) {
        const want = kept.find((s) => s.key === `/k${k}` && s.lo <= height && height <= s.hi)
        expect([k, height, cache.get(`/k${k}`, height)]).toEqual([k, height, want?.value])
      }
    }
  })

  test('behavior: spans of one request set in any order, some evicted, answer as a plain list of the kept ones does', () => {
    const random = seededRandom(7)
    const max = 200
    const cache = new SpanCache<string>(() => 0, max)
    // The model: every span set, in insertion order; the cache keeps the last `max` of them.
    const kept: { lo: number; hi: number; value: string }[] = []
    for (let i = 0; i < 1_000; i++) {
      // Disjoint spans (as the chain gives them): width 1–3 from a distinct start.
      const lo = i * 4 + 1 + Math.floor(random() * 1_000) * 4_000
      if (kept.some((s) => s.lo === lo)) continue
      const span = { lo, hi: lo + Math.floor(random() * 3), value: `v${i}` }
      cache.set('/balance', span.lo, span.hi, span.value, cache.current())
      kept.push(span)
      if (kept.length > max) kept.shift()
    }
    expect(cache.size).toBe(max)
    for (let probe = 0; probe < 2_000; probe++) {
      const height = 1 + Math.floor(random() * 4_004_000)
      const want = kept.find((s) => s.lo <= height && height <= s.hi)?.value
      expect(cache.get('/balance', height)).toBe(want)
    }
    for (const s of kept) expect(cache.get('/balance', s.hi)).toBe(s.value)
  })

  test('behavior: by default both caches keep an answer for every height of a 20,000-block history', async () => {
    expect(QUERY_CACHE_ENTRIES).toBe(65_536)
    const spans = new SpanCache<string>()
    const answers = new ResponseCache<string>()
    for (let h = 1; h <= 20_000; h++) {
      spans.set('/balance', h, h, `{"amount":"${h}"}`, spans.current())
      await answers.getOrCompute(`r${h} /balance`, async () => `{"amount":"${h}"}`)
    }
    expect([spans.size, answers.size]).toEqual([20_000, 20_000])
    expect([spans.get('/balance', 1), answers.get('r1 /balance')]).toEqual([
      '{"amount":"1"}',
      '{"amount":"1"}',
    ])
  })
})

describe('ResponseCache across a rollback', () => {
  test('behavior: a rollback empties it, and an answer computed across one is not kept', async () => {
    let rollbacks = 0
    const cache = new ResponseCache<string>(100, 1 << 20, () => rollbacks)
    await cache.getOrCompute('r5 /x', async () => 'before')
    expect(cache.get('r5 /x')).toBe('before')
    rollbacks++
    expect(cache.get('r5 /x')).toBeUndefined()
    let finish!: () => void
    const late = cache.getOrCompute('r6 /x', async () => {
      await new Promise<void>((r) => {
        finish = r
      })
      return 'stale'
    })
    rollbacks++
    finish()
    expect(await late).toBe('stale')
    expect(cache.get('r6 /x')).toBeUndefined()
  })
})
