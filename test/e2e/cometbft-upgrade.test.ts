import { existsSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  cometHeight,
  cometHeightAtLeast,
  configureCometHome,
} from '../helpers/comet-node.js'
import {
  COSMOVISOR,
  type CosmovisorHome,
  cosmovisorEnv,
  cosmovisorMessages,
  createCosmovisorHome,
  startCosmovisor,
  wrapperScript,
  writeExecutable,
} from '../helpers/cosmovisor.js'
import {
  getJson,
  runCommand,
  runSdkd,
  SDKD_BIN,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { freeTestnetBase, testnetPortsAt } from '../helpers/testnet-ports.js'

/**
 * An upgrade on real consensus under real cosmovisor (both the pinned upstream builds): a v1 devnet
 * home run by `cosmovisor run start --consensus cometbft`, a software-upgrade proposal passed with
 * the validator's vote through CometBFT's RPC (the sdkd CLI), v1 parking block H (CometBFT's
 * /status at H, the app at H−1, upgrade-info.json written), cosmovisor stopping it and switching to
 * the v2 wrapper, and v2 getting block H again through CometBFT's handshake and applying the upgrade.
 * Then the same for four validators of `sdkd testnet init-files`, each under its own cosmovisor.
 */

const cleanups = cleanupAfterEach()

/** cosmovisor's messages (v1.5.0). */
const MESSAGES = [
  'running app',
  'daemon shutting down in an attempt to restart',
  'sent interrupt to app, waiting for exit',
  'app exited normally',
  'pre-upgrade result',
  'pre-upgrade successful. continuing the upgrade.',
  'upgrade detected, relaunching',
  'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start cosmovisor again.',
]

/** What cosmovisor passes to every sdkd it runs. */
const START_ARGS = [
  'start',
  '--log_format',
  'json',
  '--consensus',
  'cometbft',
  '--cometbft-bin',
  COMETBFT.path ?? 'cometbft',
  '--api.address',
  'tcp://127.0.0.1:0',
  '--grpc.enable=false',
]

/** v2's module versions once the upgrade ran (x/consensus added; the map keeps crisis's entry). */
const V2_MODULE_VERSIONS = [
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
]

/**
 * A v1 cosmovisor home on CometBFT's layout: free loopback ports in config.toml, client.toml's
 * `node` on CometBFT's RPC (as `sdkd testnet init-files` writes it) and a voting period of 6 s.
 */
async function cometCosmovisorHome(): Promise<CosmovisorHome & { rpcPort: number }> {
  const home = await createCosmovisorHome(cleanups)
  const { rpcPort } = await configureCometHome(home.dir, { timeoutCommit: '200ms' })
  const clientToml = join(home.dir, 'config/client.toml')
  const client = parse(await readFile(clientToml, 'utf8')) as Record<string, unknown>
  client.node = `tcp://127.0.0.1:${rpcPort}`
  await writeFile(clientToml, stringify(client))
  const genesisFile = join(home.dir, 'config/genesis.json')
  const genesis = JSON.parse(await readFile(genesisFile, 'utf8'))
  Object.assign(genesis.app_state.gov.params, {
    voting_period: '6s',
    expedited_voting_period: '3s',
  })
  await writeFile(genesisFile, JSON.stringify(genesis, null, 2))
  return { ...home, rpcPort }
}

/** `sdkd <args>` with the home; exit 0 expected; stdout. */
async function sdkd(home: CosmovisorHome, args: string[]): Promise<string> {
  const r = await runSdkd(['--home', home.dir, ...args])
  expect(r.code, r.stderr).toBe(0)
  return r.stdout
}

/**
 * Passes a software-upgrade proposal for v2 with the CLI against CometBFT's RPC (client.toml's
 * node): submitted with the min deposit, voted yes by `validator` (all the stake); the plan's
 * height is far enough for the 6 s voting period to end first. Returns that height.
 */
async function passUpgrade(home: CosmovisorHome & { rpcPort: number }): Promise<number> {
  const now = (await cometHeightAtLeast(home.rpcPort, 2)) as number
  // 200 ms between blocks at least: 75 blocks take 15 s or more, time enough for two txs and the
  // 6 s voting period on a loaded machine. A proposal that ends after H fails (the plan would be in
  // the past): that is reported at once, with the height it ended at.
  const H = now + 75
  const tx = async (args: string[]) =>
    JSON.parse(
      await sdkd(home, ['tx', ...args, '--from', 'validator', '--yes', '--wait', '-o', 'json']),
    )
  const submitted = await tx([
    'upgrade',
    'software-upgrade',
    'v2',
    '--title',
    'Upgrade to v2',
    '--summary',
    'v2 on CometBFT',
    '--deposit',
    '10000000stake',
    '--upgrade-height',
    String(H),
    '--no-validate',
  ])
  expect(submitted.code, submitted.raw_log).toBe(0)
  const id = (submitted.events as any[])
    .find((e) => e.type === 'submit_proposal')
    .attributes.find((a: any) => a.key === 'proposal_id').value
  const voted = await tx(['gov', 'vote', id, 'yes'])
  expect(voted.code, voted.raw_log).toBe(0)
  const status: string = await waitFor(
    async () => {
      const out = JSON.parse(await sdkd(home, ['query', 'gov', 'proposal', id, '-o', 'json']))
      const s = out.proposal.status
      return s === 'PROPOSAL_STATUS_VOTING_PERIOD' || s === 'PROPOSAL_STATUS_DEPOSIT_PERIOD'
        ? undefined
        : s
    },
    45_000,
    `proposal ${id} to end`,
  )
  if (status !== 'PROPOSAL_STATUS_PASSED') {
    const at = await cometHeight(home.rpcPort)
    throw new Error(`proposal ${id} ended ${status} (upgrade height ${H}, chain at ${at})`)
  }
  const plan = await sdkd(home, ['query', 'upgrade', 'plan', '-o', 'json'])
  expect(JSON.parse(plan)).toMatchObject({ name: 'v2', height: String(H) })
  expect(await cometHeight(home.rpcPort)).toBeLessThan(H)
  return H
}

/** The output of the `run`-th app cosmovisor started (1 = the first). */
function runOutput(p: SdkdProcess, run: number): string {
  return p.output().split(/^\S+ INF running app .*$/m)[run] ?? ''
}

/** The REST API of the `run`-th app (from its `serving REST API` line). */
async function apiOfRun(p: SdkdProcess, run: number): Promise<string> {
  const port = await waitFor(
    async () => {
      const line = logLines(runOutput(p, run), 'serving REST API')[0]
      return line ? /:(\d+)$/.exec(String(line.address))?.[1] : undefined
    },
    60_000,
    `app run ${run} to serve REST`,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n--- output\n${p.output().slice(-4000)}`)
  })
  return `http://127.0.0.1:${port}`
}

/** GETs a REST path; the body of a 200 answer. */
async function rest(api: string, path: string): Promise<any> {
  const { status, body } = await getJson(`${api}${path}`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

/** sdkd's line once an upgrade parked its FinalizeBlock. */
const HALTED =
  'halted for the upgrade: serving queries until stopped (cosmovisor stops this process)'

/** Whether a process id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The JSON log lines of the output with this message. */
function logLines(out: string, msg: string): Record<string, unknown>[] {
  return out.split('\n').flatMap((l) => {
    if (!l.startsWith('{')) return []
    try {
      const line = JSON.parse(l) as Record<string, unknown>
      return line.msg === msg ? [line] : []
    } catch {
      // a line still being written
      return []
    }
  })
}

/** What v2 shows once it applied the upgrade under CometBFT and went on past H+5. */
async function expectAppliedAndRunning(api: string, rpcPort: number, H: number, out: () => string) {
  await cometHeightAtLeast(rpcPort, H + 6, 60_000).catch((err: Error) => {
    throw new Error(`${err.message}\n--- output\n${out().slice(-4000)}`)
  })
  // CometBFT's handshake: the app at H−1, CometBFT's block store at H, its state at H−1.
  expect(out()).toMatch(
    new RegExp(
      `ABCI Replay Blocks\\s+module=consensus appHeight=${H - 1} storeHeight=${H} stateHeight=${H - 1}\\n`,
    ),
  )
  expect(out()).toMatch(/Replay last block using real app/)
  expect(logLines(out(), 'applying store upgrades')).toEqual([
    expect.objectContaining({ height: H, added: ['consensus'], deleted: ['crisis'] }),
  ])
  expect(logLines(out(), `applying upgrade "v2" at height: ${H}`)).toHaveLength(1)
  expect(await rest(api, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: String(H) })
  expect((await rest(api, '/sdk/upgrade/v1beta1/module_versions')).module_versions).toEqual(
    V2_MODULE_VERSIONS,
  )
  expect((await rest(api, '/sdk/upgrade/v1beta1/current_plan')).plan).toBeNull()
  // The app's Info after the upgrade: protocol version 1, the height CometBFT reports.
  const info = (await getJson(`http://127.0.0.1:${rpcPort}/abci_info`)).body.result.response
  expect(info.app_version).toBe('1')
  expect(Number(info.last_block_height)).toBeGreaterThan(H + 5)
}

const missing = COMETBFT.skipReason ?? COSMOVISOR.skipReason

describe.skipIf(missing !== undefined)(
  `an upgrade under cosmovisor ${COSMOVISOR.version ?? ''} on CometBFT ${COMETBFT.version ?? ''} (e2e)${missing ? `: skipped: ${missing}` : ''}`,
  () => {
    test('behavior: the passed proposal parks v1 at H (upgrade-info.json, the NEEDED line once, CometBFT at H, nothing of H committed); cosmovisor interrupts it (DAEMON_SHUTDOWN_GRACE), CometBFT exits by itself, cosmovisor switches to v2, whose handshake replays H into the upgrade; blocks go on past H+5', async () => {
      const home = await cometCosmovisorHome()
      const p = startCosmovisor(
        cleanups,
        home,
        { UNSAFE_SKIP_BACKUP: 'true', DAEMON_SHUTDOWN_GRACE: '10s' },
        START_ARGS,
      )
      await apiOfRun(p, 1)
      const H = await passUpgrade(home)
      const api = await apiOfRun(p, 2)
      await expectAppliedAndRunning(api, home.rpcPort, H, () => runOutput(p, 2))

      const v1 = runOutput(p, 1)
      // x/upgrade's line, once; the file cosmovisor read.
      expect(logLines(v1, `UPGRADE "v2" NEEDED at height: ${H}: `)).toEqual([
        expect.objectContaining({ level: 50, module: 'x/upgrade' }),
      ])
      expect(readFileSync(join(home.dir, 'data/upgrade-info.json'), 'utf8')).toBe(
        `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H}}`,
      )
      expect(logLines(v1, HALTED)).toEqual([expect.objectContaining({ height: H })])
      // CometBFT stored block H and handed it to the app, which never answered: nothing of H
      // was committed by v1, and v1 stopped cleanly at H−1 when interrupted.
      expect(v1).toMatch(new RegExp(`finalizing commit of block\\s+module=consensus height=${H} `))
      expect(v1).not.toMatch(new RegExp(`committed state\\s+module=state height=${H} `))
      expect(logLines(v1, 'stopped cleanly')).toEqual([expect.objectContaining({ height: H - 1 })])
      expect(cosmovisorMessages(p, MESSAGES)).toEqual([
        'running app',
        'daemon shutting down in an attempt to restart',
        'sent interrupt to app, waiting for exit',
        'app exited normally',
        'pre-upgrade result',
        'pre-upgrade successful. continuing the upgrade.',
        'upgrade detected, relaunching',
        'running app',
      ])
      expect(p.output()).toMatch(
        new RegExp(`INF running app args=\\["start".*path=${home.root}/upgrades/v2/bin/sdkd`),
      )
      expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'upgrades/v2'))
    }, 180_000)

    test('behavior: parked at H, CometBFT serves /status at H, the app answers Info and queries at H−1, `sdkd status --home` prints H, CheckTx answers; the app killed there, its CometBFT goes with it and cosmovisor still switches (DAEMON_RESTART_AFTER_UPGRADE=false: it exits); the old binary started by hand refuses (exit 2, the NEEDED line, upgrade-info.json rewritten, no CometBFT); cosmovisor started again runs v2, which applies the upgrade; past H the old binary is refused by the app version of the home', async () => {
      const home = await cometCosmovisorHome()
      // cosmovisor's watcher looks only once an hour: the park lasts until the app dies.
      const p = startCosmovisor(
        cleanups,
        home,
        {
          UNSAFE_SKIP_BACKUP: 'true',
          DAEMON_RESTART_AFTER_UPGRADE: 'false',
          DAEMON_POLL_INTERVAL: '1h',
        },
        START_ARGS,
      )
      const v1api = await apiOfRun(p, 1)
      const H = await passUpgrade(home)
      await waitFor(
        async () => (logLines(runOutput(p, 1), HALTED).length > 0 ? true : undefined),
        60_000,
        'v1 to halt',
      )
      // Parked: CometBFT stored block H and waits for its FinalizeBlock; the app is at H−1.
      const status = (await getJson(`http://127.0.0.1:${home.rpcPort}/status`)).body.result
      expect(status.sync_info.latest_block_height).toBe(String(H))
      const info = (await getJson(`http://127.0.0.1:${home.rpcPort}/abci_info`)).body.result
        .response
      // Protocol version 0 before the upgrade (CometBFT's JSON leaves a zero app_version out).
      expect([info.last_block_height, info.app_version]).toEqual([String(H - 1), undefined])
      // What cosmovisor ≥ 1.7 runs to confirm the height before it switches.
      const printed = JSON.parse(await sdkd(home, ['status']))
      expect(printed.sync_info.latest_block_height).toBe(String(H))
      expect(printed.node_info.network).toBe('cosmovisor-e2e')
      // Queries go on against the last committed state.
      expect((await rest(v1api, '/sdk/upgrade/v1beta1/current_plan')).plan).toMatchObject({
        name: 'v2',
        height: String(H),
      })
      expect(await cometHeight(home.rpcPort)).toBe(H)
      // CheckTx too: a send through CometBFT's broadcast_tx_sync passes it (and waits in the mempool).
      const send = JSON.parse(
        await sdkd(home, [
          'tx',
          'bank',
          'send',
          'validator',
          home.accounts.validator!.address,
          '1stake',
          '--yes',
          '-o',
          'json',
        ]),
      )
      expect([send.code, send.raw_log]).toEqual([0, ''])
      expect(await cometHeight(home.rpcPort)).toBe(H)

      // The app dies at the halt (SIGKILL, as cosmovisor's default stop): its CometBFT child goes with
      // it (the kernel kills it when its parent dies, or it stops on the lost ABCI connections where
      // setpriv is missing); cosmovisor re-reads upgrade-info.json and switches.
      const cometPid = Number(readFileSync(join(home.dir, 'data/cometbft.pid'), 'utf8'))
      const app = await runCommand('ps', ['-o', 'pid=', '--ppid', String(p.child.pid)])
      const appPid = Number(app.stdout.trim())
      expect(appPid).toBeGreaterThan(0)
      process.kill(appPid, 'SIGKILL')
      expect((await p.exited).code).toBe(0)
      await waitFor(async () => (alive(cometPid) ? undefined : true), 20_000, 'cometbft to exit')
      expect(cosmovisorMessages(p, MESSAGES)).toEqual([
        'running app',
        'pre-upgrade result',
        'pre-upgrade successful. continuing the upgrade.',
        'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start cosmovisor again.',
      ])
      expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'upgrades/v2'))

      // The old binary started by hand: the start-up guard, before CometBFT could replay H.
      const infoFile = join(home.dir, 'data/upgrade-info.json')
      const infoBytes = readFileSync(infoFile, 'utf8')
      expect(infoBytes).toBe(`{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H}}`)
      rmSync(infoFile)
      const old = await runCommand(join(home.root, 'genesis/bin/sdkd'), START_ARGS, {
        env: cosmovisorEnv(home),
        timeoutMs: 60_000,
      })
      expect(old.code, old.stderr).toBe(2)
      const oldOut = old.stdout + old.stderr
      expect(logLines(oldOut, `UPGRADE "v2" NEEDED at height: ${H}: `)).toEqual([
        expect.objectContaining({ module: 'x/upgrade', height: H }),
      ])
      expect(oldOut).not.toContain('started cometbft')
      expect(existsSync(infoFile)).toBe(true)
      expect(readFileSync(infoFile, 'utf8')).toBe(infoBytes)

      // Started again, cosmovisor runs current (v2): CometBFT replays H into the upgrade.
      const again = startCosmovisor(cleanups, home, {}, START_ARGS)
      const api = await apiOfRun(again, 1)
      await expectAppliedAndRunning(api, home.rpcPort, H, () => runOutput(again, 1))
      expect(cosmovisorMessages(again, MESSAGES)).toEqual(['running app'])

      // Past H, the old binary is refused by the home's app version, before anything runs.
      await again.stop('SIGINT')
      const late = await runCommand(join(home.root, 'genesis/bin/sdkd'), START_ARGS, {
        env: cosmovisorEnv(home),
        timeoutMs: 60_000,
      })
      expect(late.code).toBe(1)
      expect(late.stderr).toContain(
        `Error: the home ${home.dir} belongs to app version v2 (created by v1, last run by v2); app version v1 is older and cannot run its chain`,
      )
      expect(late.stdout + late.stderr).not.toContain('started cometbft')
    }, 180_000)

    test('error: upgrade-info.json cannot be written at H: the app fails FinalizeBlock(H) with the reason, CometBFT stops and sdkd exits 1 with nothing of H committed; once the path is writable, the old binary writes the file (start-up guard, exit 2) and v2 applies the upgrade through the replay of H', async () => {
      const home = await cometCosmovisorHome()
      const v1Args = ['--home', home.dir, '--app-version', 'v1', ...START_ARGS]
      const v1 = startSdkd(v1Args)
      cleanups.push(() => v1.stop('SIGKILL'))
      await v1.waitForLog((l) => l.msg === 'serving REST API', 60_000)
      // A directory where the file goes: the write fails (as on a read-only or full disk).
      const infoFile = join(home.dir, 'data/upgrade-info.json')
      await mkdir(infoFile)
      const H = await passUpgrade(home)
      const end = await v1.exited
      expect(end.code, v1.output().slice(-3000)).toBe(1)
      const out = v1.output()
      const why = `unable to write upgrade info to filesystem: ${infoFile}: illegal operation on a directory (EISDIR)`
      expect(logLines(out, why)).toEqual([
        expect.objectContaining({ level: 50, module: 'x/upgrade' }),
      ])
      // The app answers FinalizeBlock(H) with an exception: CometBFT stops on it, with the reason.
      expect(out).toContain(
        `CONSENSUS FAILURE!!!                         module=consensus err="failed to apply block; error ${why}"`,
      )
      expect(out).not.toContain('NEEDED at height')
      expect(
        logLines(out, 'cometbft exited: stopping the app too (restart both together)'),
      ).toEqual([expect.objectContaining({ height: H - 1 })])
      expect(out).not.toMatch(new RegExp(`committed state\\s+module=state height=${H} `))

      rmSync(infoFile, { recursive: true })
      const old = await runSdkd(v1Args, { timeoutMs: 60_000 })
      expect(old.code, old.stderr).toBe(2)
      expect(
        logLines(old.stdout + old.stderr, `UPGRADE "v2" NEEDED at height: ${H}: `),
      ).toHaveLength(1)
      expect(readFileSync(infoFile, 'utf8')).toBe(
        `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H}}`,
      )
      const v2 = startSdkd(['--home', home.dir, '--app-version', 'v2', ...START_ARGS])
      cleanups.push(() => v2.stop('SIGKILL'))
      const line = await v2.waitForLog((l) => l.msg === 'serving REST API', 60_000)
      const api = `http://127.0.0.1:${/:(\d+)$/.exec(String(line.address))![1]}`
      await expectAppliedAndRunning(api, home.rpcPort, H, () => v2.output())
    }, 180_000)
  },
)

