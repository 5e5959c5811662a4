import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import { beforeAll, describe, expect, test } from 'vitest'
import { keyFromMnemonic } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { type Bytes, toBase64, toHex } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { type Node, SDKD_VERSION } from '../../src/node/node.js'
import { DEFAULT_APP_VERSION } from '../../src/versions/index.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, heightOf, startDevnetNode } from '../helpers/devnet.js'
import { freePort, getJson, rpcCall, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { createTestNode } from '../helpers/test-node.js'
import { createGovernor, softwareUpgrade } from '../helpers/upgrade-proposal.js'

/**
 * Prometheus metrics of a real node (a devnet home, LevelDB, servers on 127.0.0.1 port 0, blocks
 * only through the dev API): exact values after known blocks, txs, queries and a passed upgrade
 * proposal; the exposition checked by `promtool check metrics`; a real Prometheus server scraping
 * the node every second.
 */

const CHAIN_ID = 'metrics-e2e'
const registry = protoRegistry()

const cleanups = cleanupAfterAll()
const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0
const HAS_PROMTOOL = has('promtool')
const HAS_PROMETHEUS = has('prometheus')
if (!HAS_PROMTOOL)
  console.warn('promtool check: skipped: promtool is not installed (Debian package prometheus)')
if (!HAS_PROMETHEUS)
  console.warn(
    'Prometheus server test: skipped: prometheus is not installed (Debian package prometheus)',
  )

let node: Node
let accounts: Awaited<ReturnType<typeof createDevnetHome>>['accounts']
let rpcPort: number
let rpc: string
let api: string
let grpcAddress: string
let metricsUrl: string

/** One sample of an exposition: name, labels and value. */
interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

function parseExposition(text: string): Sample[] {
  const out: Sample[] = []
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) continue
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!
    out.push({ name: m[1]!, labels, value: Number(m[3]) })
  }
  return out
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(metricsUrl)
  expect(res.status).toBe(200)
  const text = await res.text()
  return { text, samples: parseExposition(text) }
}

/** The value of the one sample with this name whose labels include `labels`. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )
  if (found.length !== 1) return found.length === 0 ? undefined : Number.NaN
  return found[0]!.value
}

async function devMine(blocks: number, intervalMs = 1000): Promise<number> {
  const reply = await rpcCall(rpcPort, 'dev_mine', { blocks, interval_ms: intervalMs })
  if (!reply.result) throw new Error(`dev_mine: ${JSON.stringify(reply.error)}`)
  return Number(reply.result.height)
}

/** A bank send of 1stake signed by a devnet key (account number from its genesis order). */
async function send(from: string, to: string, sequence: bigint): Promise<Bytes> {
  const { body } = await getJson(`${api}/sdk/auth/v1beta1/accounts/${accounts[from]!.address}`)
  const msg = registry.packAny('/sdk.bank.v1beta1.MsgSend', {
    from_address: accounts[from]!.address,
    to_address: accounts[to]!.address,
    amount: [{ denom: 'stake', amount: '1' }],
  })
  const tx = signTx(
    registry,
    createUnsignedTx({ messages: [msg], fee: { amount: [], gasLimit: 200_000n } }),
    keyFromMnemonic(accounts[from]!.mnemonic),
    { chainId: CHAIN_ID, accountNumber: BigInt(body.account.account_number), sequence },
  )
  return encodeTxRaw(registry, tx)
}

async function broadcast(tx: Uint8Array): Promise<number> {
  const reply = await rpcCall(rpcPort, 'broadcast_tx_sync', { tx: toBase64(tx) })
  return reply.result.code
}

beforeAll(async () => {
  const devnet = await createDevnetHome(CHAIN_ID, {}, DEFAULT_APP_VERSION)
  cleanups.push(devnet.cleanup)
  accounts = devnet.accounts
  // The devnet preset has metrics on; here every server binds port 0.
  node = (
    await createTestNode({
      home: devnet.dir,
      node: (n) => {
        expect(n.instrumentation.prometheus).toBe(true)
        n.rpc.laddr = 'tcp://127.0.0.1:0'
        n.instrumentation.prometheusListenAddr = '127.0.0.1:0'
      },
      app: (a) => {
        a.api.address = 'tcp://127.0.0.1:0'
        a.api.dashboard = false
        a.grpc.enable = true
        a.grpc.address = '127.0.0.1:0'
      },
    })
  ).node
  cleanups.push(() => node.stop())
  // Blocks only when the test mines them.
  node.producer.setMining({ mode: 'manual', intervalMs: 0 })
  await node.start()
  rpc = `http://${node.addresses.rpc}`
  rpcPort = Number(new URL(rpc).port)
  api = `http://${node.addresses.api}`
  grpcAddress = node.addresses.grpc!
  metricsUrl = `http://${node.addresses.metrics}/metrics`
})

