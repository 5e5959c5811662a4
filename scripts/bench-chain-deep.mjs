// Benchmark: a long history, as `bench:chain --heights N` runs it (default 1,000,000).
//
//   node scripts/bench-chain.mjs --heights 1000000 [--seconds 3 --rounds 3 --connections 32]
//                                [--step 100000] [--mine-only] [--cpu-prof] [--pruning STRATEGY]
//
// A real `sdkd devnet --timeout-commit 0` process on a fresh home mines N blocks with `dev_mine`
// (manual mining), and every 1,000 heights three of them are bank sends (`dev_fund` from the
// devnet validator to a new account): the validator's balance has a version every 1,000 heights,
// and the state grows a little. Every 100,000 heights it prints the node's RSS (from /proc), the
// data directory's size and the blocks/s of that stretch (--step sets the stretch), where the
// resident pages are (V8's pages, malloc's main arena, the other anonymous mappings such as the
// threads' arenas, LevelDB's mapped tables: from /proc/PID/smaps), and last the
// RSS's slope per 100,000 heights (a least-squares line through those samples). Then the node is stopped and restarted
// with `sdkd start`: the time until /status shows the next height, and its RSS once it answers.
// Last, the same home is opened in a node process that also serves a bare Hono hello route (as
// bench:gateway's (a)), and an autocannon process measures requests/s of (a) the hello route,
// (e) module_versions and (f) the validator's bank balance at random heights over the whole
// history (each connection its own heights), with the serving process's RSS after the load.
// The nodes run with --inv-check-period 0 (the invariants are not what is measured). --mine-only
// ends after the mining figures (no restart, no reads). --pruning STRATEGY mines and restarts with
// that state pruning (a devnet keeps every height; `default` is upstream's, the last 362,880); the
// reads then cover the heights kept.
// Targets: restart < 2 s at 1,000,000 heights (< 1 s at 20,000), RSS <= 300 MB and flat in height.
import { fork, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dirSize, freePort, loadHttp, median, numberArg, rpcCall } from './bench-lib.mjs'

const SELF = fileURLToPath(import.meta.url)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const MB = 2 ** 20

/**
 * A process's resident set size and its anonymous and file-backed parts (bytes; NaN when absent),
 * from one read of /proc/PID/status.
 */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field) => {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)
    return m ? Number(m[1]) * 1024 : Number.NaN
  }
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') }
}

/**
 * Where a process's resident pages are (bytes), from one read of /proc/PID/smaps: V8's pages (its
 * heap is mapped in 256 KB pages, each a mapping of its own), malloc's main arena (`[heap]`), the
 * other anonymous mappings (the threads' malloc arenas, their stacks, V8's large objects), and the
 * LevelDB tables LevelDB maps (`*.ldb`). Undefined where /proc has no smaps.
 */
function mappingsOf(pid) {
  let text
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return undefined
  }
  const out = { v8: 0, mainArena: 0, otherAnon: 0, tables: 0 }
  let part
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (m) {
      const size = Number.parseInt(m[2], 16) - Number.parseInt(m[1], 16)
      const name = m[3]
      if (name === '[heap]') part = 'mainArena'
      else if (name.endsWith('.ldb')) part = 'tables'
      else if (name !== '')
        part = undefined // the binaries and other files, the stack, vdso
      else part = size === 256 * 1024 ? 'v8' : 'otherAnon'
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && part) out[part] += Number(rss[1]) * 1024
  }
  return out
}

/** The `mappingsOf` line of a process, or an empty string. */
function mappingsText(pid) {
  const m = mappingsOf(pid)
  if (!m) return ''
  const mb = (n) => (n / MB).toFixed(0)
  return `; of it V8's pages ${mb(m.v8)}, malloc's main arena ${mb(m.mainArena)}, other anonymous ${mb(m.otherAnon)}, LevelDB's tables ${mb(m.tables)}`
}

/** Resident set size of a process (bytes), from /proc. */
function rssOf(pid) {
  return memoryOf(pid).rss
}

/** The least-squares slope of ys against xs (0 with fewer than two points). */
function slope(xs, ys) {
  const n = xs.length
  if (n < 2) return 0
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my)
    den += (xs[i] - mx) ** 2
  }
  return num / den
}

