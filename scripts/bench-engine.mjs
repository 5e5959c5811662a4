// Benchmark: the same app under a real CometBFT v0.38 (`sdkd start --consensus cometbft`) beside
// sdkd's simulated producer, on one machine, in one run.
//
//   npm run bench:engine [-- --seconds 15 --runs 3 --cometbft-bin <path>]
//
// Each run starts, one after the other on their own fresh devnet homes (one validator, empty
// blocks, `timeout_commit = 0`, REST, gRPC and metrics off):
//   * the simulated producer (`sdkd start --timeout-commit 0`), and
//   * sdkd under CometBFT (`--consensus cometbft`, CometBFT's consensus timeouts as a local testnet
//     uses them, `timeout_commit = "0s"`),
// lets each make blocks for `--seconds` after its first block, and prints blocks/s read from the
// RPC's /status (sdkd's own RPC, then CometBFT's). Under CometBFT it also prints the app's share of
// the wall time: the FinalizeBlock and Commit milliseconds sdkd logs for each height (its debug
// `committed` lines) over the same window — the engine, not the app, should be the bottleneck.
// Then included txs/s: --txs signed bank sends (from --senders accounts added to each genesis, one
// lane per sender in sequence order, over the RPC's broadcast_tx_sync) to a network of four
// validators under CometBFT (`sdkd testnet init-files --validators 4` + `sdkd testnet start`, the
// lanes spread over the four nodes' RPCs) and to one simulated node (its RPC), each counted from the
// first send until the blocks hold every tx (`/blockchain`'s num_txs). `--txs 0` skips it.
// The last lines are the medians of the runs. The cometbft binary is `--cometbft-bin`, else
// $SDKD_COMETBFT_BIN, else the pinned build in .tools/bin (scripts/install-tools.sh).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { parse, stringify } from 'smol-toml'
import { createUnsignedTx, encodeTxRaw, signTx } from '../dist/client/tx-builder.js'
import { addressToBech32 } from '../dist/codec/address.js'
import { protoRegistry } from '../dist/codec/proto.js'
import { secp256k1Address } from '../dist/tx/secp256k1.js'
import { freePort, median, numberArg } from './bench-lib.mjs'

const SECONDS = numberArg('seconds', 15)
const RUNS = numberArg('runs', 3)
const TXS = numberArg('txs', 4000)
const SENDERS = numberArg('senders', 32)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const flagAt = process.argv.indexOf('--cometbft-bin')
const COMETBFT =
  (flagAt > 0 ? process.argv[flagAt + 1] : undefined) ??
  process.env.SDKD_COMETBFT_BIN ??
  fileURLToPath(new URL('../.tools/bin/cometbft', import.meta.url))
if (!existsSync(COMETBFT)) {
  console.error(
    `bench:engine needs a cometbft binary: ${COMETBFT} is missing (run scripts/install-tools.sh, or pass --cometbft-bin)`,
  )
  process.exit(1)
}

/** A fresh devnet home. */
async function devnetHome() {
  const dir = await mkdtemp(join(tmpdir(), 'sdkd-bench-engine-'))
  const r = spawnSync(process.execPath, [SDKD, '--home', dir, 'init', 'bench', '--devnet'], {
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`sdkd init failed: ${r.stderr}`)
  return dir
}

/** Polls /status on `port` until it answers a height of at least `min`. */
async function heightOf(port, min = 1) {
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`)
      const h = Number((await r.json()).result.sync_info.latest_block_height)
      if (h >= min) return h
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Starts `sdkd <args>`, collecting its JSON log lines (and ignoring CometBFT's plain ones). */
function start(args) {
  const child = spawn(process.execPath, [SDKD, '--log_format', 'json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines = []
  // Each stream's unfinished line apart: a chunk of one must not land inside a line of the other.
  const partial = { stdout: '', stderr: '' }
  const onData = (stream, d) => {
    const parts = (partial[stream] + d).split('\n')
    partial[stream] = parts.pop() ?? ''
    for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l))
  }
  child.stdout.on('data', (d) => onData('stdout', d))
  child.stderr.on('data', (d) => onData('stderr', d))
  const exited = new Promise((resolve) => child.once('close', resolve))
  return { child, lines, exited }
}

/** Blocks made over SECONDS after the first, on the RPC at `port`. */
async function measure(port) {
  const from = await heightOf(port, 2)
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, SECONDS * 1000))
  const to = await heightOf(port, from)
  const seconds = (performance.now() - t0) / 1000
  return { from, to, seconds, blocksPerSecond: (to - from) / seconds, t0 }
}

async function simulated() {
  const home = await devnetHome()
  const port = await freePort()
  const p = start([
    '--home',
    home,
    'start',
    '--timeout-commit',
    '0',
    '--rpc.laddr',
    `tcp://127.0.0.1:${port}`,
    '--api.enable=false',
    '--grpc.enable=false',
    '--instrumentation.prometheus=false',
  ])
  try {
    return await measure(port)
  } finally {
    p.child.kill('SIGTERM')
    await p.exited
    await rm(home, { recursive: true, force: true })
  }
}

