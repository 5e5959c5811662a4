import { existsSync } from 'node:fs'
import { unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome, rest, startDevnetNode } from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { governorOf, upgradeThroughGovernance } from '../helpers/upgrade-proposal.js'

/**
 * `sdkd start --upgrade-halt wait`, the halted node cosmovisor stops itself, and `sdkd pre-upgrade`,
 * what cosmovisor runs with the upgrade's binary after switching to it: exit 0
 * when this binary can take over the halted home, 30 when it cannot (cosmovisor fails the upgrade),
 * 31 when the old node still holds the database (cosmovisor retries). One v1 devnet halted at a
 * governance upgrade to v2 serves every case, in order.
 */

const cleanups = cleanupAfterAll()

/** The environment of a command run the way cosmovisor runs it: no --home, no SDKD_HOME. */
const noHome = (env: NodeJS.ProcessEnv = {}) => ({ SDKD_HOME: '', DAEMON_HOME: '', ...env })

async function preUpgrade(
  home: DevnetHome | undefined,
  appVersion: string,
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
) {
  const r = await runSdkd(
    [...(home ? ['--home', home.dir] : []), '--app-version', appVersion, 'pre-upgrade', ...extra],
    { env: noHome(env) },
  )
  return { code: r.code, stdout: r.stdout.trim(), stderr: r.stderr.trim() }
}

