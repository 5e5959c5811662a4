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
  const open = async () => {
    dir ??= await tempDir('sdkd-store-')
    const backend = await createLevelBackend({ path: dir.dir })
    const counted = { ...backend, syncGets: 0 }
    counted.getSync = (key) => {
      counted.syncGets++
      return backend.getSync!(key)
    }
    return { vs: await VersionedStore.open({ backend: counted }), backend: counted }
  }

  test('behavior: a value past LARGE_VALUE_BYTES is read from the database once durable, a small one from memory', async () => {
    let { vs, backend } = await open()
    const commit = async (br: StateBranch, height: number) => {
      const prepared = vs.prepareCommit(br, height)
      prepared.apply()
      await backend.write(prepared.ops)
      prepared.publish()
    }
    const g = vs.branch()
    await g.upgradeStores({ added: ['bank'] })
    await commit(g, 0)
    const big = new Uint8Array(LARGE_VALUE_BYTES + 1).fill(7)
    const br = vs.branch()
    br.store('bank').set(utf8('big'), big)
    br.store('bank').set(utf8('small'), new Uint8Array(LARGE_VALUE_BYTES).fill(8))
    await commit(br, 1)

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
})
