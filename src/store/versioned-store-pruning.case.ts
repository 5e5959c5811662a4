import { expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import { concatBytes, fromUtf8, readUint64BE } from '../codec/bytes.js'
import {
  FAMILY_PRUNE,
  parseStateVersionKey,
  pruneRecordKey,
  pruneStagingKey,
  storeVersionsRange,
} from './keys.js'
import { encodePruneRecord } from './prune-records.js'
import type { VersionedStore } from './versioned-store.js'
import {
  type BackendFactory,
  b,
  backendOf,
  commitNext,
  genesis,
  rollBack,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** Keys that are byte prefixes of each other: their versions sort among one another's. */
const KEYS = ['j', 'k', 'k\u0000', 'k\u0001', 'l']
const PRUNING = { keepRecent: 5, interval: 10 }

/** Every version committed, per key (undefined value: a deletion), and the heights that changed. */
interface Model {
  versions: Map<string, { h: number; value: string | undefined }[]>
  changed: Set<number>
}

/** Commits heights up to `to` of random sets and deletes of KEYS, noting them in `model`. */
async function commitRandom(vs: VersionedStore, model: Model, to: number, seed: number) {
  const next = seededRandom(seed)
  for (let h = vs.latestHeight + 1; h <= to; h++) {
    const br = vs.branch()
    for (const key of KEYS) {
      const list = model.versions.get(key) ?? []
      model.versions.set(key, list)
      const live = list.at(-1)?.value !== undefined
      const r = next()
      if (r < 0.3) {
        br.store('bank').set(b(key), b(`${key.length}@${h}`))
        list.push({ h, value: `${key.length}@${h}` })
        model.changed.add(h)
      } else if (r < 0.4 && live) {
        br.store('bank').delete(b(key))
        list.push({ h, value: undefined })
        model.changed.add(h)
      }
    }
    await commitNext(vs, br)
  }
}

/** Drops what a rollback to `height` undoes from `model`. */
function rollModelBack(model: Model, height: number): void {
  for (const list of model.versions.values()) while ((list.at(-1)?.h ?? 0) > height) list.pop()
  for (const h of model.changed) if (h > height) model.changed.delete(h)
}

/**
 * The database holds, per key, the versions above the pruned heights and the last one at or below
 * them when it is a value; a record for each retained height that changed a key; and every retained
 * height reads as the model says.
 */
async function expectPruned(vs: VersionedStore, model: Model): Promise<void> {
  const through = vs.earliestHeight - 1
  const backend = backendOf(vs)
  const stored: string[] = []
  for await (const [key, record] of backend.entries(storeVersionsRange())) {
    const { fullKey, height } = parseStateVersionKey(key)
    const value = record[0] === 1 ? fromUtf8(record.subarray(1)) : 'deleted'
    stored.push(`${JSON.stringify(fullKey.slice(4))}@${height}=${value}`)
  }
  const expected: string[] = []
  for (const [key, list] of model.versions) {
    const below = list.filter((v) => v.h <= through).at(-1)
    for (const v of list) {
      if (v.h <= through && (v !== below || v.value === undefined)) continue
      expected.push(`${JSON.stringify(key)}@${v.h}=${v.value ?? 'deleted'}`)
    }
  }
  expect(stored.sort()).toEqual(expected.sort())
  const records: number[] = []
  for await (const [key] of backend.entries({
    gte: Uint8Array.of(FAMILY_PRUNE),
    lt: Uint8Array.of(FAMILY_PRUNE + 1),
  })) {
    records.push(readUint64BE(key, 1))
  }
  expect(records).toEqual([...model.changed].filter((h) => h > through).sort((x, y) => x - y))
  for (let h = through + 1; h <= vs.latestHeight; h++) {
    const view = vs.view(h).store('bank')
    for (const [key, list] of model.versions) {
      const live = list.filter((v) => v.h <= h).at(-1)?.value
      expect([h, key, s(await view.get(b(key)))]).toEqual([h, key, live])
    }
  }
}

/** The suite's pruning cases (inside the `describe` of `describeVersionedStore`). */
export function describePruning(makeFactory: () => BackendFactory): void {
  const { useNewFactory, openStore } = storeSuite(makeFactory)
  const reopen = async (vs: VersionedStore, pruning = PRUNING) => {
    await vs.close()
    return openStore(pruning)
  }

  test('behavior: pruneTo (sdkd prune) prunes a history committed with pruning off, durably, keeping the latest height', async () => {
    useNewFactory()
    const model: Model = { versions: new Map(), changed: new Set() }
    let vs = await openStore()
    await genesis(vs)
    await commitRandom(vs, model, 40, 7)
    vs = await reopen(vs, { keepRecent: 100, interval: 10 })
    // Nothing is due at 40 with 100 heights kept: only pruneTo prunes.
    expect(await vs.pruneTo(29)).toBe(30)
    await expectPruned(vs, model)
    expect(() => vs.view(29)).toThrow('failed to load state at height 29')
    vs = await reopen(vs, { keepRecent: 100, interval: 10 })
    expect(vs.earliestHeight).toBe(30)
    await expectPruned(vs, model)
    // Never the latest height; a store opened with pruning off refuses.
    expect(await vs.pruneTo(1000)).toBe(40)
    await expectPruned(vs, model)
    vs = await reopen(vs, { keepRecent: 0, interval: 0 })
    await expect(vs.pruneTo(35)).rejects.toThrow('the store was opened with pruning off')
  })

  test('behavior: pruning reads the records of the heights it prunes, across reopens, a rollback and a stretch committed with pruning off', async () => {
    useNewFactory()
    const model: Model = { versions: new Map(), changed: new Set() }
    let vs = await openStore(PRUNING)
    await genesis(vs)
    for (const to of [10, 20, 30, 37]) {
      await commitRandom(vs, model, to, to)
      await expectPruned(vs, model)
    }
    expect(vs.earliestHeight).toBe(25)
    vs = await reopen(vs)
    await commitRandom(vs, model, 50, 50)
    await expectPruned(vs, model)
    expect(vs.earliestHeight).toBe(45)
    // A rollback drops the records above its height; the heights committed again write their own.
    await rollBack(vs, 47)
    rollModelBack(model, 47)
    await expectPruned(vs, model)
    await commitRandom(vs, model, 75, 75)
    await expectPruned(vs, model)
    expect(vs.earliestHeight).toBe(65)
    // Heights committed with pruning off write no records: the next open with pruning writes them.
    vs = await reopen(vs, { keepRecent: 0, interval: 0 })
    await commitRandom(vs, model, 85, 85)
    // What a backfill cut short leaves (its entries of one record) and a record of a height rolled
    // back by an sdkd that writes none: the open writes every record anew.
    const stale = encodePruneRecord([{ full: 'stale', value: b('v'), replaced: undefined }])
    await backendOf(vs).write([
      { type: 'put', key: pruneRecordKey(86), value: stale },
      { type: 'put', key: concatBytes(pruneStagingKey(87), b('stale')), value: stale },
    ])
    vs = await reopen(vs)
    await expectPruned(vs, model)
    await commitRandom(vs, model, 100, 100)
    await expectPruned(vs, model)
    expect(vs.earliestHeight).toBe(95)
  })
}