describe('Prometheus metrics of a node', () => {
  const chain = { chain_id: CHAIN_ID }

  test('behavior: CometBFT series appear after their first update, then carry exact values and the chain_id label', async () => {
    const before = (await scrape()).samples
    // Nothing committed yet: no height; the process and Node.js metrics are there from the start.
    expect(value(before, 'cometbft_consensus_height')).toBeUndefined()
    expect(value(before, 'process_cpu_user_seconds_total', chain)).toBeGreaterThan(0)
    expect(before.some((s) => s.name.startsWith('nodejs_'))).toBe(true)
    expect(value(before, 'cometbft_p2p_peers', chain)).toBe(0)
    expect(value(before, 'sdkd_app_version_info', chain)).toBe(1)
    expect(before.find((s) => s.name === 'sdkd_app_version_info')?.labels).toEqual({
      chain_id: CHAIN_ID,
      app_version: DEFAULT_APP_VERSION,
      version: SDKD_VERSION,
    })

    expect(await devMine(2)).toBe(2)
    const txs = [await send('alice', 'bob', 0n), await send('alice', 'bob', 1n)]
    txs.push(await send('alice', 'bob', 2n))
    for (const tx of txs) expect(await broadcast(tx)).toBe(0)
    // A wrong sequence fails CheckTx (code 32): counted, not pooled.
    expect(await broadcast(await send('bob', 'alice', 7n))).toBe(32)

    const pending = (await scrape()).samples
    expect(value(pending, 'cometbft_mempool_size', chain)).toBe(3)
    expect(value(pending, 'cometbft_mempool_size_bytes', chain)).toBe(
      txs.reduce((n, tx) => n + tx.length, 0),
    )
    expect(value(pending, 'cometbft_mempool_tx_size_bytes_count', chain)).toBe(3)
    expect(value(pending, 'cometbft_mempool_failed_txs', chain)).toBe(1)

    expect(await devMine(1)).toBe(3)
    expect(await devMine(1)).toBe(4)
    const { samples, text } = await scrape()
    expect(value(samples, 'cometbft_consensus_height', chain)).toBe(5)
    expect(value(samples, 'cometbft_consensus_latest_block_height', chain)).toBe(4)
    expect(value(samples, 'cometbft_consensus_num_txs', chain)).toBe(0)
    expect(value(samples, 'cometbft_consensus_total_txs', chain)).toBe(3)
    expect(value(samples, 'cometbft_mempool_size', chain)).toBe(0)
    expect(value(samples, 'cometbft_mempool_size_bytes', chain)).toBe(0)

    // Sizes as the RPC reports them.
    const { body } = await getJson(`${rpc}/blockchain?minHeight=1&maxHeight=4`)
    const sizes = new Map<number, number>(
      body.result.block_metas.map((m: { header: { height: string }; block_size: string }) => [
        Number(m.header.height),
        Number(m.block_size),
      ]),
    )
    expect(value(samples, 'cometbft_consensus_block_size_bytes', chain)).toBe(sizes.get(4))
    expect(value(samples, 'cometbft_consensus_chain_size_bytes', chain)).toBe(
      [...sizes.values()].reduce((a, b) => a + b, 0),
    )

    // One validator, signing every block.
    const status = (await getJson(`${rpc}/status`)).body.result
    const validator = { ...chain, validator_address: status.validator_info.address }
    const power = Number(status.validator_info.voting_power)
    expect(value(samples, 'cometbft_consensus_validators', chain)).toBe(1)
    expect(value(samples, 'cometbft_consensus_validators_power', chain)).toBe(power)
    expect(value(samples, 'cometbft_consensus_validator_power', validator)).toBe(power)
    expect(value(samples, 'cometbft_consensus_validator_last_signed_height', validator)).toBe(4)
    for (const name of ['missing_validators', 'byzantine_validators', 'rounds'])
      expect(value(samples, `cometbft_consensus_${name}`, chain)).toBe(0)

    // Histograms with upstream's buckets. Blocks 2–4 came 1 s apart (dev_mine interval_ms); block
    // 1 has the genesis time, so there is no interval before it.
    const buckets = (name: string) =>
      samples
        .filter((s) => s.name === `${name}_bucket` && s.labels.chain_id === CHAIN_ID)
        .map((s) => [s.labels.le, s.value])
    expect(buckets('cometbft_consensus_block_interval_seconds')).toEqual([
      ['0.005', 0],
      ['0.01', 0],
      ['0.025', 0],
      ['0.05', 0],
      ['0.1', 0],
      ['0.25', 0],
      ['0.5', 0],
      ['1', 3],
      ['2.5', 3],
      ['5', 3],
      ['10', 3],
      ['+Inf', 3],
    ])
    expect(value(samples, 'cometbft_consensus_block_interval_seconds_sum', chain)).toBe(3)
    expect(buckets('cometbft_mempool_tx_size_bytes').map(([le]) => le)).toEqual([
      '1',
      '3',
      '9',
      '27',
      '81',
      '243',
      '729',
      '+Inf',
    ])
    expect(buckets('cometbft_state_block_processing_time').map(([le]) => le)).toEqual([
      '1',
      '11',
      '21',
      '31',
      '41',
      '51',
      '61',
      '71',
      '81',
      '91',
      '+Inf',
    ])
    expect(value(samples, 'cometbft_state_block_processing_time_count', chain)).toBe(4)
    // Every height was written once, in one atomic batch or several.
    expect(value(samples, 'sdkd_commit_batch_heights_sum', chain)).toBe(4)
    expect(value(samples, 'sdkd_commit_duration_seconds_count', chain)).toBe(
      value(samples, 'sdkd_commit_batch_heights_count', chain),
    )

    // No plan, no proposals; every status is listed.
    expect(value(samples, 'sdkd_upgrade_scheduled_height', chain)).toBe(0)
    expect(
      samples.filter((s) => s.name === 'sdkd_gov_proposals').map((s) => [s.labels.status, s.value]),
    ).toEqual([
      ['PROPOSAL_STATUS_DEPOSIT_PERIOD', 0],
      ['PROPOSAL_STATUS_VOTING_PERIOD', 0],
      ['PROPOSAL_STATUS_PASSED', 0],
      ['PROPOSAL_STATUS_REJECTED', 0],
      ['PROPOSAL_STATUS_FAILED', 0],
    ])
    // The dev API calls so far: three dev_mine.
    expect(value(samples, 'sdkd_dev_api_calls_total', { ...chain, method: 'dev_mine' })).toBe(3)

    // Every sample of the exposition has the chain id.
    expect(samples.filter((s) => s.labels.chain_id !== CHAIN_ID)).toEqual([])
    expect(text).toContain('# TYPE cometbft_consensus_height gauge')
    expect(text).toContain('# TYPE cometbft_consensus_block_interval_seconds histogram')
  })

  test('behavior: queries are timed by transport, gRPC method and height served (latest or historical); cache hits and misses counted', async () => {
    const METHOD = '/sdk.bank.v1beta1.Query/Balance'
    const alice = accounts.alice!.address
    const path = `/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=stake`
    const before = (await scrape()).samples
    for (const headers of [{}, {}, { 'x-sdk-block-height': '1' }]) {
      expect((await fetch(`${api}${path}`, { headers })).status).toBe(200)
    }
    const request = registry
      .type('sdk.bank.v1beta1.QueryBalanceRequest')
      .encode({ address: alice, denom: 'stake' })
      .finish()
    const client = new grpc.Client(grpcAddress, grpc.credentials.createInsecure())
    try {
      for (const height of ['', '1']) {
        const md = new grpc.Metadata()
        if (height) md.set('x-sdk-block-height', height)
        await new Promise<Buffer>((resolve, reject) =>
          client.makeUnaryRequest(
            METHOD,
            (b: Uint8Array) => Buffer.from(b),
            (b: Buffer) => b,
            request,
            md,
            (err, res) => (err ? reject(err) : resolve(res!)),
          ),
        )
      }
    } finally {
      client.close()
    }
    for (const height of ['0', '1']) {
      const reply = await rpcCall(rpcPort, 'abci_query', {
        path: METHOD,
        data: toHex(request),
        height,
      })
      expect(reply.result.response.code).toBe(0)
    }

    const { samples } = await scrape()
    // What these queries added (the earlier tests asked for accounts over REST).
    const added = (name: string, labels: Record<string, string>) =>
      value(samples, name, labels)! - (value(before, name, labels) ?? 0)
    const count = (transport: string, height: string) =>
      added('sdkd_query_duration_seconds_count', {
        chain_id: CHAIN_ID,
        transport,
        method: METHOD,
        height,
      })
    expect([
      [count('rest', 'latest'), count('rest', 'historical')],
      [count('grpc', 'latest'), count('grpc', 'historical')],
      [count('abci', 'latest'), count('abci', 'historical')],
    ]).toEqual([
      [2, 1],
      [1, 1],
      [1, 1],
    ])
    // REST: a miss, then a hit, then a miss (height 1); gRPC: two misses (encoded answers are kept
    // apart from JSON text); abci_query then finds both of gRPC's answers.
    expect(added('sdkd_query_cache_hits_total', { chain_id: CHAIN_ID })).toBe(3)
    expect(added('sdkd_query_cache_misses_total', { chain_id: CHAIN_ID })).toBe(4)
    // A method label is a served method's gRPC name: bounded by the protos.
    const methods = new Set(
      samples.filter((s) => s.name.startsWith('sdkd_query_duration_')).map((s) => s.labels.method),
    )
    const served = new Set(node.router.methods.map((m) => m.path))
    expect([...methods].filter((m) => !served.has(m!))).toEqual([])
    expect(methods.has(METHOD)).toBe(true)
  })

  test('behavior: a passed software-upgrade proposal shows as the scheduled upgrade height and in the proposals by status', async () => {
    const gov = createGovernor({
      rpcPort,
      apiPort: Number(new URL(api).port),
      chainId: CHAIN_ID,
      mnemonic: accounts.validator!.mnemonic,
    })
    const height = Number((await gov.dev('dev_status')).height) + 100
    await gov.pass([softwareUpgrade({ name: 'metrics-plan', height })], 'Schedule an upgrade')
    const { samples } = await scrape()
    expect(value(samples, 'sdkd_upgrade_scheduled_height', { chain_id: CHAIN_ID })).toBe(height)
    expect(
      samples
        .filter((s) => s.name === 'sdkd_gov_proposals' && s.value > 0)
        .map((s) => [s.labels.status, s.value]),
    ).toEqual([['PROPOSAL_STATUS_PASSED', 1]])
  })

  test.skipIf(!HAS_PROMTOOL)(
    'behavior: promtool check metrics passes on the exposition',
    async () => {
      const { text } = await scrape()
      const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
      expect({ status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({
        status: 0,
        stderr: '',
        stdout: '',
      })
    },
  )

  test.skipIf(!HAS_PROMETHEUS)(
    'behavior: a real Prometheus scraping every second reads cometbft_consensus_height rising',
    async () => {
      const { dir, cleanup } = await tempDir('sdkd-prometheus-')
      cleanups.push(cleanup)
      const target = node.addresses.metrics!
      await writeFile(
        join(dir, 'prometheus.yml'),
        `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: sdkd\n    static_configs:\n      - targets: ['${target}']\n`,
      )
      const port = await freePort()
      const server: ChildProcess = spawn(
        'prometheus',
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: 'ignore' },
      )
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) return resolve()
            server.once('exit', () => resolve())
            server.kill('SIGTERM')
          }),
      )
      const heightInPrometheus = async () => {
        const { body } = await getJson(
          `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(`cometbft_consensus_height{chain_id="${CHAIN_ID}",job="sdkd"}`)}`,
        )
        const v = body?.data?.result?.[0]?.value?.[1]
        return v === undefined ? undefined : Number(v)
      }
      // Prometheus applies new targets on a 5 s tick: the first scrape comes 5–6 s after its start.
      const first = await waitFor(heightInPrometheus, 20_000, 'a first scrape by Prometheus')
      const mined = await devMine(3)
      // A scrape may land between the mined blocks: wait for the one after the last.
      const later = await waitFor(
        async () => {
          const h = await heightInPrometheus()
          return h !== undefined && h >= mined + 1 ? h : undefined
        },
        10_000,
        'a scrape after the new blocks',
      )
      expect(later).toBe(mined + 1)
      expect(later).toBeGreaterThan(first)
    },
  )
})

