import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { backupName } from './data-backup.js'
import { parseRunArgs } from './run.js'
import { appArgs, relaunchArgs } from './supervisor.js'
import { readSupervisorEnv } from './supervisor-env.js'
import { readUpgradesToml, upgradeTarget } from './upgrade-targets.js'

const fail = (message: string): never => {
  throw new Error(message)
}

describe('sdkd run: arguments', () => {
  test('behavior: options before the command are sdkd run’s; everything from the command on is the app’s', () => {
    const plugin = new URL('../../config/upgrade-plugins/example-upgrade.mjs', import.meta.url)
    const parsed = parseRunArgs(
      [`--upgrade-plugin=example-upgrade=${plugin.pathname}`, 'start', '--upgrade-plugin', 'x.mjs'],
      fail,
    )
    expect(parsed).toEqual({
      plugins: new Map([['example-upgrade', plugin.pathname]]),
      command: 'start',
      args: ['--upgrade-plugin', 'x.mjs'],
    })
    expect(parseRunArgs(['--help', 'start'], fail)).toBe('help')
    expect(parseRunArgs(['start', '--help'], fail)).toEqual({
      plugins: new Map(),
      command: 'start',
      args: ['--help'],
    })
  })

  test('error: no command, an unknown option before it, run inside run', () => {
    expect(() => parseRunArgs([], fail)).toThrow(
      /^error: requires at least 1 arg\(s\), only received 0$/,
    )
    expect(() => parseRunArgs(['--timeout-commit', '1s', 'start'], fail)).toThrow(
      "error: unknown flag: --timeout-commit (the app's flags go after its command",
    )
    expect(() => parseRunArgs(['run', 'start'], fail)).toThrow('sdkd run cannot run itself')
    for (const args of [
      ['start', '--upgrade-halt', 'wait'],
      ['devnet', '--upgrade-halt=wait'],
    ])
      expect(() => parseRunArgs(args, fail)).toThrow(
        'error: sdkd run relaunches the app when it exits at an upgrade halt: drop --upgrade-halt wait (it is for cosmovisor)',
      )
    expect(parseRunArgs(['start', '--upgrade-halt', 'exit'], fail)).toMatchObject({
      args: ['--upgrade-halt', 'exit'],
    })
  })

  test('behavior: a relaunch keeps the arguments but never --reset; plugins follow the command', () => {
    const args = ['--reset', '--timeout-commit', '1s', '--reset=true']
    expect(relaunchArgs(args)).toEqual(['--timeout-commit', '1s'])
    expect(
      appArgs({
        globalArgs: ['--home', '/h'],
        appVersion: 'v2',
        command: 'start',
        args: ['--timeout-commit', '1s'],
        plugins: ['/p/a.mjs', '/p/b.mjs'],
      }),
    ).toEqual([
      '--home',
      '/h',
      '--app-version',
      'v2',
      'start',
      '--timeout-commit',
      '1s',
      '--upgrade-plugin',
      '/p/a.mjs',
      '--upgrade-plugin',
      '/p/b.mjs',
    ])
    // devnet's $SDKD_UPGRADE_PLUGIN yields to a flag on the command line: it is kept as a flag.
    const devnet = { globalArgs: [], appVersion: 'v1', command: 'devnet', args: [] }
    expect(appArgs({ ...devnet, plugins: ['/p/b.mjs'], envPlugin: '/p/env.mjs' })).toEqual([
      '--app-version',
      'v1',
      'devnet',
      '--upgrade-plugin',
      '/p/env.mjs',
      '--upgrade-plugin',
      '/p/b.mjs',
    ])
    expect(appArgs({ ...devnet, plugins: [], envPlugin: '/p/env.mjs' })).toEqual([
      '--app-version',
      'v1',
      'devnet',
    ])
    // A plugin the command loads itself, or the environment's, is not loaded twice.
    expect(appArgs({ ...devnet, plugins: ['/p/env.mjs'], envPlugin: '/p/env.mjs' })).toEqual([
      '--app-version',
      'v1',
      'devnet',
      '--upgrade-plugin',
      '/p/env.mjs',
    ])
    const start = { ...devnet, command: 'start', plugins: ['/p/a.mjs', '/p/b.mjs'] }
    expect(appArgs({ ...start, args: ['--upgrade-plugin=/p/../p/a.mjs'] })).toEqual([
      '--app-version',
      'v1',
      'start',
      '--upgrade-plugin=/p/../p/a.mjs',
      '--upgrade-plugin',
      '/p/b.mjs',
    ])
  })
})

