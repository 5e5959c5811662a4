import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { readHomeRecord, writeHomeRecord } from './home-record.js'
import { resetChainData } from './reset.js'

const cleanups = cleanupAfterEach()

describe('home record across a reset', () => {
  test('behavior: upgrade plugins are written, read back, and forgotten with the chain on a reset', async () => {
    const { dir: home, cleanup } = await tempDir('sdkd-reset-')
    cleanups.push(cleanup)
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
