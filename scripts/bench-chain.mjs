// Benchmark: empty-block production, deep-history reads and restarts, measured side by side in one run.
//
//   npm run bench:chain [-- --blocks 20000 --watch-seconds 10 --restart-heights 20000,100000 --cpu-prof]
//   node scripts/bench-chain.mjs --heights 1000000   (a long history alone: bench-chain-deep.mjs)
//
// In process: blocks/s of a mined burst (group commits), bytes on disk per block, peak RSS and its
// growth, then the median time of a key read at the oldest and at the newest height of a history
// where that key changes at every height, and their ratio.
// A real `sdkd devnet --timeout-commit 0` process: empty blocks/s of its block loop as a client
// polling /status back to back sees them (the figure a user watching the chain gets), and /status
// answers/s meanwhile. Then, for each history size, the chain is mined to that height (dev_mine),
// stopped, and restarted: the time from spawning `sdkd start` until /status shows a height above the
// one it stopped at, and the CPU the restarted process spent until then; once more at the largest
// history with a devnet's API (REST with Swagger and CORS, metrics), until REST answers too.
// --cpu-prof writes the sdkd processes' CPU profiles to a directory it prints.
// Targets (2-core machine): >= 5,000 blocks/s in both, deep read <= 2x latest read, RSS growth
// < 50 MB, restart < 1 s at 20,000 heights and < 3 s at 100,000.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInit } from '../dist/cli/init.js'
import { applyHeapGrowth, useRuntimeOptions } from '../dist/cli/runtime-options.js'
import { uint64BE } from '../dist/codec/bytes.js'
import { loadHome } from '../dist/config/home.js'
import { createSilentLogger } from '../dist/logger.js'
import { Node } from '../dist/node/node.js'
import { APP_VERSIONS } from '../dist/versions/index.js'
import { dirSize, freePort, median, numberArg, rpcCall, statCpuSeconds } from './bench-lib.mjs'

// --heights N: the long-history run alone (bench-chain-deep.mjs).
if (process.argv.includes('--heights')) {
  await import('./bench-chain-deep.mjs')
  process.exit(0)
}

const BLOCKS = numberArg('blocks', 20_000)
const READS = numberArg('reads', 20_000)
const WATCH_SECONDS = numberArg('watch-seconds', 10)
const RESTART_HEIGHTS = (() => {
  const i = process.argv.indexOf('--restart-heights')
  return (i > 0 ? process.argv[i + 1] : '20000,100000').split(',').map(Number)
})()
const CPU_PROF = process.argv.includes('--cpu-prof')
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))

// A bench-only app version: v1 plus a module that rewrites one key every block, so the key has a
// version at every height of the history (the worst case for a past-height read).
const COUNTER_KEY = Uint8Array.of(0x01)
APP_VERSIONS['bench-history'] = (deps) => {
  const v1 = APP_VERSIONS.v1(deps)
  const counter = {
    name: 'counter',
    consensusVersion: 1,
    async beginBlock(ctx) {
      ctx.state.store('counter').set(COUNTER_KEY, uint64BE(ctx.height))
    },
  }
  return {
    ...v1,
    name: 'bench-history',
    modules: [...v1.modules, counter],
    order: {
      ...v1.order,
      initGenesis: [...v1.order.initGenesis, 'counter'],
      // Every module with a BeginBlocker stays in the list (the app refuses one left out).
      beginBlockers: [...v1.order.beginBlockers, 'counter'],
    },
  }
}

async function openNode(home, appVersion) {
  await runInit({ home }, 'bench', { chainId: 'bench-1' })
  const loaded = await loadHome(home)
  loaded.node.consensus.timeoutCommitMs = 0
  loaded.app.pruning = 'nothing'
  const logger = createSilentLogger()
  // As `sdkd start` does: the runtime options (and V8's flags) from app.toml and the environment.
  const runtime = useRuntimeOptions(loaded, logger)
  const node = await Node.create({ home: loaded, appVersion, logger, runtime })
  applyHeapGrowth(runtime)
  return node
}

