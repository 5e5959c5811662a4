import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome } from '../helpers/devnet.js'
import { docText, missingFrom, tableRows } from '../helpers/docs.js'
import {
  boundPorts,
  getJson,
  rpcCall,
  rpcHeight,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Rows of the CLI, its start flags and its variables (docs/commands.md, docs/configuration.md, the
 * README's devnet accounts and docs/upgrades.md's app versions), checked with the pages' values:
 * `sdkd version`, `sdkd init` without a chain id, client commands that find their node through
 * client.toml, the gov and upgrade queries, `debug store --prefix`, the tx flags (`-b async`,
 * `--wait-timeout`, `--timeout-height`), the start flags (pruning, `--minimum-gas-prices`,
 * `--halt-time`) and the `SDKD_*` variables of `sdkd devnet`. Two nodes, started together: `main`
 * (`sdkd start` with flags) and `env` (`sdkd devnet` configured by variables only); both make blocks
 * only when the dev API asks, so what a block holds is decided by the test.
 */

const cleanups = cleanupAfterAll()

// The devnet accounts (README.md, "Devnet accounts"; the first test reads them there).
const ADDR = {
  validator: 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk',
  alice: 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
  bob: 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
  account3: 'sdk17eq9kkgz907t7qvhuv4kn3dtzss0z4y8vqkyw2',
  account4: 'sdk1gulr43yp4ftgz2nd2a6cl84cnskk57f7vcgfsa',
  account9: 'sdk137vgvk8xjpax9rgete6agae9dezxmygwr92kj0',
}
const GOV_ACCOUNT = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'
/** Every devnet account's genesis balance (README.md, "Devnet accounts"). */
const DEVNET_BALANCES = {
  balances: [
    { denom: 'stake', amount: '100000000000000' },
    { denom: 'token', amount: '1000000000' },
  ],
  pagination: { next_key: null, total: '2' },
}
// docs/upgrades.md, "App versions": the module versions of each built-in app version.
const V1_MODULES = {
  auth: 5,
  bank: 4,
  distribution: 3,
  staking: 5,
  slashing: 4,
  gov: 5,
  mint: 2,
  crisis: 2,
  genutil: 1,
  evidence: 1,
  params: 1,
  upgrade: 2,
}
const V2_MODULES = {
  auth: 5,
  bank: 4,
  distribution: 3,
  staking: 5,
  slashing: 4,
  gov: 5,
  mint: 2,
  genutil: 1,
  evidence: 1,
  params: 1,
  upgrade: 2,
  consensus: 1,
}

/** This machine's first non-loopback IPv4 address: the remote caller of the dev API, if it has one. */
const EXTERNAL = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address
if (EXTERNAL === undefined)
  console.warn(
    'SDKD_DEV_ALLOW_REMOTE=true from a non-loopback caller: skipped: this machine has no non-loopback IPv4 address',
  )

const MIN_GAS_PRICES = '0.01stake'
/** ⌈0.01stake × 200000⌉: the minimum fee at the default gas limit. */
const FEES = '2000stake'
/** `--halt-time` of the main node: 30 days from now (unix seconds), reached by time travel. */
const HALT_TIME = Math.floor(Date.now() / 1000) + 30 * 86_400

async function newDir(): Promise<string> {
  const t = await tempDir('sdkd-readme-cli-')
  cleanups.push(t.cleanup)
  return t.dir
}

/** Module versions as `{name: version}`, from a module_versions answer. */
function versionMap(json: { module_versions: { name: string; version: string }[] }) {
  return Object.fromEntries(json.module_versions.map((m) => [m.name, Number(m.version)]))
}

const hex = (text: string) => Buffer.from(text).toString('hex')
/** A big-endian uint64 in hex (x/upgrade's module versions). */
const be64 = (n: number) => n.toString(16).padStart(16, '0')

interface Started {
  home: string
  p: SdkdProcess
  rpcPort: number
  apiPort: number
}

/** Waits for the REST and RPC ports of a starting node, and its first block. */
async function started(home: string, p: SdkdProcess): Promise<Started> {
  cleanups.push(() => p.stop('SIGKILL'))
  const ports = await boundPorts(p, { api: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  return { home, p, rpcPort: ports.rpcPort, apiPort: ports.apiPort! }
}

/** `main`: `sdkd start` on a devnet home with the start flags under test; blocks on demand. */
async function startMain(): Promise<Started> {
  // Gov periods of an hour: nothing ends while the queries look at the proposals.
  const home = await createDevnetHome('readme-cli', {
    voting_period: '3600s',
    max_deposit_period: '3600s',
  })
  cleanups.push(home.cleanup)
  const p = startSdkd([
    '--home',
    home.dir,
    'start',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
    '--pruning',
    'custom',
    '--pruning-keep-recent',
    '3',
    '--pruning-interval',
    '10',
    '--minimum-gas-prices',
    MIN_GAS_PRICES,
    '--halt-time',
    String(HALT_TIME),
  ])
  const node = await started(home.dir, p)
  const mode = await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })
  if (mode.result?.mode !== 'manual') throw new Error(`dev_setMining: ${JSON.stringify(mode)}`)
  // The client finds the node through client.toml's node (docs/commands.md, "Client commands").
  const clientToml = join(home.dir, 'config/client.toml')
  await writeFile(
    clientToml,
    (await readFile(clientToml, 'utf8')).replace(
      /^node = .*$/m,
      `node = "tcp://127.0.0.1:${node.rpcPort}"`,
    ),
  )
  return node
}

/** `env`: `sdkd devnet` that creates its home, configured by variables only. */
async function startEnv(): Promise<Started> {
  const home = join(await newDir(), 'home')
  const p = startSdkd(['devnet'], {
    env: {
      SDKD_HOME: home,
      SDKD_MONIKER: 'env-moniker',
      SDKD_ACCOUNTS: '3',
      SDKD_APP_VERSION: 'v1',
      // All interfaces, so that a non-loopback address reaches the dev API.
      SDKD_RPC_LADDR: 'tcp://0.0.0.0:0',
      SDKD_API_ADDRESS: 'tcp://127.0.0.1:0',
      SDKD_GRPC_ENABLE: 'false',
      SDKD_API_SWAGGER: 'false',
      SDKD_DEV_ALLOW_REMOTE: 'true',
      SDKD_MINIMUM_GAS_PRICES: MIN_GAS_PRICES,
      SDKD_PRUNING: 'everything',
      SDKD_HALT_HEIGHT: '25',
      // Block 1 at start, then blocks only through the dev API.
      SDKD_TIMEOUT_COMMIT: '1h',
    },
  })
  return started(home, p)
}

let mainNode: Promise<Started>
let envNode: Promise<Started>

beforeAll(() => {
  // Both nodes start while the first tests run; each describe waits for its own.
  mainNode = startMain()
  envNode = startEnv()
  mainNode.catch(() => undefined)
  envNode.catch(() => undefined)
})

describe('the pages hold the values this file checks', () => {
  test('behavior: README.md lists these devnet accounts and their genesis balances', () => {
    const rows = tableRows(docText('README.md'), '## Devnet accounts')
    const listed = Object.fromEntries(
      rows.map(([name, address]) => [name!.replaceAll('`', ''), address!.replaceAll('`', '')]),
    )
    expect(Object.keys(listed)).toHaveLength(10)
    for (const [name, address] of Object.entries(ADDR)) expect(listed[name], name).toBe(address)
    expect(missingFrom('README.md', ['`100000000000000stake` and `1000000000token`'])).toEqual([])
  })

  test('behavior: docs/upgrades.md gives these module versions for v1, and v2 as v1 without crisis plus consensus', () => {
    const [v1, v2] = tableRows(docText('docs/upgrades.md'), '## App versions ("binaries")')
    const versions = (text: string) =>
      Object.fromEntries([...text.matchAll(/\b([a-z]+) (\d+)\b/g)].map((m) => [m[1], Number(m[2])]))
    expect([v1![0], v2![0]]).toEqual(['`v1`', '`v2`'])
    expect(versions(v1![1]!)).toEqual(V1_MODULES)
    const dropped = /without (\w+)/.exec(v2![1]!)![1]!
    const kept = Object.entries(versions(v1![1]!)).filter(([name]) => name !== dropped)
    expect({ ...Object.fromEntries(kept), ...versions(/plus (.*)$/.exec(v2![1]!)![1]!) }).toEqual(
      V2_MODULES,
    )
  })

  test('behavior: the commands, flags, variables and answers checked below are on their pages', () => {
    expect(
      missingFrom('docs/commands.md', [
        '`sdkd version [--long] [-o json]`',
        'the chain id is a random `test-chain-XXXXXX`',
        'Prints `{moniker, chain_id, node_id, home}` as JSON on stderr',
        '`--pruning default\\|nothing\\|everything\\|custom`, `--pruning-keep-recent <n>`, `--pruning-interval <n>`',
        '`--minimum-gas-prices <coins>`',
        '`--halt-time <unix seconds>`',
        '[--page-limit N] [--page-offset N \\| --page-key K] [--page-count-total] [--page-reverse]`',
        '`--status` is an alias',
        '(alias `module-versions`)',
        'address: sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x',
        '`sdkd debug store <store> [--height H] [--prefix HEX] [--node URL] [-o text\\|json]`',
        '`-b, --broadcast-mode sync\\|async`',
        '`--wait`, `--wait-timeout <duration>`',
        '`--note <memo>`, `--timeout-height <h>`',
      ]),
    ).toEqual([])
    expect(
      missingFrom('docs/configuration.md', [
        '`custom` with `pruning-keep-recent` ≥ 2',
        ...[
          'SDKD_MONIKER',
          'SDKD_ACCOUNTS',
          'SDKD_APP_VERSION',
          'SDKD_API_SWAGGER',
          'SDKD_DEV_ALLOW_REMOTE',
          'SDKD_MINIMUM_GAS_PRICES',
          'SDKD_HALT_HEIGHT',
          'SDKD_PRUNING',
          'SDKD_UNSAFE_SKIP_UPGRADES',
          'SDKD_UPGRADE_PLUGIN',
        ].map((v) => `\`${v}\``),
      ]),
    ).toEqual([])
    expect(
      missingFrom('docs/transactions.md', [
        '`insufficient fees; got: 100stake required: 2000stake` (13)',
        '`block height: H, timeout height: T` (30)',
      ]),
    ).toEqual([])
  })
})

describe('sdkd version and sdkd init', () => {
  test('behavior: version prints the app version (--app-version, $SDKD_APP_VERSION); --long -o json adds the sdkd version, the app versions, module versions and upgrade handlers', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'))
    const [plain, env, long2, long1] = await Promise.all([
      runSdkd(['version']),
      runSdkd(['version'], { env: { SDKD_APP_VERSION: 'v1' } }),
      runSdkd(['version', '--long', '-o', 'json']),
      runSdkd(['--app-version', 'v1', 'version', '--long', '-o', 'json']),
    ])
    expect([plain.code, env.code, long2.code, long1.code]).toEqual([0, 0, 0, 0])
    // The default is the newest built in.
    expect([plain.stdout, env.stdout]).toEqual(['v2\n', 'v1\n'])
    expect(JSON.parse(long2.stdout)).toMatchObject({
      app_version: 'v2',
      version: pkg.version,
      app_versions: ['v1', 'v2'],
      modules: V2_MODULES,
      upgrade_handlers: ['v2'],
    })
    expect(JSON.parse(long1.stdout)).toMatchObject({
      app_version: 'v1',
      version: pkg.version,
      modules: V1_MODULES,
      upgrade_handlers: [],
    })
  })

  test('behavior: init without --chain-id makes a random test-chain-XXXXXX and prints {moniker, chain_id, node_id, home} on stderr', async () => {
    // (With --devnet it is sdk-devnet-1: node.test.ts, "--devnet turns on the API and fast blocks".)
    const a = join(await newDir(), 'a')
    const r = await runSdkd(['--home', a, 'init', 'node-a'])
    expect(r.code).toBe(0)
    const printed = JSON.parse(r.stderr.trim().split('\n').at(-1)!)
    expect(printed).toEqual({
      moniker: 'node-a',
      chain_id: expect.stringMatching(/^test-chain-[A-Za-z0-9]{6}$/),
      node_id: expect.stringMatching(/^[0-9a-f]{40}$/),
      home: a,
    })
    // The chain id is the genesis's and the client's.
    const genesis = JSON.parse(await readFile(join(a, 'config/genesis.json'), 'utf8'))
    expect(genesis.chain_id).toBe(printed.chain_id)
    expect(await readFile(join(a, 'config/client.toml'), 'utf8')).toContain(
      `chain-id = "${printed.chain_id}"\n`,
    )
  })

  test('error: the pruning start flags are checked with upstream’s rules before the database is opened', async () => {
    const home = join(await newDir(), 'home')
    expect((await runSdkd(['--home', home, 'init', 'n', '--chain-id', 'c'])).code).toBe(0)
    const bad = await runSdkd([
      ...['--home', home, 'start', '--pruning', 'custom'],
      ...['--pruning-keep-recent', '1', '--pruning-interval', '10'],
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(
      `invalid custom pruning options: 'pruning-keep-recent' must not be less than 2. For the most aggressive pruning, select pruning = "everything"\n`,
    )
    expect(existsSync(join(home, 'data/application.db'))).toBe(false)
  })
})

describe('main: sdkd start --pruning custom … --minimum-gas-prices 0.01stake --halt-time T', () => {
  let node: Started
  let rpc: string

  /** `sdkd --home <home> <args>`: no --node, so client.toml's node is the one asked. */
  const sdkd = (args: string[]) => runSdkd(['--home', node.home, ...args])
  const json = async (args: string[]) => {
    const r = await sdkd([...args, '-o', 'json'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    return JSON.parse(r.stdout)
  }
  /** A tx paying the minimum fee, broadcast (sync unless the args say otherwise), as JSON. */
  const tx = (args: string[], from?: string) =>
    json(['tx', ...args, ...(from ? ['--from', from] : []), '--fees', FEES, '--yes'])
  const mine = async (blocks = 1): Promise<number> => {
    const reply = await rpcCall(node.rpcPort, 'dev_mine', { blocks })
    if (!reply.result) throw new Error(`dev_mine failed: ${JSON.stringify(reply.error)}`)
    return Number(reply.result.height)
  }
  const rpcGet = async (route: string) =>
    (await getJson(`http://127.0.0.1:${node.rpcPort}/${route}`)).body
  const waitingTxs = async () => (await rpcGet('num_unconfirmed_txs')).result.n_txs

  beforeAll(async () => {
    node = await mainNode
    rpc = `tcp://127.0.0.1:${node.rpcPort}`
  })

  test('behavior: client commands without --node reach client.toml’s node', async () => {
    expect(await json(['query', 'bank', 'balances', ADDR.account9])).toEqual(DEVNET_BALANCES)
  })

  describe('gov queries', () => {
    beforeAll(async () => {
      // Proposal 1 (alice) gets the whole minimum deposit, so it is voted on; proposal 2
      // (account3) gets 1% of it and more from account4. One block holds all five txs, the
      // proposals first.
      const propose = (title: string, deposit: string, from: string) =>
        tx(
          [
            ...['upgrade', 'cancel-software-upgrade', '--title', title, '--summary', title],
            ...['--deposit', deposit],
          ],
          from,
        )
      const sent = [
        await propose('P1', '10000000stake', 'alice'),
        await propose('P2', '100000stake', 'account3'),
        ...(await Promise.all([
          tx(['gov', 'vote', '1', 'yes'], 'validator'),
          tx(['gov', 'vote', '1', 'no'], 'bob'),
          tx(['gov', 'deposit', '2', '200000stake'], 'account4'),
        ])),
      ]
      expect(sent.map((r) => r.code)).toEqual([0, 0, 0, 0, 0])
      await mine()
      for (const r of sent) {
        const { result } = await rpcGet(`tx?hash=0x${r.txhash}`)
        expect(result.tx_result.code, JSON.stringify(result.tx_result)).toBe(0)
      }
    })

    test('behavior: query gov votes <id> and query gov deposit <id> <depositor>', async () => {
      const [votes, deposit] = await Promise.all([
        json(['query', 'gov', 'votes', '1']),
        json(['query', 'gov', 'deposit', '2', ADDR.account4]),
      ])
      const weight = '1.000000000000000000'
      // In store order: by voter address bytes (bob's sort before the validator's).
      expect(votes).toEqual({
        votes: [
          {
            proposal_id: '1',
            voter: ADDR.bob,
            options: [{ option: 'VOTE_OPTION_NO', weight }],
            metadata: '',
          },
          {
            proposal_id: '1',
            voter: ADDR.validator,
            options: [{ option: 'VOTE_OPTION_YES', weight }],
            metadata: '',
          },
        ],
        pagination: { next_key: null, total: '2' },
      })
      expect(deposit).toEqual({
        deposit: {
          proposal_id: '2',
          depositor: ADDR.account4,
          amount: [{ denom: 'stake', amount: '200000' }],
        },
      })
    })

    /** `query gov proposals <flags>`: the ids listed and the pagination. */
    const proposals = async (flags: string[]) => {
      const r = await json(['query', 'gov', 'proposals', ...flags])
      return { ids: (r.proposals as { id: string }[]).map((x) => x.id), pagination: r.pagination }
    }

    test('behavior: query gov proposals filters by --proposal-status (or --status), --voter and --depositor', async () => {
      const one = { next_key: null, total: '1' }
      expect(
        await Promise.all([
          proposals(['--proposal-status', 'voting_period']),
          proposals(['--status', 'PROPOSAL_STATUS_DEPOSIT_PERIOD']),
          proposals(['--voter', ADDR.bob]),
          proposals(['--depositor', ADDR.account4]),
        ]),
      ).toEqual([
        { ids: ['1'], pagination: one },
        { ids: ['2'], pagination: one },
        { ids: ['1'], pagination: one },
        { ids: ['2'], pagination: one },
      ])
    })

    test('behavior: query gov proposals pages with --page-limit, --page-key, --page-offset, --page-count-total and --page-reverse', async () => {
      const first = await proposals(['--page-limit', '1', '--page-count-total'])
      expect(first).toEqual({
        ids: ['1'],
        pagination: { next_key: expect.any(String), total: '2' },
      })
      const [next, offset, reverse] = await Promise.all([
        proposals(['--page-limit', '1', '--page-key', first.pagination.next_key]),
        proposals(['--page-limit', '1', '--page-offset', '1']),
        proposals(['--page-reverse']),
      ])
      // total is counted with --page-count-total or without a limit (docs/endpoints.md, "Requests").
      expect(next).toEqual({ ids: ['2'], pagination: { next_key: null, total: '0' } })
      expect(offset).toEqual({ ids: ['2'], pagination: { next_key: null, total: '0' } })
      expect(reverse).toEqual({ ids: ['2', '1'], pagination: { next_key: null, total: '2' } })
      const both = await sdkd([
        'query',
        'gov',
        'proposals',
        '--page-offset',
        '1',
        '--page-key',
        'AQ==',
      ])
      expect(both.code).toBe(1)
      expect(both.stderr).toBe(
        'Error: rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = invalid request, either offset or key is expected, got both: invalid request\n',
      )
    })
  })

  test('behavior: query upgrade authority is the gov account; module-versions is module_versions', async () => {
    const [authority, dashed, underscored] = await Promise.all([
      sdkd(['query', 'upgrade', 'authority']),
      json(['query', 'upgrade', 'module-versions']),
      json(['query', 'upgrade', 'module_versions']),
    ])
    expect(authority.stdout).toBe(`address: ${GOV_ACCOUNT}\n`)
    expect(versionMap(dashed)).toEqual(V2_MODULES)
    expect(dashed).toEqual(underscored)
  })

  test('behavior: debug store --prefix lists only the pairs under the prefix, from the running node', async () => {
    const height = await rpcHeight(node.rpcPort)
    const [modules, gov, bank] = await Promise.all([
      sdkd(['debug', 'store', 'upgrade', '--prefix', '02', '--node', rpc]),
      json(['debug', 'store', 'upgrade', '--prefix', '0x02676f', '--node', rpc]),
      // The bank store holds empty values too (its denom → holder index).
      sdkd(['debug', 'store', 'bank', '--prefix', '03', '--node', rpc]),
    ])
    // `02‖module` → the big-endian consensus version (docs/upgrades.md, x/upgrade's state), in key order.
    const names = Object.keys(V2_MODULES).sort() as (keyof typeof V2_MODULES)[]
    expect(modules.stdout).toBe(names.map((m) => `02${hex(m)} ${be64(V2_MODULES[m])}\n`).join(''))
    expect(gov).toEqual({
      store: 'upgrade',
      height: String(height),
      pairs: [{ key: `02${hex('gov')}`, value: be64(5) }],
    })
    expect(bank.stderr).toBe('')
    const lines = bank.stdout.split('\n').slice(0, -1)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).toMatch(/^03[0-9a-f]+ $/)
  })

  test('error: --minimum-gas-prices: a fee under price × gas is refused in CheckTx (code 13); --broadcast-mode async answers only the hash', async () => {
    const send = [
      'tx',
      'bank',
      'send',
      'account5',
      ADDR.bob,
      '5token',
      '--fees',
      '100stake',
      '--yes',
    ]
    const sync = await json(send)
    expect(sync).toMatchObject({
      height: '0',
      code: 13,
      codespace: 'sdk',
      raw_log: 'insufficient fees; got: 100stake required: 2000stake: insufficient fee',
    })
    const async = await json([...send, '--broadcast-mode', 'async'])
    expect(async).toMatchObject({ txhash: sync.txhash, code: 0, codespace: '', raw_log: '' })
    expect(await waitingTxs()).toBe('0')
  })

  test('error: -b async --wait on a tx CheckTx refuses ends once the tx is neither in a block nor in the mempool, not at --wait-timeout, and names --broadcast-mode sync', async () => {
    const r = await sdkd([
      ...['tx', 'bank', 'send', 'account5', ADDR.bob, '5token', '--fees', '100stake', '--yes'],
      ...['--broadcast-mode', 'async', '--wait', '--wait-timeout', '20s', '-o', 'json'],
    ])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(
      /^Error: tx [0-9A-F]{64} is neither in a block nor in the node's mempool: CheckTx refused it or the mempool evicted it \(broadcast it with --broadcast-mode sync to see CheckTx's answer\)\n$/,
    )
    expect(await waitingTxs()).toBe('0')
  })

  test('behavior: -b async returns the hash before any block; the tx is included at the next one', async () => {
    const sent = await tx(['bank', 'send', 'account6', ADDR.bob, '6token', '-b', 'async'])
    expect(sent).toMatchObject({ height: '0', code: 0, raw_log: '' })
    expect(sent.txhash).toMatch(/^[0-9A-F]{64}$/)
    expect(await waitingTxs()).toBe('1')
    const height = await mine()
    const { result } = await rpcGet(`tx?hash=0x${sent.txhash}`)
    expect(result).toMatchObject({ hash: sent.txhash, height: String(height) })
    expect(result.tx_result.code).toBe(0)
  })

  test('error: --timeout-height below the block height is refused with code 30 and the upstream log', async () => {
    const height = await mine()
    const timeout = String(height - 1)
    const r = await tx([
      'bank',
      'send',
      'account7',
      ADDR.bob,
      '7token',
      '--timeout-height',
      timeout,
    ])
    // CheckTx runs at the last committed height, as upstream's check state does.
    expect(r).toMatchObject({
      code: 30,
      codespace: 'sdk',
      raw_log: `block height: ${height}, timeout height: ${timeout}: tx timeout height`,
    })
  })

  test('error: --wait --wait-timeout 1s gives up after 1 s without a block (not the default 60 s); the tx was broadcast', async () => {
    const t0 = Date.now()
    const r = await sdkd([
      ...['tx', 'bank', 'send', 'account8', ADDR.bob, '8token', '--fees', FEES, '--yes'],
      ...['--wait', '--wait-timeout', '1s'],
    ])
    expect(Date.now() - t0).toBeLessThan(15_000)
    expect(r.code).toBe(1)
    const hash = /^Error: tx ([0-9A-F]{64}) was broadcast but is not in a block after 1s/.exec(
      r.stderr,
    )?.[1]
    expect(hash, r.stderr).toBeDefined()
    // The devnet mines only when asked here: the error says so, and how to get a block.
    expect(r.stderr).toContain(
      `check later with: sdkd query tx ${hash} (the node mines only when asked, \`sdkd dev mining manual\`: mine a block with \`sdkd dev mine\`, or go back to blocks on a timer with \`sdkd dev mining interval 500ms\`)`,
    )
    expect(await waitingTxs()).toBe('1')
    const height = await mine()
    expect((await rpcGet(`tx?hash=0x${hash}`)).result.height).toBe(String(height))
  })

  test('behavior: --pruning custom --pruning-keep-recent 3 --pruning-interval 10: committing a multiple of 10 prunes the heights up to it − 4', async () => {
    // The flags override the devnet preset's app.toml.
    expect(await readFile(join(node.home, 'config/app.toml'), 'utf8')).toContain(
      'pruning = "nothing"\n',
    )
    const current = (await rpcHeight(node.rpcPort))!
    const pruneAt = (Math.floor(current / 10) + 1) * 10
    const latest = await mine(pruneAt + 1 - current)
    expect(latest).toBe(pruneAt + 1)
    const at = (height: number) =>
      getJson(`http://127.0.0.1:${node.apiPort}/sdk/bank/v1beta1/balances/${ADDR.account9}`, {
        headers: { 'x-sdk-block-height': String(height) },
      })
    const [pruned, kept] = await Promise.all([at(pruneAt - 4), at(pruneAt - 3)])
    expect(pruned.status).toBe(400)
    expect(pruned.body).toEqual({
      code: 3,
      message: `codespace sdk code 18: invalid request: failed to load state at height ${pruneAt - 4}; version does not exist (latest height: ${latest})`,
      details: [],
    })
    expect(kept.status).toBe(200)
    expect(kept.body).toEqual(DEVNET_BALANCES)
  })

  test('behavior: --halt-time: a block before the time commits; the first block at the time halts the node (exit 0, upstream log line)', async () => {
    const rfc3339 = (unix: number) => new Date(unix * 1000).toISOString()
    await rpcCall(node.rpcPort, 'dev_setNextBlockTime', { time: rfc3339(HALT_TIME - 1) })
    const before = await mine()
    await rpcCall(node.rpcPort, 'dev_setNextBlockTime', { time: rfc3339(HALT_TIME) })
    // The node stops while it answers: the reply may never come.
    await rpcCall(node.rpcPort, 'dev_mine', {}).catch(() => undefined)
    expect((await node.p.exited).code).toBe(0)
    const logs = node.p.logs()
    expect(logs.find((l) => String(l.msg).startsWith('halt per configuration'))?.msg).toBe(
      `halt per configuration height 0 time ${HALT_TIME}`,
    )
    expect(logs.filter((l) => l.msg === 'committed block').at(-1)?.height).toBe(before)
  })
})

describe('env: sdkd devnet configured by SDKD_* variables only', () => {
  let node: Started

  beforeAll(async () => {
    node = await envNode
  })

  const rest = async (path: string) =>
    (await getJson(`http://127.0.0.1:${node.apiPort}${path}`)).body

  test('behavior: SDKD_MONIKER, SDKD_ACCOUNTS and SDKD_APP_VERSION shape the new home: its moniker, three funded accounts, a v1 chain', async () => {
    const status = (await getJson(`http://127.0.0.1:${node.rpcPort}/status`)).body.result
    expect(status.node_info.moniker).toBe('env-moniker')
    const names = [...node.p.output().matchAll(/^- name: (\S+)$/gm)].map((m) => m[1])
    expect(names).toEqual(['validator', 'alice', 'bob'])
    expect(await rest(`/sdk/bank/v1beta1/balances/${ADDR.bob}`)).toEqual(DEVNET_BALANCES)
    expect(await rest(`/sdk/bank/v1beta1/balances/${ADDR.account3}`)).toEqual({
      balances: [],
      pagination: { next_key: null, total: '0' },
    })
    expect(versionMap(await rest('/sdk/upgrade/v1beta1/module_versions'))).toEqual(V1_MODULES)
    expect(await readFile(join(node.home, 'config/sdkd.toml'), 'utf8')).toContain(
      'created-by-app-version = "v1"\n',
    )
  })

  test('behavior: SDKD_API_SWAGGER=false turns off the preset’s Swagger', async () => {
    expect(await readFile(join(node.home, 'config/app.toml'), 'utf8')).toContain('swagger = true\n')
    expect((await getJson(`http://127.0.0.1:${node.apiPort}/swagger`)).status).toBe(404)
  })

  test.skipIf(EXTERNAL === undefined)(
    'behavior: SDKD_DEV_ALLOW_REMOTE=true serves the dev API to a non-loopback caller',
    async () => {
      const external = EXTERNAL!
      const { body } = await getJson(`http://${external}:${node.rpcPort}/dev_status`)
      expect(body.result).toMatchObject({ height: '1', mining: { mode: 'interval' } })
      // Every dev API call is logged at warn, with the caller.
      expect(await node.p.waitForLog((l) => l.remote === external, 10_000)).toMatchObject({
        level: 40,
        module: 'dev-api',
        method: 'dev_status',
        msg: 'dev API call',
      })
    },
  )

  test('error: SDKD_MINIMUM_GAS_PRICES=0.01stake: a tx paying less is refused in CheckTx (code 13)', async () => {
    const r = await runSdkd([
      ...['--home', node.home, 'tx', 'bank', 'send', 'alice', ADDR.bob, '1token'],
      ...['--fees', '100stake', '--yes', '-o', 'json', '--node', `tcp://127.0.0.1:${node.rpcPort}`],
    ])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({
      code: 13,
      raw_log: 'insufficient fees; got: 100stake required: 2000stake: insufficient fee',
    })
  })

  test('behavior: SDKD_HALT_HEIGHT=25 stops before committing 25 (exit 0); SDKD_PRUNING=everything keeps heights 18–24 (debug store reads the stopped home)', async () => {
    await rpcCall(node.rpcPort, 'dev_mine', { blocks: 30 }).catch(() => undefined)
    expect((await node.p.exited).code).toBe(0)
    expect(node.p.logs().some((l) => l.msg === 'halt per configuration height 25 time 0')).toBe(
      true,
    )
    // everything = keep 2, prune every 10: committing 20 deleted the heights up to 17.
    // One process at a time: reading the home takes the database's lock.
    const pruned = await runSdkd([
      '--home',
      node.home,
      'debug',
      'store',
      'upgrade',
      '--height',
      '17',
    ])
    const kept = await runSdkd([
      ...['--home', node.home, 'debug', 'store', 'upgrade'],
      ...['--height', '18', '--prefix', '0263'],
    ])
    expect(pruned.code).toBe(1)
    expect(pruned.stderr).toContain(
      'failed to load state at height 17; version does not exist (latest height: 24)',
    )
    // v1 has crisis 2: `02‖"crisis"` → 2.
    expect(kept.stderr).toBe('')
    expect(kept.stdout).toBe(`02${hex('crisis')} ${be64(2)}\n`)
  })

  test('error: SDKD_UNSAFE_SKIP_UPGRADES and SDKD_UPGRADE_PLUGIN are read by devnet: bad values fail as the flags do', async () => {
    const dir = await newDir()
    const plugin = join(dir, 'no-handler.mjs')
    await writeFile(plugin, "export default { name: 'no-handler' }\n")
    const env = (more: Record<string, string>) => ({
      env: {
        SDKD_RPC_LADDR: 'tcp://127.0.0.1:0',
        SDKD_API_ENABLE: 'false',
        SDKD_GRPC_ENABLE: 'false',
        ...more,
      },
    })
    const [skip, plug] = await Promise.all([
      runSdkd(['devnet'], env({ SDKD_HOME: join(dir, 'a'), SDKD_UNSAFE_SKIP_UPGRADES: 'soon' })),
      runSdkd(['devnet'], env({ SDKD_HOME: join(dir, 'b'), SDKD_UPGRADE_PLUGIN: plugin })),
    ])
    expect(skip.code).toBe(1)
    expect(skip.stderr).toContain(
      `from env 'SDKD_UNSAFE_SKIP_UPGRADES' is invalid. invalid height "soon": expected a positive integer`,
    )
    expect(plug.code).toBe(1)
    expect(plug.stderr).toContain(`${plugin}: handler: expected a function`)
  })
})
