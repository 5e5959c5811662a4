import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { runnerNodes, testnetNodes } from './testnet-start.js'

describe('testnet start: the nodes of an output directory', () => {
  test('behavior: every <prefix><i> holding a home, by index; --nodes picks some, in its order; each runs sdkd start --consensus cometbft on its home', async () => {
    const t = await tempDir('sdkd-testnet-nodes-')
    try {
      for (const d of ['val0', 'val2', 'val10', 'val1', 'val03', 'valx', 'other5'])
        await mkdir(join(t.dir, d, 'h', 'config'), { recursive: true })
      for (const d of ['val0', 'val2', 'val10', 'val03', 'valx', 'other5'])
        await writeFile(join(t.dir, d, 'h', 'config', 'config.toml'), '')
      const flags = { outputDir: t.dir, nodeDirPrefix: 'val', nodeDaemonHome: 'h' }
      const all = await testnetNodes(flags)
      // val1 has no config.toml; val03 and valx are not directories init-files names.
      expect(all).toEqual(
        ['val0', 'val2', 'val10'].map((name) => ({ name, home: join(t.dir, name, 'h') })),
      )
      expect((await testnetNodes({ ...flags, nodes: [10, 0] })).map((n) => n.name)).toEqual([
        'val10',
        'val0',
      ])
      const [run] = runnerNodes({ home: '/ignored', logFormat: 'json' }, all.slice(0, 1))
      expect(run!.name).toBe('val0')
      expect(run!.command).toBe(process.execPath)
      expect(run!.args.slice(-7)).toEqual([
        '--home',
        join(t.dir, 'val0', 'h'),
        '--log_format',
        'json',
        'start',
        '--consensus',
        'cometbft',
      ])
    } finally {
      await t.cleanup()
    }
  })
})