const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-chain-'))
try {
  process.stderr.write = (
    (orig) =>
    (chunk, ...rest) =>
      String(chunk).startsWith('{"moniker"') ? true : orig.call(process.stderr, chunk, ...rest)
  )(process.stderr.write)
  const node = await openNode(home, 'v1')
  const producer = node.producer

  // Warm up, then measure production.
  await producer.produceBlocks(200)
  const sizeBefore = await dirSize(join(home, 'data'))
  global.gc?.()
  const rssStart = process.memoryUsage().rss
  let rssPeak = rssStart
  const t0 = performance.now()
  for (let done = 0; done < BLOCKS; done += 1000) {
    await producer.produceBlocks(Math.min(1000, BLOCKS - done))
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }
  const seconds = (performance.now() - t0) / 1000
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  const sizeAfter = await dirSize(join(home, 'data'))

  await node.stop()

  // Phase 2: a history where one key changes at every height; read it at the oldest and newest.
  const home2 = await mkdtemp(join(tmpdir(), 'sdkd-bench-history-'))
  const hist = await openNode(home2, 'bench-history')
  await hist.producer.produceBlocks(BLOCKS)
  const store = hist.store
  const oldest = store.earliestHeight
  const newest = store.latestHeight
  const timeReads = async (height) => {
    const samples = []
    const view = store.view(height).store('counter')
    for (let r = 0; r < 7; r++) {
      const t = performance.now()
      for (let i = 0; i < READS / 7; i++) await view.get(COUNTER_KEY)
      samples.push(((performance.now() - t) * 1000) / (READS / 7))
    }
    return median(samples)
  }
  // Cold reads: every read at a different old height, so every read is a different version.
  const timeColdReads = async () => {
    const samples = []
    const n = Math.min(READS, newest - 1) / 7
    let h = oldest
    for (let r = 0; r < 7; r++) {
      const t = performance.now()
      for (let i = 0; i < n; i++) {
        await store.view(h).store('counter').get(COUNTER_KEY)
        h = h >= newest - 1 ? oldest : h + 1
      }
      samples.push(((performance.now() - t) * 1000) / n)
    }
    return median(samples)
  }
  await timeReads(newest)
  await timeReads(oldest)
  const latestUs = await timeReads(newest)
  const oldestUs = await timeReads(oldest)
  const coldUs = await timeColdReads()
  await hist.stop()
  await rm(home2, { recursive: true, force: true })

  console.log(`blocks produced:        ${BLOCKS}`)
  console.log(`blocks/s:               ${(BLOCKS / seconds).toFixed(0)} (target >= 5000)`)
  console.log(`bytes on disk / block:  ${((sizeAfter - sizeBefore) / BLOCKS).toFixed(0)}`)
  console.log(
    `RSS start / peak:       ${(rssStart / 2 ** 20).toFixed(1)} MB / ${(rssPeak / 2 ** 20).toFixed(1)} MB`,
  )
  console.log(
    `RSS growth:             ${((rssPeak - rssStart) / 2 ** 20).toFixed(1)} MB (target < 50 MB)`,
  )
  console.log(`read at latest (h=${newest}): ${latestUs.toFixed(2)} us (median)`)
  console.log(`read at oldest (h=${oldest}): ${oldestUs.toFixed(2)} us (median)`)
  console.log(`deep/latest read ratio: ${(oldestUs / latestUs).toFixed(2)} (target <= 2)`)
  console.log(
    `cold deep read (each a different old version, not cached): ${coldUs.toFixed(2)} us (median)`,
  )
} finally {
  await rm(home, { recursive: true, force: true })
}

// --- a real process --------------------------------------------------------------------------

const profDir = CPU_PROF ? await mkdtemp(join(tmpdir(), 'sdkd-bench-chain-prof-')) : undefined
const procHome = await mkdtemp(join(tmpdir(), 'sdkd-bench-chain-proc-'))
const port = await freePort()
const rpc = `http://127.0.0.1:${port}`
const sdkd = (args) =>
  spawn(
    process.execPath,
    [
      ...(profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []),
      SDKD,
      '--home',
      procHome,
      ...args,
    ],
    { stdio: 'ignore' },
  )
