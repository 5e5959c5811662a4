import { expect, test } from 'vitest'
import type { Bytes } from '../codec/bytes.js'
import type { StateBranch } from './types.js'
import { LARGE_VALUE_BYTES } from './version-index.js'
import type { VersionedStore } from './versioned-store.js'
import {
  type BackendFactory,
  b,
  collect,
  commitNext,
  rollBack,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** A value one byte past `LARGE_VALUE_BYTES`, of one repeated character. */
const large = (c: string): string => c.repeat(LARGE_VALUE_BYTES + 1)

/** Store → key → value (null: absent). */
type Contents = Record<'bank' | 'gov', Record<string, string | null>>

/** Writes `contents` into a branch (null: a delete). */
function write(br: StateBranch, contents: Partial<Contents>): void {
  for (const [name, entries] of Object.entries(contents)) {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) br.store(name).delete(b(key))
      else br.store(name).set(b(key), b(value))
    }
  }
}

/** What a height's reads answer, key by key (absent keys undefined). */
async function readAll(vs: VersionedStore, height: number, keys: Contents) {
  const view = vs.view(height)
  const out: Record<string, string | undefined> = {}
  for (const [name, entries] of Object.entries(keys)) {
    for (const key of Object.keys(entries)) {
      out[`${name}/${key}`] = s(await view.store(name).get(b(key)))
    }
  }
  return out
}

const expected = (contents: Contents) =>
  Object.fromEntries(
    Object.entries(contents).flatMap(([name, entries]) =>
      Object.entries(entries).map(([key, value]) => [`${name}/${key}`, value ?? undefined]),
    ),
  )

/**
 * Values past `LARGE_VALUE_BYTES`, which the index leaves in the database once durable: every read,
 * replace, delete, reopen and rollback answers as with values held in memory, and the app hash is
 * the one of the same contents committed at once (an LtHash depends on the contents alone), so a
 * wrong value read back for a replace or a delete would show in it.
 */
export function describeLargeValues(makeFactory: () => BackendFactory): void {
  const { newFactory, openStore, reopen, setup } = storeSuite(makeFactory)

  /** The app hash of a new store whose genesis holds `contents` (the live ones). */
  const hashOf = async (contents: Contents): Promise<string> => {
    const other = await openStore(undefined, newFactory())
    const g = other.branch()
    await g.upgradeStores({ added: ['bank', 'gov'] })
    const live = Object.fromEntries(
      Object.entries(contents).map(([name, entries]) => [
        name,
        Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== null)),
      ]),
    )
    write(g, live)
    const hash = await commitNext(other, g)
    await other.close()
    return hash
  }

  test('behavior: large values read, replace, delete, reopen and roll back as small ones do', async () => {
    let vs = await setup()
    // Height by height: what it writes, and all that is live after it.
    const heights: [Partial<Contents>, Contents][] = [
      [
        { bank: { k: large('a'), small: '1' }, gov: { g: large('g') } },
        { bank: { k: large('a'), small: '1' }, gov: { g: large('g') } },
      ],
      [
        // A replace of a value left in the database, and the same value written again.
        { bank: { k: large('b') }, gov: { g: large('g') } },
        { bank: { k: large('b'), small: '1' }, gov: { g: large('g') } },
      ],
      [
        { bank: { k: null, small: '2' }, gov: { g: large('h') } },
        { bank: { k: null, small: '2' }, gov: { g: large('h') } },
      ],
    ]
    const hashes: string[] = []
    for (const [writes, live] of heights) {
      const br = vs.branch()
      write(br, writes)
      hashes.push(await commitNext(vs, br))
      expect(hashes.at(-1)).toBe(await hashOf(live))
    }
    for (let h = 1; h <= heights.length; h++) {
      expect(await readAll(vs, h, heights[h - 1]![1])).toEqual(expected(heights[h - 1]![1]))
    }
    expect(await collect(vs.view(2).store('bank').iterate())).toEqual([
      `k=${large('b')}`,
      'small=1',
    ])

    // A reopen loads the live large values as left in the database.
    vs = await reopen(vs)
    expect(toHexOf(vs.appHash)).toBe(hashes[2])
    expect(await readAll(vs, 3, heights[2]![1])).toEqual(expected(heights[2]![1]))
    const after: Contents = { bank: { k: large('c'), small: '2' }, gov: { g: null } }
    const br = vs.branch()
    write(br, after)
    expect(await commitNext(vs, br)).toBe(await hashOf(after))
    expect(await readAll(vs, 4, after)).toEqual(expected(after))

    // Back to height 2: its large values come back, and replacing them again hashes as before.
    expect(await rollBack(vs, 2)).toBe(hashes[1])
    expect(await readAll(vs, 2, heights[1]![1])).toEqual(expected(heights[1]![1]))
    const again: Contents = { bank: { k: large('d'), small: '1' }, gov: { g: null } }
    const br2 = vs.branch()
    write(br2, again)
    expect(await commitNext(vs, br2)).toBe(await hashOf(again))
    expect(await readAll(vs, 3, again)).toEqual(expected(again))
  })
}

const toHexOf = (bytes: Bytes): string => Buffer.from(bytes).toString('hex')
