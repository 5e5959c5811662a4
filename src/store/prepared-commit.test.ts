import { afterEach, expect, test } from 'vitest'
import { collectGarbage } from '../../test/helpers/collect-garbage.js'
import { fromUtf8, utf8 } from '../codec/bytes.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'
import { VersionedStore } from './versioned-store.js'

const open: VersionedStore[] = []
afterEach(async () => {
  for (const vs of open.splice(0)) await vs.close()
})

async function storeWithGenesis(): Promise<VersionedStore> {
  const backend = createMemoryBackend(createMemoryDatabase())
  const vs = await VersionedStore.open({ backend })
  open.push(vs)
  const g = vs.branch()
  await g.upgradeStores({ added: ['bank'] })
  const genesis = vs.prepareCommit(g, 0)
  await backend.write(genesis.ops)
  genesis.apply()
  genesis.publish()
  return vs
}

test('behavior: once applied, a commit waiting to be durable keeps only its publish, not its writes', async () => {
  const vs = await storeWithGenesis()
  const br = vs.branch()
  br.store('bank').set(utf8('k'), utf8('v'.repeat(100)))
  // What the commit queue keeps of a height while its batch is written: the publish callback.
  const { publish, ops: written } = ((prepared) => {
    prepared.apply()
    return { publish: prepared.publish, ops: new WeakRef(prepared.ops) }
  })(vs.prepareCommit(br, 1))
  expect(written.deref()?.length).toBeGreaterThan(0)
  await collectGarbage()
  // The writes (and the commit plan that made them) are garbage once a batch has taken them.
  expect(written.deref()).toBeUndefined()
  publish()
  expect(vs.latestHeight).toBe(1)
  expect(fromUtf8((await vs.view(1).store('bank').get(utf8('k')))!)).toBe('v'.repeat(100))
})

test('behavior: applying a prepared commit twice applies it once', async () => {
  const vs = await storeWithGenesis()
  const br = vs.branch()
  br.store('bank').set(utf8('k'), utf8('v'))
  const prepared = vs.prepareCommit(br, 1)
  prepared.apply()
  prepared.apply()
  expect(vs.workingHeight).toBe(1)
  prepared.publish()
  expect(vs.latestHeight).toBe(1)
  // The next height builds on it as usual.
  const next = vs.branch()
  next.store('bank').set(utf8('k'), utf8('w'))
  const second = vs.prepareCommit(next, 2)
  second.apply()
  second.publish()
  expect(fromUtf8((await vs.view(2).store('bank').get(utf8('k')))!)).toBe('w')
})