const serverFlags = [
  '--rpc.laddr',
  `tcp://127.0.0.1:${port}`,
  '--api.enable=false',
  '--grpc.enable=false',
  '--instrumentation.prometheus=false',
]
const statusHeight = async () => {
  const res = await fetch(`${rpc}/status`)
  return Number((await res.json()).result.sync_info.latest_block_height)
}
const call = (method, params) => rpcCall(rpc, method, params)
/** The API settings of a devnet home (REST with Swagger and CORS, Prometheus metrics). */
const apiFlags = (apiPort, metricsPort) => [
  '--instrumentation.prometheus',
  '--instrumentation.prometheus_listen_addr',
  `127.0.0.1:${metricsPort}`,
  '--api.enable',
  '--api.address',
  `tcp://127.0.0.1:${apiPort}`,
  '--api.swagger=true',
  '--api.enabled-unsafe-cors=true',
]
/** Polls a REST route until it answers 200. */
const restAnswers = async (base, timeoutMs = 60_000) => {
  const t = performance.now()
  for (;;) {
    try {
      const res = await fetch(`${base}/sdk/base/tendermint/v1beta1/blocks/latest`)
      await res.arrayBuffer()
      if (res.ok) return
    } catch {
      // not listening yet
    }
    if (performance.now() - t > timeoutMs) throw new Error('REST did not answer in time')
    await new Promise((r) => setTimeout(r, 2))
  }
}
/** Polls /status until `done(height)`; resolves with the ms it took. */
const until = async (done, timeoutMs = 60_000) => {
  const t = performance.now()
  for (;;) {
    try {
      if (done(await statusHeight())) return performance.now() - t
    } catch {
      // not listening yet
    }
    if (performance.now() - t > timeoutMs) throw new Error('the node did not answer in time')
    await new Promise((r) => setTimeout(r, 2))
  }
}
const stop = async (child) => {
  child.kill('SIGINT')
  const code = await new Promise((r) => child.once('close', r))
  if (code !== 0) throw new Error(`sdkd exited with ${code}`)
}

try {
  spawnSync(process.execPath, [SDKD, '--home', procHome, 'init', 'bench', '--devnet'], {
    stdio: 'ignore',
  })
  let node = sdkd(['devnet', '--timeout-commit', '0', ...serverFlags])
  await until((h) => h > 5)
  // Blocks as a client watching /status sees them, the loop and the RPC sharing the process.
  const h0 = await statusHeight()
  const t0 = performance.now()
  let answers = 0
  while (performance.now() - t0 < WATCH_SECONDS * 1000) {
    await statusHeight()
    answers++
  }
  const watchSeconds = (performance.now() - t0) / 1000
  const loopRate = ((await statusHeight()) - h0) / watchSeconds
  console.log(
    `loop blocks/s (sdkd devnet --timeout-commit 0, /status polled): ${loopRate.toFixed(0)} (target >= 5000); /status answers/s meanwhile: ${(answers / watchSeconds).toFixed(0)}`,
  )

  await call('dev_setMining', { mode: 'manual' })
  for (const target of RESTART_HEIGHTS) {
    const height = await statusHeight()
    if (target > height) await call('dev_mine', { blocks: target - height })
    const stored = await statusHeight()
    await stop(node)
    const started = performance.now()
    node = sdkd(['start', ...serverFlags])
    await until((h) => h > stored)
    const ms = performance.now() - started
    // The process's CPU until then (all its threads): what a loaded machine moves least.
    const cpuMs = statCpuSeconds(`/proc/${node.pid}/stat`) * 1000
    const goal = target >= 100_000 ? 3000 : 1000
    console.log(
      `restart at ${stored} heights: ${ms.toFixed(0)} ms until /status shows height ${stored + 1}, ${cpuMs.toFixed(0)} ms of CPU (target < ${goal} ms at ${target >= 100_000 ? '100,000' : '20,000'})`,
    )
  }
  // Once more with the API a devnet serves (REST with Swagger, CORS and metrics, as its app.toml
  // has them): until /status shows the next height and REST answers too.
  const stored = await statusHeight()
  await stop(node)
  const apiPort = await freePort()
  const metricsPort = await freePort()
  const started = performance.now()
  const flags = serverFlags.filter((f) => !f.startsWith('--api.') && !f.startsWith('--instr'))
  node = sdkd(['start', ...flags, ...apiFlags(apiPort, metricsPort)])
  await until((h) => h > stored)
  await restAnswers(`http://127.0.0.1:${apiPort}`)
  const ms = performance.now() - started
  const cpuMs = statCpuSeconds(`/proc/${node.pid}/stat`) * 1000
  console.log(
    `restart at ${stored} heights, a devnet's API on (REST, Swagger, CORS, metrics): ${ms.toFixed(0)} ms until /status shows height ${stored + 1} and REST answers, ${cpuMs.toFixed(0)} ms of CPU`,
  )
  await stop(node)
  if (profDir) console.log(`CPU profiles of the sdkd processes: ${profDir}`)
} finally {
  await rm(procHome, { recursive: true, force: true })
}
