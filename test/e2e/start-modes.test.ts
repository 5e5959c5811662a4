import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { reflect } from '../helpers/brand-checks.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  comet,
  cometHeightAtLeast,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import {
  freePort,
  getJson,
  isFreePort,
  LOOPBACK_PORTS,
  REST_LOOPBACK_NO_GRPC,
  runSdkd,
  startProcess,
  startSdkd,
} from '../helpers/sdkd.js'

/**
 * The ways upstream's `start` runs an app besides CometBFT in process: `--with-comet=false` (the app
 * served over ABCI, socket or gRPC, to a CometBFT started apart), `--grpc-only` (queries of the
 * committed state, no blocks), `--abci grpc` for the CometBFT sdkd runs; and the start flags
 * around them (`--genesis_hash`, `--shutdown-grace`, CometBFT's node flags).
 */

const cleanups = cleanupAfterEach()

const apiOf = async (line: Promise<Record<string, unknown>>) =>
  `http://127.0.0.1:${/:(\d+)$/.exec(String((await line).address))![1]}`

describe.skipIf(COMETBFT.skipReason !== undefined)(
  `the app served to a CometBFT started apart (cometbft ${COMETBFT.version ?? ''})`,
  () => {
    test.each(['socket', 'grpc'] as const)(
      'behavior: `sdkd start --with-comet=false --transport %s`: a cometbft started by hand on the same home reaches the app at --address and makes blocks; sdkd serves REST from the app and from that CometBFT; SIGTERM stops sdkd (exit 0)',
      async (transport) => {
        const home = await createDevnetHome(`apart-${transport}`)
        cleanups.push(home.cleanup)
        const { rpcPort } = await configureCometHome(home.dir)
        const abciPort = await freePort()
        const app = startSdkd([
          ...['--home', home.dir, 'start', '--with-comet=false'],
          ...['--address', `tcp://127.0.0.1:${abciPort}`, '--transport', transport],
          ...REST_LOOPBACK_NO_GRPC,
        ])
        cleanups.push(async () => void (await app.stop('SIGKILL')))
        const started = await app.waitForLog(
          (l) => l.msg === 'node started: serving the app over ABCI to a CometBFT started apart',
        )
        expect(started).toMatchObject({
          abci: `tcp://127.0.0.1:${abciPort}`,
          transport,
          cometbft_genesis: join(home.dir, 'config/cometbft-genesis.json'),
        })
        expect(app.logs().some((l) => l.msg === 'starting ABCI without CometBFT')).toBe(true)
        // Nothing of CometBFT's is sdkd's here: its RPC port stays free until cometbft binds it.
        expect(await isFreePort(rpcPort)).toBe(true)
        const api = await apiOf(app.waitForLog((l) => l.msg === 'serving REST API'))

        // CometBFT v0.38's gRPC client takes the address without its scheme.
        const proxyApp =
          transport === 'grpc' ? `127.0.0.1:${abciPort}` : `tcp://127.0.0.1:${abciPort}`
        const cmt = startProcess(
          COMETBFT.path!,
          ['start', '--home', home.dir, '--proxy_app', proxyApp, '--abci', transport],
          { env: { CMT_GENESIS_FILE: String(started.cometbft_genesis) } },
        )
        cleanups.push(async () => void (await cmt.stop('SIGKILL')))
        // Block 5 stored: the app has committed 4 (CometBFT stores a block before the app runs it).
        await cometHeightAtLeast(rpcPort, 5).catch((err: Error) => {
          throw new Error(`${err.message}\n--- cometbft\n${cmt.output().slice(-3000)}`)
        })
        // The app's state at a past height, over REST.
        const { status, body, headers } = await getJson(
          `${api}/sdk/bank/v1beta1/balances/${home.accounts.alice!.address}/by_denom?denom=stake`,
          { headers: { 'x-sdk-block-height': '3' } },
        )
        expect(status).toBe(200)
        expect(headers.get('grpc-metadata-x-sdk-block-height')).toBe('3')
        expect(body.balance.denom).toBe('stake')
        const info = (await comet(rpcPort, '/abci_info')).response
        expect(Number(info.last_block_height)).toBeGreaterThanOrEqual(4)
        // sdkd's blocks route asks that CometBFT (config.toml's rpc.laddr): its block 4, app hash and all.
        const header = (await comet(rpcPort, '/block?height=4')).block.header
        const latest = await getJson(`${api}/sdk/base/tendermint/v1beta1/blocks/4`)
        expect(Buffer.from(latest.body.block.header.app_hash, 'base64').toString('hex')).toBe(
          header.app_hash.toLowerCase(),
        )
        expect((await app.stop('SIGTERM')).code).toBe(0)
        expect(app.logs().some((l) => l.msg === 'stopped cleanly')).toBe(true)
      },
      120_000,
    )

    test('behavior: `--consensus cometbft --abci grpc`: sdkd serves the app over gRPC and its CometBFT reaches it so; CometBFT node flags (--rpc.pprof_laddr) pass on to it', async () => {
      const home = await createDevnetHome('comet-grpc')
      cleanups.push(home.cleanup)
      const { rpcPort } = await configureCometHome(home.dir)
      const pprofPort = await freePort()
      const node = await startCometNode(home.dir, rpcPort, [
        ...['--abci', 'grpc', '--rpc.pprof_laddr', `127.0.0.1:${pprofPort}`],
      ])
      cleanups.push(async () => void (await node.p.stop('SIGKILL')))
      await cometHeightAtLeast(rpcPort, 3)
      expect(
        node.p.logs().find((l) => l.msg === 'ABCI server listening' && l.transport === 'grpc'),
      ).toBeDefined()
      // CometBFT serves Go's profiler where the flag says.
      const pprof = await fetch(`http://127.0.0.1:${pprofPort}/debug/pprof/`)
      expect(pprof.status).toBe(200)
      expect(await pprof.text()).toContain('goroutine')
      expect((await node.p.stop('SIGTERM')).code).toBe(0)
    }, 120_000)
  },
)

