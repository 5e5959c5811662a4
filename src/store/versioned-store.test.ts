import { type TempDir, tempDir } from '../../test/helpers/temp-dir.js'
import { createLevelBackend } from './level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'
import { describeVersionedStore } from './versioned-store.case.js'

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
