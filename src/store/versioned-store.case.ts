import { afterEach, describe, expect, test } from 'vitest'
import { type Bytes, fromUtf8, toHex, utf8 } from '../codec/bytes.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import type { StoreBackend } from './backend.js'
import type { StateBranch } from './types.js'
import { VersionedStore } from './versioned-store.js'

/** A backend factory that can reopen the same data (a restart). */
export interface BackendFactory {
  open(): Promise<StoreBackend>
  cleanup?(): Promise<void>
}

const b = (s: string) => utf8(s)
const s = (v: Bytes | undefined) => (v === undefined ? undefined : fromUtf8(v))

async function collect(it: AsyncIterable<readonly [Bytes, Bytes]>): Promise<string[]> {
  const out: string[] = []
  for await (const [k, v] of it) out.push(`${fromUtf8(k)}=${fromUtf8(v)}`)
  return out
}

/** The backend each store of the suite was opened on: commits write to it, as the producer does. */
const backends = new WeakMap<VersionedStore, StoreBackend>()

function backendOf(vs: VersionedStore): StoreBackend {
  const backend = backends.get(vs)
  if (!backend) throw ErrLogic.wrap('a store not opened by the conformance suite')
  return backend
}

/**
 * Commits a branch as the next height the way the block producer does (`chain/producer.ts`, the
 * commit queue in `chain/commit-queue.ts`); the app hash (hex). Genesis, as InitChain: prepare,
 * write, apply, publish. A block: prepare, apply (the next block builds on it), write the batch,
 * then publish (readers see the height only once it is durable).
 */
async function commitNext(vs: VersionedStore, branch: StateBranch): Promise<string> {
  const backend = backendOf(vs)
  if (vs.workingHeight < 0) {
    const prepared = vs.prepareCommit(branch, 0)
    await backend.write(prepared.ops)
    prepared.apply()
    prepared.publish()
    return toHex(prepared.appHash)
  }
  const prepared = vs.prepareCommit(branch, vs.workingHeight + 1)
  prepared.apply()
  await backend.write(prepared.ops)
  prepared.publish()
  return toHex(prepared.appHash)
}

/** Rolls back to `height` the way the block producer does (one batch, then apply); the app hash. */
async function rollBack(vs: VersionedStore, height: number): Promise<string> {
  const prepared = await vs.prepareRollback(height)
  await backendOf(vs).write(prepared.ops)
  prepared.apply()
  return toHex(prepared.appHash)
}

/** One height's changes. */
type Step = (branch: StateBranch) => Promise<void> | void

/** Heights 1..6 over genesis (bank, gov): sets, overwrites, deletes, a store added, renamed, deleted. */
const history: Step[] = [
  (br) => {
    br.store('bank').set(b('a'), b('1'))
    br.store('bank').set(b('b'), b('1'))
    br.store('gov').set(b('g'), b('1'))
  },
  (br) => {
    br.store('bank').set(b('a'), b('2'))
    br.store('bank').delete(b('b'))
    br.store('gov').set(b('g2'), b('x'))
  },
  async (br) => {
    await br.upgradeStores({ added: ['feemarket'] })
    br.store('feemarket').set(b('f'), b('1'))
    br.store('bank').set(b('c'), b('3'))
  },
  async (br) => {
    await br.upgradeStores({ renamed: [{ oldKey: 'gov', newKey: 'gov2' }] })
    br.store('bank').delete(b('a'))
    br.store('feemarket').set(b('f'), b('2'))
  },
  async (br) => {
    await br.upgradeStores({ deleted: ['feemarket'] })
    br.store('bank').set(b('a'), b('5'))
  },
  (br) => {
    br.store('bank').set(b('d'), b('6'))
    br.store('gov2').delete(b('g'))
  },
]

/** Another future for heights 3..8 (past the end of `history`), as after a rollback to 2. */
const otherFuture: Step[] = [
  (br) => br.store('bank').set(b('c'), b('other')),
  async (br) => {
    await br.upgradeStores({ added: ['feemarket'] })
    br.store('feemarket').set(b('f'), b('9'))
  },
  () => {},
  (br) => br.store('gov').delete(b('g')),
  (br) => br.store('bank').set(b('e'), b('7')),
  (br) => br.store('feemarket').set(b('f'), b('10')),
]

/** Commits one height per step; the app hashes (hex). */
async function drive(vs: VersionedStore, steps: readonly Step[]): Promise<string[]> {
  const hashes: string[] = []
  for (const step of steps) {
    const br = vs.branch()
    await step(br)
    hashes.push(await commitNext(vs, br))
  }
  return hashes
}

/** Every store's contents at `height`, as `store:key=value` lines. */
async function dump(vs: VersionedStore, height: number): Promise<string[]> {
  const view = vs.view(height)
  const out: string[] = []
  for (const name of view.storeNames()) {
    for (const line of await collect(view.store(name).iterate())) out.push(`${name}:${line}`)
  }
  return out
}

async function genesis(vs: VersionedStore, stores = ['bank', 'gov']): Promise<void> {
  const g = vs.branch()
  await g.upgradeStores({ added: stores })
  await commitNext(vs, g)
}

