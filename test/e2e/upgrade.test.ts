import { spawn } from 'node:child_process'
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createV1 } from '../../src/versions/v1.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  getJson,
  runSdkd,
  SDKD_BIN,
  type SdkdProcess,
  startSdkd,
  tempDir,
  waitFor,
} from '../helpers/sdkd.js'
import {
  ActionQueue,
  openNode,
  scheduleInNextBlock,
  testAppVersion,
} from '../helpers/upgrade-chain.js'

// The upgrade rehearsal with real sdkd processes: v1 halts at the height, v2 ("the new binary")
// applies the upgrade and continues. Plans are scheduled by a test-only fixture that opens the
// stopped home in-process (a normal `sdkd start` has no way to do that); governance replaces it later.

const cleanups = cleanupAfterEach()

const UPGRADE_LOG = (l: Record<string, unknown>) => l.module === 'x/upgrade'

interface Serving {
  p: SdkdProcess
  rpc: string
  rest: string
}

async function newHome(): Promise<string> {
  const t = await tempDir('sdkd-e2e-upgrade-')
  cleanups.push(t.cleanup)
  const r = await runSdkd([
    '--home',
    t.dir,
    '--app-version',
    'v1',
    'init',
    'node0',
    '--chain-id',
    'upgrade-1',
  ])
  if (r.code !== 0) throw new Error(r.stderr)
  return t.dir
}

/**
 * Starts `sdkd start` with an app version and extra flags, RPC and REST on port 0 (the OS picks; a
 * node that halts at its first block may exit before it serves, so the ports are read by `serve`).
 */
function start(home: string, appVersion: string, extra: string[] = []): SdkdProcess {
  const p = startSdkd([
    '--home',
    home,
    '--app-version',
    appVersion,
    'start',
    '--timeout-commit',
    '100ms',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
    ...extra,
  ])
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** `start`, then the RPC and REST addresses the node reports it bound. */
async function serve(home: string, appVersion: string, extra: string[] = []): Promise<Serving> {
  const p = start(home, appVersion, extra)
  const { rpcPort, apiPort } = await boundPorts(p, { api: true })
  return { p, rpc: `http://127.0.0.1:${rpcPort}`, rest: `http://127.0.0.1:${apiPort}` }
}

/** Runs until height `h` is committed, then stops with SIGTERM (exit 0). */
async function runTo(home: string, appVersion: string, h: number): Promise<void> {
  const p = start(home, appVersion)
  await p.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= h)
  expect((await p.stop('SIGTERM')).code).toBe(0)
}

/**
 * The test-only path: opens the stopped home in-process and schedules the plan `plan(h)` in the
 * next block `h`; returns the plan's height.
 */
async function schedulePlan(
  home: string,
  plan: (h: number) => { name: string; height: number; info?: string },
): Promise<number> {
  const queue = new ActionQueue()
  const node = await openNode(home, {
    appVersion: 'v1',
    appVersions: { v1: testAppVersion({ name: 'v1', base: createV1, queue }) },
  })
  try {
    const p = plan(node.producer.height + 1)
    await scheduleInNextBlock(node, queue, p)
    return p.height
  } finally {
    await node.stop()
  }
}

const lastCommitted = (p: SdkdProcess) =>
  Math.max(
    0,
    ...p
      .logs()
      .filter((l) => l.msg === 'committed block')
      .map((l) => Number(l.height)),
  )

const sdkd = (home: string, ...args: string[]) => runSdkd(['--home', home, ...args])

