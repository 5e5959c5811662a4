import { existsSync } from 'node:fs'
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  getJson,
  heightAtLeast,
  initHome,
  rpcCall,
  rpcHeight,
  rpcOnlyStart,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

function track(p: SdkdProcess): SdkdProcess {
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** `sdkd start` with the RPC on a port the OS picks (read back from the log), REST and gRPC off. */
async function startNode(dir: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const p = track(startSdkd([...rpcOnlyStart(dir), ...extra], { env }))
  const { rpcPort: port } = await boundPorts(p)
  return { p, port, url: `http://127.0.0.1:${port}` }
}

/** The heights of the node's `committed block` log lines, in log order. */
const committedHeights = (p: SdkdProcess) =>
  p
    .logs()
    .filter((l) => l.msg === 'committed block')
    .map((l) => l.height as number)

/** `from`, `from + 1`, …, `to`. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('sdkd init', () => {
  test('behavior: creates the home with the upstream files, sections and defaults', async () => {
    const dir = await home()
    const r = await runSdkd(['--home', dir, 'init', 'mynode', '--chain-id', 'my-chain-1'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stderr)).toMatchObject({ moniker: 'mynode', chain_id: 'my-chain-1' })
    expect((await readdir(join(dir, 'config'))).sort()).toEqual([
      'app.toml',
      'client.toml',
      'config.toml',
      'genesis.json',
      'node_key.json',
      'priv_validator_key.json',
      'sdkd.toml',
    ])
    // data/ holds the validator's signing state, as upstream init leaves it.
    expect(await readFile(join(dir, 'data/priv_validator_state.json'), 'utf8')).toBe(
      '{\n  "height": "0",\n  "round": 0,\n  "step": 0\n}\n',
    )
    expect(await readFile(join(dir, 'config/sdkd.toml'), 'utf8')).toContain(
      'created-by-app-version = "v2"',
    )
    const app = await readFile(join(dir, 'config/app.toml'), 'utf8')
    for (const line of [
      'minimum-gas-prices = "0stake"',
      'pruning = "default"',
      'pruning-keep-recent = "0"',
      'halt-height = 0',
      'min-retain-blocks = 0',
      '[api]',
      'address = "tcp://localhost:1317"',
      'enabled-unsafe-cors = false',
      '[grpc]',
      'address = "localhost:9090"',
      'max-recv-msg-size = "10485760"',
    ]) {
      expect(app).toContain(line)
    }
    const config = await readFile(join(dir, 'config/config.toml'), 'utf8')
    expect(config).toContain('moniker = "mynode"')
    expect(config).toContain('laddr = "tcp://127.0.0.1:26657"')
    expect(config).toContain('timeout_commit = "5s"')
    const client = await readFile(join(dir, 'config/client.toml'), 'utf8')
    expect(client).toContain('chain-id = "my-chain-1"')
    const genesis = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    expect(genesis.chain_id).toBe('my-chain-1')
    expect(genesis.initial_height).toBe(1)
    expect(genesis.genesis_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/)
    expect(genesis.consensus.params.block).toEqual({ max_bytes: '22020096', max_gas: '-1' })
    expect(genesis.consensus.validators).toHaveLength(1)
    expect(genesis.consensus.validators[0]).toMatchObject({ power: '10', name: 'mynode' })
    expect(Object.keys(genesis.app_state).sort()).toEqual([
      'auth',
      'bank',
      'consensus',
      'distribution',
      'evidence',
      'genutil',
      'gov',
      'mint',
      'params',
      'slashing',
      'staking',
      'upgrade',
    ])
    // x/mint's section as `simd init` writes it.
    expect(genesis.app_state.mint).toEqual({
      minter: { inflation: '0.130000000000000000', annual_provisions: '0.000000000000000000' },
      params: {
        mint_denom: 'stake',
        inflation_rate_change: '0.130000000000000000',
        inflation_max: '0.200000000000000000',
        inflation_min: '0.070000000000000000',
        goal_bonded: '0.670000000000000000',
        blocks_per_year: '6311520',
      },
    })
    // x/distribution's section as `simd init` writes it (the key order too).
    expect(JSON.stringify(genesis.app_state.distribution)).toBe(
      JSON.stringify({
        params: {
          community_tax: '0.020000000000000000',
          base_proposer_reward: '0.000000000000000000',
          bonus_proposer_reward: '0.000000000000000000',
          withdraw_addr_enabled: true,
        },
        fee_pool: { community_pool: [] },
        delegator_withdraw_infos: [],
        previous_proposer: '',
        outstanding_rewards: [],
        validator_accumulated_commissions: [],
        validator_historical_rewards: [],
        validator_current_rewards: [],
        delegator_starting_infos: [],
        validator_slash_events: [],
      }),
    )
    const key = JSON.parse(await readFile(join(dir, 'config/priv_validator_key.json'), 'utf8'))
    expect(key.address).toBe(genesis.consensus.validators[0].address)
    expect(key.priv_key.type).toBe('tendermint/PrivKeyEd25519')
    expect((await stat(join(dir, 'config/priv_validator_key.json'))).mode & 0o777).toBe(0o600)
  })

  test('error: refuses to overwrite an existing genesis without --overwrite; --overwrite keeps the keys', async () => {
    const dir = await home()
    await initHome(dir)
    const genesisBefore = await readFile(join(dir, 'config/genesis.json'), 'utf8')
    const r = await runSdkd(['--home', dir, 'init', 'again'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('Error: genesis.json file already exists')
    expect(await readFile(join(dir, 'config/genesis.json'), 'utf8')).toBe(genesisBefore)
    const keyBefore = await readFile(join(dir, 'config/priv_validator_key.json'), 'utf8')
    const o = await runSdkd(['--home', dir, 'init', 'again', '--chain-id', 'other', '--overwrite'])
    expect(o.code).toBe(0)
    expect(JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8')).chain_id).toBe(
      'other',
    )
    expect(await readFile(join(dir, 'config/priv_validator_key.json'), 'utf8')).toBe(keyBefore)
  })

  // Node's recursive mkdir never returns under /proc (mkdir answers ENOENT there); init hung.
  test.skipIf(!existsSync('/proc/self'))(
    'error: a home where no directory can be made (under /proc) is refused at once, naming it and the reason',
    async () => {
      for (const args of [[], ['--devnet']]) {
        const r = await runSdkd(['--home', '/proc/sdkd-none/home', 'init', 'm', ...args], {
          timeoutMs: 30_000,
        })
        expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([
          1,
          '',
          "Error: cannot create the home /proc/sdkd-none/home: ENOENT: no such file or directory, mkdir '/proc/sdkd-none'; choose another --home\n",
        ])
      }
    },
  )

  test('behavior: --devnet turns on the API and fast blocks', async () => {
    const dir = await home()
    expect((await runSdkd(['--home', dir, 'init', 'dev', '--devnet'])).code).toBe(0)
    const app = await readFile(join(dir, 'config/app.toml'), 'utf8')
    expect(app).toMatch(/\[api\]\s*\n\s*#[^\n]*\nenable = true/)
    expect(await readFile(join(dir, 'config/config.toml'), 'utf8')).toContain(
      'timeout_commit = "500ms"',
    )
    expect(JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8')).chain_id).toBe(
      'sdk-devnet-1',
    )
  })
})

describe('sdkd start', () => {
  test('behavior: the height rises; /status, /block and /health answer in CometBFT shape; SIGINT exits 0', async () => {
    const dir = await home()
    await initHome(dir)
    const { p, port, url } = await startNode(dir, ['--timeout-commit', '100ms'])
    await heightAtLeast(port, 3)

    const status = (await getJson(`${url}/status`)).body
    expect(status.jsonrpc).toBe('2.0')
    expect(status.result.node_info.network).toBe('test-chain')
    expect(status.result.sync_info.catching_up).toBe(false)
    expect(status.result.sync_info.latest_block_hash).toMatch(/^[0-9A-F]{64}$/)
    expect(status.result.sync_info.latest_app_hash).toMatch(/^[0-9A-F]{64}$/)
    expect(status.result.sync_info.latest_block_time).toMatch(/Z$/)

    const b1 = (await getJson(`${url}/block?height=1`)).body.result
    const b2res = await getJson(`${url}/block?height=2`)
    expect(b2res.headers.get('cache-control')).toBe('public, max-age=86400')
    const b2 = b2res.body.result
    const genesis = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    expect(b1.block.header.time).toBe(genesis.genesis_time)
    expect(b1.block.header.last_block_id).toEqual({ hash: '', parts: { total: 0, hash: '' } })
    expect(b1.block.last_commit).toEqual({
      height: '0',
      round: 0,
      block_id: { hash: '', parts: { total: 0, hash: '' } },
      signatures: [],
    })
    expect(Object.keys(b2.block.header)).toEqual([
      'version',
      'chain_id',
      'height',
      'time',
      'last_block_id',
      'last_commit_hash',
      'data_hash',
      'validators_hash',
      'next_validators_hash',
      'consensus_hash',
      'app_hash',
      'last_results_hash',
      'evidence_hash',
      'proposer_address',
    ])
    expect(b2.block.header.version).toEqual({ block: '11' })
    expect(b2.block.header.height).toBe('2')
    expect(b2.block.header.last_block_id).toEqual(b1.block_id)
    expect(b2.block.header.data_hash).toBe(
      'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    )
    expect(b2.block.header.proposer_address).toBe(genesis.consensus.validators[0].address)
    expect(b2.block.header.time > b1.block.header.time).toBe(true)
    expect(b2.block.header.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/)
    expect(b2.block_id.parts.total).toBe(1)
    expect(b2.block.data).toEqual({ txs: [] })
    expect(b2.block.last_commit.signatures[0]).toMatchObject({
      block_id_flag: 2,
      validator_address: genesis.consensus.validators[0].address,
    })

    const bad = await getJson(`${url}/block?height=999999`)
    expect(bad.status).toBe(500)
    expect(bad.body.error.data).toMatch(
      /^height 999999 must be less than or equal to the current blockchain height \d+$/,
    )
    expect((await getJson(`${url}/block?height=0`)).body.error.data).toBe(
      'height must be greater than 0, but got 0',
    )
    expect((await getJson(`${url}/health`)).body).toEqual({ jsonrpc: '2.0', id: -1, result: {} })

    const rpc = await getJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'block', params: { height: '2' } }),
    })
    expect(rpc.body.id).toBe(7)
    expect(rpc.body.result.block_id).toEqual(b2.block_id)

    const statusCli = await runSdkd(['status', '--node', `tcp://127.0.0.1:${port}`])
    expect(statusCli.code).toBe(0)
    expect(
      Number(JSON.parse(statusCli.stdout).sync_info.latest_block_height),
    ).toBeGreaterThanOrEqual(3)

    p.child.kill('SIGINT')
    const exit = await p.exited
    expect(exit.code).toBe(0)
    expect(p.logs().some((l) => l.msg === 'stopped cleanly')).toBe(true)
  })

  test('behavior: more signals while the node stops are ignored, as upstream catches them: the stop stays clean, exit 0', async () => {
    const dir = await home()
    await initHome(dir)
    const { p } = await startNode(dir, ['--timeout-commit', '50ms'])
    await p.waitForLog((l) => l.msg === 'committed block' && l.height === 3)
    // As `timeout` and shells do: one to the process, then more while it stops (src/cli/
    // stop-signals.test.ts checks that each is taken and logged; here, that none kills the node).
    p.child.kill('SIGTERM')
    await p.waitForLog((l) => l.msg === 'caught signal, shutting down')
    p.child.kill('SIGINT')
    p.child.kill('SIGTERM')
    const exit = await p.exited
    expect(exit.code).toBe(0)
    expect(p.logs().filter((l) => l.msg === 'caught signal, shutting down')).toHaveLength(1)
    expect(p.logs().some((l) => l.msg === 'stopped cleanly')).toBe(true)
  })

  test('behavior: one JSON log line per committed block; --log_format plain is human readable', async () => {
    const dir = await home()
    await initHome(dir)
    const { p } = await startNode(dir, ['--timeout-commit', '50ms'])
    const line = await p.waitForLog((l) => l.msg === 'committed block' && l.height === 5)
    expect(line).toMatchObject({ level: 30, module: 'state', height: 5, txs: 0 })
    expect(line.app_hash).toMatch(/^[0-9A-F]{64}$/)
    expect(typeof line.ms).toBe('number')
    expect((await p.stop()).code).toBe(0)
    // Every height from 1 to the last one committed before the clean stop: one line each, in order.
    const heights = committedHeights(p)
    expect(heights).toEqual(range(1, heights.at(-1)!))
    const last = heights.at(-1)!
    expect(p.logs().findLast((l) => l.msg === 'stopped cleanly')).toMatchObject({ height: last })

    // The same home in plain format, up to a halt 4 heights on: one readable line per height.
    const plain = track(
      startSdkd([
        '--home',
        dir,
        '--log_format',
        'plain',
        'start',
        '--rpc.laddr',
        '127.0.0.1:0',
        '--grpc.enable=false',
        '--api.enable=false',
        '--halt-height',
        String(last + 4),
        '--timeout-commit',
        '10ms',
      ]),
    )
    expect((await plain.exited).code).toBe(0)
    const plainLines = plain.output().match(/^.* committed block .*$/gm) ?? []
    expect(plainLines).toHaveLength(3)
    const expected = range(last + 1, last + 3).map(
      (h) =>
        new RegExp(
          `^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: committed block module=state height=${h} txs=0 app_hash=[0-9A-F]{64} ms=[\\d.]+$`,
        ),
    )
    for (const [i, line] of plainLines.entries()) expect(line).toMatch(expected[i]!)
    expect(plain.output()).toContain(`halt per configuration height ${last + 4} time 0`)
    expect(plain.output()).not.toMatch(/^\{"level"/m)
  })

  test('behavior: --halt-height stops cleanly before committing that height (exit 0); a restart continues', async () => {
    const dir = await home()
    await initHome(dir)
    const { p } = await startNode(dir, ['--timeout-commit', '0', '--halt-height', '20'])
    const exit = await p.exited
    expect(exit.code).toBe(0)
    expect(p.logs().at(-1)).toMatchObject({
      msg: 'halt per configuration height 20 time 0',
      height: 19,
    })
    const again = await startNode(dir, ['--timeout-commit', '10ms'])
    await again.p.waitForLog((l) => l.msg === 'committed block' && l.height === 21)
    // It went on from 19: no height is committed twice or skipped.
    expect(committedHeights(again.p).slice(0, 2)).toEqual([20, 21])
    expect((await again.p.stop()).code).toBe(0)
  })

  test('behavior: once the reader of its log output is gone (EPIPE), the node says so on stderr and stops cleanly (exit 1); a restart continues', async () => {
    const dir = await home()
    await initHome(dir)
    const { p } = await startNode(dir, ['--timeout-commit', '50ms'])
    const before = (await p.waitForLog((l) => l.msg === 'committed block')).height as number
    // What `sdkd start | head` or a killed `sdkd testnet start` does: the pipe's read end closes.
    let stderr = ''
    p.child.stderr!.on('data', (d) => (stderr += d))
    p.child.stdout!.destroy()
    const exit = await p.exited
    expect(exit).toEqual({ code: 1, signal: null })
    expect(stderr).toBe('sdkd: the log output is closed (EPIPE): stopping\n')
    // The home was let go cleanly and the chain goes on from where it stopped.
    const again = await startNode(dir, ['--timeout-commit', '10ms'])
    const first = (await again.p.waitForLog((l) => l.msg === 'committed block')).height as number
    expect(first).toBeGreaterThan(before)
    expect((await again.p.stop()).code).toBe(0)
  })

  test('error: a second start on a home in use fails at once and leaves the data unharmed', async () => {
    const dir = await home()
    await initHome(dir)
    const { p, port } = await startNode(dir, ['--timeout-commit', '20ms'])
    await heightAtLeast(port, 5)
    const second = await runSdkd([
      '--home',
      dir,
      'start',
      '--rpc.laddr',
      '127.0.0.1:0',
      '--grpc.enable=false',
    ])
    expect(second.code).toBe(1)
    expect(second.stderr).toMatch(
      /^Error: database .*application\.db is locked by another process: is another sdkd running on this home\? \(the data is untouched\)\n$/,
    )
    // The first node was not disturbed: its blocks keep coming.
    const h = (await rpcHeight(port))!
    expect(await heightAtLeast(port, h + 3)).toBeGreaterThanOrEqual(h + 3)
    expect((await p.stop()).code).toBe(0)
  })

  test('error: malformed config files and genesis name the file and field; exit 1; nothing written', async () => {
    const dir = await home()
    await initHome(dir)
    const appToml = join(dir, 'config/app.toml')
    const original = await readFile(appToml, 'utf8')
    const cases: [string, string, (s: string) => string, RegExp][] = [
      [
        'config/app.toml',
        appToml,
        (s) => s.replace('halt-height = 0', 'halt-height = "soon"'),
        /config\/app\.toml: halt-height: expected a non-negative integer, got "soon"/,
      ],
      [
        'config/app.toml',
        appToml,
        (s) => s.replace('[api]', '[api'),
        /config\/app\.toml: invalid TOML/,
      ],
      [
        'config/app.toml',
        appToml,
        (s) => s.replace('pruning = "default"', 'pruning = "custom"'),
        /config\/app\.toml: pruning: invalid custom pruning options: 'pruning-interval' must not be 0/,
      ],
      [
        'config/config.toml',
        join(dir, 'config/config.toml'),
        (s) => s.replace('timeout_commit = "5s"', 'timeout_commit = "fast"'),
        /config\/config\.toml: consensus\.timeout_commit: time: invalid duration "fast"/,
      ],
      [
        'config/genesis.json',
        join(dir, 'config/genesis.json'),
        (s) => s.replace('"initial_height": 1', '"initial_height": "one"'),
        /config\/genesis\.json: initial_height: expected an integer, got "one"/,
      ],
      [
        'config/genesis.json',
        join(dir, 'config/genesis.json'),
        (s) => s.replace('"supply": []', '"supply": [{"denom":"stake","amount":"5"}]'),
        /config\/genesis\.json: app_state\.bank\.supply: genesis supply is incorrect/,
      ],
      [
        'config/genesis.json',
        join(dir, 'config/genesis.json'),
        (s) => s.slice(0, -10),
        /config\/genesis\.json: invalid JSON/,
      ],
    ]
    for (const [, path, edit, message] of cases) {
      const before = await readFile(path, 'utf8')
      await writeFile(path, edit(before))
      const r = await runSdkd(['--home', dir, 'start', '--rpc.laddr', '127.0.0.1:0'])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(message)
      expect(r.stderr.startsWith('Error: ')).toBe(true)
      // Nothing was opened or written: data/ holds only what init put there.
      expect(await readdir(join(dir, 'data'))).toEqual(['priv_validator_state.json'])
      await writeFile(path, before)
    }
    expect(await readFile(appToml, 'utf8')).toBe(original)
    const badFlag = await runSdkd(['--home', dir, 'start', '--halt-height', 'abc'])
    expect(badFlag.code).toBe(1)
    expect(badFlag.stderr).toContain('strconv.ParseUint: parsing "abc": invalid syntax')
    const unknown = await runSdkd(['--home', dir, 'start', '--no-such-flag'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Error: unknown flag: --no-such-flag\n')
  })

  test('behavior: --min-retain-blocks prunes old blocks with the upstream retention rule', async () => {
    const dir = await home()
    await initHome(dir)
    const genesisPath = join(dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(genesisPath, 'utf8'))
    // Retention is min(h - evidence.max_age_num_blocks, h - min-retain-blocks), as upstream.
    genesis.consensus.params.evidence.max_age_num_blocks = '5'
    await writeFile(genesisPath, JSON.stringify(genesis))
    // Blocks only on demand (the dev API's dev_mine): 40 blocks, however fast the machine is.
    const { p, url, port } = await startNode(dir, [
      '--timeout-commit',
      '1h',
      '--dev.enable',
      '--min-retain-blocks',
      '10',
    ])
    await heightAtLeast(port, 1)
    const latest = await devMine(port, 40 - (await rpcHeight(port))!)
    expect(latest).toBe(40)
    const status = (await getJson(`${url}/status`)).body.result.sync_info
    expect(status.latest_block_height).toBe('40')
    // Blocks below min(40 - 5, 40 - 10) = 30 are deleted, as upstream's GetBlockRetentionHeight says.
    expect(status.earliest_block_height).toBe('30')
    const gone = await getJson(`${url}/block?height=1`)
    expect(gone.status).toBe(500)
    expect(gone.body.error.data).toMatch(/^height 1 is not available, lowest height is \d+$/)
    expect((await getJson(`${url}/block?height=${latest}`)).status).toBe(200)
    expect((await p.stop()).code).toBe(0)
  })

  test('behavior: two homes from the same genesis, given the same block times, produce the same app hashes', async () => {
    const a = await home()
    await initHome(a)
    const genesisPath = join(a, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(genesisPath, 'utf8'))
    genesis.app_state.bank.balances = [
      {
        address: 'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
        coins: [{ denom: 'stake', amount: '1000' }],
      },
    ]
    // Block 1 comes at the genesis time; the dev API gives the others fixed times. State depends on
    // block times (x/staking keeps each height's header), as on any chain.
    genesis.genesis_time = '2026-01-01T00:00:00Z'
    await writeFile(genesisPath, JSON.stringify(genesis))
    const b = await home()
    await cp(join(a, 'config'), join(b, 'config'), { recursive: true })
    const run = async (dir: string) => {
      const { p, port } = await startNode(dir, ['--timeout-commit', '1h', '--dev.enable'])
      await heightAtLeast(port, 1)
      expect((await rpcCall(port, 'dev_setMining', { mode: 'manual' })).result).toBeDefined()
      const mined = await rpcCall(port, 'dev_mine', { blocks: 28, interval_ms: 1000 })
      expect(mined.result).toEqual({ height: '29' })
      expect((await p.stop()).code).toBe(0)
      // Read back after a restart: what was committed, not what was in memory.
      const again = await startNode(dir, ['--timeout-commit', '1h'])
      await heightAtLeast(again.port, 29)
      const hashes = []
      for (let h = 1; h <= 29; h++) {
        const r = (await getJson(`${again.url}/block?height=${h}`)).body.result
        hashes.push(r.block.header.app_hash)
      }
      expect((await again.p.stop()).code).toBe(0)
      return hashes
    }
    const [ha, hb] = [await run(a), await run(b)]
    expect(ha).toEqual(hb)
    // Every height changes the state (its header kept as historical info).
    expect(new Set(ha).size).toBe(29)
  })

  test('behavior: blocks hashed and signed on the worker thread are the blocks built on the node thread (SDKD_BLOCK_WORKER=0)', async () => {
    const a = await home()
    await initHome(a)
    const b = await home()
    await cp(join(a, 'config'), join(b, 'config'), { recursive: true })
    const run = async (dir: string, env: NodeJS.ProcessEnv) => {
      const n = await startNode(
        dir,
        ['--timeout-commit', '1h', '--dev.enable', '--log_level', 'debug'],
        env,
      )
      await heightAtLeast(n.port, 1)
      // With the worker: mine once it has loaded, so that it builds the burst.
      if (env.SDKD_BLOCK_WORKER !== '0') await n.p.waitForLog((l) => l.msg === 'block worker ready')
      // Block times from the genesis time in 1 s steps: the same in both homes.
      const mined = await rpcCall(n.port, 'dev_mine', { blocks: 300, interval_ms: 1000 })
      expect(Number(mined.result.height)).toBe(301)
      const ids = []
      for (const [min, max] of [
        [1, 20],
        [141, 160],
        [282, 301],
      ]) {
        const chain = (await getJson(`${n.url}/blockchain?minHeight=${min}&maxHeight=${max}`)).body
        ids.push(...chain.result.block_metas.map((m: { block_id: unknown }) => m.block_id))
      }
      const commits = []
      for (const h of [1, 2, 150, 300]) {
        const c = (await getJson(`${n.url}/commit?height=${h}`)).body.result
        commits.push(c.signed_header.commit.signatures[0].signature)
      }
      const last = (await getJson(`${n.url}/block?height=301`)).body.result
      expect((await n.p.stop()).code).toBe(0)
      return { ids, commits, last: last.block }
    }
    const onNodeThread = await run(a, { SDKD_BLOCK_WORKER: '0' })
    const withWorker = await run(b, { SDKD_BLOCK_WORKER: '' })
    expect(onNodeThread.ids).toHaveLength(60)
    expect(withWorker).toEqual(onNodeThread)
    expect(new Set(withWorker.commits).size).toBe(4)
  })
})