/** The versioned-store conformance suite, run against every backend implementation. */
export function describeVersionedStore(name: string, makeFactory: () => BackendFactory): void {
  describe(`versioned store (${name})`, () => {
    const open: VersionedStore[] = []
    const factories: BackendFactory[] = []
    let factory: BackendFactory
    /** A new, empty database (cleaned up after the test). */
    const newFactory = () => {
      const f = makeFactory()
      factories.push(f)
      return f
    }
    const openStore = async (
      pruning?: { keepRecent: number; interval: number },
      on: BackendFactory = factory,
    ) => {
      const backend = await on.open()
      const vs = await VersionedStore.open({ backend, ...(pruning ? { pruning } : {}) })
      backends.set(vs, backend)
      open.push(vs)
      return vs
    }
    const reopen = async (vs: VersionedStore) => {
      await vs.close()
      open.splice(open.indexOf(vs), 1)
      return openStore()
    }

    afterEach(async () => {
      for (const vs of open.splice(0)) await vs.close().catch(() => {})
      for (const f of factories.splice(0)) await f.cleanup?.()
    })

    const setup = async () => {
      factory = newFactory()
      const vs = await openStore()
      await genesis(vs)
      return vs
    }

    test('default: a fresh store has no committed height', async () => {
      factory = newFactory()
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

    test('behavior: iteration is ordered and merges a branch overlay with committed state', async () => {
      const vs = await setup()
      const br = vs.branch()
      for (const k of ['b', 'd', 'a', 'c', 'e']) br.store('bank').set(b(`p/${k}`), b(k))
      br.store('bank').set(b('q/z'), b('z'))
      await commitNext(vs, br)
      const view = vs.view(1).store('bank')
      expect(await collect(view.iterate({ prefix: b('p/') }))).toEqual([
        'p/a=a',
        'p/b=b',
        'p/c=c',
        'p/d=d',
        'p/e=e',
      ])
      expect(await collect(view.iterate({ prefix: b('p/'), reverse: true }))).toEqual([
        'p/e=e',
        'p/d=d',
        'p/c=c',
        'p/b=b',
        'p/a=a',
      ])
      expect(await collect(view.iterate({ gte: b('p/b'), lt: b('p/d') }))).toEqual([
        'p/b=b',
        'p/c=c',
      ])
      const over = vs.branch()
      const st = over.store('bank')
      st.delete(b('p/b'))
      st.set(b('p/bb'), b('new'))
      st.set(b('p/e'), b('E'))
      expect(await collect(st.iterate({ prefix: b('p/') }))).toEqual([
        'p/a=a',
        'p/bb=new',
        'p/c=c',
        'p/d=d',
        'p/e=E',
      ])
      expect(await collect(st.iterate({ prefix: b('p/'), reverse: true }))).toEqual([
        'p/e=E',
        'p/d=d',
        'p/c=c',
        'p/bb=new',
        'p/a=a',
      ])
      expect(
        await collect(
          vs
            .view(1)
            .store('bank')
            .iterate({ prefix: b('p/') }),
        ),
      ).toHaveLength(5)
    })

    test('behavior: isEmpty answers from memory only what iteration would say', async () => {
      const vs = await setup()
      const br = vs.branch()
      br.store('bank').set(b('q/1'), b('1'))
      br.store('bank').set(b('r/1'), b('1'))
      await commitNext(vs, br)
      const next = vs.branch()
      next.store('bank').delete(b('q/1'))
      await commitNext(vs, next)

      const root = vs.branch()
      const bank = root.store('bank')
      // Agrees with iteration whenever it answers.
      const agrees = async (store: StateBranch, prefix: string) => {
        const known = store.store('bank').isEmpty?.({ prefix: b(prefix) })
        const entries = await collect(store.store('bank').iterate({ prefix: b(prefix) }))
        if (known !== undefined) expect(known).toBe(entries.length === 0)
        return known
      }
      expect(await agrees(root, 'q/')).toBe(true) // deleted at height 2
      expect(await agrees(root, 'r/')).toBe(false)
      expect(await agrees(root, 'z/')).toBe(true)
      bank.set(b('z/1'), b('1'))
      expect(await agrees(root, 'z/')).toBe(false) // written in the branch
      const child = root.branch()
      expect(await agrees(child, 'z/')).toBe(false)
      child.store('bank').delete(b('z/1'))
      child.store('bank').delete(b('r/1'))
      // Deletions in the overlay may hide everything below: not known without iterating.
      expect(await agrees(child, 'r/')).toBeUndefined()
      expect(await agrees(child, 'q/')).toBe(true)
      // Every deleted key among many cannot be looked at from memory for free.
      const many = vs.branch()
      for (let i = 0; i < 40; i++) many.store('bank').set(b(`m/${i}`), b('1'))
      await commitNext(vs, many)
      const gone = vs.branch()
      for (let i = 0; i < 40; i++) gone.store('bank').delete(b(`m/${i}`))
      await commitNext(vs, gone)
      expect(await agrees(vs.branch(), 'm/')).toBeUndefined()
    })

    test('behavior: iteration over more entries than one read batch', async () => {
      const vs = await setup()
      const br = vs.branch()
      for (let i = 0; i < 700; i++)
        br.store('bank').set(b(`k/${String(i).padStart(4, '0')}`), b(`${i}`))
      await commitNext(vs, br)
      const all = await collect(vs.view(1).store('bank').iterate())
      expect(all).toHaveLength(700)
      expect(all[0]).toBe('k/0000=0')
      expect(all[699]).toBe('k/0699=699')
      const rev = await collect(vs.view(1).store('bank').iterate({ reverse: true }))
      expect(rev[0]).toBe('k/0699=699')
      expect(rev).toHaveLength(700)
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
      factory = newFactory()
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
      factory = newFactory()
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
  })
}