describe('the upgrade halt as cosmovisor meets it (e2e)', () => {
  test('behavior and errors: --upgrade-halt wait keeps the halted node serving (its /status at the halted height) until stopped (exit 2); sdkd pre-upgrade exits 0 for the binary of the plan, 30 for another or a broken home, 31 while the database is held; the home from --home, $SDKD_HOME or $DAEMON_HOME', async () => {
    const home = await createDevnetHome('pre-upgrade-e2e', {}, 'v1')
    cleanups.push(home.cleanup)

    // Nothing halted yet: nothing to prepare.
    expect(await preUpgrade(home, 'v2')).toEqual({
      code: 0,
      stdout: `no upgrade pending: ${home.dir}/data/upgrade-info.json does not exist; nothing to prepare`,
      stderr: '',
    })

    // Halted as under cosmovisor: the node waits at the halt, serving queries, until stopped.
    const v1 = await startDevnetNode(home, 'v1', '200ms', ['--upgrade-halt', 'wait'])
    const H = await upgradeThroughGovernance(governorOf(home, v1), { name: 'v2' })
    expect(
      await v1.p.waitForLog(
        (l) =>
          l.msg === 'halted for the upgrade: serving queries until stopped (--upgrade-halt wait)',
      ),
    ).toMatchObject({ height: H - 1 })
    // Its /status names the halted height (as CometBFT's, which stored that block); state is H - 1's.
    const status = await runSdkd(['--home', home.dir, 'status', '--node', v1.rpc])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout).sync_info.latest_block_height).toBe(String(H))
    expect(await rest(v1, '/sdk/upgrade/v1beta1/current_plan')).toMatchObject({
      plan: { name: 'v2', height: String(H) },
    })
    expect(await v1.p.stop('SIGTERM')).toEqual({ code: 2, signal: null })
    expect(v1.p.logs().find((l) => l.msg === 'stopped at the upgrade halt')).toMatchObject({
      height: H - 1,
    })

    // A rehearsal on the halted home is refused before anything runs: its own plan could never
    // be scheduled on a chain that halts at the next block.
    const rehearsal = await runSdkd(['--home', home.dir, 'rehearse', 'v2'])
    expect(rehearsal.code).toBe(1)
    expect(rehearsal.stdout).not.toContain('PASS')
    expect(rehearsal.stderr).toBe(
      `Error: the home halted at height ${H} for upgrade "v2" (data/upgrade-info.json): a rehearsal schedules a plan of its own, which this chain cannot reach; rehearse on a copy of the home from before that plan was scheduled, or apply the upgrade by starting the new binary (sdkd run, or cosmovisor)\n`,
    )

    const ready = `app version v2 is ready to apply upgrade "v2" at height ${H} (the chain halted at ${H - 1})`
    expect(await preUpgrade(home, 'v2')).toEqual({ code: 0, stdout: ready, stderr: '' })
    // As cosmovisor runs it: no flags, its DAEMON_HOME in the environment.
    expect(await preUpgrade(undefined, 'v2', [], { DAEMON_HOME: home.dir })).toEqual({
      code: 0,
      stdout: ready,
      stderr: '',
    })
    expect(
      await preUpgrade(undefined, 'v2', [], { SDKD_HOME: home.dir, DAEMON_HOME: '/nowhere' }),
    ).toMatchObject({ code: 0, stdout: ready })

    // The old binary (or any without the handler) is not the upgrade's.
    expect(await preUpgrade(home, 'v1')).toEqual({
      code: 30,
      stdout: '',
      stderr:
        'Error: app version v1 has no upgrade handler for "v2" (it handles: none); this is not the binary of that upgrade',
    })
    expect(await preUpgrade(home, 'v9')).toEqual({
      code: 30,
      stdout: '',
      stderr: 'Error: unknown app version "v9" (built in: v1, v2)',
    })

    // A node that still holds the database: 31 once the wait is over.
    const v2 = await startDevnetNode(home, 'v2')
    expect(await preUpgrade(home, 'v2', ['--lock-wait', '300ms'])).toMatchObject({
      code: 31,
      stdout: '',
      stderr: expect.stringMatching(
        /^Error: .*: another process \(the old node\?\) still holds the database after 300ms; try again once it has stopped$/,
      ),
    })
    await v2.p.stop('SIGTERM')
    expect(await preUpgrade(home, 'v2')).toEqual({
      code: 0,
      stdout: `upgrade "v2" was applied at height ${H}; nothing to prepare`,
      stderr: '',
    })

    // A plan file the node would refuse, and one for a height the chain has not reached.
    const file = join(home.dir, 'data/upgrade-info.json')
    await writeFile(file, '{"name":"","height":5}')
    expect(await preUpgrade(home, 'v2')).toEqual({
      code: 30,
      stdout: '',
      stderr:
        'Error: data/upgrade-info.json: failed to read upgrade info from disk: name cannot be empty: invalid request',
    })
    await writeFile(file, JSON.stringify({ name: 'example-upgrade', height: H + 1000 }))
    const plugin = join(import.meta.dirname, '../../config/upgrade-plugins/example-upgrade.mjs')
    const early = await preUpgrade(home, 'v2', ['--upgrade-plugin', plugin])
    expect(early.code).toBe(30)
    expect(early.stderr).toMatch(
      new RegExp(
        `^Error: the chain is at height \\d+; upgrade "example-upgrade" is for height ${H + 1000}: app version v2 must not run before it \\(it would stop with BINARY UPDATED BEFORE TRIGGER\\)$`,
      ),
    )
    await unlink(file)
  }, 90_000)

  test('error: a home that does not exist, from --home or $DAEMON_HOME, is refused with exit 1 (no verdict on the upgrade) and not created', async () => {
    const t = await tempDir('sdkd-pre-upgrade-')
    cleanups.push(t.cleanup)
    const missing = join(t.dir, 'missing')
    const refused = {
      code: 1,
      stdout: '',
      stderr: `Error: home directory ${missing} does not exist: nothing to check (check --home; sdkd init creates a home)`,
    }
    const flag = await runSdkd(['--home', missing, 'pre-upgrade'], { env: noHome() })
    expect({ code: flag.code, stdout: flag.stdout, stderr: flag.stderr.trim() }).toEqual(refused)
    expect(await preUpgrade(undefined, 'v2', [], { DAEMON_HOME: missing })).toEqual(refused)
    expect(existsSync(missing)).toBe(false)
  })
})