async function underCometbft() {
  const home = await devnetHome()
  const file = join(home, 'config/config.toml')
  const doc = parse(await readFile(file, 'utf8'))
  const rpc = await freePort()
  doc.proxy_app = 'tcp://127.0.0.1:0'
  doc.rpc.laddr = `tcp://127.0.0.1:${rpc}`
  doc.p2p.laddr = `tcp://127.0.0.1:${await freePort()}`
  doc.instrumentation.prometheus = false
  doc.consensus.timeout_commit = '0s'
  await writeFile(file, stringify(doc))
  const p = start([
    '--home',
    home,
    '--log_level',
    'debug',
    'start',
    '--consensus',
    'cometbft',
    '--cometbft-bin',
    COMETBFT,
    '--api.enable=false',
    '--grpc.enable=false',
  ])
  try {
    const m = await measure(rpc)
    // The app's milliseconds on the heights of the window (FinalizeBlock + Commit of each).
    let appMs = 0
    for (const l of p.lines) {
      if (l.msg === 'committed' && l.height > m.from && l.height <= m.to) {
        appMs += l.finalize_ms + l.commit_ms
      }
    }
    return { ...m, appShare: appMs / (m.seconds * 1000), appMsPerBlock: appMs / (m.to - m.from) }
  } finally {
    p.child.kill('SIGTERM')
    await p.exited
    await rm(home, { recursive: true, force: true })
  }
}

// --- included txs/s ----------------------------------------------------------------------------
const registry = protoRegistry()
const senders = Array.from({ length: SENDERS }, (_, i) => {
  const privateKey = new Uint8Array(32)
  new DataView(privateKey.buffer).setUint32(28, i + 1)
  const pubKey = secp256k1.getPublicKey(privateKey, true)
  return { privateKey, pubKey, address: addressToBech32(secp256k1Address(pubKey)) }
})
const FUNDS = 1_000_000_000_000n

/** Adds the funded senders to a genesis file (accounts numbered after the existing ones). */
async function fundSenders(file) {
  const g = JSON.parse(await readFile(file, 'utf8'))
  const { auth, bank } = g.app_state
  const first = auth.accounts.length
  senders.forEach((k, i) => {
    auth.accounts.push({
      '@type': auth.accounts[0]['@type'],
      address: k.address,
      pub_key: null,
      account_number: String(first + i),
      sequence: '0',
    })
    bank.balances.push({ address: k.address, coins: [{ denom: 'stake', amount: String(FUNDS) }] })
  })
  const stake = bank.supply.find((c) => c.denom === 'stake')
  if (stake) stake.amount = String(BigInt(stake.amount) + FUNDS * BigInt(SENDERS))
  await writeFile(file, JSON.stringify(g, null, 2))
  return first
}

/** --txs bank sends signed for `chainId`, one lane (array of base64 txs) per sender. */
function signedLanes(chainId, firstAccount) {
  const lanes = senders.map(() => [])
  for (let i = 0; i < TXS; i++) {
    const s = i % SENDERS
    const k = senders[s]
    let tx = createUnsignedTx({
      messages: [
        registry.packAny('/sdk.bank.v1beta1.MsgSend', {
          from_address: k.address,
          to_address: senders[(s + 1) % SENDERS].address,
          amount: [{ denom: 'stake', amount: '1' }],
        }),
      ],
      fee: { amount: [{ denom: 'stake', amount: 2n }], gasLimit: 100_000n },
    })
    tx = signTx(registry, tx, k, {
      chainId,
      accountNumber: BigInt(firstAccount + s),
      sequence: BigInt(lanes[s].length),
    })
    lanes[s].push(Buffer.from(encodeTxRaw(registry, tx)).toString('base64'))
  }
  return lanes
}

async function rpc(port, method, params) {
  const r = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await r.json()
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result
}

/**
 * Sends every lane in order (lane i to `ports[i % ports.length]`), then waits until the blocks
 * after `fromHeight` hold all the txs; returns the included txs/s from the first send.
 */
