import { afterEach } from 'vitest'
import { type Bytes, fromUtf8, toHex, utf8 } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { StoreBackend } from './backend.js'
import type { StateBranch } from './types.js'
import { VersionedStore } from './versioned-store.js'

/** A backend factory that can reopen the same data (a restart). */
export interface BackendFactory {
  open(): Promise<StoreBackend>
  cleanup?(): Promise<void>
}

export const b = (s: string) => utf8(s)
export const s = (v: Bytes | undefined) => (v === undefined ? undefined : fromUtf8(v))

export async function collect(it: AsyncIterable<readonly [Bytes, Bytes]>): Promise<string[]> {
  const out: string[] = []
  for await (const [k, v] of it) out.push(`${fromUtf8(k)}=${fromUtf8(v)}`)
  return out
}

/** The backend each store of the suite was opened on: commits write to it, as the producer does. */
const backends = new WeakMap<VersionedStore, StoreBackend>()

export function backendOf(vs: VersionedStore): StoreBackend {
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
export async function commitNext(vs: VersionedStore, branch: StateBranch): Promise<string> {
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
export async function rollBack(vs: VersionedStore, height: number): Promise<string> {
  const prepared = await vs.prepareRollback(height)
  await backendOf(vs).write(prepared.ops)
  prepared.apply()
  return toHex(prepared.appHash)
}

/** One height's changes. */
export type Step = (branch: StateBranch) => Promise<void> | void

/** Heights 1..6 over genesis (bank, gov): sets, overwrites, deletes, a store added, renamed, deleted. */
export const history: Step[] = [
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
export const otherFuture: Step[] = [
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
export async function drive(vs: VersionedStore, steps: readonly Step[]): Promise<string[]> {
  const hashes: string[] = []
  for (const step of steps) {
    const br = vs.branch()
    await step(br)
    hashes.push(await commitNext(vs, br))
  }
  return hashes
}

/** Every store's contents at `height`, as `store:key=value` lines. */
export async function dump(vs: VersionedStore, height: number): Promise<string[]> {
  const view = vs.view(height)
  const out: string[] = []
  for (const name of view.storeNames()) {
    for (const line of await collect(view.store(name).iterate())) out.push(`${name}:${line}`)
  }
  return out
}

export async function genesis(vs: VersionedStore, stores = ['bank', 'gov']): Promise<void> {
  const g = vs.branch()
  await g.upgradeStores({ added: stores })
  await commitNext(vs, g)
}

/** What each test of the suite opens stores with; the stores and databases are closed after it. */
export interface StoreSuite {
  /** A new, empty database (cleaned up after the test). */
  newFactory(): BackendFactory
  /** Makes a new, empty database the one `openStore` opens by default. */
  useNewFactory(): void
  openStore(
    pruning?: { keepRecent: number; interval: number },
    on?: BackendFactory,
  ): Promise<VersionedStore>
  /** Closes `vs` and opens its database again (a restart). */
  reopen(vs: VersionedStore): Promise<VersionedStore>
  /** A store on a new database, with genesis (bank, gov) committed. */
  setup(): Promise<VersionedStore>
}

/** The suite's fixture over databases from `makeFactory`; call it inside a `describe`. */
export function storeSuite(makeFactory: () => BackendFactory): StoreSuite {
  const open: VersionedStore[] = []
  const factories: BackendFactory[] = []
  let factory: BackendFactory | undefined
  const newFactory = () => {
    const f = makeFactory()
    factories.push(f)
    return f
  }
  const openStore = async (
    pruning?: { keepRecent: number; interval: number },
    on: BackendFactory | undefined = factory,
  ) => {
    const backend = await on!.open()
    const vs = await VersionedStore.open({ backend, ...(pruning ? { pruning } : {}) })
    backends.set(vs, backend)
    open.push(vs)
    return vs
  }
  afterEach(async () => {
    for (const vs of open.splice(0)) await vs.close().catch(() => {})
    for (const f of factories.splice(0)) await f.cleanup?.()
  })
  return {
    newFactory,
    useNewFactory: () => {
      factory = newFactory()
    },
    openStore,
    async reopen(vs) {
      await vs.close()
      open.splice(open.indexOf(vs), 1)
      return openStore()
    },
    async setup() {
      factory = newFactory()
      const vs = await openStore()
      await genesis(vs)
      return vs
    },
  }
}