describe('upgrade rehearsal with real sdkd processes', () => {
  test('behavior: v2 too early refuses; v1 halts at the height (file, log, exit 2) twice; v2 applies and continues, and applies nothing again after a restart; queries see before and after; v1 then refuses', async () => {
    const home = await newHome()
    await runTo(home, 'v1', 3)
    await expect(schedulePlan(home, () => ({ name: 'v2', height: 0 }))).rejects.toThrow(
      'height must be greater than 0: invalid request',
    )
    const info = '{"binaries":{"any":"https://example.com/sdkd?checksum=sha256:aa"}}'
    const H = await schedulePlan(home, (h) => ({ name: 'v2', height: h + 10, info }))

    // The new binary before the height: BINARY UPDATED BEFORE TRIGGER, nothing committed, exit 1.
    const early = start(home, 'v2')
    expect((await early.exited).code).toBe(1)
    expect(
      early
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([
      'BINARY UPDATED BEFORE TRIGGER! UPGRADE "v2" - in binary but not executed on chain. Downgrade your binary',
    ])
    expect(lastCommitted(early)).toBe(0)

    // The old binary runs up to H and halts there.
    const v1 = start(home, 'v1')
    const halted = await v1.exited
    expect(halted.code).toBe(2)
    const needed = `UPGRADE "v2" NEEDED at height: ${H}: ${info}`
    expect(v1.logs().filter(UPGRADE_LOG)).toEqual([
      expect.objectContaining({ level: 50, module: 'x/upgrade', msg: needed }),
    ])
    expect(lastCommitted(v1)).toBe(H - 1)
    const file = join(home, 'data/upgrade-info.json')
    const expected = `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H},"info":${JSON.stringify(info)}}`
    expect(await readFile(file, 'utf8')).toBe(expected)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    // Restarting the old binary halts again at once, with the same file.
    const again = start(home, 'v1')
    expect((await again.exited).code).toBe(2)
    expect(
      again
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([needed])
    expect(lastCommitted(again)).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(expected)

    // The stopped home still shows the plan (key 00) and no done entry at H-1.
    const before = await sdkd(home, 'debug', 'store', 'upgrade', '--height', String(H - 1))
    expect(before.code).toBe(0)
    expect(before.stdout.split('\n').filter((l) => l.startsWith('00 '))).toHaveLength(1)
    expect(before.stdout.split('\n').filter((l) => l.startsWith('01'))).toEqual([])

    // The new binary applies the upgrade at exactly H and continues.
    const v2 = await serve(home, 'v2')
    await v2.p.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= H + 2)
    expect(
      v2.p
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([`applying upgrade "v2" at height: ${H}`])
    expect(v2.p.logs().find((l) => l.msg === 'applying store upgrades')).toMatchObject({
      height: H,
      added: ['consensus'],
      deleted: ['crisis'],
    })

    // The protocol version went up by one: ABCI Info's app_version and /status report it.
    const abciInfo = await getJson(`${v2.rpc}/abci_info`)
    expect(abciInfo.body.result.response.app_version).toBe('1')
    const nodeStatus = await getJson(`${v2.rpc}/status`)
    expect(nodeStatus.body.result.node_info.protocol_version.app).toBe('1')

    // REST: applied height, no plan, module versions before/after by x-sdk-block-height.
    const applied = await getJson(`${v2.rest}/sdk/upgrade/v1beta1/applied_plan/v2`)
    expect(applied.body).toEqual({ height: String(H) })
    expect((await getJson(`${v2.rest}/sdk/upgrade/v1beta1/current_plan`)).body).toEqual({
      plan: null,
    })
    const after = await getJson(`${v2.rest}/sdk/upgrade/v1beta1/module_versions`)
    const old = await getJson(`${v2.rest}/sdk/upgrade/v1beta1/module_versions`, {
      headers: { 'x-sdk-block-height': String(H - 1) },
    })
    expect(old.headers.get('x-sdk-block-height')).toBe(String(H - 1))
    const names = (b: { module_versions: { name: string }[] }) =>
      b.module_versions.map((m) => m.name)
    expect(names(old.body)).toEqual(expect.arrayContaining(['auth', 'bank', 'crisis', 'upgrade']))
    expect(names(old.body)).not.toContain('consensus')
    // consensus appears; crisis keeps its entry (upstream never deletes one).
    expect(names(after.body)).toEqual([...names(old.body), 'consensus'].sort())
    const oldPlan = await getJson(`${v2.rest}/sdk/upgrade/v1beta1/current_plan`, {
      headers: { 'x-sdk-block-height': String(H - 1) },
    })
    expect(oldPlan.body.plan).toMatchObject({ name: 'v2', height: String(H) })
    // The migrated value: consensus params moved from x/params into x/consensus.
    const cp = await getJson(`${v2.rest}/sdk/consensus/v1/params`)
    expect(cp.status).toBe(200)
    expect(cp.body.params.block).toEqual({ max_bytes: '22020096', max_gas: '-1' })
    expect(cp.body.params.evidence.max_age_duration).toBe('172800s')
    const legacy = await getJson(
      `${v2.rest}/sdk/params/v1beta1/params?subspace=baseapp&key=BlockParams`,
      { headers: { 'x-sdk-block-height': String(H - 1) } },
    )
    expect(legacy.body).toEqual({
      param: {
        subspace: 'baseapp',
        key: 'BlockParams',
        value: '{"max_bytes":"22020096","max_gas":"-1"}',
      },
    })

    // CLI: applied prints the header of block H as the node's /blockchain reports it.
    const cliApplied = await sdkd(home, 'q', 'upgrade', 'applied', 'v2', '--node', v2.rpc)
    expect(cliApplied.code).toBe(0)
    const meta = JSON.parse(cliApplied.stdout)
    const chain = await getJson(`${v2.rpc}/blockchain?minHeight=${H}&maxHeight=${H}`)
    expect(meta).toEqual(chain.body.result.block_metas[0])
    expect(meta.header.height).toBe(String(H))
    expect(Object.keys(meta)).toEqual(['block_id', 'block_size', 'header', 'num_txs'])
    expect(cliApplied.stdout).toContain('\n  "block_id": {\n    "hash": ')
    // The plan as it was before the upgrade height, and none after it.
    const plan = await sdkd(
      home,
      'q',
      'upgrade',
      'plan',
      '--node',
      v2.rpc,
      '--height',
      String(H - 1),
    )
    expect(plan.code).toBe(0)
    expect(plan.stdout).toBe(
      `height: "${H}"\ninfo: '${info}'\nname: v2\ntime: "0001-01-01T00:00:00Z"\nupgraded_client_state: null\n`,
    )
    const planJson = await sdkd(
      home,
      'q',
      'upgrade',
      'plan',
      '--node',
      v2.rpc,
      '--height',
      String(H - 1),
      '-o',
      'json',
    )
    expect(JSON.parse(planJson.stdout)).toEqual({
      name: 'v2',
      time: '0001-01-01T00:00:00Z',
      height: String(H),
      info,
      upgraded_client_state: null,
    })
    const noPlan = await sdkd(home, 'q', 'upgrade', 'plan', '--node', v2.rpc)
    expect([noPlan.code, noPlan.stderr]).toEqual([1, 'Error: no upgrade scheduled\n'])
    const unknown = await sdkd(home, 'q', 'upgrade', 'applied', 'v9', '--node', v2.rpc)
    expect([unknown.code, unknown.stderr]).toEqual([1, 'Error: no upgrade found\n'])
    const mvOld = await sdkd(
      home,
      'q',
      'upgrade',
      'module_versions',
      'crisis',
      '--node',
      v2.rpc,
      '--height',
      String(H - 1),
    )
    expect(mvOld.stdout).toBe('module_versions:\n- name: crisis\n  version: "2"\n')
    const mvNew = await sdkd(
      home,
      'q',
      'upgrade',
      'module_versions',
      'consensus',
      '--node',
      v2.rpc,
      '-o',
      'json',
    )
    expect(JSON.parse(mvNew.stdout)).toEqual({
      module_versions: [{ name: 'consensus', version: '1' }],
    })
    const mvGone = await sdkd(
      home,
      'q',
      'upgrade',
      'module_versions',
      'consensus',
      '--node',
      v2.rpc,
      '--height',
      String(H - 1),
    )
    expect(mvGone.code).toBe(1)
    expect(mvGone.stderr).toContain('x/upgrade: QueryModuleVersions module consensus not found')

    // debug store from the running node: the seed's keys after the upgrade.
    const dump = await sdkd(home, 'debug', 'store', 'upgrade', '--node', v2.rpc, '-o', 'json')
    const pairs = Object.fromEntries(
      (JSON.parse(dump.stdout).pairs as { key: string; value: string }[]).map((p) => [
        p.key,
        p.value,
      ]),
    )
    expect(pairs['00']).toBeUndefined()
    expect(pairs[`01${Buffer.from('v2').toString('hex')}`]).toBe(H.toString(16).padStart(16, '0'))
    expect(pairs[`02${Buffer.from('consensus').toString('hex')}`]).toBe('0000000000000001')
    expect(pairs['03']).toBe('0000000000000001')
    const crisisGone = await sdkd(home, 'debug', 'store', 'crisis', '--node', v2.rpc)
    expect(crisisGone.stderr).toContain('no such store: crisis')

    expect((await v2.p.stop('SIGTERM')).code).toBe(0)

    // Restarted, v2 goes on from where it stopped and applies nothing again: upgrade-info.json still
    // names v2 at H, but H is long committed, so neither the store upgrades nor the handler run.
    const stoppedAt = lastCommitted(v2.p)
    const resumed = start(home, 'v2')
    await resumed.waitForLog((l) => l.msg === 'committed block' && Number(l.height) > stoppedAt)
    expect(resumed.logs().filter(UPGRADE_LOG)).toEqual([])
    expect(resumed.logs().filter((l) => l.msg === 'applying store upgrades')).toEqual([])
    expect((await resumed.stop('SIGTERM')).code).toBe(0)

    // The old binary on the upgraded chain: refused before the database is opened, naming both
    // app versions (the home remembers v2 ran it); the upstream downgrade check stays behind it.
    const down = start(home, 'v1')
    expect((await down.exited).code).toBe(1)
    expect(down.output()).toContain(
      `Error: the home ${home} belongs to app version v2 (created by v1, last run by v2); app version v1 is older and cannot run its chain`,
    )
    expect(down.output()).toContain('--app-version v2')
    expect(lastCommitted(down)).toBe(0)
  })

  test('behavior: --unsafe-skip-upgrades skips the plan at that height; the old binary continues', async () => {
    const home = await newHome()
    await runTo(home, 'v1', 2)
    const H = await schedulePlan(home, (h) => ({ name: 'v2', height: h + 5, info: 'skip me' }))
    const v1 = await serve(home, 'v1', [
      '--unsafe-skip-upgrades',
      `${H + 100},${H}`,
      '--unsafe-skip-upgrades',
      `${H + 200}`,
    ])
    await v1.p.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= H + 2)
    expect(
      v1.p
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => [l.level, l.msg]),
    ).toEqual([[30, `UPGRADE "v2" SKIPPED at ${H}: skip me`]])
    expect((await getJson(`${v1.rest}/sdk/upgrade/v1beta1/current_plan`)).body).toEqual({
      plan: null,
    })
    expect((await getJson(`${v1.rest}/sdk/upgrade/v1beta1/applied_plan/v2`)).body).toEqual({
      height: '0',
    })
    await expect(stat(join(home, 'data/upgrade-info.json'))).rejects.toThrow('ENOENT')
    expect((await v1.p.stop('SIGTERM')).code).toBe(0)
  })

  test('error: bad --unsafe-skip-upgrades and --upgrade-plugin values fail at start-up with a clear message', async () => {
    const home = await newHome()
    const bad = await sdkd(home, 'start', '--unsafe-skip-upgrades', '10,x')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('invalid height "x": expected a positive integer')
    const missing = await sdkd(home, 'start', '--upgrade-plugin', join(home, 'nope.mjs'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`Error: --upgrade-plugin ${join(home, 'nope.mjs')}: no such file\n`)
    await expect(stat(join(home, 'data/application.db'))).rejects.toThrow('ENOENT')
  })

  test('behavior: the example plugin handles its upgrade in a real process', async () => {
    const home = await newHome()
    await runTo(home, 'v1', 2)
    const H = await schedulePlan(home, (h) => ({
      name: 'example-upgrade',
      height: h + 5,
      info: 'from the plugin test',
    }))
    const plugin = join(process.cwd(), 'config/upgrade-plugins/example-upgrade.mjs')
    // Loaded before the height, the plugin is a binary updated too early: exit 1, nothing committed.
    const early = start(home, 'v1', ['--upgrade-plugin', plugin])
    expect((await early.exited).code).toBe(1)
    expect(
      early
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([
      'BINARY UPDATED BEFORE TRIGGER! UPGRADE "example-upgrade" - in binary but not executed on chain. Downgrade your binary',
    ])
    expect(lastCommitted(early)).toBe(0)
    const old = start(home, 'v1')
    expect((await old.exited).code).toBe(2)
    expect(lastCommitted(old)).toBe(H - 1)
    const n = start(home, 'v1', ['--upgrade-plugin', plugin])
    await n.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= H + 1)
    expect(
      n
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([`applying upgrade "example-upgrade" at height: ${H}`])
    expect((await n.stop('SIGTERM')).code).toBe(0)
    const dump = await sdkd(home, 'debug', 'store', 'example')
    expect(dump.stdout).toBe(
      `${Buffer.from('plan_info').toString('hex')} ${Buffer.from('from the plugin test').toString('hex')}\n` +
        `${Buffer.from('upgraded_at').toString('hex')} ${Buffer.from(String(H)).toString('hex')}\n`,
    )
    const at4 = await sdkd(home, 'debug', 'store', 'example', '--height', String(H - 1))
    expect(at4.code).toBe(1)
    expect(at4.stderr).toContain(`store "example" does not exist at height ${H - 1}`)
    // Without the plugin the binary no longer knows the applied upgrade: exit 1, nothing committed.
    const without = start(home, 'v1')
    expect((await without.exited).code).toBe(1)
    expect(
      without
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual(['wrong app version 0, upgrade handler is missing for example-upgrade upgrade plan'])
    expect(lastCommitted(without)).toBe(0)
  })

  test('behavior: a cosmovisor layout of two-line wrapper scripts switches binaries at the height', async () => {
    const home = await newHome()
    await runTo(home, 'v1', 2)
    const H = await schedulePlan(home, (h) => ({ name: 'v2', height: h + 5 }))
    const wrapper = async (dir: string, appVersion: string) => {
      const bin = join(home, 'cosmovisor', dir, 'bin')
      await mkdir(bin, { recursive: true })
      const file = join(bin, 'sdkd')
      const node = JSON.stringify(process.execPath)
      await writeFile(
        file,
        `#!/bin/sh\nexec ${node} ${JSON.stringify(SDKD_BIN)} --app-version ${appVersion} "$@"\n`,
      )
      await chmod(file, 0o755)
      return file
    }
    const binaries: Record<string, string> = {
      genesis: await wrapper('genesis', 'v1'),
      v2: await wrapper('upgrades/v2', 'v2'),
    }
    // What cosmovisor does: run the current binary; when it exits with upgrade-info.json naming an
    // upgrade whose binary exists, switch to it and run again.
    const run = (bin: string) => {
      const child = spawn(
        bin,
        [
          'start',
          '--home',
          home,
          '--log_format',
          'json',
          '--timeout-commit',
          '100ms',
          '--rpc.laddr',
          'tcp://127.0.0.1:0',
          '--api.enable=false',
          '--grpc.enable=false',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
      const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)))
      cleanups.push(async () => {
        if (child.exitCode === null) child.kill('SIGKILL')
        await exited
      })
      return { child, exited, out: () => out }
    }
    const first = run(binaries.genesis!)
    expect(await first.exited).toBe(2)
    const { name } = JSON.parse(await readFile(join(home, 'data/upgrade-info.json'), 'utf8'))
    expect(name).toBe('v2')
    const second = run(binaries[name]!)
    await waitFor(
      async () => (second.out().includes(`"height":${H + 1},`) ? true : undefined),
      20_000,
      `block ${H + 1} from the upgraded binary`,
    )
    expect(second.out()).toContain(`"msg":"applying upgrade \\"v2\\" at height: ${H}"`)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })
})
