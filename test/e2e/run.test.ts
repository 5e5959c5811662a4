import { existsSync, statSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createV1 } from '../../src/versions/v1.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  heightOf,
  proposalIdOf,
  type RunningNode,
  rest,
  txOk,
  waitForOutcome,
} from '../helpers/devnet.js'
import {
  boundPorts,
  rpcCall,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import {
  ActionQueue,
  openNode,
  scheduleInNextBlock,
  testAppVersion,
} from '../helpers/upgrade-chain.js'

/**
 * `sdkd run`, the in-project cosmovisor, with real processes: the supervisor runs `sdkd start` as a
 * child, and at an upgrade halt (exit 2, data/upgrade-info.json) backs up data/ and runs the next
 * app version (or the same one with the plan's plugin) without anyone restarting it.
 */

const cleanups = cleanupAfterEach()

const EXAMPLE_PLUGIN = fileURLToPath(
  new URL('../../config/upgrade-plugins/example-upgrade.mjs', import.meta.url),
)

/** The supervisor's variables unset, whatever the environment of the test run has. */
const NO_SUPERVISOR_ENV = {
  DAEMON_RESTART_AFTER_UPGRADE: '',
  DAEMON_RESTART_DELAY: '',
  UNSAFE_SKIP_BACKUP: '',
  DAEMON_DATA_BACKUP_DIR: '',
  SDKD_UPGRADE_PLUGIN: '',
}

async function v1Home(): Promise<DevnetHome> {
  // A longer voting period than the devnet's 5 s: each tx is a CLI process of its own.
  const home = await createDevnetHome('run-e2e', { voting_period: '8s' }, 'v1')
  cleanups.push(home.cleanup)
  return home
}

/** The PIDs of the app processes the supervisor started (its `running app` lines). */
const appPids = (p: SdkdProcess) =>
  p
    .logs()
    .filter((l) => l.msg === 'running app')
    .map((l) => Number(l.app_pid))

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * `sdkd run [runArgs…] start …` on the home, 100 ms blocks, RPC and REST on port 0: each app the
 * supervisor runs binds ports of the OS's choosing (`appNode` reads them back).
 */
function supervise(
  home: string,
  options: { env?: NodeJS.ProcessEnv; runArgs?: string[] } = {},
): SdkdProcess {
  const p = startSdkd(
    [
      '--home',
      home,
      '--log_format',
      'json',
      'run',
      ...(options.runArgs ?? []),
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.address',
      'tcp://127.0.0.1:0',
      '--grpc.enable=false',
      '--timeout-commit',
      '100ms',
    ],
    { env: { ...NO_SUPERVISOR_ENV, ...options.env } },
  )
  // The apps run in their own process group: a killed supervisor would leave them behind.
  cleanups.push(async () => {
    for (const pid of appPids(p)) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
    await p.stop('SIGKILL')
  })
  return p
}

/**
 * The node of the `run`-th app (1 = the first) the supervisor started: the ports it logged after
 * its `running app` line.
 */
async function appNode(p: SdkdProcess, run: number): Promise<RunningNode> {
  const launched = await waitShowing(
    async () => p.logs().filter((l) => l.msg === 'running app')[run - 1],
    40_000,
    `app run ${run}`,
    p,
  )
  const { rpcPort, apiPort } = await boundPorts(p, { api: true }, launched)
  return {
    p,
    rpcPort,
    apiPort: apiPort!,
    rpc: `tcp://127.0.0.1:${rpcPort}`,
    api: `http://127.0.0.1:${apiPort}`,
  }
}

/**
 * The test-only way to schedule a plan without governance: the stopped home is opened in-process and
 * the plan is set in its next block. The chain first runs to height 2 with the real v1.
 */
async function schedulePlan(home: string, name: string): Promise<number> {
  const r = await runSdkd([
    '--home',
    home,
    '--app-version',
    'v1',
    'start',
    '--halt-height',
    '2',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
  ])
  expect(r.code, r.stderr).toBe(0)
  const queue = new ActionQueue()
  const node = await openNode(home, {
    appVersion: 'v1',
    appVersions: { v1: testAppVersion({ name: 'v1', base: createV1, queue }) },
  })
  try {
    const height = node.producer.height + 6
    await scheduleInNextBlock(node, queue, { name, height, info: '{}' })
    return height
  } finally {
    await node.stop()
  }
}

/** Waits for `fn`; a timeout shows what the supervisor and its apps printed. */
const waitShowing = <T>(
  fn: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  p: SdkdProcess,
): Promise<T> =>
  waitFor(fn, timeoutMs, what).catch((err: Error) => {
    throw new Error(`${err.message}\n--- output\n${p.output().slice(-4000)}`)
  })

const backupsIn = async (dir: string) =>
  (await readdir(dir)).filter((f) => f.startsWith('data-backup-'))

const logged = (p: SdkdProcess, msg: string) => p.logs().filter((l) => l.msg === msg)

async function heightsRise(node: RunningNode): Promise<void> {
  const now = await heightOf(node)
  await waitFor(async () => ((await heightOf(node)) > now + 2 ? true : undefined), 10_000)
}

describe('sdkd run (e2e)', () => {
  test('behavior: carries a v1 devnet through a governance upgrade to v2 with no manual restart; backs up data/; SIGTERM ends everything with exit 0', async () => {
    const home = await v1Home()
    const node = await appNode(supervise(home.dir), 1)
    await node.p.waitForLog((l) => l.msg === 'committed block')
    // Blocks only when a tx comes (dev API, instant mining): no block rate matters below.
    const dev = async (method: string, params: Record<string, unknown> = {}) => {
      const reply = await rpcCall(node.rpcPort, method, params)
      expect(reply.error, method).toBeUndefined()
      return reply.result
    }
    expect((await dev('dev_setMining', { mode: 'instant' })).mode).toBe('instant')
    // The app knows it is supervised: the supervisor's pid, its first launch, no upgrade yet.
    expect((await dev('dev_status')).supervisor).toEqual({
      pid: node.p.child.pid,
      launch: 1,
      upgrades: [],
    })
    const H = (await heightOf(node)) + 20
    const submitted = await txOk(
      home,
      node,
      [
        'upgrade',
        'software-upgrade',
        'v2',
        '--title',
        'Upgrade to v2',
        '--summary',
        'v1 to v2 under sdkd run',
        '--upgrade-height',
        String(H),
        '--upgrade-info',
        '{}',
        '--no-validate',
        '--deposit',
        '10000000stake',
      ],
      'alice',
    )
    const id = proposalIdOf(submitted)
    await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
    // The voting period ends by block time: one block 8 s later (time travel) tallies the votes.
    await dev('dev_increaseTime', { seconds: 8 })
    await dev('dev_mine', { blocks: 1 })
    expect((await waitForOutcome(node, id)).status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await dev('dev_mineTo', { height: H - 1 })).toEqual({ height: String(H - 1) })
    // A block every 100 ms again: the next one is H, where v1 halts.
    await dev('dev_setMining', { mode: 'interval', interval: '100ms' })

    // v1 halts at H (exit 2); the supervisor backs up data/ and runs v2, which applies the plan.
    const v2 = await appNode(node.p, 2)
    const applied = await waitShowing(
      async () => {
        const { height } = await rest(v2, '/sdk/upgrade/v1beta1/applied_plan/v2')
        return height === '0' ? undefined : height
      },
      40_000,
      'v2 to apply the upgrade',
      node.p,
    )
    expect(applied).toBe(String(H))
    await heightsRise(v2)
    // docs/upgrades.md, "App versions": v2 adds consensus 1 and keeps crisis 2 listed; the rest as in v1.
    expect(await rest(v2, '/sdk/upgrade/v1beta1/module_versions')).toEqual({
      module_versions: [
        { name: 'auth', version: '5' },
        { name: 'bank', version: '4' },
        { name: 'consensus', version: '1' },
        { name: 'crisis', version: '2' },
        { name: 'distribution', version: '3' },
        { name: 'evidence', version: '1' },
        { name: 'genutil', version: '1' },
        { name: 'gov', version: '5' },
        { name: 'mint', version: '2' },
        { name: 'params', version: '1' },
        { name: 'slashing', version: '4' },
        { name: 'staking', version: '5' },
        { name: 'upgrade', version: '2' },
      ],
    })

    const sequence = node.p
      .logs()
      .filter((l) => l.module === 'cosmovisor')
      .map((l) => l.msg)
    expect(sequence).toEqual([
      'running app',
      'starting to take backup of data directory',
      'backup completed',
      'upgrade detected, relaunching',
      'running app',
    ])
    const [first, second] = logged(node.p, 'running app')
    expect(first!.app_version).toBe('v1')
    expect(second!.app_version).toBe('v2')
    // Same arguments; only the app version changed.
    const tail = (l: Record<string, unknown>) =>
      (l.args as string[]).slice((l.args as string[]).indexOf('start'))
    expect(tail(second!)).toEqual(tail(first!))
    expect(logged(node.p, 'upgrade detected, relaunching')[0]).toMatchObject({
      level: 30,
      plan: 'v2',
      height: H,
      from_app_version: 'v1',
      app_version: 'v2',
    })
    const backup = String(logged(node.p, 'backup completed')[0]!.path)
    expect(backup).toMatch(/\/data-backup-\d{4}-\d{1,2}-\d{1,2}$/)
    expect(await backupsIn(home.dir)).toEqual([backup.slice(home.dir.length + 1)])
    expect(statSync(join(backup, 'application.db')).isDirectory()).toBe(true)
    expect(existsSync(join(backup, 'upgrade-info.json'))).toBe(true)
    // The relaunched app's dev_status tells the upgrade it was launched for, and the backup.
    expect((await rpcCall(v2.rpcPort, 'dev_status')).result.supervisor).toEqual({
      pid: node.p.child.pid,
      launch: 2,
      upgrades: [{ plan: 'v2', height: H, from_app_version: 'v1', app_version: 'v2', backup }],
    })

    await heightsRise(v2)
    const pids = appPids(node.p)
    expect((await node.p.stop('SIGTERM')).code).toBe(0)
    expect(pids.filter(isAlive)).toEqual([])
    expect(node.p.output()).toContain('stopped cleanly')
  }, 90_000)

  test('behavior: a plugin mapped in config/upgrades.toml handles its plan: the same app version runs again with --upgrade-plugin; UNSAFE_SKIP_BACKUP=true makes no backup', async () => {
    const home = await v1Home()
    const H = await schedulePlan(home.dir, 'example-upgrade')
    await writeFile(
      join(home.dir, 'config/upgrades.toml'),
      `[plugins]\nexample-upgrade = ${JSON.stringify(EXAMPLE_PLUGIN)}\n`,
    )
    const node = await appNode(
      supervise(home.dir, { env: { UNSAFE_SKIP_BACKUP: 'TRUE', DAEMON_RESTART_DELAY: '200ms' } }),
      2,
    )
    const applied = await waitShowing(
      async () => {
        const { height } = await rest(node, '/sdk/upgrade/v1beta1/applied_plan/example-upgrade')
        return height === '0' ? undefined : height
      },
      30_000,
      'the plugin to apply the upgrade',
      node.p,
    )
    expect(applied).toBe(String(H))
    await heightsRise(node)

    const [first, second] = logged(node.p, 'running app')
    expect(first!.app_version).toBe('v1')
    expect(second!.app_version).toBe('v1')
    expect((second!.args as string[]).slice(-2)).toEqual(['--upgrade-plugin', EXAMPLE_PLUGIN])
    expect(logged(node.p, 'upgrade detected, relaunching')[0]).toMatchObject({
      plan: 'example-upgrade',
      height: H,
      from_app_version: 'v1',
      app_version: 'v1',
      plugins: [EXAMPLE_PLUGIN],
    })
    expect(logged(node.p, 'starting to take backup of data directory')).toEqual([])
    expect(await backupsIn(home.dir)).toEqual([])
    expect((await rpcCall(node.rpcPort, 'dev_status')).result.supervisor).toEqual({
      pid: node.p.child.pid,
      launch: 2,
      upgrades: [
        {
          plan: 'example-upgrade',
          height: H,
          from_app_version: 'v1',
          app_version: 'v1',
          plugins: [EXAMPLE_PLUGIN],
        },
      ],
    })
    expect((await node.p.stop('SIGTERM')).code).toBe(0)

    // The switch outlives the supervisor: with no mapping left, a new `sdkd run` loads the plugin
    // from its first run on, and the upgraded chain goes on.
    expect(await readFile(join(home.dir, 'config/sdkd.toml'), 'utf8')).toContain(
      `upgrade-plugins = [${JSON.stringify(EXAMPLE_PLUGIN)}]`,
    )
    await rm(join(home.dir, 'config/upgrades.toml'))
    const again = await appNode(supervise(home.dir), 1)
    const [rerun] = logged(again.p, 'running app')
    expect((rerun!.args as string[]).slice(-2)).toEqual(['--upgrade-plugin', EXAMPLE_PLUGIN])
    expect(
      logged(
        again.p,
        'this home was switched to upgrade plugins by an earlier sdkd run: loading them',
      )[0],
    ).toMatchObject({ plugins: [EXAMPLE_PLUGIN] })
    await heightsRise(again)
    const { height } = await rest(again, '/sdk/upgrade/v1beta1/applied_plan/example-upgrade')
    expect(height).toBe(String(H))
    expect((await again.p.stop('SIGTERM')).code).toBe(0)
  }, 90_000)

  test('behavior: with DAEMON_RESTART_AFTER_UPGRADE=false it backs up into DAEMON_DATA_BACKUP_DIR, logs the upgrade and exits 0', async () => {
    const home = await v1Home()
    const backups = await tempDir('sdkd-run-backups-')
    cleanups.push(backups.cleanup)
    const H = await schedulePlan(home.dir, 'v2')
    const p = supervise(home.dir, {
      env: { DAEMON_RESTART_AFTER_UPGRADE: 'false', DAEMON_DATA_BACKUP_DIR: backups.dir },
    })
    expect((await p.exited).code).toBe(0)
    expect(
      logged(
        p,
        'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start sdkd run again.',
      )[0],
    ).toMatchObject({ plan: 'v2', height: H, from_app_version: 'v1', app_version: 'v2' })
    expect(logged(p, 'running app')).toHaveLength(1)
    expect(await backupsIn(backups.dir)).toHaveLength(1)
    expect(await backupsIn(home.dir)).toEqual([])
  }, 60_000)

  test('error: a plan with no app version or plugin of its name ends sdkd run with exit 1 and a message naming the plan', async () => {
    const home = await v1Home()
    const H = await schedulePlan(home.dir, 'v9')
    const p = supervise(home.dir)
    expect((await p.exited).code).toBe(1)
    const [error] = p.logs().filter((l) => l.module === 'cosmovisor' && l.level === 50)
    expect(error).toMatchObject({ plan: 'v9', height: H })
    expect(error!.msg).toBe(
      'binary not present for upgrade "v9": no built-in app version (v1, v2) has that name and no plugin is mapped to it (sdkd run --upgrade-plugin v9=<file.mjs>, or [plugins] in config/upgrades.toml)',
    )
    expect(logged(p, 'running app')).toHaveLength(1)
    expect(await backupsIn(home.dir)).toEqual([])
  }, 60_000)

  test("error: an app that fails without an upgrade pending ends sdkd run with the app's own exit code", async () => {
    const home = await v1Home()
    // A broken app.toml: the app reports it and exits 1, nothing is relaunched.
    const appToml = join(home.dir, 'config/app.toml')
    await writeFile(appToml, 'minimum-gas-prices = 5\n')
    const broken = supervise(home.dir)
    expect((await broken.exited).code).toBe(1)
    expect(broken.output()).toContain('config/app.toml')
    expect(logged(broken, 'app exited with an error and no upgrade is pending')).toEqual([
      expect.objectContaining({ level: 50, exit_code: 1 }),
    ])

    // An app killed from outside: 128 + 9, not collapsed into 1.
    const fresh = await v1Home()
    const p = supervise(fresh.dir)
    await p.waitForLog((l) => l.msg === 'committed block')
    process.kill(appPids(p)[0]!, 'SIGKILL')
    expect((await p.exited).code).toBe(137)
    expect(logged(p, 'app exited with an error and no upgrade is pending')).toEqual([
      expect.objectContaining({ exit_code: 137, signal: 'SIGKILL' }),
    ])
    expect(logged(p, 'running app')).toHaveLength(1)
  }, 60_000)

  test('behavior: a kill -9 of sdkd run alone stops its app cleanly: the app logs that its supervisor is gone and ends, its output closed', async () => {
    const home = await v1Home()
    const p = supervise(home.dir)
    await p.waitForLog((l) => l.msg === 'committed block')
    const supervisorPid = p.child.pid!
    process.kill(supervisorPid, 'SIGKILL')
    // The output closes once the app, which holds it too, has ended.
    await p.exited
    const app = appPids(p)[0]!
    await waitFor(async () => (isAlive(app) ? undefined : true), 10_000, `app ${app} to end`)
    expect(logged(p, 'the supervisor is gone: stopping')).toEqual([
      expect.objectContaining({ level: 40, supervisor_pid: supervisorPid }),
    ])
    expect(logged(p, 'stopped cleanly')).toHaveLength(1)
    expect(logged(p, 'caught signal, shutting down')).toEqual([])
  }, 60_000)

  test('error: bad supervisor settings are refused before anything starts', async () => {
    const { dir, cleanup } = await tempDir('sdkd-run-')
    cleanups.push(cleanup)
    const cases: [NodeJS.ProcessEnv, string[], string][] = [
      [
        { UNSAFE_SKIP_BACKUP: 'yes' },
        [],
        'Error: env variable "UNSAFE_SKIP_BACKUP" must have a boolean value ("true" or "false"), got "yes"',
      ],
      [
        { DAEMON_RESTART_DELAY: '5' },
        [],
        'Error: env variable DAEMON_RESTART_DELAY: could not parse "5" into a duration: time: missing unit in duration "5"',
      ],
      [
        { DAEMON_DATA_BACKUP_DIR: 'backups' },
        [],
        'Error: DAEMON_DATA_BACKUP_DIR must be an absolute path, got backups',
      ],
      [
        {},
        ['--upgrade-plugin', 'my-upgrade'],
        'Error: --upgrade-plugin my-upgrade: expected <plan-name>=<file.mjs>',
      ],
      [
        {},
        ['--upgrade-plugin', 'v2=./x.mjs'],
        'Error: --upgrade-plugin v2=./x.mjs: v2 is a built-in app version; the upgrade to it needs no plugin',
      ],
    ]
    for (const [env, runArgs, message] of cases) {
      const r = await runSdkd(['--home', dir, 'run', ...runArgs, 'start'], {
        env: { ...NO_SUPERVISOR_ENV, ...env },
      })
      expect(r.code).toBe(1)
      expect(r.stderr.trim()).toBe(message)
      expect(r.stdout).not.toContain('running app')
    }
  }, 60_000)
})
