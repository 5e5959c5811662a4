import { mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { writeFileAtomic } from './atomic-file.js'
import { storageWriteError } from './write-error.js'

const cleanups = cleanupAfterEach()

test('behavior: a refused write names the file, the reason as Go prints it and its errno', () => {
  const level = storageWriteError(
    Object.assign(
      new Error('IO error: /h/data/application.db/000007.ldb: No space left on device'),
      {
        code: 'LEVEL_IO_ERROR',
      },
    ),
    '/h/data/application.db',
  )
  expect(level.message).toBe('/h/data/application.db/000007.ldb: no space left on device (ENOSPC)')
  expect(level.outOfSpace).toBe(true)
  const node = storageWriteError(
    Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }),
    '/h/data/upgrade-info.json',
  )
  expect(node.message).toBe('/h/data/upgrade-info.json: disk quota exceeded (EDQUOT)')
  expect(node.outOfSpace).toBe(true)
  const other = storageWriteError(new Error('something else'), '/h/data/application.db')
  expect(other.message).toBe('/h/data/application.db: something else')
  expect(other.outOfSpace).toBe(false)
})

test('error: an atomic write that fails names the file and leaves no temp file behind', async () => {
  const t = await tempDir('sdkd-atomic-')
  cleanups.push(t.cleanup)
  // A directory where the file should go: the rename onto it fails.
  const path = join(t.dir, 'upgrade-info.json')
  await mkdir(path)
  await expect(writeFileAtomic(path, '{}')).rejects.toThrow(
    `${path}: illegal operation on a directory (EISDIR)`,
  )
  expect(await readdir(t.dir)).toEqual(['upgrade-info.json'])
})
