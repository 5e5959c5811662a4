import { expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import { ReadSpan } from './read-span.js'
import type { VersionedStore } from './versioned-store.js'
import {
  type BackendFactory,
  b,
  collect,
  commitNext,
  genesis,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** Keys (some byte prefixes of others) and how often each changes: every height to almost never. */
const KEYS: [key: string, changes: number][] = [
  ['j', 0.9],
  ['k', 0.2],
  ['k\u0000', 0.05],
  ['k\u0001', 0.02],
  ['l', 0.1],
  ['m', 0.01],
]
const HEIGHTS = 160

/**
 * Commits HEIGHTS heights where each key is set or deleted (two in five changes) at its own rate;
 * the expected contents per height. Deletions older than the store keeps in memory leave it.
 */
async function spanHistory(vs: VersionedStore): Promise<Map<number, Map<string, string>>> {
  const next = seededRandom(11)
  const live = new Map<string, string>()
  const expected = new Map<number, Map<string, string>>()
  for (let h = 1; h <= HEIGHTS; h++) {
    const br = vs.branch()
    for (const [key, changes] of KEYS) {
      if (next() >= changes) continue
      if (next() < 0.4) {
        br.store('bank').delete(b(key))
        live.delete(key)
      } else {
        br.store('bank').set(b(key), b(`${key.length}@${h}`))
        live.set(key, `${key.length}@${h}`)
      }
    }
    await commitNext(vs, br)
    expected.set(h, new Map(live))
  }
  return expected
}

/** Lets the version lists a read started loading finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1))

/**
 * Reads every key and three ranges at every height with a span, twice (the second time through the
 * version lists the first started), and checks that what was read is what every height of the span
 * holds. Returns the failures (empty: none) and how many spans held more than their height.
 */
async function checkSpans(
  vs: VersionedStore,
  expected: Map<number, Map<string, string>>,
): Promise<{ failures: string[]; wide: number }> {
  const failures: string[] = []
  let wide = 0
  const latest = vs.latestHeight
  const lines = (h: number, keep: (k: string) => boolean, reverse: boolean) => {
    const out = [...expected.get(h)!]
      .filter(([k]) => keep(k))
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
    return (reverse ? out.reverse() : out).join(',')
  }
  const check = (what: string, span: ReadSpan, got: unknown, at: (h: number) => unknown) => {
    const h = span.height
    if (!(span.lo <= h && h <= span.hi && span.hi <= latest)) {
      failures.push(`${what} at ${h}: span [${span.lo}, ${span.hi}] (latest ${latest})`)
    }
    if (got !== at(h)) failures.push(`${what} at ${h}: read ${got}, expected ${at(h)}`)
    for (let other = Math.max(span.lo, 1); other <= Math.min(span.hi, latest); other++) {
      if (at(other) !== got) {
        failures.push(`${what} at ${h}: span [${span.lo}, ${span.hi}] but ${at(other)} at ${other}`)
        break
      }
    }
    if (span.wide) wide++
  }
  for (let pass = 0; pass < 2; pass++) {
    for (let h = 1; h <= latest; h++) {
      for (const [key] of KEYS) {
        const span = new ReadSpan(h)
        const got = s(await vs.view(h, span).store('bank').get(b(key)))
        check(`get ${JSON.stringify(key)}`, span, got, (at) => expected.get(at)!.get(key))
      }
      const ranges = [
        { name: 'all', range: {}, keep: () => true },
        { name: 'all reversed', range: { reverse: true }, keep: () => true },
        { name: 'prefix k', range: { prefix: b('k') }, keep: (k: string) => k.startsWith('k') },
      ]
      for (const { name, range, keep } of ranges) {
        const span = new ReadSpan(h)
        const got = (await collect(vs.view(h, span).store('bank').iterate(range))).join(',')
        check(name, span, got, (at) => lines(at, keep, 'reverse' in range))
      }
      await settle()
    }
  }
  return { failures, wide }
}

/** The suite's span cases (inside the `describe` of `describeVersionedStore`). */
export function describeSpans(makeFactory: () => BackendFactory): void {
  const { useNewFactory, openStore, reopen, setup } = storeSuite(makeFactory)

  test('behavior: what a read at a past height saw holds at every height of the span it narrows, before and after a reopen', async () => {
    useNewFactory()
    const vs = await openStore()
    await genesis(vs)
    const expected = await spanHistory(vs)
    const before = await checkSpans(vs, expected)
    expect(before.failures).toEqual([])
    // Spans are not all pinned to their height (the answers they let a cache keep).
    expect(before.wide).toBeGreaterThan(HEIGHTS)
    const again = await reopen(vs)
    const after = await checkSpans(again, expected)
    expect(after.failures).toEqual([])
    expect(after.wide).toBeGreaterThan(HEIGHTS)
  })

  test('behavior: a store added at a height narrows the spans of reads of it to either side; the view height pins', async () => {
    const vs = await setup()
    for (let h = 1; h <= 6; h++) {
      const br = vs.branch()
      br.store('bank').set(b('x'), b(String(h)))
      if (h === 4) {
        await br.upgradeStores({ added: ['mint'] })
        br.store('mint').set(b('y'), b('a'))
      }
      await commitNext(vs, br)
    }
    const before = new ReadSpan(2)
    expect(s(await vs.view(2, before).store('mint').get(b('y')))).toBeUndefined()
    expect([before.lo <= 2, before.hi]).toEqual([true, 3])
    const after = new ReadSpan(5)
    expect(s(await vs.view(5, after).store('mint').get(b('y')))).toBe('a')
    expect([after.lo, after.hi]).toEqual([4, 6])
    const pinned = new ReadSpan(5)
    const view = vs.view(5, pinned)
    await view.store('mint').get(b('y'))
    expect(view.height).toBe(5)
    expect([pinned.lo, pinned.hi]).toEqual([5, 5])
  })
}
