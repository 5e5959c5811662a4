import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { type RunResult, runSdkd, SDKD_BIN } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

// `sdkd rehearse`: a whole upgrade rehearsal in one real process, in a copy of a home (or a fresh
// devnet) — the report's PASS/FAIL lines, its JSON, the exit code, and that the source home is
// never touched.

const cleanups = cleanupAfterEach()

const EXAMPLE_PLUGIN = join(process.cwd(), 'config/upgrade-plugins/example-upgrade.mjs')

/** The --json report (as much of it as the tests read). */
interface Report {
  plan: string
  from: string
  to: string
  plugin: string | null
  via: string
  height: number
  home: { source: string | null; dir: string; kept: boolean }
  preflight: {
    storeUpgrades: unknown
    migrations: unknown
    handler: unknown
    moduleVersions: { before: Record<string, number>; after: Record<string, number> }
    safety: { lowestSafeHeight: number; belowSafe: boolean }
  }
  steps: {
    name: string
    fromHeight: number | null
    toHeight: number | null
    ok: boolean
    detail: string
  }[]
  checks: { name: string; ok: boolean; detail: string }[]
  inject: { case: string; ok: boolean; outcome: Record<string, unknown> } | null
  result: 'PASS' | 'FAIL'
}

async function dir(prefix: string): Promise<string> {
  const t = await tempDir(prefix)
  cleanups.push(t.cleanup)
  return t.dir
}

/** Runs `sdkd rehearse …` with a --json report; returns the process result and the report. */
async function rehearse(args: string[]): Promise<{ r: RunResult; report: Report }> {
  const out = await dir('sdkd-rehearse-report-')
  const file = join(out, 'report.json')
  const r = await runSdkd(['rehearse', ...args, '--json', file], { timeoutMs: 55_000 })
  if (!existsSync(file)) throw new Error(`no report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`)
  return { r, report: JSON.parse(await readFile(file, 'utf8')) as Report }
}

/** sha256 of every file under a directory, by relative path. */
async function hashTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) await walk(p)
      else
        out[relative(root, p)] = createHash('sha256')
          .update(await readFile(p))
          .digest('hex')
    }
  }
  await walk(root)
  return out
}

/** The report passed: exit 0, every check line PASS, `PASS` last, every check ok in the JSON. */
function expectPass({ r, report }: { r: RunResult; report: Report }): void {
  const checkLines = r.stdout.split('\n').filter((l) => /^ {2}(PASS|FAIL) {2}/.test(l))
  expect(checkLines.length, r.stdout + r.stderr).toBeGreaterThan(5)
  expect(
    checkLines.filter((l) => l.startsWith('  FAIL')),
    r.stdout,
  ).toEqual([])
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('PASS')
  expect(r.code).toBe(0)
  expect(report.result).toBe('PASS')
  expect(report.checks.filter((c) => !c.ok)).toEqual([])
  expect(report.steps.filter((s) => !s.ok)).toEqual([])
}

const V1 = {
  auth: 5,
  bank: 4,
  crisis: 2,
  evidence: 1,
  genutil: 1,
  gov: 5,
  mint: 2,
  params: 1,
  slashing: 4,
  staking: 5,
  upgrade: 2,
}

