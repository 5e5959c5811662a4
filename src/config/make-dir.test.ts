import { existsSync } from 'node:fs'
import { stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { makeDir } from './make-dir.js'

const cleanups = cleanupAfterEach()

test('behavior: makes the directory and its missing parents with the mode; one that exists is done', async () => {
  const t = await tempDir('sdkd-make-dir-')
  cleanups.push(t.cleanup)
  const deep = join(t.dir, 'a', 'b', 'c')
  await makeDir(deep, 0o700)
  for (const dir of [join(t.dir, 'a'), join(t.dir, 'a', 'b'), deep])
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
  await makeDir(deep)
  await Promise.all([makeDir(join(deep, 'd')), makeDir(join(deep, 'd'))])
  expect((await stat(join(deep, 'd'))).isDirectory()).toBe(true)
})

test('error: a file in the way is refused as mkdir refuses it', async () => {
  const t = await tempDir('sdkd-make-dir-')
  cleanups.push(t.cleanup)
  const file = join(t.dir, 'file')
  await writeFile(file, '')
  await expect(makeDir(file)).rejects.toMatchObject({ code: 'EEXIST' })
  await expect(makeDir(join(file, 'x', 'y'))).rejects.toMatchObject({ code: 'ENOTDIR' })
})

// Node's recursive mkdir never returns there: mkdir answers ENOENT under a parent that exists.
test.skipIf(!existsSync('/proc/self'))(
  'error: under /proc, mkdir’s ENOENT is the answer, not a reason to make the parent again',
  async () => {
    await expect(makeDir('/proc/sdkd-none/home')).rejects.toMatchObject({
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, mkdir '/proc/sdkd-none'",
    })
  },
)