describe('sdkd run: settings', () => {
  test('behavior: cosmovisor’s defaults, booleans in any case, Go durations', () => {
    expect(readSupervisorEnv({})).toEqual({
      restartAfterUpgrade: true,
      restartDelayMs: 0,
      skipBackup: false,
    })
    expect(
      readSupervisorEnv({
        DAEMON_RESTART_AFTER_UPGRADE: 'FALSE',
        DAEMON_RESTART_DELAY: '1m30s',
        UNSAFE_SKIP_BACKUP: 'True',
        DAEMON_DATA_BACKUP_DIR: 'not checked when backups are off',
      }),
    ).toMatchObject({ restartAfterUpgrade: false, restartDelayMs: 90_000, skipBackup: true })
  })

  test('error: every bad variable is reported', () => {
    expect(() =>
      readSupervisorEnv({
        DAEMON_RESTART_AFTER_UPGRADE: 'on',
        DAEMON_RESTART_DELAY: '0s',
        DAEMON_DATA_BACKUP_DIR: '/no/such/dir',
      }),
    ).toThrow(
      [
        'env variable "DAEMON_RESTART_AFTER_UPGRADE" must have a boolean value ("true" or "false"), got "on"',
        'env variable DAEMON_RESTART_DELAY: must be greater than 0, got 0s',
        'DAEMON_DATA_BACKUP_DIR: /no/such/dir is not an existing directory',
      ].join('\n'),
    )
  })

  test('behavior: backups are named as cosmovisor names them (month and day not zero-padded)', () => {
    expect(backupName(new Date(2025, 0, 5, 23, 59))).toBe('data-backup-2025-1-5')
    expect(backupName(new Date(2025, 11, 31))).toBe('data-backup-2025-12-31')
  })
})

describe('sdkd run: upgrade targets', () => {
  test('behavior: a built-in app version newer than the running one, else a mapped plugin', async () => {
    const { dir: home, cleanup } = await tempDir('sdkd-run-unit-')
    try {
      await writeFile(join(home, 'p.mjs'), 'export default {}\n')
      await mkdir(join(home, 'config'))
      await writeFile(join(home, 'config/upgrades.toml'), '[plugins]\nmine = "p.mjs"\n')
      const fromFile = await readUpgradesToml(home)
      expect(fromFile).toEqual(new Map([['mine', join(home, 'p.mjs')]]))
      expect(upgradeTarget('v2', 'v1', [fromFile])).toEqual({
        kind: 'app-version',
        appVersion: 'v2',
      })
      expect(upgradeTarget('mine', 'v1', [new Map(), fromFile])).toEqual({
        kind: 'plugin',
        plugin: join(home, 'p.mjs'),
      })
      expect(upgradeTarget('v1', 'v2', [fromFile])).toMatchObject({
        kind: 'none',
        reason: 'app version v1 is not newer than the running v2',
      })
      expect(upgradeTarget('other', 'v1', [fromFile])).toMatchObject({ kind: 'none' })

      await writeFile(join(home, 'config/upgrades.toml'), '[plugins]\nv2 = "p.mjs"\n')
      await expect(readUpgradesToml(home)).rejects.toThrow(
        'config/upgrades.toml: plugins.v2: v2 is a built-in app version; the upgrade to it needs no plugin',
      )
      await writeFile(join(home, 'config/upgrades.toml'), 'plugin = 1\n')
      await expect(readUpgradesToml(home)).rejects.toThrow(
        'config/upgrades.toml: plugin: unknown field',
      )
    } finally {
      await cleanup()
    }
  })
})