describe('sdkd rehearse', () => {
  test('behavior: v1 → v2 through governance on a copy of a home: every check passes, the JSON report says so, the home is untouched', async () => {
    const home = await dir('sdkd-rehearse-home-')
    const init = await runSdkd(['--home', home, '--app-version', 'v1', 'init', 'n0', '--devnet'])
    expect(init.code).toBe(0)
    const started = await runSdkd(
      [
        '--home',
        home,
        '--app-version',
        'v1',
        'start',
        '--halt-height',
        '4',
        '--timeout-commit',
        '50ms',
      ],
      { timeoutMs: 30_000 },
    )
    expect(started.code).toBe(0)
    const before = await hashTree(home)

    const run = await rehearse(['--home', home, 'v2', '--at', '+5', '--blocks-after', '3'])
    expectPass(run)
    const { r, report } = run
    expect(await hashTree(home)).toEqual(before)
    // Logs are captured for the checks and shown only with --log_level; no progress off a terminal.
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(`Rehearsal of upgrade "v2": v1 → v2 via gov, in a copy of ${home}`)
    // The preflight, before anything ran, with the safety rule's warning (the height is far too low).
    expect(r.stdout).toContain('  store upgrades      added consensus; deleted crisis')
    expect(r.stdout).toContain(
      '  migrations          consensus InitGenesis (new module, version 1)',
    )
    expect(r.stdout).toMatch(
      /\nWARNING: upgrade height \d+ leaves no time to cancel the upgrade by governance\./,
    )
    // The home stopped at 3: the proposal lands at 4, the vote at 5, the tally at 6; H = 6 + 5.
    expect(report).toMatchObject({
      plan: 'v2',
      from: 'v1',
      to: 'v2',
      plugin: null,
      via: 'gov',
      height: 11,
    })
    expect(report.home).toMatchObject({ source: home, kept: false })
    expect(existsSync(report.home.dir)).toBe(false)
    expect(report.preflight).toMatchObject({
      storeUpgrades: { added: ['consensus'], renamed: [], deleted: ['crisis'] },
      migrations: [{ module: 'consensus', initGenesis: true, to: 1 }],
      handler: { source: 'built-in', appVersion: 'v2' },
      moduleVersions: { before: V1, after: { ...V1, consensus: 1 } },
      safety: { belowSafe: true },
    })
    expect(report.steps.map((s) => s.name)).toEqual([
      'copy home',
      'start v1',
      'submit the upgrade proposal',
      'vote yes',
      'time travel to the end of voting',
      'mine to 10',
      'halt at 11',
      'stop v1',
      'start v2',
      'apply the upgrade at 11',
      'mine 3 blocks after',
      'stop v2',
    ])
    expect(report.steps.find((s) => s.name === 'apply the upgrade at 11')).toMatchObject({
      fromHeight: 10,
      toHeight: 11,
    })
    expect(report.checks.map((c) => c.name)).toEqual([
      'halt line',
      'upgrade-info.json bytes and mode',
      'nothing of height 11 committed by v1',
      'applying upgrade line',
      'applied plan height = 11',
      'module versions after = the preflight',
      'app-hash continuity, blocks 9..14',
      'REST at H−1 (height 10)',
      'REST at H+1 (height 12)',
      'upgrade applied again from H−1 (height 10): the same block 11 and app hash',
    ])
    expect(report.checks[0]!.detail).toBe(
      'logged UPGRADE "v2" NEEDED at height: 11:  (exit code 2)',
    )
    expect(report.checks[1]!.detail).toBe(
      '{"name":"v2","time":"0001-01-01T00:00:00Z","height":11}, mode 0600',
    )
  })

  test('behavior: a devnet of 4 validators (--validators 4 --powers 40,30,20,10): every operator votes yes, the proposal passes on their stake, every check passes', async () => {
    const home = await dir('sdkd-rehearse-4-')
    const init = await runSdkd([
      '--home',
      home,
      '--app-version',
      'v1',
      'init',
      'n0',
      '--devnet',
      '--validators',
      '4',
      '--powers',
      '40,30,20,10',
    ])
    expect(init.code, init.stderr).toBe(0)
    const run = await rehearse(['--home', home, 'v2', '--blocks-after', '3'])
    expectPass(run)
    // Every operator key of the home votes, as the validators' team would: their whole stake.
    const vote = run.report.steps.find((s) => s.name === 'vote yes')
    expect(vote?.detail).toBe(
      'validator, validator1, validator2, validator3 vote yes on proposal 1 (100000000 of 100000000 bonded tokens)',
    )
    expect(run.r.stdout).toMatch(/proposal 1 PROPOSAL_STATUS_PASSED/)
  })

  test('behavior: without --at the upgrade height is the lowest safe one, so the preflight has no warning; an unsafe --at still warns', async () => {
    const first = await rehearse(['v2', '--blocks-after', '1'])
    expectPass(first)
    const { r, report } = first
    expect(r.stdout).not.toMatch(/WARNING/)
    expect(report.preflight.safety.belowSafe).toBe(false)
    expect(report.height).toBe(report.preflight.safety.lowestSafeHeight)
    expect(r.stdout).toMatch(
      new RegExp(
        `\\n {2}upgrade height {6}${report.height} \\(the lowest safe height, \\d+ blocks after the plan is scheduled at height 4; via gov\\)\\n`,
      ),
    )

    const unsafe = await rehearse(['v2', '--at', '+5', '--blocks-after', '1'])
    expectPass(unsafe)
    expect(unsafe.report.height).toBe(9)
    expect(unsafe.r.stdout).toContain(
      `\nWARNING: upgrade height 9 leaves no time to cancel the upgrade by governance. The lowest height that does is ${report.height}:`,
    )
  })

  test('behavior: the example plugin (--plugin) on a fresh devnet: v1 plus the plugin applies example-upgrade', async () => {
    const run = await rehearse(['example-upgrade', '--plugin', EXAMPLE_PLUGIN, '--at', '+5'])
    expectPass(run)
    expect(run.report).toMatchObject({
      plan: 'example-upgrade',
      from: 'v1',
      to: 'v1',
      plugin: EXAMPLE_PLUGIN,
      preflight: {
        storeUpgrades: { added: ['example'], renamed: [], deleted: [] },
        migrations: [],
        handler: { source: 'plugin', file: EXAMPLE_PLUGIN },
        moduleVersions: { before: V1, after: V1 },
      },
    })
    expect(run.r.stdout).toContain('start v1 + example-upgrade.mjs')
  })

  test('behavior: --via authority schedules the plan without a proposal; --keep keeps the rehearsal home', async () => {
    const keep = join(await dir('sdkd-rehearse-keep-'), 'home')
    const run = await rehearse([
      'v2',
      '--via',
      'authority',
      '--at',
      '+3',
      '--keep',
      keep,
      '--log_level',
      'info',
    ])
    expectPass(run)
    // --log_level shows the nodes' logs on stderr (JSON here: the tests' --log_format).
    expect(run.r.stderr).toContain('"msg":"applying upgrade \\"v2\\" at height: 5"')
    const names = run.report.steps.map((s) => s.name)
    expect(names).toContain('schedule the plan as the gov authority')
    expect(names).not.toContain('submit the upgrade proposal')
    // Block 1, the authority's block 2, H = 2 + 3.
    expect(run.report.height).toBe(5)
    expect(run.report.home).toEqual({ source: null, dir: keep, kept: true })
    expect(await readFile(join(keep, 'data/upgrade-info.json'), 'utf8')).toBe(
      '{"name":"v2","time":"0001-01-01T00:00:00Z","height":5}',
    )
    expect((await stat(join(keep, 'data/upgrade-info.json'))).mode & 0o777).toBe(0o600)
    expect(await readFile(join(keep, 'config/sdkd.toml'), 'utf8')).toContain(
      'last-run-app-version = "v2"',
    )
    expect(run.r.stdout).toContain(`Rehearsal home kept in ${keep}`)
  })

  const H = 9 // a fresh devnet: block 1, proposal 2, vote 3, tally 4; H = 4 + 5

  test.each([
    {
      inject: 'handler-throws',
      outcome: {
        halt: {
          exitCode: 1,
          error: 'upgrade "v2" at height: 9 failed: injected: the upgrade handler threw',
          latestHeight: H - 1,
          blockHCommitted: false,
          upgradeInfoUnchanged: true,
        },
      },
    },
    {
      inject: 'early-binary',
      outcome: {
        exitCode: 1,
        error:
          'BINARY UPDATED BEFORE TRIGGER! UPGRADE "v2" - in binary but not executed on chain. Downgrade your binary',
        logged: true,
        latestHeight: 4,
      },
    },
    {
      inject: 'missing-handler',
      outcome: {
        exitCode: 2,
        neededLineLogged: true,
        upgradeInfo: { identicalBytes: true, rewritten: true, mode: '0600' },
        latestHeight: H - 1,
      },
    },
    {
      inject: 'kill-at-halt',
      outcome: {
        child: { signal: 'SIGKILL', exitCode: null },
        upgradeInfo: { whole: true, mode: '0600' },
        database: { latestHeight: H - 1, blockHCommitted: false, appHashConsistent: true },
      },
    },
    {
      inject: 'restart-mid-upgrade',
      outcome: {
        first: {
          exitCode: 1,
          error:
            'upgrade "v2" at height: 9 failed: injected: the process died after the migrations, before the commit',
          latestHeight: H - 1,
          blockHCommitted: false,
          migrationsRan: true,
          handlerReturned:
            'auth 5, bank 4, consensus 1, distribution 3, evidence 1, genutil 1, gov 5, mint 2, params 1, slashing 4, staking 5, upgrade 2',
        },
        second: { applyingLines: 1, errors: [] },
      },
    },
  ])(
    'behavior: --inject $inject: the documented outcome, then the upgrade; exit 0',
    async ({ inject, outcome }) => {
      const run = await rehearse(['v2', '--at', '+5', '--inject', inject])
      expectPass(run)
      expect(run.report.height).toBe(H)
      expect(run.report.inject).toMatchObject({ case: inject, ok: true, outcome })
      expect(run.report.checks.at(-1)).toMatchObject({
        name: `injected ${inject}: the documented outcome`,
        ok: true,
      })
      expect(run.r.stdout).toContain(`Injected: ${inject} — the documented outcome happened`)
    },
  )

  test('error: a handler that always fails: the upgrade step fails, the report says FAIL, exit 1', async () => {
    const plugin = join(await dir('sdkd-rehearse-plugin-'), 'broken.mjs')
    await writeFile(
      plugin,
      "export default { name: 'broken', async handler() { throw new TypeError('broken on purpose') } }\n",
    )
    const { r, report } = await rehearse(['broken', '--plugin', plugin, '--at', '+3'])
    expect(r.code).toBe(1)
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('FAIL')
    expect(report.result).toBe('FAIL')
    expect(report.steps.at(-1)).toMatchObject({ name: 'apply the upgrade at 7', ok: false })
    expect(report.checks.at(-1)).toEqual({
      name: 'rehearsal ran to the end',
      ok: false,
      detail: 'apply the upgrade at 7: upgrade "broken" at height: 7 failed: broken on purpose',
    })
    expect(existsSync(report.home.dir)).toBe(false)
  })

  test('error: a handler whose result depends on more than the state: applied again from H−1 it gives another app hash; the check says so, exit 1', async () => {
    const plugin = join(await dir('sdkd-rehearse-plugin-'), 'flaky.mjs')
    // A counter kept in the process, not in the state: the second application writes another value.
    await writeFile(
      plugin,
      `let runs = 0
export default {
  name: 'flaky',
  async handler(ctx, _plan, fromVersions, tools) {
    runs++
    ctx.state.store('upgrade').set(new TextEncoder().encode('flaky'), new TextEncoder().encode(String(runs)))
    return tools.runMigrations(ctx, fromVersions)
  },
}
`,
    )
    const { r, report } = await rehearse(['flaky', '--plugin', plugin, '--at', '+3'])
    expect(r.code).toBe(1)
    expect(report.result).toBe('FAIL')
    const failed = report.checks.filter((c) => !c.ok)
    expect(failed).toEqual([
      {
        name: 'upgrade applied again from H−1 (height 6): the same block 7 and app hash',
        ok: false,
        detail: expect.stringMatching(
          /^first: app hash [0-9A-F]{64}; again: app hash [0-9A-F]{64} \(block [0-9A-F]{64}\): the upgrade's result depends on more than the state$/,
        ),
      },
    ])
  })

  test('error: a home whose chain is newer than --from is refused before anything runs', async () => {
    const home = await dir('sdkd-rehearse-v2home-')
    expect((await runSdkd(['--home', home, 'init', 'n0', '--devnet'])).code).toBe(0)
    const r = await runSdkd(['--home', home, 'rehearse', 'v2'])
    expect([r.code, r.stdout]).toEqual([1, ''])
    expect(r.stderr).toBe(
      `Error: --home ${home}: its chain belongs to app version v2, newer than --from v1 (a chain only moves forward): rehearse from a home of v1, or without --home (a fresh devnet home)\n`,
    )
  })

  test.each([
    [
      ['nope'],
      'Error: unknown plan "nope": no built-in app version is named so (v1, v2); name the app version that has its handler with --to, or load its handler with --plugin <file.mjs>\n',
    ],
    [
      ['v2', '--to', 'v1'],
      'Error: app version v1 has no handler for upgrade "v2" (its upgrade handlers: none)\n',
    ],
    [['v2', '--from', 'v9'], 'Error: --from: unknown app version "v9" (built in: v1, v2)\n'],
    [['example-upgrade', '--plugin', 'missing.mjs'], 'Error: --plugin missing.mjs: no such file\n'],
  ])(
    'error: rehearse %j exits 1 before anything runs and creates nothing',
    async (args, message) => {
      const keep = join(await dir('sdkd-rehearse-usage-'), 'home')
      const r = await runSdkd(['rehearse', ...args, '--keep', keep])
      expect([r.code, r.stderr, r.stdout]).toEqual([1, message, ''])
      expect(existsSync(keep)).toBe(false)
    },
  )
})

