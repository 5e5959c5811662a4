import { describe, expect, test } from 'vitest'
import { StateFollower } from '../../test/helpers/state-follower.js'
import { type Bytes, fromUtf8, utf8 } from '../codec/bytes.js'
import { createBranch } from './branch.js'
import { createMemoryBackend } from './memory-backend.js'
import { StateReplica } from './state-replica.js'
import type { KVRange, StateReader } from './types.js'
import { LARGE_VALUE_BYTES } from './version-index.js'
import { VersionedStore } from './versioned-store.js'

/** A small seeded PRNG (Lehmer), so a failure can be replayed. */
function lehmer(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 48271) % 2147483647
    return s / 2147483647
  }
}

/** Every entry of every store through `state`, and ranges inside them, both ways, as text. */
async function contents(state: StateReader, stores: string[]): Promise<string[]> {
  const out: string[] = [`stores ${state.storeNames().sort().join(',')}`]
  const ranges: KVRange[] = [
    {},
    { reverse: true },
    { gte: utf8('k1'), lt: utf8('k5') },
    { gte: utf8('k3'), lt: utf8('k7'), reverse: true },
    { gte: utf8('zz') },
  ]
  for (const name of stores) {
    if (!state.hasStore(name)) continue
    const store = state.store(name)
    for (const range of ranges) {
      const entries: string[] = []
      for await (const [k, v] of store.iterate(range)) entries.push(`${fromUtf8(k)}=${fromUtf8(v)}`)
      out.push(`${name} ${JSON.stringify(range)}: ${entries.join(' ')}`)
      out.push(`${name} empty ${store.isEmpty?.(range) ?? 'unknown'}`)
    }
    for (let i = 0; i < 10; i++) {
      const v = await store.get(utf8(`k${i}`))
      out.push(`${name} k${i}=${v === undefined ? '-' : fromUtf8(v)}`)
    }
  }
  return out
}

