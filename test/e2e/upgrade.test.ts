import { spawn } from 'node:child_process'
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Cleanups, cleanupAfterAll, cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import {
  boundPorts,
  getJson,
  runSdkd,
  SDKD_BIN,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import {
  cancelUpgrade,
  createGovernor,
  type Governor,
  softwareUpgrade,
} from '../helpers/upgrade-proposal.js'

// Upgrades with real `sdkd` processes (docs/upgrades.md), every plan scheduled by a passed
// governance proposal: MsgSubmitProposal carrying MsgSoftwareUpgrade (or MsgCancelUpgrade) with the
// min deposit, the devnet validator's yes vote, and the devnet's 5 s voting period ended by time
// travel. Mining is manual (dev API): every block is one a test asks for, so heights are known in
// advance. Two devnet chains, one node process at a time; the tests of a chain run in order, each
// starting where the one before left it.

/** Homes and nodes that live through a describe block. */
const chains = cleanupAfterAll()
/** Processes a test starts (killed if the test fails half-way). */
const processes = cleanupAfterEach()

const UPGRADE_LOG = (l: Record<string, unknown>) => l.module === 'x/upgrade'
const EXAMPLE_PLUGIN = join(process.cwd(), 'config/upgrade-plugins/example-upgrade.mjs')
const TOO_EARLY = (name: string) =>
  `BINARY UPDATED BEFORE TRIGGER! UPGRADE "${name}" - in binary but not executed on chain. Downgrade your binary`

async function devnet(chainId: string): Promise<DevnetHome> {
  const home = await createDevnetHome(chainId, {}, 'v1')
  chains.push(home.cleanup)
  return home
}

/**
 * `sdkd start` of an app version: RPC and REST on port 0, gRPC off. The start makes one block at
 * once; `--timeout-commit 1h` puts the next an hour away, so the dev API makes the rest. The
 * process is killed after the test, or with `lives` after the describe block.
 */
function start(
  home: DevnetHome,
  appVersion: string,
  extra: string[] = [],
  lives: Cleanups = processes,
): SdkdProcess {
  const p = startSdkd([
    '--home',
    home.dir,
    '--app-version',
    appVersion,
    'start',
    '--timeout-commit',
    '1h',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
    ...extra,
  ])
  lives.push(() => p.stop('SIGKILL'))
  return p
}

interface Serving {
  p: SdkdProcess
  g: Governor
  rpc: string
  rest: string
}

/** `start`, then the ports it bound and its first block; mining switched to manual. */
async function serve(
  home: DevnetHome,
  appVersion: string,
  extra: string[] = [],
  lives: Cleanups = processes,
): Promise<Serving> {
  const p = start(home, appVersion, extra, lives)
  const { rpcPort, apiPort } = await boundPorts(p, { api: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  const g = createGovernor({
    rpcPort,
    apiPort: apiPort!,
    chainId: home.chainId,
    mnemonic: home.accounts.validator!.mnemonic,
  })
  expect(await g.dev('dev_setMining', { mode: 'manual' })).toMatchObject({ mode: 'manual' })
  return { p, g, rpc: `http://127.0.0.1:${rpcPort}`, rest: `http://127.0.0.1:${apiPort}` }
}

/** Mines the block the node cannot commit; its exit code. (The reply, if any, does not matter.) */
async function mineIntoHalt(s: Serving): Promise<number | null> {
  await s.g.mine(1).catch(() => undefined)
  return (await s.p.exited).code
}

const upgradeLines = (p: SdkdProcess) =>
  p
    .logs()
    .filter(UPGRADE_LOG)
    .map((l) => l.msg)

/** The last height the process committed, from its log (a burst of blocks logs one line). */
const lastCommitted = (p: SdkdProcess) =>
  Math.max(
    0,
    ...p.logs().flatMap((l) => {
      if (l.msg === 'committed block') return [Number(l.height)]
      return l.msg === 'mined blocks' ? [Number(l.to)] : []
    }),
  )

/** The bytes upstream writes to data/upgrade-info.json (Go JSON, `info` left out when empty). */
const upgradeInfo = (name: string, height: number, info: string) =>
  `{"name":"${name}","time":"0001-01-01T00:00:00Z","height":${height},"info":${JSON.stringify(info)}}`

/** ABCI query of a raw store key (`/store/<name>/key`, data = the key in hex). */
async function storeKey(s: Serving, store: string, keyHex: string) {
  const { body } = await getJson(`${s.rpc}/abci_query?path="/store/${store}/key"&data=0x${keyHex}`)
  return setFields(body.result.response) as {
    code?: number
    log?: string
    value?: string
    height: string
  }
}

/** The fields of an abci_query response that are set (the node prints zeros and the key too). */
function setFields(r: Record<string, unknown>) {
  const { key: _key, ...rest } = r
  return Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== null && v !== '' && v !== 0 && v !== '0'),
  )
}

const hex = (text: string) => Buffer.from(text).toString('hex')
const base64 = (text: string) => Buffer.from(text).toString('base64')

const sdkd = (home: DevnetHome, ...args: string[]) => runSdkd(['--home', home.dir, ...args])

describe('v1 → v2 through governance', () => {
  let home: DevnetHome
  /** The upgrade height: after both proposals' blocks (1 is the start's, each proposal takes 3). */
  const H = 12
  const info = '{"binaries":{"any":"https://example.com/sdkd?checksum=sha256:aa"}}'
  const needed = `UPGRADE "v2" NEEDED at height: ${H}: ${info}`
  let file: string

  beforeAll(async () => {
    home = await devnet('upgrade-e2e')
    file = join(home.dir, 'data/upgrade-info.json')
  })

  test('behavior: one plan at a time: a passed proposal for v2 at the height of a scheduled example-upgrade replaces it', async () => {
    const v1 = await serve(home, 'v1')
    const first = await v1.g.pass(
      [softwareUpgrade({ name: 'example-upgrade', height: H, info: 'replaced' })],
      'Upgrade to example-upgrade',
    )
    // Submit at 2, vote at 3, the tally at 4.
    expect(first.height).toBe(4)
    expect(await v1.g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({
      plan: {
        name: 'example-upgrade',
        time: '0001-01-01T00:00:00Z',
        height: String(H),
        info: 'replaced',
        upgraded_client_state: null,
      },
    })
    const second = await v1.g.pass([softwareUpgrade({ name: 'v2', height: H, info })], 'To v2')
    expect(second.height).toBe(7)
    expect(await v1.g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({
      plan: {
        name: 'v2',
        time: '0001-01-01T00:00:00Z',
        height: String(H),
        info,
        upgraded_client_state: null,
      },
    })
    // The replaced plan is gone, not done: its proposal passed all the same.
    expect(await v1.g.rest('/sdk/upgrade/v1beta1/applied_plan/example-upgrade')).toEqual({
      height: '0',
    })
    expect((await v1.g.proposal(first.id)).status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await v1.p.stop('SIGTERM')).code).toBe(0)
  })

  test('error: the new binary started before the height refuses: BINARY UPDATED BEFORE TRIGGER, exit 1, nothing committed', async () => {
    // v2 plus the example plugin: handlers for both plans that were proposed for H.
    const early = start(home, 'v2', ['--upgrade-plugin', EXAMPLE_PLUGIN])
    expect((await early.exited).code).toBe(1)
    expect(upgradeLines(early)).toEqual([TOO_EARLY('v2')])
    expect(lastCommitted(early)).toBe(0)
  })

  test('behavior: v1 halts at the height (upgrade-info.json, the NEEDED line, exit 2); restarted, it halts again at once with the same file', async () => {
    const v1 = await serve(home, 'v1')
    expect(lastCommitted(v1.p)).toBe(8)
    // A snapshot before the upgrade, which the upgraded binary will not go back to (below).
    expect(await v1.g.dev('dev_snapshot')).toEqual({ id: '0x1', height: '8' })
    expect(await v1.g.mineTo(H - 1)).toBe(H - 1)
    expect(await mineIntoHalt(v1)).toBe(2)
    expect(v1.p.logs().filter(UPGRADE_LOG)).toEqual([
      expect.objectContaining({ level: 50, module: 'x/upgrade', msg: needed }),
    ])
    expect(lastCommitted(v1.p)).toBe(H - 1)
    expect(await readFile(file, 'utf8')).toBe(upgradeInfo('v2', H, info))
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const again = start(home, 'v1')
    expect((await again.exited).code).toBe(2)
    expect(upgradeLines(again)).toEqual([needed])
    expect(again.logs().find((l) => l.msg === 'node started')).toMatchObject({ height: H - 1 })
    expect(lastCommitted(again)).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(upgradeInfo('v2', H, info))

    // The stopped home still holds the plan (key 00) and no done entry at H − 1.
    const before = await sdkd(home, 'debug', 'store', 'upgrade', '--height', String(H - 1))
    expect(before.code).toBe(0)
    expect(before.stdout.split('\n').filter((l) => l.startsWith('00 '))).toHaveLength(1)
    expect(before.stdout.split('\n').filter((l) => l.startsWith('01'))).toEqual([])
  })

  test('behavior: v2 with the example plugin too applies at H only the store upgrades of the plan upgrade-info.json names; queries see before and after', async () => {
    const v2 = await serve(home, 'v2', ['--upgrade-plugin', EXAMPLE_PLUGIN])
    expect(lastCommitted(v2.p)).toBe(H)
    expect(await v2.g.mine(2)).toBe(H + 2)
    expect(upgradeLines(v2.p)).toEqual([`applying upgrade "v2" at height: ${H}`])
    // v2's store upgrades, once; none of example-upgrade's (its `example` store), whose handler never ran.
    expect(v2.p.logs().filter((l) => l.msg === 'applying store upgrades')).toEqual([
      expect.objectContaining({
        upgrade: 'v2',
        height: H,
        added: ['consensus'],
        deleted: ['crisis'],
      }),
    ])
    expect(await storeKey(v2, 'example', hex('upgraded_at'))).toEqual({
      code: 6,
      codespace: 'sdk',
      log: 'no such store: example: unknown request',
    })
    expect(v2.p.logs().filter((l) => l.msg === 'example upgrade applied')).toEqual([])
    expect(await v2.g.rest('/sdk/upgrade/v1beta1/applied_plan/example-upgrade')).toEqual({
      height: '0',
    })

    // The protocol version went up by one: ABCI Info's app_version and /status report it.
    const abciInfo = await getJson(`${v2.rpc}/abci_info`)
    expect(abciInfo.body.result.response.app_version).toBe('1')
    const nodeStatus = await getJson(`${v2.rpc}/status`)
    expect(nodeStatus.body.result.node_info.protocol_version.app).toBe('1')
    // GetNodeInfo reports the node info /status does.
    const grpcInfo = await getJson(`${v2.rest}/sdk/base/tendermint/v1beta1/node_info`)
    expect(grpcInfo.body.default_node_info.protocol_version.app).toBe('1')

    // REST: applied height, no plan, module versions before/after by x-sdk-block-height.
    expect(await v2.g.rest('/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: String(H) })
    expect(await v2.g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
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

    // The CLI, as an operator runs it (two at a time: each is a process of its own).
    const q = (...args: string[]) => sdkd(home, 'q', 'upgrade', ...args, '--node', v2.rpc)
    const [cliApplied, plan, planJson] = await Promise.all([
      q('applied', 'v2'),
      q('plan', '--height', String(H - 1)),
      q('plan', '--height', String(H - 1), '-o', 'json'),
    ])
    // applied prints the header of block H as the node's /blockchain reports it.
    expect(cliApplied.code).toBe(0)
    const meta = JSON.parse(cliApplied.stdout)
    const chain = await getJson(`${v2.rpc}/blockchain?minHeight=${H}&maxHeight=${H}`)
    expect(meta).toEqual(chain.body.result.block_metas[0])
    expect(meta.header.height).toBe(String(H))
    expect(Object.keys(meta)).toEqual(['block_id', 'block_size', 'header', 'num_txs'])
    expect(cliApplied.stdout).toContain('\n  "block_id": {\n    "hash": ')
    // The plan as it was before the upgrade height, and none after it.
    expect(plan.code).toBe(0)
    expect(plan.stdout).toBe(
      `height: "${H}"\ninfo: '${info}'\nname: v2\ntime: "0001-01-01T00:00:00Z"\nupgraded_client_state: null\n`,
    )
    expect(JSON.parse(planJson.stdout)).toEqual({
      name: 'v2',
      time: '0001-01-01T00:00:00Z',
      height: String(H),
      info,
      upgraded_client_state: null,
    })
    const [noPlan, unknown, mvOld] = await Promise.all([
      q('plan'),
      q('applied', 'v9'),
      q('module_versions', 'crisis', '--height', String(H - 1)),
    ])
    expect([noPlan.code, noPlan.stderr]).toEqual([1, 'Error: no upgrade scheduled\n'])
    expect([unknown.code, unknown.stderr]).toEqual([1, 'Error: no upgrade found\n'])
    expect(mvOld.stdout).toBe('module_versions:\n- name: crisis\n  version: "2"\n')
    const [mvNew, mvGone] = await Promise.all([
      q('module_versions', 'consensus', '-o', 'json'),
      q('module_versions', 'consensus', '--height', String(H - 1)),
    ])
    expect(JSON.parse(mvNew.stdout)).toEqual({
      module_versions: [{ name: 'consensus', version: '1' }],
    })
    expect(mvGone.code).toBe(1)
    expect(mvGone.stderr).toContain('x/upgrade: QueryModuleVersions module consensus not found')

    // debug store from the running node: the seed's keys after the upgrade.
    const [dump, crisisGone] = await Promise.all([
      sdkd(home, 'debug', 'store', 'upgrade', '--node', v2.rpc, '-o', 'json'),
      sdkd(home, 'debug', 'store', 'crisis', '--node', v2.rpc),
    ])
    const pairs = Object.fromEntries(
      (JSON.parse(dump.stdout).pairs as { key: string; value: string }[]).map((p) => [
        p.key,
        p.value,
      ]),
    )
    expect(pairs['00']).toBeUndefined()
    expect(pairs[`01${hex('v2')}`]).toBe(H.toString(16).padStart(16, '0'))
    expect(pairs[`01${hex('example-upgrade')}`]).toBeUndefined()
    expect(pairs[`02${hex('consensus')}`]).toBe('0000000000000001')
    expect(pairs['03']).toBe('0000000000000001')
    expect(crisisGone.stderr).toContain('no such store: crisis')

    expect((await v2.p.stop('SIGTERM')).code).toBe(0)
  })

  test('behavior: restarted, v2 goes on and applies nothing again; v1 is then refused on the upgraded home', async () => {
    // upgrade-info.json still names v2 at H, but H is long committed: neither the store upgrades nor
    // the handler run again.
    const resumed = await serve(home, 'v2')
    expect(lastCommitted(resumed.p)).toBe(H + 3)
    expect(upgradeLines(resumed.p)).toEqual([])
    expect(resumed.p.logs().filter((l) => l.msg === 'applying store upgrades')).toEqual([])
    // Nor does the dev API take the upgraded binary back before the upgrade; nothing changes.
    const refused = (what: string) =>
      `${what}: the chain applied upgrade \\"v2\\" at height ${H} after it, and this binary is the upgraded one, which cannot make the heights before that again; start the chain over with the binary it started with (sdkd devnet --reset --app-version <it>)`
    await expect(resumed.g.dev('dev_reset')).rejects.toThrow(
      refused('cannot reset to the genesis state (height 0)'),
    )
    await expect(resumed.g.dev('dev_revert', { id: '0x1' })).rejects.toThrow(
      refused('cannot revert to snapshot 0x1 (height 8)'),
    )
    expect(await resumed.g.dev('dev_status')).toMatchObject({
      height: String(H + 3),
      snapshots: [{ id: '0x1', height: '8' }],
    })
    expect((await resumed.p.stop('SIGTERM')).code).toBe(0)

    // The old binary on the upgraded chain: refused before the database is opened, naming both
    // app versions (the home remembers v2 ran it); the upstream downgrade check stays behind it.
    const down = start(home, 'v1')
    expect((await down.exited).code).toBe(1)
    expect(down.output()).toContain(
      `Error: the home ${home.dir} belongs to app version v2 (created by v1, last run by v2); app version v1 is older and cannot run its chain`,
    )
    expect(down.output()).toContain('--app-version v2')
    expect(lastCommitted(down)).toBe(0)
  })
})

describe('several plans on one v1 chain: a cancel while voting, two skipped heights, one applied after a halt, one applied in the running process, then one it has no handler for', () => {
  let home: DevnetHome
  /** The skip heights given to the first node process (`--unsafe-skip-upgrades`). */
  const S1 = 20
  const S2 = 30
  /** A plan for the next block, handled by a plugin the running process loaded at its start. */
  const HOTFIX = `export default {
  name: 'hotfix',
  async handler(ctx, plan, fromVersions, tools) {
    return tools.runMigrations(ctx, fromVersions)
  },
}
`
  let hotfix: string
  /** The node process that lives through several tests. */
  let node: Serving
  /** The height at which example-upgrade applies, hotfix applies, and v2 halts the chain. */
  let E: number
  let F: number
  let N: number
  const v2Info = 'the last plan'
  let file: string

  beforeAll(async () => {
    home = await devnet('upgrade-plans')
    hotfix = join(home.dir, 'hotfix.mjs')
    await writeFile(hotfix, HOTFIX)
    file = join(home.dir, 'data/upgrade-info.json')
  })

  test('error: bad --unsafe-skip-upgrades and --upgrade-plugin values fail at start-up with a clear message; nothing is opened', async () => {
    const nope = join(home.dir, 'nope.mjs')
    const [bad, missing] = await Promise.all([
      sdkd(home, '--app-version', 'v1', 'start', '--unsafe-skip-upgrades', '10,x'),
      sdkd(home, '--app-version', 'v1', 'start', '--upgrade-plugin', nope),
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('invalid height "x": expected a positive integer')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`Error: --upgrade-plugin ${nope}: no such file\n`)
    await expect(stat(join(home.dir, 'data/application.db'))).rejects.toThrow('ENOENT')
  })

  test('behavior: a cancel proposal made while the upgrade proposal is voting, whose voting ends later, removes the plan once both pass; the chain passes the height', async () => {
    node = await serve(
      home,
      'v1',
      ['--unsafe-skip-upgrades', `${S1},${S2}`, '--unsafe-skip-upgrades', '1000'],
      chains,
    )
    const X = 10
    const { g } = node
    const upgrade = await g.propose([softwareUpgrade({ name: 'v2', height: X })], 'To v2')
    // Two seconds of chain time later, so that the cancel's voting period ends after the upgrade's.
    await g.dev('dev_increaseTime', { seconds: 2 })
    const cancel = await g.propose([cancelUpgrade()], 'Cancel the upgrade to v2')
    // The upgrade proposal's voting ends first: it passes and schedules the plan.
    expect(await g.endVoting(upgrade)).toBe(6)
    expect((await g.proposal(upgrade)).status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await g.proposal(cancel)).status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect((await g.rest('/sdk/upgrade/v1beta1/current_plan')).plan).toMatchObject({
      name: 'v2',
      height: String(X),
    })
    // Then the cancel passes and removes it.
    expect(await g.endVoting(cancel)).toBe(7)
    expect((await g.proposal(cancel)).status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })

    expect(await g.mineTo(X + 1)).toBe(X + 1)
    expect(upgradeLines(node.p)).toEqual([])
    expect(await g.rest('/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: '0' })
    await expect(stat(file)).rejects.toThrow('ENOENT')
  })

  test('behavior: two skip heights skip their plans (SKIPPED, plan cleared, not done, no file); the next plan halts v1 and applies with the plugin that handles it', async () => {
    const { g } = node
    for (const [S, info] of [
      [S1, 'first skip'],
      [S2, 'second skip'],
    ] as const) {
      const { height } = await g.pass([softwareUpgrade({ name: 'v2', height: S, info })], 'To v2')
      expect(height).toBeLessThan(S)
      expect(await g.mineTo(S + 1)).toBe(S + 1)
      expect(await g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    }
    expect(node.p.logs().filter(UPGRADE_LOG)).toEqual([
      expect.objectContaining({ level: 30, msg: `UPGRADE "v2" SKIPPED at ${S1}: first skip` }),
      expect.objectContaining({ level: 30, msg: `UPGRADE "v2" SKIPPED at ${S2}: second skip` }),
    ])
    expect(await g.rest('/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: '0' })
    await expect(stat(file)).rejects.toThrow('ENOENT')

    // A plan at a height that is not skipped: v1 has no handler and halts there.
    E = S2 + 6
    const { height } = await g.pass(
      [softwareUpgrade({ name: 'example-upgrade', height: E, info: 'after two skips' })],
      'To example-upgrade',
    )
    expect(height).toBeLessThan(E)
    expect(await g.mineTo(E - 1)).toBe(E - 1)
    expect(await mineIntoHalt(node)).toBe(2)
    expect(upgradeLines(node.p).at(-1)).toBe(
      `UPGRADE "example-upgrade" NEEDED at height: ${E}: after two skips`,
    )
    expect(await readFile(file, 'utf8')).toBe(upgradeInfo('example-upgrade', E, 'after two skips'))

    // v1 with the plugin applies it in its first block: the store upgrade adds `example`, the
    // handler writes there.
    node = await serve(
      home,
      'v1',
      ['--upgrade-plugin', EXAMPLE_PLUGIN, '--upgrade-plugin', hotfix],
      chains,
    )
    expect(lastCommitted(node.p)).toBe(E)
    expect(upgradeLines(node.p)).toEqual([`applying upgrade "example-upgrade" at height: ${E}`])
    expect(node.p.logs().find((l) => l.msg === 'applying store upgrades')).toMatchObject({
      upgrade: 'example-upgrade',
      height: E,
      added: ['example'],
    })
    expect(await storeKey(node, 'example', hex('upgraded_at'))).toEqual({
      value: base64(String(E)),
      height: String(E),
    })
    expect((await storeKey(node, 'example', hex('plan_info'))).value).toBe(
      base64('after two skips'),
    )
    expect(await node.g.rest('/sdk/upgrade/v1beta1/applied_plan/example-upgrade')).toEqual({
      height: String(E),
    })
  })

  test('behavior: the running process applies a plan due in the next block with its plugin handler, then halts that same process at a later plan it has no handler for (NEEDED, exit 2, upgrade-info.json)', async () => {
    const { g } = node
    // Submit, vote and the tally take the next three blocks; the plan is for the block after.
    F = Number((await g.dev('dev_status')).height) + 4
    const hot = await g.pass([softwareUpgrade({ name: 'hotfix', height: F })], 'Hotfix')
    expect(hot.height).toBe(F - 1)
    expect(await g.mine(1)).toBe(F)
    expect(await g.rest('/sdk/upgrade/v1beta1/applied_plan/hotfix')).toEqual({ height: String(F) })
    expect(await g.rest('/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    // Two upgrades applied on this chain: protocol version 2.
    const abciInfo = await getJson(`${node.rpc}/abci_info`)
    expect(abciInfo.body.result.response.app_version).toBe('2')
    // No store upgrade in this process but the one its start applied.
    expect(node.p.logs().filter((l) => l.msg === 'applying store upgrades')).toHaveLength(1)

    const last = await g.pass([softwareUpgrade({ name: 'v2', height: F + 6, info: v2Info })], 'v2')
    N = F + 6
    expect(last.height).toBeLessThan(N)
    expect(await g.mineTo(N - 1)).toBe(N - 1)
    expect(await mineIntoHalt(node)).toBe(2)
    expect(node.p.logs().filter(UPGRADE_LOG)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: `applying upgrade "example-upgrade" at height: ${E}`,
      }),
      expect.objectContaining({ level: 30, msg: `applying upgrade "hotfix" at height: ${F}` }),
      expect.objectContaining({
        level: 50,
        msg: `UPGRADE "v2" NEEDED at height: ${N}: ${v2Info}`,
      }),
    ])
    expect(lastCommitted(node.p)).toBe(N - 1)
    expect(await readFile(file, 'utf8')).toBe(upgradeInfo('v2', N, v2Info))
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  test('error: a binary without the handler of the last applied upgrade refuses to run even when the due upgrade is skipped (wrong app version 0 …), exit 1, nothing committed', async () => {
    // Upstream runs the downgrade check on the first block unless that block applies a due plan;
    // a skipped one does not count. The last applied upgrade is hotfix.
    const without = start(home, 'v1', [
      '--upgrade-plugin',
      EXAMPLE_PLUGIN,
      '--unsafe-skip-upgrades',
      String(N),
    ])
    expect((await without.exited).code).toBe(1)
    expect(upgradeLines(without)).toEqual([
      'wrong app version 0, upgrade handler is missing for hotfix upgrade plan',
    ])
    expect(lastCommitted(without)).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(upgradeInfo('v2', N, v2Info))
  })

  test('behavior: a cosmovisor layout of two-line wrapper scripts switches binaries at the height', async () => {
    const plugins = `--upgrade-plugin ${JSON.stringify(EXAMPLE_PLUGIN)} --upgrade-plugin ${JSON.stringify(hotfix)}`
    const wrapper = async (dir: string, appVersion: string) => {
      const bin = join(home.dir, 'cosmovisor', dir, 'bin')
      await mkdir(bin, { recursive: true })
      const path = join(bin, 'sdkd')
      const nodeBin = JSON.stringify(process.execPath)
      await writeFile(
        path,
        `#!/bin/sh\nexec ${nodeBin} ${JSON.stringify(SDKD_BIN)} --app-version ${appVersion} "$@" ${plugins}\n`,
      )
      await chmod(path, 0o755)
      return path
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
          home.dir,
          '--log_format',
          'json',
          '--timeout-commit',
          '1h',
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
      processes.push(async () => {
        if (child.exitCode === null) child.kill('SIGKILL')
        await exited
      })
      return { child, exited, out: () => out }
    }
    // The genesis binary halts again at once (its first block is N).
    const first = run(binaries.genesis!)
    expect(await first.exited).toBe(2)
    const { name } = JSON.parse(await readFile(file, 'utf8'))
    expect(name).toBe('v2')
    const second = run(binaries[name]!)
    const lines = () =>
      second
        .out()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    const block = await waitFor(
      async () => lines().find((l) => l.msg === 'committed block'),
      20_000,
      'the first block of the upgraded binary',
    )
    expect(block.height).toBe(N)
    expect(
      lines()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([`applying upgrade "v2" at height: ${N}`])
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })
})
