import { expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import { type Bytes, fromUtf8, toHex } from '../codec/bytes.js'
import type { StoreBackend } from './backend.js'
import {
  FAMILY_DELETED,
  FAMILY_LATEST,
  META_DELETION_PREFIX,
  META_LAYOUT,
  prefixEnd,
} from './keys.js'
import type { VersionedStore } from './versioned-store.js'
import {
  type BackendFactory,
  b,
  collect,
  commitNext,
  drive,
  dump,
  genesis,
  history,
  rollBack,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** Keys that are byte prefixes of each other: their versions sort among one another's. */
const KEYS = ['j', 'k', 'k\u0000', 'k\u0000\u0000', 'k\u0000\u0001', 'k\u0001', 'l']
const HEIGHTS = 150

/** Commits HEIGHTS heights of random sets and deletes of KEYS; the expected contents per height. */
async function randomHistory(vs: VersionedStore): Promise<Map<number, Map<string, string>>> {
  const next = seededRandom(7)
  const live = new Map<string, string>()
  const expected = new Map<number, Map<string, string>>()
  for (let h = 1; h <= HEIGHTS; h++) {
    const br = vs.branch()
    for (const key of KEYS) {
      const r = next()
      if (r < 0.25) {
        br.store('bank').set(b(key), b(`${key.length}@${h}`))
        live.set(key, `${key.length}@${h}`)
      } else if (r < 0.4) {
        br.store('bank').delete(b(key))
        live.delete(key)
      }
    }
    await commitNext(vs, br)
    expected.set(h, new Map(live))
  }
  return expected
}

/** Checks point reads and ranges (whole, a prefix, reversed) at every height against `expected`. */
async function expectHistory(
  vs: VersionedStore,
  expected: Map<number, Map<string, string>>,
): Promise<void> {
  for (const [h, live] of expected) {
    const store = vs.view(h).store('bank')
    for (const key of KEYS)
      expect([h, key, s(await store.get(b(key)))]).toEqual([h, key, live.get(key)])
    const lines = [...live].sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, v]) => `${k}=${v}`)
    expect([h, await collect(store.iterate())]).toEqual([h, lines])
    expect([h, await collect(store.iterate({ reverse: true }))]).toEqual([h, [...lines].reverse()])
    const underK = lines.filter((line) => line.startsWith('k'))
    expect([h, await collect(store.iterate({ prefix: b('k') }))]).toEqual([h, underK])
  }
}

/** The entries of the families an open reads instead of the history (keys.ts), as hex lines. */
async function derivedFamilies(backend: StoreBackend): Promise<string[]> {
  const out: string[] = []
  const add = async (gte: Bytes, lt: Bytes) => {
    for await (const [k, v] of backend.entries({ gte, lt })) out.push(`${toHex(k)}=${toHex(v)}`)
  }
  await add(Uint8Array.of(FAMILY_LATEST), Uint8Array.of(FAMILY_DELETED + 1))
  await add(META_DELETION_PREFIX, prefixEnd(META_DELETION_PREFIX)!)
  await add(META_LAYOUT, Uint8Array.of(...META_LAYOUT, 0))
  return out
}