/** A `sdkd testnet init-files` home laid out for cosmovisor (the wrappers of docs/upgrades.md). */
async function cosmovisorLayout(dir: string, bin: string): Promise<CosmovisorHome> {
  const root = join(dir, 'cosmovisor')
  await mkdir(join(root, 'genesis/bin'), { recursive: true })
  await writeExecutable(join(root, 'genesis/bin/sdkd'), wrapperScript('v1'))
  await mkdir(join(root, 'upgrades/v2/bin'), { recursive: true })
  await writeExecutable(join(root, 'upgrades/v2/bin/sdkd'), wrapperScript('v2'))
  return { dir, bin, root, chainId: NET_CHAIN_ID, accounts: {}, cleanup: async () => undefined }
}

const NET_CHAIN_ID = 'upgrade-net-1'
const NODES = [0, 1, 2, 3]

describe.skipIf(missing !== undefined)(
  `four validators upgrading under cosmovisor ${COSMOVISOR.version ?? ''} on CometBFT ${COMETBFT.version ?? ''} (e2e)${missing ? `: skipped: ${missing}` : ''}`,
  () => {
    test('behavior: `sdkd testnet init-files` homes, each under its own cosmovisor; the proposal passes with the four operators votes; all four park at H and write the same upgrade-info.json; three switch to v2 (two interrupted with DAEMON_SHUTDOWN_GRACE, one killed) and go on with one app hash per height; the fourth (DAEMON_RESTART_AFTER_UPGRADE=false) stops at the switch, is started again later and catches up to the same app hashes', async () => {
      const t = await tempDir('sdkd-upgrade-net-')
      cleanups.push(t.cleanup)
      const out = join(t.dir, 'net')
      const base = await freeTestnetBase(NODES.length, cleanups)
      const init = await runSdkd([
        '--app-version',
        'v1',
        'testnet',
        'init-files',
        '--validators',
        '4',
        '--output-dir',
        out,
        '--chain-id',
        NET_CHAIN_ID,
        '--starting-port',
        String(base),
      ])
      expect(init.code, init.stderr).toBe(0)
      const rpc = (i: number) => testnetPortsAt(base, i).rpc
      // A 6 s vote, the same genesis bytes in every home.
      const genesis = JSON.parse(
        await readFile(join(out, 'node0/sdkd/config/genesis.json'), 'utf8'),
      )
      Object.assign(genesis.app_state.gov.params, {
        voting_period: '6s',
        expedited_voting_period: '3s',
      })
      const bin = join(t.dir, 'bin')
      await mkdir(bin)
      await writeExecutable(
        join(bin, 'sdkd'),
        `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(SDKD_BIN)} "$@"\n`,
      )
      const homes: CosmovisorHome[] = []
      for (const i of NODES) {
        const dir = join(out, `node${i}`, 'sdkd')
        await writeFile(join(dir, 'config/genesis.json'), JSON.stringify(genesis, null, 2))
        homes.push(await cosmovisorLayout(dir, bin))
      }
      const args = [
        'start',
        '--log_format',
        'json',
        '--consensus',
        'cometbft',
        '--cometbft-bin',
        COMETBFT.path!,
      ]
      const settings = { UNSAFE_SKIP_BACKUP: 'true', DAEMON_SHUTDOWN_GRACE: '10s' }
      const late = 3
      // node2's cosmovisor stops its node the default way (SIGKILL, no grace period).
      const killed = 2
      const runs = NODES.map((i) =>
        startCosmovisor(
          cleanups,
          homes[i]!,
          i === late
            ? { ...settings, DAEMON_RESTART_AFTER_UPGRADE: 'false' }
            : i === killed
              ? { UNSAFE_SKIP_BACKUP: 'true' }
              : settings,
          args,
        ),
      )
      const heights = () => Promise.all(NODES.map((i) => cometHeight(rpc(i))))
      await waitFor(
        async () => ((await heights()).every((h) => (h ?? 0) >= 2) ? true : undefined),
        90_000,
        'all four nodes at height 2',
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n--- node0\n${runs[0]!.output().slice(-4000)}`)
      })

      // The proposal, from node0's operator; a yes from each operator (its key in its home).
      const now = Math.max(...((await heights()) as number[]))
      // 500 ms between blocks at least (the testnet's timeout_commit): 30 blocks take 15 s or more.
      const H = now + 30
      const tx = async (i: number, words: string[]) => {
        const r = await runSdkd([
          '--home',
          homes[i]!.dir,
          'tx',
          ...words,
          '--from',
          `node${i}`,
          '--fees',
          '10stake',
          '--yes',
          '--wait',
          '-o',
          'json',
        ])
        expect(r.code, r.stderr).toBe(0)
        const res = JSON.parse(r.stdout)
        expect(res.code, res.raw_log).toBe(0)
        return res
      }
      const submitted = await tx(0, [
        'upgrade',
        'software-upgrade',
        'v2',
        '--title',
        'Upgrade to v2',
        '--summary',
        'the network moves to v2',
        '--deposit',
        '10000000stake',
        '--upgrade-height',
        String(H),
        '--no-validate',
      ])
      const id = (submitted.events as any[])
        .find((e) => e.type === 'submit_proposal')
        .attributes.find((a: any) => a.key === 'proposal_id').value
      await Promise.all(NODES.map((i) => tx(i, ['gov', 'vote', id, 'yes'])))
      const tally = JSON.parse(
        (await runSdkd(['--home', homes[1]!.dir, 'query', 'gov', 'tally', id, '-o', 'json']))
          .stdout,
      )
      expect(tally.tally.yes_count).toBe('400000000')

      // Every node parks H: the NEEDED line, the same upgrade-info.json in every home.
      await waitFor(
        async () =>
          NODES.every((i) => logLines(runOutput(runs[i]!, 1), HALTED).length > 0)
            ? true
            : undefined,
        60_000,
        'all four to halt at the plan',
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n--- node1\n${runs[1]!.output().slice(-4000)}`)
      })
      for (const i of NODES) {
        expect(
          logLines(runOutput(runs[i]!, 1), `UPGRADE "v2" NEEDED at height: ${H}: `),
        ).toHaveLength(1)
        expect(logLines(runOutput(runs[i]!, 1), HALTED)).toEqual([
          expect.objectContaining({ height: H }),
        ])
        expect(readFileSync(join(homes[i]!.dir, 'data/upgrade-info.json'), 'utf8')).toBe(
          `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H}}`,
        )
      }

      // Three relaunch as v2 and go on (300 of 400 voting power); the fourth's cosmovisor stops.
      const running = [0, 1, 2]
      expect((await runs[late]!.exited).code).toBe(0)
      expect(cosmovisorMessages(runs[late]!, MESSAGES).at(-1)).toBe(
        'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start cosmovisor again.',
      )
      const apis = await Promise.all(running.map((i) => apiOfRun(runs[i]!, 2)))
      await waitFor(
        async () =>
          (await heights()).slice(0, 3).every((h) => (h ?? 0) >= H + 4) ? true : undefined,
        90_000,
        `nodes 0–2 past ${H + 3}`,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n--- node0\n${runs[0]!.output().slice(-4000)}`)
      })
      const appHashes = async (nodes: number[], h: number) =>
        Promise.all(
          nodes.map(async (i) => {
            const { body } = await getJson(`http://127.0.0.1:${rpc(i)}/block?height=${h}`)
            return body.result.block.header.app_hash as string
          }),
        )
      const seen: Record<number, string> = {}
      for (const h of [H, H + 1, H + 3]) {
        const hashes = await appHashes(running, h)
        expect(hashes[0], `app hash at ${h}`).toMatch(/^[0-9A-F]{64}$/)
        expect(new Set(hashes).size, `app hashes at ${h}: ${hashes.join(' ')}`).toBe(1)
        seen[h] = hashes[0]!
      }
      for (const [n, i] of running.entries()) {
        expect(cosmovisorMessages(runs[i]!, MESSAGES), `node${i}`).toEqual([
          'running app',
          'daemon shutting down in an attempt to restart',
          ...(i === killed
            ? []
            : ['sent interrupt to app, waiting for exit', 'app exited normally']),
          'pre-upgrade result',
          'pre-upgrade successful. continuing the upgrade.',
          'upgrade detected, relaunching',
          'running app',
        ])
        // Killed, the node leaves its CometBFT to exit by itself; the next run waits for it if needed.
        expect(logLines(runOutput(runs[i]!, 1), 'stopped cleanly')).toHaveLength(
          i === killed ? 0 : 1,
        )
        const v2 = runOutput(runs[i]!, 2)
        expect(v2).toMatch(/Replay last block using real app/)
        expect(logLines(v2, `applying upgrade "v2" at height: ${H}`)).toHaveLength(1)
        expect(await rest(apis[n]!, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({
          height: String(H),
        })
      }

      // The fourth, started again by hand later: v2, the replay of H, then the blocks it missed.
      const target = Math.max(...((await heights()).slice(0, 3) as number[]))
      const again = startCosmovisor(cleanups, homes[late]!, settings, args)
      const api3 = await apiOfRun(again, 1)
      await cometHeightAtLeast(rpc(late), target, 90_000).catch((err: Error) => {
        throw new Error(`${err.message}\n--- node3\n${again.output().slice(-4000)}`)
      })
      expect(runOutput(again, 1)).toMatch(/Replay last block using real app/)
      expect(logLines(runOutput(again, 1), `applying upgrade "v2" at height: ${H}`)).toHaveLength(1)
      expect(await rest(api3, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({
        height: String(H),
      })
      for (const h of [H, H + 1, H + 3]) expect((await appHashes([late], h))[0]).toBe(seen[h])
      const all = await appHashes(NODES, target)
      expect(new Set(all).size, `app hashes at ${target}: ${all.join(' ')}`).toBe(1)
    }, 240_000)
  },
)
