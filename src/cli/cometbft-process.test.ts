import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { cometBlockStoreEmpty } from './cometbft-process.js'

const homes: string[] = []
afterEach(async () => {
  for (const h of homes.splice(0)) await rm(h, { recursive: true, force: true })
})

/** A home whose data/blockstore.db holds `files` (name → contents), or none when undefined. */
async function home(files?: Record<string, string>): Promise<string> {
  const h = await mkdtemp(join(tmpdir(), 'sdkd-blockstore-'))
  homes.push(h)
  await mkdir(join(h, 'data'))
  if (files) {
    const dir = join(h, 'data', 'blockstore.db')
    await mkdir(dir)
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
  }
  return h
}

/** What goleveldb leaves after opening a database and writing nothing. */
const OPENED = { CURRENT: 'MANIFEST-000000\n', LOCK: '', LOG: 'opened', 'MANIFEST-000000': 'm' }

describe('cometBlockStoreEmpty', () => {
  test('behavior: no block store, or one opened and never written, holds no block', async () => {
    expect(await cometBlockStoreEmpty(await home())).toBe(true)
    expect(await cometBlockStoreEmpty(await home({ ...OPENED, '000001.log': '' }))).toBe(true)
  })

  test('behavior: a non-empty journal or any table file means blocks', async () => {
    expect(await cometBlockStoreEmpty(await home({ ...OPENED, '000001.log': 'x' }))).toBe(false)
    expect(
      await cometBlockStoreEmpty(await home({ ...OPENED, '000002.log': '', '000003.ldb': 't' })),
    ).toBe(false)
  })
})