describe('state replica', () => {
  test('behavior: a copy seeded once and told each height reads as the store does: gets, ranges both ways, emptiness, stores', async () => {
    const backend = createMemoryBackend()
    const vs = await VersionedStore.open({ backend })
    const follower = new StateFollower()
    vs.observer = follower
    const genesis = vs.branch()
    await genesis.upgradeStores({ added: ['bank', 'mint'] })
    genesis.store('bank').set(utf8('k1'), utf8('a'))
    const g = vs.prepareCommit(genesis, 0)
    await backend.write(g.ops)
    g.apply()
    g.publish()
    const seed = vs.workingSeed()
    const replica = new StateReplica(seed, seed.height)
    follower.heights = []
    const rand = lehmer(7)
    const names = ['bank', 'mint', 'staking']
    for (let h = 1; h <= 40; h++) {
      const branch = vs.branch()
      // A store added part way, as an upgrade adds one.
      if (h === 20) await branch.upgradeStores({ added: ['staking'] })
      for (let i = 0; i < 6; i++) {
        const name = names[Math.floor(rand() * (h >= 20 ? 3 : 2))]!
        const key = utf8(`k${Math.floor(rand() * 10)}`)
        if (rand() < 0.3) branch.store(name).delete(key)
        else branch.store(name).set(key, utf8(`v${h}.${i}`))
      }
      const p = vs.prepareCommit(branch, h)
      p.apply()
      await backend.write(p.ops)
      p.publish()
      for (const { height, changes } of follower.heights.splice(0)) replica.apply(height, changes)
      expect(replica.height).toBe(h)
      const copy = createBranch(replica.parent())
      expect(await contents(copy, names)).toEqual(await contents(vs.branch(), names))
    }
    // A seed of the same state reads the same too.
    const again = vs.workingSeed()
    const reseeded = new StateReplica(again, again.height)
    expect(await contents(createBranch(reseeded.parent()), names)).toEqual(
      await contents(vs.branch(), names),
    )
  })

  test('behavior: an empty height is told with no changes; a rollback is told as a reset', async () => {
    const backend = createMemoryBackend()
    const vs = await VersionedStore.open({ backend })
    const follower = new StateFollower()
    vs.observer = follower
    const genesis = vs.branch()
    await genesis.upgradeStores({ added: ['bank'] })
    genesis.store('bank').set(utf8('k1'), utf8('a'))
    const g = vs.prepareCommit(genesis, 0)
    await backend.write(g.ops)
    g.apply()
    g.publish()
    for (let h = 1; h <= 3; h++) {
      const branch = vs.branch()
      if (h === 2) branch.store('bank').set(utf8('k2'), utf8('b'))
      const p = vs.prepareCommit(branch, h)
      p.apply()
      await backend.write(p.ops)
      p.publish()
    }
    expect(follower.heights.map((x) => [x.height, x.changes.writes.length])).toEqual([
      [0, 1],
      [1, 0],
      [2, 1],
      [3, 0],
    ])
    expect(follower.resets).toBe(0)
    const r = await vs.prepareRollback(1)
    await backend.write(r.ops)
    r.apply()
    expect(follower.resets).toBe(1)
  })

  test('behavior: a large value the node keeps is let go after a check that did not read it, and read from the node when asked again', async () => {
    const backend = createMemoryBackend()
    const vs = await VersionedStore.open({ backend })
    const follower = new StateFollower((value) => vs.leavesValue(value))
    vs.observer = follower
    const big = (n: number) => new Uint8Array(LARGE_VALUE_BYTES + 1).fill(n)
    const genesis = vs.branch()
    await genesis.upgradeStores({ added: ['bank'] })
    genesis.store('bank').set(utf8('big'), big(1))
    genesis.store('bank').set(utf8('small'), utf8('a'))
    const g = vs.prepareCommit(genesis, 0)
    await backend.write(g.ops)
    g.apply()
    g.publish()
    const fetched: [string, number][] = []
    const seed = vs.workingSeed()
    const replica = new StateReplica(seed, seed.height, (full, h) => {
      fetched.push([full.slice(4), h])
      return vs.versionValue(full, h)!
    })
    const read = async () => createBranch(replica.parent()).store('bank').get(utf8('big'))
    // The seed holds the version's height: the first read asks the node, the next does not.
    expect(await read()).toEqual(big(1))
    expect(await read()).toEqual(big(1))
    expect(fetched).toEqual([['big', 0]])
    replica.settle()
    // Read since the last settle: still held. Not read before the next one: let go.
    replica.settle()
    expect(await read()).toEqual(big(1))
    expect(fetched).toEqual([
      ['big', 0],
      ['big', 0],
    ])
    fetched.length = 0
    // The check that read it is done.
    replica.settle()

    // A height's large value arrives with its bytes; let go once a check did not read it.
    const commit = async (h: number, value: Bytes, durable: boolean) => {
      const branch = vs.branch()
      branch.store('bank').set(utf8('big'), value)
      const p = vs.prepareCommit(branch, h)
      p.apply()
      for (const { height, changes } of follower.heights.splice(0)) replica.apply(height, changes)
      if (durable) {
        await backend.write(p.ops)
        p.publish()
      }
      return p
    }
    await commit(1, big(2), true)
    expect(await read()).toEqual(big(2))
    replica.settle()
    // Read before that settle: held, read again from here.
    expect(await read()).toEqual(big(2))
    expect(fetched).toEqual([])
    replica.settle()
    replica.settle()
    const range = async () => {
      const out: [string, number][] = []
      for await (const [k, v] of createBranch(replica.parent()).store('bank').iterate())
        out.push([fromUtf8(k), v.length])
      return out
    }
    expect(await range()).toEqual([
      ['big', LARGE_VALUE_BYTES + 1],
      ['small', 1],
    ])
    expect(fetched).toEqual([['big', 1]])
    // A version not yet durable is read from the node's memory.
    const pending = await commit(2, big(3), false)
    replica.settle()
    replica.settle()
    expect(await read()).toEqual(big(3))
    expect(fetched).toEqual([
      ['big', 1],
      ['big', 2],
    ])
    await backend.write(pending.ops)
    pending.publish()
  })

  test('error: a copy seeded without a way to read from the node names the value it cannot read', async () => {
    const replica = new StateReplica(
      { entries: [['\u0000\u0000\u0000\u0001big', 5]], stores: [['bank', 1]], nextStoreId: 2 },
      5,
    )
    await expect(createBranch(replica.parent()).store('bank').get(utf8('big'))).rejects.toThrow(
      'the copy of the state holds no value of key "\\u0000\\u0000\\u0000\\u0001big" (height 5)',
    )
  })
})