// --- the serving process -------------------------------------------------------------------------

/** Opens the home in this process with REST on, plus a bare Hono hello route; answers its addresses. */
async function serve({ home }) {
  const { Hono } = await import('hono')
  const { loadHome } = await import('../dist/config/home.js')
  const { createSilentLogger } = await import('../dist/logger.js')
  const { Node } = await import('../dist/node/node.js')
  const { applyHeapGrowth, useRuntimeOptions } = await import('../dist/cli/runtime-options.js')
  const { listenHttp } = await import('../dist/server/listen.js')
  const loaded = await loadHome(home)
  loaded.app.api.enable = true
  loaded.app.api.address = 'tcp://127.0.0.1:0'
  loaded.app.grpc.enable = false
  loaded.node.rpc.laddr = 'tcp://127.0.0.1:0'
  loaded.node.consensus.timeoutCommitMs = 100
  const logger = createSilentLogger()
  const runtime = useRuntimeOptions(loaded, logger)
  const { DEFAULT_APP_VERSION } = await import('../dist/versions/index.js')
  const node = await Node.create({ home: loaded, appVersion: DEFAULT_APP_VERSION, logger, runtime })
  applyHeapGrowth(runtime)
  await node.start()
  const hello = await listenHttp(
    new Hono().get('/hello', (c) => c.text('hello')),
    'tcp://127.0.0.1:0',
    'hello',
  )
  process.on('message', async (msg) => {
    if (msg === 'rss') process.send({ rss: process.memoryUsage().rss })
    else if (msg === 'cpu') {
      const cpu = process.cpuUsage()
      process.send({ cpuMicros: cpu.user + cpu.system })
    } else if (msg === 'stop') {
      await hello.close()
      await node.stop()
      process.send({ stopped: true }, () => process.exit(0))
    }
  })
  return {
    api: node.addresses.api,
    hello: hello.address,
    oldest: node.store.earliestHeight,
    latest: node.producer.height,
  }
}

/** One load of the deep reads: 2,000 random heights per connection in the height header. */
function load({ url, seconds, connections, heights }) {
  const asked = heights && { ...heights, header: 'x-sdk-block-height', count: 2000 }
  return loadHttp({ url, seconds, connections, heights: asked })
}