describe('sdkd start --grpc-only and the start flags around it', () => {
  test('behavior: a simulated chain run with --shutdown-grace, --cpu-profile, --genesis_hash and CometBFT-only flags; then --grpc-only serves its committed state on REST and gRPC (gRPC on although --grpc.enable=false), the tendermint and tx services answer `unknown service` and are not listed by reflection, no blocks, no RPC', async () => {
    const home = await createDevnetHome('grpc-only')
    cleanups.push(home.cleanup)
    const genesisHash = createHash('sha256')
      .update(await readFile(join(home.dir, 'config/genesis.json')))
      .digest('hex')
    const profile = join(home.dir, 'node.cpuprofile')
    const node = await startDevnetNode(home, 'v2', '100ms', [
      ...['--genesis_hash', genesisHash, '--shutdown-grace', '300ms'],
      ...['--cpu-profile', profile, '--trace', '--inter-block-cache=false'],
      ...['--p2p.seeds', 'ab@127.0.0.1:1', '--consensus.create_empty_blocks=false'],
    ])
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    for (const flag of ['--p2p.seeds', '--consensus.create_empty_blocks'])
      expect(node.p.logs().find((l) => String(l.msg).startsWith(`${flag} is for`))).toMatchObject({
        level: 40,
        msg: `${flag} is for a CometBFT running the home (--consensus cometbft): sdkd's simulated engine has no use for it`,
      })
    await node.p.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= 3)
    expect((await node.p.stop('SIGTERM')).code).toBe(0)
    expect(node.p.logs().find((l) => l.msg === 'starting CPU profiler')).toMatchObject({ profile })
    const tail = node.p.logs().slice(-4)
    expect(tail.map((l) => l.msg)).toEqual([
      'stopped cleanly',
      'stopping CPU profiler',
      'graceful shutdown start',
      'graceful shutdown complete',
    ])
    expect(tail[2]!['shutdown-grace']).toBe('300ms')
    // The wait happened (a timer may fire a millisecond early by the wall clock's reading).
    expect(
      Date.parse(String(tail[3]!.time)) - Date.parse(String(tail[2]!.time)),
    ).toBeGreaterThanOrEqual(250)
    // V8's profile of the node's thread: its call tree, and samples in it.
    const cpu = JSON.parse(await readFile(profile, 'utf8'))
    expect(cpu.nodes.length).toBeGreaterThan(10)
    expect(cpu.samples.length).toBeGreaterThan(0)
    const last = Number(tail[0]!.height)

    const only = startSdkd([
      ...['--home', home.dir, 'start', '--grpc-only', ...LOOPBACK_PORTS],
      ...['--grpc.enable=false', '--grpc.address', '127.0.0.1:0'],
    ])
    cleanups.push(async () => void (await only.stop('SIGKILL')))
    const api = await apiOf(only.waitForLog((l) => l.msg === 'serving REST API'))
    const grpcAddress = String((await only.waitForLog((l) => l.msg === 'serving gRPC')).address)
    expect(grpcAddress).toMatch(/^127\.0\.0\.1:[1-9]\d*$/)
    expect(await only.waitForLog((l) => l.msg === 'node started in gRPC only mode')).toMatchObject({
      height: last,
    })
    expect(only.logs().some((l) => l.msg === 'serving CometBFT RPC')).toBe(false)
    const balance = await getJson(
      `${api}/sdk/bank/v1beta1/balances/${home.accounts.alice!.address}`,
    )
    expect(balance.status).toBe(200)
    expect(balance.headers.get('grpc-metadata-x-sdk-block-height')).toBe(String(last))
    for (const [path, service] of [
      ['/sdk/base/tendermint/v1beta1/blocks/latest', 'sdk.base.tendermint.v1beta1.Service'],
      ['/sdk/base/node/v1beta1/status', 'sdk.base.node.v1beta1.Service'],
      [`/sdk/tx/v1beta1/txs?query=tx.height%3D1`, 'sdk.tx.v1beta1.Service'],
    ]) {
      // grpc-go refuses an unknown service before any height is read: a height past the chain's
      // is not checked, and the answer has no height header.
      const r = await getJson(`${api}${path}`, {
        headers: { 'x-sdk-block-height': String(last + 100) },
      })
      expect({
        path,
        status: r.status,
        body: r.body,
        height: r.headers.get('grpc-metadata-x-sdk-block-height'),
      }).toEqual({
        path,
        status: 501,
        body: { code: 12, message: `unknown service ${service}`, details: [] },
        height: null,
      })
    }
    // Nor does the server's reflection list them: upstream registers them only with CometBFT.
    const listed = await reflect(grpcAddress, { list_services: '' })
    const names: string[] = listed.list_services_response.service.map(
      (s: { name: string }) => s.name,
    )
    expect(names).toContain('sdk.bank.v1beta1.Query')
    expect(names.filter((n) => /^sdk\.(tx|base\.tendermint|base\.node)\./.test(n))).toEqual([])
    // No blocks: the state stays at the height the chain stopped at.
    await new Promise((r) => setTimeout(r, 500))
    const again = await getJson(`${api}/sdk/bank/v1beta1/params`)
    expect(again.headers.get('grpc-metadata-x-sdk-block-height')).toBe(String(last))
    expect((await only.stop('SIGTERM')).code).toBe(0)
  }, 120_000)

  test('error: --query-gas-limit: a query whose store reads pass the limit fails as upstream’s recovered out-of-gas panic (REST 500 code 13 `{…}`, abci_query code 111222), one within it is answered; no error line is logged', async () => {
    const home = await createDevnetHome('query-gas')
    cleanups.push(home.cleanup)
    const node = await startDevnetNode(home, 'v2', '200ms', ['--query-gas-limit', '1500'])
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const alice = home.accounts.alice!.address
    // One read: 1,000 flat and 3 a byte of its key and value.
    const one = await getJson(`${node.api}/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=stake`)
    expect(one.status).toBe(200)
    // Every account, about 300 bytes each: past 1,500 within a few.
    const all = await getJson(`${node.api}/sdk/auth/v1beta1/accounts`)
    expect(all.status).toBe(500)
    expect(all.body).toEqual({
      code: 13,
      message: expect.stringMatching(/^\{(ReadFlat|ReadPerByte|ValuePerByte|IterNextFlat)\}$/),
      details: [],
    })
    const abci = (
      await getJson(
        `http://127.0.0.1:${node.rpcPort}/abci_query?path=%22/sdk.auth.v1beta1.Query/Accounts%22`,
      )
    ).body.result.response
    expect(abci).toMatchObject({
      code: 111222,
      codespace: 'undefined',
      log: `${all.body.message}: panic`,
    })
    // The client's limit, not a fault: no `query failed` error line, as a bug would have.
    expect(node.p.logs().filter((l) => /query failed/.test(String(l.msg)))).toEqual([])
  })

  test('error: x/crisis asserts the invariants over a v1 genesis state at the chain’s start: a broken one stops it (exit 1, nothing committed); --x-crisis-skip-assert-invariants starts it', async () => {
    const home = await createDevnetHome('crisis-genesis', {}, 'v1')
    cleanups.push(home.cleanup)
    const file = join(home.dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(file, 'utf8'))
    // One share more than its delegations hold: staking's delegator-shares invariant.
    genesis.app_state.staking.validators[0].delegator_shares = '10000001.000000000000000000'
    await writeFile(file, JSON.stringify(genesis, null, 2))
    const start = [
      ...['--home', home.dir, '--app-version', 'v1', 'start', ...LOOPBACK_PORTS],
      ...['--grpc.enable=false', '--inv-check-period', '0'],
    ]
    const refused = await runSdkd(start)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'Error: invariant broken: staking: delegator shares invariant\nbroken delegator shares invariance:\n\tvalidator.DelegatorShares: 10000001.000000000000000000\n\tsum of Delegator.Shares: 10000000.000000000000000000\n',
    )
    const node = startSdkd([...start, '--x-crisis-skip-assert-invariants'])
    cleanups.push(async () => void (await node.stop('SIGKILL')))
    // The chain starts from genesis: nothing of the refused start was committed.
    expect(
      await node.waitForLog((l) => l.msg === 'committed block' && Number(l.height) === 1),
    ).toBeDefined()
    expect((await node.stop('SIGTERM')).code).toBe(0)
  })

  test('behavior: upstream’s root flag --log_no_color is taken before or after the command, alone or =bool, and never takes the next word; a bad value is pflag’s error', async () => {
    for (const args of [
      ['--log_no_color', 'version'],
      ['version', '--log_no_color=false'],
    ]) {
      const r = await runSdkd(args)
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 0, stdout: 'v2\n' })
    }
    const bad = await runSdkd(['--log_no_color=maybe', 'version'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(
      'Error: invalid argument "maybe" for "--log_no_color" flag: strconv.ParseBool: parsing "maybe": invalid syntax',
    )
  })

  test('error: --genesis_hash other than config/genesis.json’s stops the start with CometBFT’s message (exit 1), nothing opened', async () => {
    const home = await createDevnetHome('genesis-hash')
    cleanups.push(home.cleanup)
    const file = join(home.dir, 'config/genesis.json')
    const actual = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
      .toUpperCase()
    const r = await runSdkd([
      ...['--home', home.dir, 'start', ...LOOPBACK_PORTS, '--genesis_hash', '00'.repeat(32)],
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `Error: --genesis_hash=${'00'.repeat(32)} does not match ${file} hash: ${actual}`,
    )
  })
})