/** The suite's deep-history cases (inside the `describe` of `describeVersionedStore`). */
export function describeHistory(makeFactory: () => BackendFactory): void {
  const { newFactory, useNewFactory, openStore, reopen } = storeSuite(makeFactory)

  test('behavior: keys that are byte prefixes of one another read right at every past height, before and after a reopen', async () => {
    useNewFactory()
    const vs = await openStore()
    await genesis(vs)
    const expected = await randomHistory(vs)
    await expectHistory(vs, expected)
    const again = await reopen(vs)
    await expectHistory(again, expected)
  })

  test('behavior: a store written before the latest-version and deletion families opens as it was; a migration cut short is redone to the same bytes', async () => {
    const f = newFactory()
    const vs = await openStore(undefined, f)
    await genesis(vs)
    await randomHistory(vs)
    await drive(vs, history)
    const dumps = new Map<number, string[]>()
    for (let h = 1; h <= vs.latestHeight; h++) dumps.set(h, await dump(vs, h))
    const appHash = toHex(vs.appHash)
    await vs.close()

    let raw = await f.open()
    const families = await derivedFamilies(raw)
    expect(families.length).toBeGreaterThan(10)
    // The layout before the families: only the versions and the meta values they derive from.
    await raw.write(families.map((line) => ({ type: 'del', key: hexKey(line) })))
    expect(await derivedFamilies(raw)).toEqual([])
    await raw.close()

    let old = await openStore(undefined, f)
    expect(toHex(old.appHash)).toBe(appHash)
    for (const [h, lines] of dumps) expect([h, await dump(old, h)]).toEqual([h, lines])
    await old.close()
    raw = await f.open()
    expect(await derivedFamilies(raw)).toEqual(families)
    // A crash part way: some of the families written, the layout marker not.
    const half = families.filter(
      (_, i) => i % 2 === 0 || families[i]!.startsWith(toHex(META_LAYOUT)),
    )
    await raw.write(half.map((line) => ({ type: 'del', key: hexKey(line) })))
    await raw.close()
    old = await openStore(undefined, f)
    for (const [h, lines] of dumps) expect([h, await dump(old, h)]).toEqual([h, lines])
    await old.close()
    raw = await f.open()
    expect(await derivedFamilies(raw)).toEqual(families)
    await raw.close()
  })

  test('behavior: a home an older sdkd committed to after the migration (its records stale) is migrated again on open', async () => {
    const f = newFactory()
    let vs = await openStore(undefined, f)
    await genesis(vs)
    const one = vs.branch()
    one.store('bank').set(b('x'), b('1'))
    one.store('bank').set(b('y'), b('1'))
    await commitNext(vs, one)
    await vs.close()
    let raw = await f.open()
    const atOne = await derivedFamilies(raw)
    await raw.close()

    vs = await openStore(undefined, f)
    const two = vs.branch()
    two.store('bank').delete(b('x'))
    two.store('bank').set(b('z'), b('2'))
    await commitNext(vs, two)
    const three = vs.branch()
    three.store('bank').set(b('y'), b('3'))
    await commitNext(vs, three)
    const dumps = [await dump(vs, 1), await dump(vs, 2), await dump(vs, 3)]
    await vs.close()
    raw = await f.open()
    const atThree = await derivedFamilies(raw)
    // What an older sdkd leaves after committing heights 2 and 3: the versions and the latest height
    // moved on, the live-key and deletion records (and the layout record) as they were at height 1.
    await raw.write(atThree.map((line) => ({ type: 'del', key: hexKey(line) })))
    await raw.write(
      atOne.map((line) => ({ type: 'put', key: hexKey(line), value: hexValue(line) })),
    )
    await raw.close()

    vs = await openStore(undefined, f)
    expect(vs.latestHeight).toBe(3)
    expect([await dump(vs, 1), await dump(vs, 2), await dump(vs, 3)]).toEqual(dumps)
    expect(await collect(vs.view(3).store('bank').iterate())).toEqual(['y=3', 'z=2'])
    await vs.close()
    raw = await f.open()
    expect(await derivedFamilies(raw)).toEqual(atThree)
    await raw.close()
  })

  test('behavior: a rollback past deletions that left memory brings the keys back, durably', async () => {
    useNewFactory()
    const vs = await openStore()
    await genesis(vs)
    const set = vs.branch()
    set.store('bank').set(b('x'), b('1'))
    set.store('gov').set(b('y'), b('2'))
    const hash1 = await commitNext(vs, set)
    const dump1 = await dump(vs, 1)
    const del = vs.branch()
    del.store('bank').delete(b('x'))
    await commitNext(vs, del)
    for (let h = 3; h <= 130; h++) {
      const br = vs.branch()
      br.store('gov').set(b('y'), b(`${h}`))
      await commitNext(vs, br)
    }
    expect(await vs.view(130).store('bank').get(b('x'))).toBeUndefined()
    expect(s(await vs.view(1).store('bank').get(b('x')))).toBe('1')
    expect(await rollBack(vs, 1)).toBe(hash1)
    expect(await dump(vs, 1)).toEqual(dump1)
    const again = await reopen(vs)
    expect(toHex(again.appHash)).toBe(hash1)
    expect(await dump(again, 1)).toEqual(dump1)
    const br = again.branch()
    expect(s(await br.store('bank').get(b('x')))).toBe('1')
  })

  test('behavior: a store reopened with pruning on prunes the heights written before', async () => {
    const f = newFactory()
    const vs = await openStore(undefined, f)
    await genesis(vs)
    for (let h = 1; h <= 25; h++) {
      const br = vs.branch()
      br.store('bank').set(b('hot'), b(`v${h}`))
      if (h === 4) br.store('bank').set(b('gone'), b('g'))
      if (h === 6) br.store('bank').delete(b('gone'))
      await commitNext(vs, br)
    }
    await vs.close()
    const pruned = await openStore({ keepRecent: 2, interval: 10 }, f)
    for (let h = 26; h <= 30; h++) {
      const br = pruned.branch()
      br.store('bank').set(b('hot'), b(`v${h}`))
      await commitNext(pruned, br)
    }
    expect(pruned.earliestHeight).toBe(28)
    expect(s(await pruned.view(28).store('bank').get(b('hot')))).toBe('v28')
    expect(await pruned.view(28).store('bank').get(b('gone'))).toBeUndefined()
    // Nothing of the pruned heights is left in the database: the first version of hot is v27.
    await pruned.close()
    const raw = await f.open()
    const versions: string[] = []
    for await (const [, v] of raw.entries({
      gte: Uint8Array.of(1, 0, 0, 0, 1),
      lt: Uint8Array.of(2),
    })) {
      versions.push(fromUtf8(v.subarray(1)))
    }
    await raw.close()
    expect(versions).toEqual(['v27', 'v28', 'v29', 'v30'])
  })
}

function hexKey(line: string): Uint8Array {
  return Uint8Array.from(Buffer.from(line.slice(0, line.indexOf('=')), 'hex'))
}

function hexValue(line: string): Uint8Array {
  return Uint8Array.from(Buffer.from(line.slice(line.indexOf('=') + 1), 'hex'))
}
