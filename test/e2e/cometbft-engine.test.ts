import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  comet,
  cometHeightAtLeast,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { freePort, getJson, REST_LOOPBACK_NO_GRPC, runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd start --consensus cometbft` with one validator: a real CometBFT v0.38 makes the blocks and
 * sdkd's app answers it over ABCI; what CometBFT reports (heights, app hashes in headers,
 * `/abci_info`) and what sdkd serves (REST at past heights) agree, and the two stop together.
 */

const cleanups = cleanupAfterEach()

const b64ToHex = (b64: string) => Buffer.from(b64, 'base64').toString('hex').toUpperCase()

describe.skipIf(COMETBFT.skipReason !== undefined)('sdkd under CometBFT, one validator', () => {
  test('behavior: CometBFT makes blocks from the app: each header carries the app hash the app answered for the height before, REST serves past heights, SIGTERM stops both (exit 0)', async () => {
    const home = await createDevnetHome('comet-one')
    cleanups.push(home.cleanup)
    const metricsPort = await freePort()
    const { rpcPort } = await configureCometHome(home.dir, { metricsPort })
    // Two flags of the simulated engine, given out of habit: CometBFT decides those, and the log says so.
    const node = await startCometNode(home.dir, rpcPort, [
      '--timeout-commit',
      '4s',
      '--upgrade-halt',
      'exit',
    ])
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    await node.p.waitForLog(
      (l) => l.msg === 'the dev API is off under --consensus cometbft: blocks belong to consensus',
    )
    for (const warning of [
      '--timeout-commit does not apply under --consensus cometbft: CometBFT times the blocks by config.toml [consensus] timeout_commit',
      '--upgrade-halt does not apply under --consensus cometbft: at an upgrade halt the node waits, serving queries, until it is stopped (cosmovisor stops it)',
    ])
      expect(node.p.logs().find((l) => l.msg === warning)?.level, warning).toBe(40)
    // The genesis CometBFT reads is written before it starts.
    await node.p.waitForLog((l) => l.msg === 'node started under CometBFT')
    const genesisText = await readFile(join(home.dir, 'config/cometbft-genesis.json'), 'utf8')
    expect(JSON.parse(genesisText).initial_height).toBe('1')

    await cometHeightAtLeast(rpcPort, 6)
    // config.toml's metrics listener is sdkd's: its own series, then CometBFT's consensus ones (the
    // engine's figures, read from CometBFT at each scrape), each family once.
    await getJson(`${node.api}/sdk/bank/v1beta1/balances/${home.accounts.alice!.address}`)
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(metrics).toMatch(/^cometbft_consensus_height\{chain_id="comet-one"\} \d+$/m)
    expect(metrics).toMatch(
      /^sdkd_app_version_info\{chain_id="comet-one",app_version="v2",version="[^"]+"\} 1$/m,
    )
    expect(metrics).toMatch(
      /^sdkd_query_duration_seconds_count\{[^}]*transport="rest"[^}]*\} [1-9]/m,
    )
    expect(metrics).toMatch(/^sdkd_commit_duration_seconds_count\{chain_id="comet-one"\} [1-9]/m)
    const types = metrics.split('\n').filter((l) => l.startsWith('# TYPE '))
    expect(new Set(types).size).toBe(types.length)
    const info = (await comet(rpcPort, '/abci_info')).response
    expect(info.data).toBe('sdkd')
    const h = Number(info.last_block_height)
    expect(h).toBeGreaterThanOrEqual(5)
    // The app hash of height h (Info) is in header h+1, as CometBFT checks at every block.
    await cometHeightAtLeast(rpcPort, h + 1)
    const next = await comet(rpcPort, `/block?height=${h + 1}`)
    expect(next.block.header.app_hash).toBe(b64ToHex(info.last_block_app_hash))
    // As an SDK v0.50 app, FinalizeBlock returns the consensus params x/consensus holds, and
    // CometBFT takes them (an update it refused would stop the chain).
    const results = await comet(rpcPort, `/block_results?height=${h}`)
    expect(results.consensus_param_updates).toMatchObject({
      block: { max_bytes: '22020096', max_gas: '-1' },
      validator: { pub_key_types: ['ed25519'] },
    })

    // sdkd's REST answers at a past height, and says which.
    const past = await getJson(`${node.api}/sdk/upgrade/v1beta1/module_versions`, {
      headers: { 'x-sdk-block-height': '3' },
    })
    expect(past.status).toBe(200)
    expect(past.headers.get('x-sdk-block-height')).toBe('3')
    expect(past.body.module_versions.map((m: { name: string }) => m.name)).toContain('staking')
    // The node service's status: the app's latest height, with CometBFT's header of that height.
    const status = await getJson(`${node.api}/sdk/base/node/v1beta1/status`)
    expect(status.status).toBe(200)
    const shown = await comet(rpcPort, `/block?height=${status.body.height}`)
    expect(b64ToHex(status.body.app_hash)).toBe(shown.block.header.app_hash)
    expect(b64ToHex(status.body.validator_hash)).toBe(shown.block.header.next_validators_hash)
    expect(Date.parse(status.body.timestamp)).toBe(Date.parse(shown.block.header.time))

    const pidFile = join(home.dir, 'data/cometbft.pid')
    const cometPid = Number((await readFile(pidFile, 'utf8')).trim())
    expect(await node.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(node.p.logs().some((l) => l.msg === 'stopped cleanly')).toBe(true)
    expect(existsSync(pidFile)).toBe(false)
    expect(() => process.kill(cometPid, 0)).toThrow()

    // Started again (its RPC moved with --rpc.laddr, its unsafe routes on with --rpc.unsafe, renamed
    // with --moniker: CometBFT's node flags, passed on), CometBFT's handshake finds the app at its
    // height and the chain goes on.
    const moved = await freePort()
    const again = await startCometNode(home.dir, moved, [
      ...['--rpc.laddr', `tcp://127.0.0.1:${moved}`, '--rpc.unsafe', '--moniker', 'renamed'],
    ])
    cleanups.push(async () => void (await again.p.stop('SIGKILL')))
    await cometHeightAtLeast(moved, h + 4)
    expect(await comet(moved, '/unsafe_flush_mempool')).toEqual({})
    expect((await comet(moved, '/status')).node_info.moniker).toBe('renamed')
    const same = await comet(moved, `/block?height=${h + 1}`)
    expect(same.block.header.app_hash).toBe(next.block.header.app_hash)
    expect(again.p.output()).toContain('Completed ABCI Handshake - CometBFT and App are synced')
    expect(await again.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })

    // Started without --consensus cometbft, the home is refused, with the flag that starts it.
    const plain = await runSdkd([
      ...['--home', home.dir, 'start', '--rpc.laddr', 'tcp://127.0.0.1:0'],
      ...['--api.enable=false', '--grpc.enable=false', '--instrumentation.prometheus=false'],
    ])
    expect(plain.code).toBe(1)
    expect(plain.stderr).toMatch(
      /Error: cannot start without CometBFT: this home's chain \(height \d+\) was made under CometBFT, which holds its blocks \(data\/blockstore\.db\); start it with --consensus cometbft\n$/,
    )
  }, 120_000)

  test("behavior: --min-retain-blocks gives CometBFT the retain height of upstream's rule at each Commit, and CometBFT prunes its blocks below it", async () => {
    const home = await createDevnetHome('comet-retain')
    cleanups.push(home.cleanup)
    const file = join(home.dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(file, 'utf8'))
    // min(h - max_age_num_blocks, h - min-retain-blocks) = h - 5 at each height h.
    genesis.consensus.params.evidence.max_age_num_blocks = '5'
    await writeFile(file, JSON.stringify(genesis, null, 2))
    const { rpcPort } = await configureCometHome(home.dir)
    const node = await startCometNode(home.dir, rpcPort, ['--min-retain-blocks', '3'])
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    await cometHeightAtLeast(rpcPort, 12)
    const sync = (await comet(rpcPort, '/status')).sync_info
    const latest = Number(sync.latest_block_height)
    const earliest = Number(sync.earliest_block_height)
    expect(earliest, JSON.stringify(sync)).toBeGreaterThan(1)
    expect(earliest).toBeGreaterThanOrEqual(latest - 6)
    const { body } = await getJson(`http://127.0.0.1:${rpcPort}/block?height=1`)
    expect(body.error.data).toMatch(/^height 1 is not available, lowest height is \d+$/)
    expect(await node.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })
  }, 120_000)

  test('error: without a cometbft binary the start fails at once and says how to give one', async () => {
    const home = await createDevnetHome('comet-nobin')
    cleanups.push(home.cleanup)
    const r = await runSdkd(
      ['--home', home.dir, 'start', '--consensus', 'cometbft', ...REST_LOOPBACK_NO_GRPC],
      {
        env: { PATH: '/nonexistent', SDKD_COMETBFT_BIN: '' },
      },
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      '--consensus cometbft needs the cometbft binary (v0.38): none on the PATH',
    )
    const missing = await runSdkd([
      '--home',
      home.dir,
      'start',
      '--consensus',
      'cometbft',
      '--cometbft-bin',
      '/nonexistent/cometbft',
      ...REST_LOOPBACK_NO_GRPC,
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(
      'cometbft binary "/nonexistent/cometbft" (from --cometbft-bin) does not exist or is not executable',
    )
  }, 60_000)

  test('error: a chain the simulated producer made is refused under CometBFT, which has none of its blocks', async () => {
    const home = await createDevnetHome('comet-simulated')
    cleanups.push(home.cleanup)
    const sim = await startDevnetNode(home, 'v2')
    expect(await sim.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    const { rpcPort } = await configureCometHome(home.dir)
    const r = await runSdkd([
      '--home',
      home.dir,
      'start',
      '--consensus',
      'cometbft',
      '--cometbft-bin',
      COMETBFT.path!,
      ...REST_LOOPBACK_NO_GRPC,
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /cannot start under CometBFT: this home's chain \(height \d+\) was made by sdkd's simulated block producer/,
    )
    expect(rpcPort).toBeGreaterThan(0)
    expect(existsSync(join(home.dir, 'data/blockstore.db'))).toBe(false)
  }, 60_000)
})