function child(mode, job, execArgv = []) {
  const proc = fork(SELF, [mode, JSON.stringify(job)], { stdio: 'inherit', execArgv })
  const first = new Promise((resolve, reject) => {
    proc.once('message', resolve)
    proc.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${mode} process exited with ${code}`))
    })
  })
  return { proc, first }
}

const ask = (proc, msg) =>
  new Promise((resolve) => {
    proc.once('message', resolve)
    proc.send(msg)
  })

// --- orchestration -------------------------------------------------------------------------------

async function main() {
  const HEIGHTS = numberArg('heights', 1_000_000)
  const SECONDS = numberArg('seconds', 3)
  const ROUNDS = numberArg('rounds', 3)
  const CONNECTIONS = numberArg('connections', 32)
  const STEP = numberArg('step', 100_000)
  const MINE_ONLY = process.argv.includes('--mine-only')
  const pruningAt = process.argv.indexOf('--pruning')
  const PRUNING = pruningAt > 0 ? ['--pruning', process.argv[pruningAt + 1]] : []
  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-chain-deep-'))
  const port = await freePort()
  const rpc = `http://127.0.0.1:${port}`
  const flags = [
    '--rpc.laddr',
    `tcp://127.0.0.1:${port}`,
    '--api.enable=false',
    '--grpc.enable=false',
    '--instrumentation.prometheus=false',
    ...PRUNING,
  ]
  const sdkd = (args) =>
    spawn(process.execPath, [SDKD, '--home', home, ...args], { stdio: 'ignore' })
  const height = async () => {
    const res = await fetch(`${rpc}/status`)
    return Number((await res.json()).result.sync_info.latest_block_height)
  }
  const until = async (done) => {
    const t = performance.now()
    for (;;) {
      try {
        if (done(await height())) return performance.now() - t
      } catch {
        // not listening yet
      }
      if (performance.now() - t > 120_000) throw new Error('the node did not answer in time')
      await new Promise((r) => setTimeout(r, 2))
    }
  }
  const stop = async (proc) => {
    proc.kill('SIGINT')
    const code = await new Promise((r) => proc.once('close', r))
    if (code !== 0) throw new Error(`sdkd exited with ${code}`)
  }
  let server
  try {
    spawnSync(process.execPath, [SDKD, '--home', home, 'init', 'bench', '--devnet'], {
      stdio: 'ignore',
    })
    const validator = spawnSync(
      process.execPath,
      [SDKD, '--home', home, 'keys', 'show', 'validator', '-a', '--keyring-backend', 'test'],
      { encoding: 'utf8' },
    ).stdout.trim()
    const { addressToBech32 } = await import('../dist/codec/address.js')
    // The invariants read every delegation by design; the long history measures the store.
    let node = sdkd(['devnet', '--timeout-commit', '0', '--inv-check-period', '0', ...flags])
    await until((h) => h >= 1)
    await rpcCall(rpc, 'dev_setMining', { mode: 'manual' })
    const start = await height()
    console.log(
      `mining ${HEIGHTS} heights (a bank send from the validator every 1,000 heights, three a time)`,
    )
    const dataDir = join(home, 'data')
    const rssSeries = []
    const rssHeights = []
    let stretchStart = performance.now()
    let stretchHeight = start
    const t0 = performance.now()
    for (let h = start; h < HEIGHTS; ) {
      const mine = Math.min(997, HEIGHTS - h)
      await rpcCall(rpc, 'dev_mine', { blocks: mine })
      h += mine
      for (let i = 0; i < 3 && h < HEIGHTS; i++, h++) {
        const to = addressToBech32(randomBytes(20))
        await rpcCall(rpc, 'dev_fund', { address: to, coins: '1stake' })
      }
      if (Math.floor(h / STEP) > Math.floor((h - mine - 3) / STEP) || h >= HEIGHTS) {
        const { rss, anon, file } = memoryOf(node.pid)
        rssSeries.push(rss)
        rssHeights.push(h)
        const now = performance.now()
        console.log(
          `  at ${h}: RSS ${(rss / MB).toFixed(0)} MB (anonymous ${(anon / MB).toFixed(0)}, files ${(file / MB).toFixed(0)}), data ${((await dirSize(dataDir)) / MB).toFixed(0)} MB, ${((h - stretchHeight) / ((now - stretchStart) / 1000)).toFixed(0)} blocks/s${mappingsText(node.pid)}`,
        )
        stretchStart = now
        stretchHeight = h
      }
    }
    const stored = await height()
    const mineSeconds = (performance.now() - t0) / 1000
    await stop(node)
    const data = await dirSize(dataDir)
    console.log(
      `mined: ${stored} heights in ${mineSeconds.toFixed(0)} s; data ${(data / MB).toFixed(0)} MB, ${(data / stored).toFixed(0)} bytes per block`,
    )
    console.log(
      `RSS while mining: first ${(rssSeries[0] / MB).toFixed(0)} MB, last ${(rssSeries.at(-1) / MB).toFixed(0)} MB, max ${(Math.max(...rssSeries) / MB).toFixed(0)} MB, slope ${((slope(rssHeights, rssSeries) * 100_000) / MB).toFixed(1)} MB per 100,000 heights (target <= 300 MB, flat)`,
    )
    if (MINE_ONLY) return

    const started = performance.now()
    node = sdkd(['start', '--inv-check-period', '0', ...flags])
    await until((h) => h > stored)
    const restartMs = performance.now() - started
    await new Promise((r) => setTimeout(r, 1000))
    console.log(
      `restart at ${stored} heights: ${restartMs.toFixed(0)} ms until /status shows height ${stored + 1} (target < ${stored >= 1_000_000 ? 2000 : 1000} ms); RSS then ${(rssOf(node.pid) / MB).toFixed(0)} MB`,
    )
    await stop(node)

    // --cpu-prof: a V8 CPU profile of the serving process (the reads), in a directory printed.
    const profDir = process.argv.includes('--cpu-prof')
      ? await mkdtemp(join(tmpdir(), 'sdkd-bench-chain-deep-prof-'))
      : undefined
    server = child(
      '--serve-deep',
      { home },
      profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [],
    )
    if (profDir) console.log(`CPU profile of the serving process: ${profDir}`)
    const s = await server.first
    const heights = { min: s.oldest, max: s.latest }
    const cases = {
      a: { url: `http://${s.hello}/hello` },
      e: { url: `http://${s.api}/sdk/upgrade/v1beta1/module_versions`, heights },
      f: {
        url: `http://${s.api}/sdk/bank/v1beta1/balances/${validator}/by_denom?denom=stake`,
        heights,
      },
    }
    const rps = { a: [], e: [], f: [] }
    const cpu = { a: [], e: [], f: [] }
    const ratios = { e: [], f: [] }
    const cpuRatios = { e: [], f: [] }
    let errors = 0
    // Warm-up (JIT, and the restarted store's first compactions, which run on the serving
    // process's threads), not counted.
    for (const c of Object.values(cases)) {
      const job = { ...c, seconds: 1, connections: CONNECTIONS }
      if (c.heights) job.heights = { ...c.heights, seed: 1000 }
      await child('--load-deep', job).first
    }
    for (let round = 0; round < ROUNDS; round++) {
      const got = {}
      const gotCpu = {}
      for (const [name, c] of Object.entries(cases)) {
        const job = { ...c, seconds: SECONDS, connections: CONNECTIONS }
        if (c.heights) job.heights = { ...c.heights, seed: round + 1 }
        const before = (await ask(server.proc, 'cpu')).cpuMicros
        const r = await child('--load-deep', job).first
        const after = (await ask(server.proc, 'cpu')).cpuMicros
        got[name] = r.rps
        gotCpu[name] = (after - before) / Math.max(1, r.requests)
        rps[name].push(r.rps)
        cpu[name].push(gotCpu[name])
        errors += r.errors
      }
      ratios.e.push(got.e / got.a)
      ratios.f.push(got.f / got.a)
      cpuRatios.e.push(gotCpu.a / gotCpu.e)
      cpuRatios.f.push(gotCpu.a / gotCpu.f)
    }
    const serveRss = (await ask(server.proc, 'rss')).rss
    const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(' / ')
    console.log(
      `random heights ${heights.min}..${heights.max}, ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections:`,
    )
    // Beside each ratio, the serving process's CPU time per request of (a) over that of the case:
    // what the ratio would be with the server's core alone limiting both (less disturbed by other
    // load on the machine), as bench:gateway prints it.
    const us = (xs) => `${median(xs).toFixed(0)} µs CPU/req (${fmt(xs)})`
    console.log(
      `  (a) bare Hono hello: ${median(rps.a).toFixed(0)} req/s (${fmt(rps.a)}); ${us(cpu.a)}`,
    )
    console.log(
      `  (e) module_versions: ${median(rps.e).toFixed(0)} req/s (${fmt(rps.e)}); (e)/(a) ${median(ratios.e).toFixed(2)}; ${us(cpu.e)} [CPU per request a/e = ${median(cpuRatios.e).toFixed(2)}]`,
    )
    console.log(
      `  (f) a bank balance:  ${median(rps.f).toFixed(0)} req/s (${fmt(rps.f)}); (f)/(a) ${median(ratios.f).toFixed(2)}; ${us(cpu.f)} [CPU per request a/f = ${median(cpuRatios.f).toFixed(2)}]`,
    )
    console.log(
      `  errors: ${errors}; serving process RSS after the load: ${(serveRss / MB).toFixed(0)} MB`,
    )
    await ask(server.proc, 'stop')
    server = undefined
  } finally {
    server?.proc.kill('SIGKILL')
    await rm(home, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--serve-deep') {
  process.send(await serve(JSON.parse(process.argv[3])))
} else if (process.argv[2] === '--load-deep') {
  const result = await load(JSON.parse(process.argv[3]))
  process.send(result, () => process.exit(0))
} else {
  await main()
}