describe('a metrics port that cannot bind', () => {
  test('behavior: with the port taken by another listener the node logs the failure at error and runs on: blocks keep coming', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => taken.close(() => resolve())))
    const port = (taken.address() as AddressInfo).port
    const home = await createDevnetHome('metrics-taken', {}, DEFAULT_APP_VERSION)
    cleanups.push(home.cleanup)
    const running = await startDevnetNode(home, DEFAULT_APP_VERSION, '100ms', [
      '--instrumentation.prometheus',
      '--instrumentation.prometheus_listen_addr',
      `127.0.0.1:${port}`,
    ])
    cleanups.push(async () => void (await running.p.stop('SIGKILL')))
    const failed = await running.p.waitForLog((l) => l.module === 'metrics' && l.level === 50)
    expect(failed).toMatchObject({
      msg: 'Prometheus HTTP server ListenAndServe: the node runs on without metrics',
      err: expect.stringContaining(`127.0.0.1:${port}`),
    })
    expect(running.p.logs().some((l) => l.msg === 'serving Prometheus metrics')).toBe(false)
    const after = await heightOf(running)
    await waitFor(async () => ((await heightOf(running)) >= after + 3 ? true : undefined), 10_000)
    expect((await running.p.stop('SIGTERM')).code).toBe(0)
  })
})