async function includedRate(ports, lanes, fromHeight) {
  const t0 = performance.now()
  await Promise.all(
    lanes.map(async (lane, i) => {
      for (const tx of lane) {
        const r = await rpc(ports[i % ports.length], 'broadcast_tx_sync', { tx })
        if (r.code !== 0) throw new Error(`CheckTx refused a tx: ${r.code} ${r.log}`)
      }
    }),
  )
  let counted = fromHeight
  let included = 0
  while (included < TXS) {
    const top = await heightOf(ports[0], counted)
    for (let h = counted + 1; h <= top; h += 20) {
      const max = Math.min(h + 19, top)
      const r = await rpc(ports[0], 'blockchain', { minHeight: String(h), maxHeight: String(max) })
      for (const m of r.block_metas) included += Number(m.num_txs)
    }
    counted = top
    if (included < TXS) await new Promise((r) => setTimeout(r, 20))
  }
  return TXS / ((performance.now() - t0) / 1000)
}

async function simulatedTxs() {
  const home = await devnetHome()
  const first = await fundSenders(join(home, 'config/genesis.json'))
  const lanes = signedLanes('sdk-devnet-1', first)
  const port = await freePort()
  const p = start([
    '--home',
    home,
    'start',
    '--rpc.laddr',
    `tcp://127.0.0.1:${port}`,
    '--api.enable=false',
    '--grpc.enable=false',
    '--instrumentation.prometheus=false',
  ])
  try {
    return await includedRate([port], lanes, await heightOf(port, 1))
  } finally {
    p.child.kill('SIGTERM')
    await p.exited
    await rm(home, { recursive: true, force: true })
  }
}

async function fourValidatorTxs() {
  const dir = await mkdtemp(join(tmpdir(), 'sdkd-bench-engine-4-'))
  const base = 20_000 + Math.floor(Math.random() * 400) * 100
  const init = spawnSync(
    process.execPath,
    [
      SDKD,
      'testnet',
      'init-files',
      '--validators',
      '4',
      '--output-dir',
      dir,
      '--starting-port',
      String(base),
      '--chain-id',
      'bench-4',
      '--keyring-backend',
      'test',
    ],
    { encoding: 'utf8' },
  )
  if (init.status !== 0) throw new Error(`testnet init-files failed: ${init.stderr}`)
  const genesis = (i) => join(dir, `node${i}`, 'sdkd', 'config', 'genesis.json')
  const first = await fundSenders(genesis(0))
  const text = await readFile(genesis(0), 'utf8')
  for (let i = 1; i < 4; i++) await writeFile(genesis(i), text)
  const lanes = signedLanes('bench-4', first)
  const child = spawn(process.execPath, [SDKD, 'testnet', 'start', '--output-dir', dir], {
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, SDKD_COMETBFT_BIN: COMETBFT },
  })
  const exited = new Promise((resolve) => child.once('close', resolve))
  const ports = [0, 1, 2, 3].map((i) => base + 1 + 10 * i)
  try {
    return await includedRate(ports, lanes, await heightOf(ports[0], 2))
  } finally {
    child.kill('SIGTERM')
    await exited
    await rm(dir, { recursive: true, force: true })
  }
}

const sim = []
const comet = []
const simTx = []
const fourTx = []
for (let run = 1; run <= RUNS; run++) {
  const s = await simulated()
  sim.push(s)
  const c = await underCometbft()
  comet.push(c)
  console.log(
    `run ${run}: simulated ${s.blocksPerSecond.toFixed(0)} blocks/s; CometBFT ${c.blocksPerSecond.toFixed(1)} blocks/s, app ${c.appMsPerBlock.toFixed(2)} ms/block = ${(c.appShare * 100).toFixed(1)}% of the time`,
  )
  if (TXS > 0) {
    const st = await simulatedTxs()
    const ft = await fourValidatorTxs()
    simTx.push(st)
    fourTx.push(ft)
    console.log(
      `run ${run}: ${TXS} bank sends: simulated node ${st.toFixed(0)} included txs/s; four validators under CometBFT ${ft.toFixed(0)} included txs/s`,
    )
  }
}
const bps = (xs) => median(xs.map((x) => x.blocksPerSecond))
console.log(
  `median of ${RUNS}: simulated ${bps(sim).toFixed(0)} blocks/s; under CometBFT ${bps(comet).toFixed(1)} blocks/s (${(bps(comet) / bps(sim)).toFixed(3)}× the simulated); the app's share of CometBFT's block time ${(median(comet.map((c) => c.appShare)) * 100).toFixed(1)}% (${median(comet.map((c) => c.appMsPerBlock)).toFixed(2)} ms of each block)`,
)
if (TXS > 0) {
  console.log(
    `median of ${RUNS}: ${TXS} bank sends from ${SENDERS} senders: simulated node ${median(simTx).toFixed(0)} included txs/s; four validators under CometBFT ${median(fourTx).toFixed(0)} included txs/s (${(median(fourTx) / median(simTx)).toFixed(3)}× the simulated)`,
  )
}
