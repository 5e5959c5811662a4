import { afterEach, describe, expect, test } from 'vitest'
import { type TempDir, tempDir } from '../../test/helpers/temp-dir.js'
import { utf8 } from '../codec/bytes.js'
import { createLevelBackend } from './level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'
import type { StateBranch } from './types.js'
import { LARGE_VALUE_BYTES } from './version-index.js'
import { describeVersionedStore } from './versioned-store.case.js'
import { VersionedStore } from './versioned-store.js'

describeVersionedStore('LevelDB', () => {
  let dir: TempDir | undefined
  return {
    async open() {
      dir ??= await tempDir('sdkd-store-')
      return createLevelBackend({ path: dir.dir })
    },
    async cleanup() {
      await dir?.cleanup()
    },
  }
})

describeVersionedStore('memory', () => {
  const db = createMemoryDatabase()
  return { open: async () => createMemoryBackend(db) }
})

// A backend without synchronous gets: old versions are read through the asynchronous path.
describeVersionedStore('memory, asynchronous reads only', () => {
  const db = createMemoryDatabase()
  return {
    async open() {
      const { getSync: _sync, ...rest } = createMemoryBackend(db)
      return rest
    },
  }
})

describe('versioned store: large values in memory', () => {
  let dir: TempDir | undefined
  afterEach(async () => {
    await dir?.cleanup()
    dir = undefined
  })

  /** A LevelDB store whose synchronous gets are counted. */
  const open = async (options: { historyCacheBytes?: number } = {}) => {
    dir ??= await tempDir('sdkd-store-')
    const backend = await createLevelBackend({ path: dir.dir })
    const counted = { ...backend, syncGets: 0 }
    counted.getSync = (key) => {
      counted.syncGets++
      return backend.getSync!(key)
    }
    const vs = await VersionedStore.open({ backend: counted, ...options })
    /** Commits as the producer does: apply, write, publish (readers see the height once durable). */
    const commit = async (br: StateBranch, height: number) => {
      const prepared = vs.prepareCommit(br, height)
      prepared.apply()
      await counted.write(prepared.ops)
      prepared.publish()
    }
    /** Genesis with a bank store. */
    const genesis = async () => {
      const g = vs.branch()
      await g.upgradeStores({ added: ['bank'] })
      await commit(g, 0)
    }
    return { vs, backend: counted, commit, genesis }
  }

  test('behavior: a value past LARGE_VALUE_BYTES is read from the database once durable, a small one from memory', async () => {
    const first = await open()
    let { vs, backend } = first
    await first.genesis()
    const big = new Uint8Array(LARGE_VALUE_BYTES + 1).fill(7)
    const br = vs.branch()
    br.store('bank').set(utf8('big'), big)
    br.store('bank').set(utf8('small'), new Uint8Array(LARGE_VALUE_BYTES).fill(8))
    await first.commit(br, 1)

    const reads = async () => {
      const before = backend.syncGets
      expect((await vs.view(1).store('bank').get(utf8('small')))?.length).toBe(LARGE_VALUE_BYTES)
      const small = backend.syncGets - before
      expect(Buffer.from((await vs.view(1).store('bank').get(utf8('big')))!).equals(big)).toBe(true)
      return { small, big: backend.syncGets - before - small }
    }
    expect(await reads()).toEqual({ small: 0, big: 1 })
    // After a restart, the same.
    await vs.close()
    ;({ vs, backend } = await open())
    expect(await reads()).toEqual({ small: 0, big: 1 })
    await vs.close()
  })

  test('behavior: the cache of past values keeps values up to its bytes, the oldest going first', async () => {
    const size = 1000
    // Room for 16 of the values below (with their keys, `height/full key`), each a sixteenth.
    const { vs, backend, commit, genesis } = await open({
      historyCacheBytes: Math.floor(16.5 * (size + 12)),
    })
    await genesis()
    for (let h = 1; h <= 18; h++) {
      const br = vs.branch()
      br.store('bank').set(utf8('big'), new Uint8Array(size).fill(h))
      await commit(br, h)
    }
    /** Reads the value at `h`; how many synchronous gets that took. */
    const read = async (h: number) => {
      const before = backend.syncGets
      const v = await vs.view(h).store('bank').get(utf8('big'))
      expect([v?.length, v?.[0]]).toEqual([size, h])
      return backend.syncGets - before
    }
    const heights = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const reads = async (hs: number[]) => {
      const out: number[] = []
      for (const h of hs) out.push(await read(h))
      return out
    }
    expect(await reads(heights(1, 16))).toEqual(heights(1, 16).map(() => 1))
    // All 16 kept.
    expect(await reads(heights(1, 16))).toEqual(heights(1, 16).map(() => 0))
    // One more pushes out the oldest only (1); 1 read again then pushes out 2.
    expect(await reads([17, 2, 1, 3, 2])).toEqual([1, 0, 1, 0, 1])
    await vs.close()
  })
})
