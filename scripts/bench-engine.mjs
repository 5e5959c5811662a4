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
// The last lines are the medians of the runs. The cometbft binary is `--cometbft-bin`, else
// $SDKD_COMETBFT_BIN, else the pinned build in .tools/bin (scripts/install-tools.sh).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, stringify } from 'smol-toml'
import { freePort, median, numberArg, rpcCall } from './bench-lib.mjs'

const SECONDS = numberArg('seconds', 15)
const RUNS = numberArg('runs', 3)
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
  let partial = ''
  const onData = (d) => {
    partial += d
    const parts = partial.split('\n')
    partial = parts.pop() ?? ''
    for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l))
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
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

const sim = []
const comet = []
for (let run = 1; run <= RUNS; run++) {
  const s = await simulated()
  sim.push(s)
  const c = await underCometbft()
  comet.push(c)
  console.log(
    `run ${run}: simulated ${s.blocksPerSecond.toFixed(0)} blocks/s; CometBFT ${c.blocksPerSecond.toFixed(1)} blocks/s, app ${c.appMsPerBlock.toFixed(2)} ms/block = ${(c.appShare * 100).toFixed(1)}% of the time`,
  )
}
const bps = (xs) => median(xs.map((x) => x.blocksPerSecond))
console.log(
  `median of ${RUNS}: simulated ${bps(sim).toFixed(0)} blocks/s; under CometBFT ${bps(comet).toFixed(1)} blocks/s (${(bps(comet) / bps(sim)).toFixed(3)}× the simulated); the app's share of CometBFT's block time ${(median(comet.map((c) => c.appShare)) * 100).toFixed(1)}% (${median(comet.map((c) => c.appMsPerBlock)).toFixed(2)} ms of each block)`,
)
