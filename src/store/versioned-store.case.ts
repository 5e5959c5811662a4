import { describe, expect, test } from 'vitest'
import type { Bytes } from '../codec/bytes.js'
import { toHex } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { nextNow } from './map-async.js'
import type { KVEntry, KVReader, StateBranch } from './types.js'
import { settled } from './value-now.js'
import { describeHistory } from './versioned-store-history.case.js'
import { describeIteration } from './versioned-store-iteration.case.js'
import { describeLargeValues } from './versioned-store-large.case.js'
import { describePruning } from './versioned-store-pruning.case.js'
import { describeRollbacks } from './versioned-store-rollback.case.js'
import { describeSpans } from './versioned-store-span.case.js'
import {
  type BackendFactory,
  b,
  backendOf,
  collect,
  commitNext,
  drive,
  dump,
  genesis,
  history,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** The versioned-store conformance suite, run against every backend implementation. */
export function describeVersionedStore(name: string, makeFactory: () => BackendFactory): void {
  describe(`versioned store (${name})`, () => {
    const { newFactory, useNewFactory, openStore, reopen, setup } = storeSuite(makeFactory)

    test('default: a fresh store has no committed height', async () => {
      useNewFactory()
      const vs = await openStore()
      expect(vs.latestHeight).toBe(-1)
      expect(() => vs.view(1)).toThrow('version does not exist')
    })

    test('behavior: reads at every retained height see the value live then', async () => {
      const vs = await setup()
      const plan: [string | null][] = [['a'], [null], ['b'], ['c']]
      for (const [value] of plan) {
        const br = vs.branch()
        if (value === null) br.store('bank').delete(b('k'))
        else br.store('bank').set(b('k'), b(value))
        await commitNext(vs, br)
      }
      expect(vs.latestHeight).toBe(4)
      expect(s(await vs.view(1).store('bank').get(b('k')))).toBe('a')
      expect(s(await vs.view(2).store('bank').get(b('k')))).toBeUndefined()
      expect(await vs.view(2).store('bank').has(b('k'))).toBe(false)
      expect(s(await vs.view(3).store('bank').get(b('k')))).toBe('b')
      expect(s(await vs.view(4).store('bank').get(b('k')))).toBe('c')
      expect(() => vs.view(5)).toThrow(
        'failed to load state at height 5; version does not exist (latest height: 4)',
      )
    })

    test('behavior: history and app hash survive a reopen', async () => {
      const vs = await setup()
      const br = vs.branch()
      br.store('bank').set(b('x'), b('1'))
      const h1 = await commitNext(vs, br)
      const br2 = vs.branch()
      br2.store('bank').set(b('x'), b('2'))
      br2.store('gov').set(b('y'), b('3'))
      const h2 = await commitNext(vs, br2)
      const again = await reopen(vs)
      expect(again.latestHeight).toBe(2)
      expect(toHex(again.appHash)).toBe(h2)
      expect(h1).not.toBe(h2)
      expect(s(await again.view(1).store('bank').get(b('x')))).toBe('1')
      expect(s(await again.view(2).store('bank').get(b('x')))).toBe('2')
      expect(s(await again.view(1).store('gov').get(b('y')))).toBeUndefined()
    })

    test('behavior: heights built ahead of the disk are read by the next height, hidden from readers until their batch is written, and commit as one batch per height would', async () => {
      const vs = await setup()
      const backend = backendOf(vs)
      // The producer's burst: each height applied (the next builds on it), one batch for all.
      const prepared = []
      for (const step of history.slice(0, 3)) {
        const br = vs.branch()
        await step(br)
        const p = vs.prepareCommit(br, vs.workingHeight + 1)
        p.apply()
        prepared.push(p)
      }
      expect(vs.workingHeight).toBe(3)
      expect(vs.latestHeight).toBe(0)
      expect(() => vs.view(1)).toThrow('version does not exist (latest height: 0)')
      // The working state has the unwritten heights: `a` as height 2 set it, the store height 3 added.
      const working = vs.branch()
      expect(s(await working.store('bank').get(b('a')))).toBe('2')
      expect(s(await working.store('feemarket').get(b('f')))).toBe('1')
      await backend.write(prepared.flatMap((p) => p.ops))
      for (const p of prepared) p.publish()
      expect(vs.latestHeight).toBe(3)

      const fresh = await openStore(undefined, newFactory())
      await genesis(fresh)
      expect(prepared.map((p) => toHex(p.appHash))).toEqual(await drive(fresh, history.slice(0, 3)))
      for (let h = 1; h <= 3; h++) expect(await dump(vs, h)).toEqual(await dump(fresh, h))
      const again = await reopen(vs)
      expect(again.latestHeight).toBe(3)
      expect(toHex(again.appHash)).toBe(toHex(prepared[2]!.appHash))
      for (let h = 1; h <= 3; h++) expect(await dump(again, h)).toEqual(await dump(fresh, h))
    })

    test('behavior: a nested branch reaches its parent only on write()', async () => {
      const vs = await setup()
      const root = vs.branch()
      const child = root.branch()
      child.store('gov').set(b('p'), b('1'))
      expect(await root.store('gov').get(b('p'))).toBeUndefined()
      child.write()
      expect(s(await root.store('gov').get(b('p')))).toBe('1')
      const discarded = root.branch()
      discarded.store('gov').set(b('p'), b('2'))
      expect(s(await root.store('gov').get(b('p')))).toBe('1')
      await commitNext(vs, root)
      expect(s(await vs.view(1).store('gov').get(b('p')))).toBe('1')
    })

    test('behavior: a read at once (getNow) answers what get answers, values in memory without a promise', async () => {
      const vs = await setup()
      const first = vs.branch()
      first.store('bank').set(b('k'), b('1'))
      first.store('bank').set(b('gone'), b('x'))
      await commitNext(vs, first)
      const second = vs.branch()
      second.store('bank').set(b('k'), b('2'))
      second.store('bank').delete(b('gone'))
      await commitNext(vs, second)

      const root = vs.branch()
      const child = root.branch()
      root.store('bank').set(b('mine'), b('3'))
      child.store('bank').delete(b('k'))
      const now = (store: KVReader, key: string) => {
        const v = store.getNow!(b(key))
        expect(v).not.toBeInstanceOf(Promise)
        return s(v as Bytes | undefined)
      }
      // The working state's latest values, the branch's own writes and deletions, absent keys.
      expect(now(root.store('bank'), 'k')).toBe('2')
      expect(now(root.store('bank'), 'mine')).toBe('3')
      expect(now(root.store('bank'), 'gone')).toBeUndefined()
      expect(now(root.store('bank'), 'never')).toBeUndefined()
      expect(now(child.store('bank'), 'k')).toBeUndefined()
      expect(now(child.store('bank'), 'mine')).toBe('3')
      for (const key of ['k', 'mine', 'gone', 'never']) {
        for (const store of [root.store('bank'), child.store('bank')]) {
          expect(s(await settled(store.getNow!(b(key))))).toBe(s(await store.get(b(key))))
        }
      }
      // An iteration over the working state steps at once through every layer, entries as before.
      const steps = child.store('bank').iterate()[Symbol.asyncIterator]()
      const stepped: string[] = []
      for (;;) {
        const r = nextNow(steps)
        expect(r).not.toBeInstanceOf(Promise)
        const { done, value } = r as IteratorResult<KVEntry>
        if (done) break
        stepped.push(`${s(value[0])}=${s(value[1])}`)
      }
      expect(stepped).toEqual(['mine=3'])
      expect(await collect(root.store('bank').iterate())).toEqual(['k=2', 'mine=3'])
      // A past height: what get reads, at once or as a promise (from the database).
      const past = vs.view(1).store('bank')
      expect(s(await settled(past.getNow!(b('k'))))).toBe('1')
      expect(s(await settled(past.getNow!(b('gone'))))).toBe('x')
      expect(s(await past.get(b('k')))).toBe('1')
    })

    test('behavior: the app hash depends on contents only, not on write order or history', async () => {
      const vs = await setup()
      const genesisHash = toHex(vs.appHash)
      const br = vs.branch()
      br.store('bank').set(b('a'), b('1'))
      br.store('bank').set(b('b'), b('2'))
      const h1 = await commitNext(vs, br)
      const br2 = vs.branch()
      br2.store('bank').delete(b('a'))
      br2.store('bank').delete(b('b'))
      const h2 = await commitNext(vs, br2)
      expect(h2).toBe(genesisHash)
      const br3 = vs.branch()
      br3.store('bank').set(b('b'), b('2'))
      br3.store('bank').set(b('a'), b('1'))
      expect(await commitNext(vs, br3)).toBe(h1)
      const br4 = vs.branch()
      br4.store('bank').set(b('a'), b('other'))
      expect(await commitNext(vs, br4)).not.toBe(h1)
    })

    test('behavior: store upgrades add, rename and delete named stores at a height', async () => {
      const vs = await setup(/* bank, gov */)
      const br = vs.branch()
      br.store('bank').set(b('k'), b('v'))
      br.store('gov').set(b('g'), b('1'))
      await commitNext(vs, br)
      const up = vs.branch()
      await up.upgradeStores({
        added: ['feemarket'],
        renamed: [{ oldKey: 'bank', newKey: 'bank2' }],
        deleted: ['gov'],
      })
      up.store('feemarket').set(b('f'), b('1'))
      await commitNext(vs, up)
      expect(vs.storeNames()).toEqual(['bank2', 'feemarket'])
      expect(s(await vs.view(2).store('bank2').get(b('k')))).toBe('v')
      expect(await vs.view(2).store('gov').get(b('g'))).toBeUndefined()
      expect(await vs.view(2).store('bank').get(b('k'))).toBeUndefined()
      // Before the upgrade height the old names still answer.
      expect(s(await vs.view(1).store('bank').get(b('k')))).toBe('v')
      expect(s(await vs.view(1).store('gov').get(b('g')))).toBe('1')
      expect(vs.view(1).storeNames()).toEqual(['bank', 'gov'])
      const again = await reopen(vs)
      expect(again.storeNames()).toEqual(['bank2', 'feemarket'])
      expect(s(await again.view(2).store('bank2').get(b('k')))).toBe('v')
      expect(s(await again.view(1).store('gov').get(b('g')))).toBe('1')
      await expect(again.branch().upgradeStores({ added: ['bank2'] })).rejects.toThrow(
        'store bank2 already exists',
      )
      expect(() => again.branch().store('nope')).toThrow('store nope does not exist')
    })

    test('behavior: pruning keeps keepRecent+1 versions and reads still answer correctly', async () => {
      useNewFactory()
      const vs = await openStore({ keepRecent: 2, interval: 10 })
      await genesis(vs)
      for (let h = 1; h <= 20; h++) {
        const br = vs.branch()
        if (h <= 12) br.store('bank').set(b('hot'), b(`v${h}`))
        if (h === 3) br.store('bank').set(b('cold'), b('c3'))
        if (h === 5) br.store('bank').delete(b('gone'))
        if (h === 2) br.store('bank').set(b('gone'), b('g2'))
        await commitNext(vs, br)
      }
      // At h=20: versions ≤ 17 pruned, 18..20 retained.
      expect(vs.earliestHeight).toBe(18)
      expect(() => vs.view(17)).toThrow(
        'failed to load state at height 17; version does not exist (latest height: 20)',
      )
      expect(s(await vs.view(18).store('bank').get(b('hot')))).toBe('v12')
      expect(s(await vs.view(18).store('bank').get(b('cold')))).toBe('c3')
      expect(await vs.view(18).store('bank').get(b('gone'))).toBeUndefined()
      const again = await reopen(vs)
      expect(again.earliestHeight).toBe(18)
      expect(s(await again.view(19).store('bank').get(b('hot')))).toBe('v12')
    })

    test('error: a commit must be the next height of a branch over the latest state', async () => {
      const vs = await setup()
      const stale = vs.branch()
      await commitNext(vs, vs.branch())
      expect(() => vs.prepareCommit(stale, 2)).toThrow('branch of height 0 cannot commit height 2')
      expect(() => vs.prepareCommit(vs.branch(), 5)).toThrow(
        'cannot commit height 5: latest committed height is 1',
      )
    })

    test('error: a commit takes only a branch made by the store (a coded logic error)', async () => {
      const vs = await setup()
      const foreign = { height: vs.workingHeight } as unknown as StateBranch
      let thrown: unknown
      try {
        vs.prepareCommit(foreign, vs.latestHeight + 1)
      } catch (err) {
        thrown = err
      }
      expect(ErrLogic.is(thrown)).toBe(true)
      expect((thrown as Error).message).toBe('not a branch of this store: internal logic error')
      // The store is not left mid-commit.
      expect(await commitNext(vs, vs.branch())).toMatch(/^[0-9a-f]{64}$/)
    })

    describeRollbacks(makeFactory)
    describeIteration(makeFactory)
    describeHistory(makeFactory)
    describePruning(makeFactory)
    describeSpans(makeFactory)
    describeLargeValues(makeFactory)
  })
}
