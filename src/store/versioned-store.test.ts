import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLevelBackend } from './level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'
import { describeVersionedStore } from './versioned-store.case.js'

describeVersionedStore('LevelDB', () => {
  let dir: string | undefined
  return {
    async open() {
      dir ??= await mkdtemp(join(tmpdir(), 'sdkd-store-'))
      return createLevelBackend({ path: dir })
    },
    async cleanup() {
      if (dir) await rm(dir, { recursive: true, force: true })
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
