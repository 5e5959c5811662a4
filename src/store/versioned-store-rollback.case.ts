import { expect, test } from 'vitest'
import { toHex } from '../codec/bytes.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import { appHashOf } from './app-hash.js'
import type { VersionedStore } from './versioned-store.js'
import {
  type BackendFactory,
  b,
  backendOf,
  commitNext,
  drive,
  dump,
  genesis,
  history,
  otherFuture,
  rollBack,
  type Step,
  s,
  storeSuite,
} from './versioned-store-suite.case.js'

/** The suite's rollbacks (inside the `describe` of `describeVersionedStore`). */
export function describeRollbacks(makeFactory: () => BackendFactory): void {
  const { newFactory, useNewFactory, openStore, reopen, setup } = storeSuite(makeFactory)

  test('behavior: a rollback takes every store back to the height, durably, and the chain goes on from there', async () => {
    const vs = await setup()
    const hashes = [toHex(vs.appHash), ...(await drive(vs, history))]
    const before = new Map<number, string[]>()
    for (let h = 1; h <= 6; h++) before.set(h, await dump(vs, h))

    expect(await rollBack(vs, 2)).toBe(hashes[2])
    const rolledBack = async (store: VersionedStore) => {
      expect(store.latestHeight).toBe(2)
      expect(toHex(store.appHash)).toBe(hashes[2])
      expect(store.storeNames()).toEqual(['bank', 'gov'])
      for (let h = 1; h <= 2; h++) expect(await dump(store, h)).toEqual(before.get(h))
      for (let h = 3; h <= 6; h++) {
        expect(() => store.view(h)).toThrow(
          `failed to load state at height ${h}; version does not exist (latest height: 2)`,
        )
      }
    }
    await rolledBack(vs)

    // Heights 3..8 again, other changes: the same hashes and contents as a store that never saw
    // the old heights (none of their versions comes back, also past the old latest height).
    const after = await drive(vs, otherFuture)
    const fresh = await openStore(undefined, newFactory())
    await genesis(fresh)
    expect(await drive(fresh, [...history.slice(0, 2), ...otherFuture])).toEqual([
      ...hashes.slice(1, 3),
      ...after,
    ])
    for (let h = 1; h <= 8; h++) expect(await dump(vs, h)).toEqual(await dump(fresh, h))
    expect(vs.storeNames()).toEqual(['bank', 'feemarket', 'gov'])
    const again = await reopen(vs)
    expect(toHex(again.appHash)).toBe(after[5])
    for (let h = 1; h <= 8; h++) expect(await dump(again, h)).toEqual(await dump(fresh, h))

    // Straight after a rollback, a restart finds the same state.
    expect(await rollBack(again, 2)).toBe(hashes[2])
    await rolledBack(await reopen(again))
  })

  test("behavior: each store's hash at a height, read back without rolling back: their merkle root is that height's app hash, and the store is unchanged", async () => {
    const vs = await setup()
    const hashes = [toHex(vs.appHash), ...(await drive(vs, history))]
    for (let h = 1; h <= 6; h++) {
      const stores = await vs.storeHashesAt(h)
      expect([...stores.keys()], `height ${h}`).toEqual(vs.view(h).storeNames())
      expect(toHex(appHashOf(stores)), `height ${h}`).toBe(hashes[h])
    }
    expect(vs.latestHeight).toBe(6)
    expect(toHex(vs.appHash)).toBe(hashes[6])
    // The store goes on as if nothing was read: a rollback and a commit still work.
    expect(await rollBack(vs, 4)).toBe(hashes[4])
    await expect(vs.storeHashesAt(5)).rejects.toThrow('version does not exist (latest height: 4)')
  })

  test('behavior: a store added after the height and again after the rollback starts empty', async () => {
    const vs = await setup()
    await drive(vs, history.slice(0, 4))
    await rollBack(vs, 2)
    const addEmpty: Step[] = [
      async (br) => {
        await br.upgradeStores({ added: ['feemarket'] })
      },
      (br) => br.store('bank').set(b('n'), b('4')),
    ]
    await drive(vs, addEmpty.slice(0, 1))
    const again = await reopen(vs)
    const fresh = await openStore(undefined, newFactory())
    await genesis(fresh)
    const expected = await drive(fresh, [...history.slice(0, 2), ...addEmpty])
    expect(await drive(again, addEmpty.slice(1))).toEqual(expected.slice(3))
    expect(await dump(again, 4)).toEqual(await dump(fresh, 4))
  })

  test('behavior: rollbacks bring back stores added, renamed and deleted after the height, down to genesis', async () => {
    const vs = await setup()
    const hashes = [toHex(vs.appHash), ...(await drive(vs, history))]
    const before = new Map<number, { names: string[]; dump: string[] }>()
    for (let h = 1; h <= 6; h++) {
      before.set(h, { names: vs.view(h).storeNames(), dump: await dump(vs, h) })
    }
    for (const k of [5, 4, 3, 1]) {
      expect(await rollBack(vs, k)).toBe(hashes[k])
      expect(toHex(vs.appHash)).toBe(hashes[k])
      expect(vs.storeNames()).toEqual(before.get(k)!.names)
      for (let h = 1; h <= k; h++) expect(await dump(vs, h)).toEqual(before.get(h)!.dump)
      expect(() => vs.view(k + 1)).toThrow(`version does not exist (latest height: ${k})`)
    }
    expect(await rollBack(vs, 0)).toBe(hashes[0])
    const again = await reopen(vs)
    expect(again.latestHeight).toBe(0)
    expect(toHex(again.appHash)).toBe(hashes[0])
    expect(again.storeNames()).toEqual(['bank', 'gov'])
    expect(() => again.view(1)).toThrow('version does not exist (latest height: 0)')
    // The store is as right after genesis: the same history gives the same hashes and contents.
    expect(await drive(again, history)).toEqual(hashes.slice(1))
    for (let h = 1; h <= 6; h++) expect(await dump(again, h)).toEqual(before.get(h)!.dump)
  })

  test('error: a rollback below pruned history is refused and changes nothing', async () => {
    useNewFactory()
    const vs = await openStore({ keepRecent: 2, interval: 10 })
    await genesis(vs)
    const hashes: string[] = [toHex(vs.appHash)]
    for (let h = 1; h <= 20; h++) {
      const br = vs.branch()
      br.store('bank').set(b('hot'), b(`v${h}`))
      if (h === 19) br.store('gov').set(b('late'), b('19'))
      hashes.push(await commitNext(vs, br))
    }
    for (const k of [5, 17, 0]) {
      let thrown: unknown
      try {
        await vs.prepareRollback(k)
      } catch (err) {
        thrown = err
      }
      expect(ErrInvalidRequest.is(thrown)).toBe(true)
      expect((thrown as Error).message).toBe(
        `cannot roll back to height ${k}: history is pruned below height 18: invalid request`,
      )
    }
    expect(vs.latestHeight).toBe(20)
    expect(toHex(vs.appHash)).toBe(hashes[20])
    expect(s(await vs.view(20).store('bank').get(b('hot')))).toBe('v20')
    // The retained heights can still be rolled back to.
    expect(await rollBack(vs, 18)).toBe(hashes[18])
    expect(vs.earliestHeight).toBe(18)
    expect(s(await vs.view(18).store('bank').get(b('hot')))).toBe('v18')
    expect(await vs.view(18).store('gov').get(b('late'))).toBeUndefined()
    const again = await reopen(vs)
    expect(toHex(again.appHash)).toBe(hashes[18])
    expect(s(await again.view(18).store('bank').get(b('hot')))).toBe('v18')
    expect(() => again.view(19)).toThrow('version does not exist (latest height: 18)')
  })

  test('error: a rollback above the latest height, below 0, or while a commit is prepared is refused', async () => {
    const vs = await setup()
    await drive(vs, history.slice(0, 2))
    await expect(vs.prepareRollback(3)).rejects.toThrow(
      'cannot roll back to height 3: latest height is 2: invalid request',
    )
    await expect(vs.prepareRollback(-1)).rejects.toThrow(
      'cannot roll back to height -1: height must be a non-negative integer',
    )
    const br = vs.branch()
    br.store('bank').set(b('z'), b('1'))
    const prepared = vs.prepareCommit(br, 3)
    const during = await vs.prepareRollback(1).catch((err: unknown) => err)
    expect(ErrLogic.is(during)).toBe(true)
    expect((during as Error).message).toBe(
      'cannot roll back while a commit is prepared: internal logic error',
    )
    vs.abortCommit()
    // A rollback prepared blocks commits until it is applied; a branch from before it is stale.
    const stale = vs.branch()
    const rollback = await vs.prepareRollback(1)
    expect(() => vs.prepareCommit(vs.branch(), 3)).toThrow(
      'cannot commit height 3: a rollback is prepared',
    )
    await backendOf(vs).write(rollback.ops)
    rollback.apply()
    expect(() => vs.prepareCommit(stale, 2)).toThrow('branch of height 2 cannot commit height 2')
    expect(vs.latestHeight).toBe(1)
    expect(prepared.height).toBe(3)
    expect(await commitNext(vs, vs.branch())).toMatch(/^[0-9a-f]{64}$/)
  })
}
