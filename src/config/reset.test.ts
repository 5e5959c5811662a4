import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { readHomeRecord, writeHomeRecord } from './home-record.js'
import { resetChainData } from './reset.js'

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

describe('home record across a reset', () => {
  test('behavior: upgrade plugins are written, read back, and forgotten with the chain on a reset', async () => {
    const home = await mkdtemp(join(tmpdir(), 'sdkd-reset-'))
    dirs.push(home)
    await mkdir(join(home, 'config'), { recursive: true })
    await writeHomeRecord(home, {
      brand: 'sdk',
      createdBy: 'v1',
      lastRunBy: 'v1',
      upgradePlugins: ['/plugins/a "quoted".mjs', '/plugins/b.mjs'],
    })
    const text = await readFile(join(home, 'config/sdkd.toml'), 'utf8')
    expect(text).toContain('upgrade-plugins = ["/plugins/a \\"quoted\\".mjs", "/plugins/b.mjs"]\n')
    expect(await readHomeRecord(home)).toEqual({
      brand: 'sdk',
      createdBy: 'v1',
      lastRunBy: 'v1',
      upgradePlugins: ['/plugins/a "quoted".mjs', '/plugins/b.mjs'],
    })

    await resetChainData(home)
    expect(await readHomeRecord(home)).toEqual({ brand: 'sdk', createdBy: 'v1' })
    expect(await readFile(join(home, 'config/sdkd.toml'), 'utf8')).not.toContain('upgrade-plugins')
  })
})