describe('sdkd rehearse whose output closes', () => {
  test('error: the reader of its output gone (| head -1): the rehearsal stops, exit 1, one line on stderr, no temp home left, no stack', async () => {
    const tmp = await tempDir('sdkd-rehearse-tmp-')
    cleanups.push(tmp.cleanup)
    const child = spawn(process.execPath, [SDKD_BIN, 'rehearse', 'v2', '--at', '+5'], {
      env: { ...process.env, TMPDIR: tmp.dir, SDKD_HOME: join(tmp.dir, 'no-home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    cleanups.push(async () => void child.kill('SIGKILL'))
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    // As `head -1` does: read up to the first line, then close the pipe.
    const first = await new Promise<string>((resolve) => {
      let out = ''
      child.stdout.on('data', (d) => {
        out += d
        if (out.includes('\n')) {
          child.stdout.destroy()
          resolve(out.split('\n')[0]!)
        }
      })
    })
    expect(first).toBe('Rehearsal of upgrade "v2": v1 → v2 via gov, in a fresh v1 devnet home')
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect([code, stderr.trim()]).toEqual([
      1,
      'rehearsal interrupted (the output is closed: EPIPE)',
    ])
    expect((await readdir(tmp.dir)).filter((f) => f.startsWith('sdkd-rehearse-'))).toEqual([])
  }, 60_000)
})
