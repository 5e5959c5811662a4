// Benchmark: mining on demand through the dev API of a real devnet process.
//
//   npm run bench:mine [-- --blocks 100000 --runs 3 --cpu-prof --revert --inv-check-period N --split]
//
// Each run starts a devnet node (own temp home, free port, REST and gRPC off), switches to manual
// mining and mines N empty blocks in one `dev_mine` call (group commits), then checks the height and
// prints the wall time, blocks/s and — on Linux, from /proc — the CPU time per block of the node's
// threads: its main thread, its two busiest other threads while mining (the invariant worker, which
// checks a devnet's invariants after every block, and the block worker; only the block worker with
// --inv-check-period 0) and all the rest (V8's garbage collector and compiler threads, LevelDB), and the KB of JS heap the node's
// thread allocated per block (the node runs with V8's --trace-gc-nvp, whose line per collection
// counts the bytes allocated since the one before), with the time that thread paused for its
// collections and what they ran on V8's helper threads (the same lines). The last line is the
// median of the runs: this machine's speed drifts by 10–15% within minutes, so one run says
// little; CPU per block moves less than blocks/s. Target: N = 100,000 works, at >= 10,000 empty blocks/s on a 2-core
// machine. --cpu-prof writes each node's CPU profile to a directory it prints. --revert also takes a
// `dev_snapshot` before the mining and times the `dev_revert` to it over the N mined blocks (what
// `sdkd dev revert` does), checking the height is back. --inv-check-period N starts every node with
// that `sdkd start` flag (0: no invariants; a devnet asserts them after every block by default), so
// a block's cost can be measured with and without them (with --against, both nodes); the summary
// lines name the period.
//
// Then the same with 4 and with 100 validators (a home of `sdkd init --devnet --validators N`: the
// node holds every key, power 10 each, so every block carries 4 or 100 signatures and x/staking and
// x/slashing see them all), on BLOCKS/10 and BLOCKS/100 blocks (`--validators 1` skips them), and
// prints their blocks/s and the CPU per block of the node's thread and its two busiest other threads.
//
// --split first mines in a node inside this process (a devnet home of `sdkd init --devnet`, the
// same --validators and --inv-check-period; --blocks/10 blocks of one validator, /100 of 4, /1,000
// of 100, at least 100 and at most 3,000, one at a time, each
// durable before the next, after a burst of as many, at most 1,000, to warm up) and prints, per block, the CPU time of
// the node's thread (Linux's /proc), the wall time of each module's PreBlock/BeginBlock/EndBlock and
// of each invariant, or of a module's invariants where it checks them in one pass (from its call
// until it returns, or until its promise settles for a hook that waits on a read: then what else of
// the node's runs in the meantime counts too), the rest of the thread's time (the block's own building, the commit plan and app
// hash, the writes), and the promises the node made per block (a second, shorter burst with an
// async hook counting them; the hook slows that burst, so only its count is printed). It says which
// of a block's parts the time goes to, where the node's own CPU profile breaks at every `await`.
//
// `--against DIR [--burst 1000] [--rounds 10]` compares this build with another checkout's (built in
// DIR) instead: the two nodes run side by side and mine --burst blocks in turn, --rounds times, and
// the medians of the ratios of the node's thread and of the wall time per block are printed, with
// the KB each build allocated per block over all the rounds, for each set of --validators. On a
// machine whose speed drifts by 10–25% within minutes, bursts a second apart compare two builds
// more closely than whole runs in turn.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  freePort,
  gcPer,
  gcText,
  median,
  numberArg,
  rpcCall,
  statCpuSeconds,
  threadCpu,
  watchAllocation,
} from './bench-lib.mjs'

const ALL_BLOCKS = numberArg('blocks', 100_000)
const SETS = process.argv.includes('--validators')
  ? process.argv[process.argv.indexOf('--validators') + 1].split(',').map(Number)
  : [1, 4, 100]
let BLOCKS = ALL_BLOCKS
const RUNS = numberArg('runs', 3)
const REVERT = process.argv.includes('--revert')
const AGAINST = process.argv.includes('--against')
  ? process.argv[process.argv.indexOf('--against') + 1]
  : undefined
const BURST = numberArg('burst', 1000)
const ROUNDS = numberArg('rounds', 10)
const TARGET = 10_000
/** `--inv-check-period N`: the nodes' flag (undefined: the devnet's own, every block). */
const INV_CHECK_PERIOD = numberArg('inv-check-period', undefined)
if (
  INV_CHECK_PERIOD !== undefined &&
  !(Number.isInteger(INV_CHECK_PERIOD) && INV_CHECK_PERIOD >= 0)
) {
  console.error('--inv-check-period takes a whole number of blocks (0: never)')
  process.exit(2)
}
/** What the nodes assert after EndBlock, for the summary lines. */
const INVARIANTS =
  INV_CHECK_PERIOD === undefined || INV_CHECK_PERIOD === 1
    ? 'invariants after every block'
    : INV_CHECK_PERIOD === 0
      ? 'no invariants'
      : `invariants every ${INV_CHECK_PERIOD} blocks`
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const PROF_DIR = process.argv.includes('--cpu-prof')
  ? await mkdtemp(join(tmpdir(), 'sdkd-bench-mine-prof-'))
  : undefined

/** CPU µs per block of the node's threads between two `threadCpu` samples, over `blocks`. */
function cpuPerBlock(pid, before, after, blocks = BLOCKS) {
  if (!before || !after) return undefined
  const deltas = [...after].map(([tid, s]) => [tid, s - (before.get(tid) ?? 0)])
  const perBlock = (s) => (s * 1e6) / blocks
  const main = perBlock(deltas.find(([tid]) => tid === pid)?.[1] ?? 0)
  const others = deltas
    .filter(([tid]) => tid !== pid)
    .map(([, s]) => s)
    .sort((a, b) => b - a)
  const workers = [perBlock(others[0] ?? 0), perBlock(others[1] ?? 0)]
  const total = perBlock(deltas.reduce((sum, [, s]) => sum + s, 0))
  return { main, workers, rest: total - main - workers[0] - workers[1], total }
}

const us = (x) => `${x.toFixed(0)} µs`

/** The CPU of a block by thread, as the lines print it. */
function threadsText(cpu) {
  return `node's thread ${us(cpu.main)}, its busiest other threads ${us(cpu.workers[0])} and ${us(cpu.workers[1])}, the rest ${us(cpu.rest)}`
}

/** The median of each figure of several runs' CPU. */
function medianCpu(list) {
  const m = (f) => median(list.map(f))
  return {
    main: m((c) => c.main),
    workers: [m((c) => c.workers[0]), m((c) => c.workers[1])],
    rest: m((c) => c.rest),
  }
}
const kbText = (x) => `${x.toFixed(0)} KB`

/**
 * KB of JS heap the node's thread allocated per block between two sums of --trace-gc-nvp's
 * `allocated=`: each collection counts what was allocated since the one before, so a window's
 * figure is off by at most what one young generation holds (a few percent over 1,000 blocks).
 */
function kbPerBlock(before, after, blocks) {
  return (after - before) / 1024 / blocks
}

/**
 * The mean of equal bursts' figures: what a whole --against run allocated per block, where a
 * collection's count may fall in the next burst of the same node.
 */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length

/**
 * A devnet process of the build whose CLI is `sdkd` on a fresh home (`validators` of the devnet's
 * own), REST and gRPC off, switched to manual mining: `{ call, pid, stop }`.
 */
async function startNode(sdkd, validators) {
  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-mine-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const call = (method, params) => rpcCall(url, method, params)
  // Several validators: the devnet's own (genesis bonds them, the home holds every key).
  const set = validators > 1 ? ['--validators', String(validators)] : []
  spawnSync(process.execPath, [sdkd, '--home', home, 'init', 'bench', '--devnet', ...set], {
    stdio: 'ignore',
  })
  const node = spawn(
    process.execPath,
    [
      ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROF_DIR] : []),
      // A line per collection on stdout, with the bytes allocated since the one before.
      '--trace-gc-nvp',
      sdkd,
      '--home',
      home,
      '--log_level',
      'warn',
      'start',
      '--rpc.laddr',
      `tcp://127.0.0.1:${port}`,
      '--api.enable=false',
      '--grpc.enable=false',
      ...(INV_CHECK_PERIOD === undefined ? [] : ['--inv-check-period', String(INV_CHECK_PERIOD)]),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const allocation = watchAllocation(node.stdout)
  const stop = async () => {
    node.kill('SIGTERM')
    await new Promise((r) => node.once('close', r))
    await rm(home, { recursive: true, force: true })
  }
  try {
    const deadline = Date.now() + 30_000
    for (;;) {
      try {
        await call('dev_setMining', { mode: 'manual' })
        break
      } catch {
        if (Date.now() > deadline) throw new Error('the node did not start')
        await new Promise((r) => setTimeout(r, 200))
      }
    }
  } catch (err) {
    await stop()
    throw err
  }
  return { call, pid: node.pid, stop, allocation }
}

/** One run on a fresh devnet: `{ seconds, cpu, revertSeconds }`. */
async function run(validators = 1) {
  const { call, pid, stop, allocation } = await startNode(SDKD, validators)
  try {
    const before = Number((await call('dev_status')).height)
    const snapshot = REVERT ? await call('dev_snapshot') : undefined
    const cpu0 = threadCpu(pid)
    const snap0 = allocation.snapshot()
    const t = performance.now()
    const { height } = await call('dev_mine', { blocks: BLOCKS })
    const seconds = (performance.now() - t) / 1000
    const cpu = cpuPerBlock(pid, cpu0, threadCpu(pid))
    const snap1 = allocation.snapshot()
    const kb = kbPerBlock(snap0.main, snap1.main, BLOCKS)
    const gc = gcPer(snap0, snap1, BLOCKS)
    if (Number(height) !== before + BLOCKS)
      throw new Error(`expected height ${before + BLOCKS}, got ${height}`)
    if (!snapshot) return { seconds, cpu, kb, gc }
    const t2 = performance.now()
    const reverted = await call('dev_revert', { id: snapshot.id })
    const revertSeconds = (performance.now() - t2) / 1000
    if (Number(reverted.height) !== before)
      throw new Error(`expected the revert to height ${before}, got ${reverted.height}`)
    return { seconds, cpu, kb, gc, revertSeconds }
  } finally {
    await stop()
  }
}

/**
 * --against DIR: a node of this build and one of the build in DIR (its own `npm run build`) run
 * side by side on fresh homes; after a warm-up burst each, they mine --burst blocks in turn,
 * --rounds times (the order swapped every round), so a drift of the machine's speed falls on both.
 * Prints each round and the medians of the ratios this/DIR of the node's thread per block and of
 * the wall time per block.
 */
async function against(dir, validators) {
  const other = join(dir, 'dist/cli/main.js')
  const here = await startNode(SDKD, validators)
  const there = await startNode(other, validators).catch(async (err) => {
    await here.stop()
    throw err
  })
  const burst = async (n, blocks) => {
    const c0 = threadCpu(n.pid)
    const a0 = n.allocation.snapshot().main
    const t = performance.now()
    await n.call('dev_mine', { blocks })
    const wall = ((performance.now() - t) * 1000) / blocks
    const main = cpuPerBlock(n.pid, c0, threadCpu(n.pid), blocks)?.main ?? Number.NaN
    return { main, wall, kb: kbPerBlock(a0, n.allocation.snapshot().main, blocks) }
  }
  try {
    const blocks = BURST
    // Warm-up: V8 compiles the block path during a fresh node's first second or so of mining (a
    // block of many validators calls their functions as often in fewer blocks).
    const warmUp = Math.max(blocks, Math.ceil(2000 / Math.min(validators, 20)))
    for (const n of [here, there]) await burst(n, warmUp)
    const threadRatios = []
    const wallRatios = []
    const kbs = { here: [], there: [] }
    for (let i = 0; i < ROUNDS; i++) {
      const first = i % 2 === 0 ? here : there
      const a = await burst(first, blocks)
      const b = await burst(first === here ? there : here, blocks)
      const [h, t] = first === here ? [a, b] : [b, a]
      threadRatios.push(h.main / t.main)
      wallRatios.push(h.wall / t.wall)
      kbs.here.push(h.kb)
      kbs.there.push(t.kb)
      console.log(
        `${validators} validator(s), round ${i + 1}/${ROUNDS}, ${blocks} blocks each: this build ${us(h.main)} of the node's thread, ${us(h.wall)} of wall time and ${kbText(h.kb)} allocated a block; ${dir}: ${us(t.main)}, ${us(t.wall)} and ${kbText(t.kb)}`,
      )
    }
    console.log(
      `${validators} validator(s), median of ${ROUNDS} rounds (${INVARIANTS}): this build / ${dir}: the node's thread ${median(threadRatios).toFixed(3)}, wall time ${median(wallRatios).toFixed(3)} (below 1: this build is faster); KB allocated a block by the node's thread over all rounds ${mean(kbs.here).toFixed(1)} against ${mean(kbs.there).toFixed(1)}`,
    )
  } finally {
    await Promise.all([here.stop(), there.stop()])
  }
}

/**
 * --split: the parts of a mined block in a node inside this process, for `validators` (see the
 * header). Prints the table; the node and its home are gone after.
 */
async function split(validators) {
  const dist = (path) => import(new URL(`../dist/${path}`, import.meta.url).href)
  const [{ loadHome }, { createSilentLogger }, { Node }, runtime, { DEFAULT_APP_VERSION }] =
    await Promise.all([
      dist('config/home.js'),
      dist('logger.js'),
      dist('node/node.js'),
      dist('cli/runtime-options.js'),
      dist('versions/index.js'),
    ])
  const dir = await mkdtemp(join(tmpdir(), 'sdkd-bench-mine-split-'))
  const set = validators > 1 ? ['--validators', String(validators)] : []
  const init = spawnSync(process.execPath, [
    SDKD,
    '--home',
    dir,
    'init',
    'bench',
    '--devnet',
    ...set,
  ])
  if (init.status !== 0) throw new Error(`sdkd init failed: ${init.stderr}`)
  const home = await loadHome(dir)
  const logger = createSilentLogger()
  const options = runtime.useRuntimeOptions(home, logger)
  const node = await Node.create({
    home,
    appVersion: DEFAULT_APP_VERSION,
    logger,
    runtime: options,
    // A devnet home asserts the invariants after every block unless told otherwise (sdkd start).
    invCheckPeriod: INV_CHECK_PERIOD ?? 1,
  })
  runtime.applyHeapGrowth(options)
  const spent = new Map()
  // A hook that returns at once is timed at once (an `await` here would let other queued work of
  // the node run before the timer stops, and would add promises to the count below).
  const timed = (target, name, label) => {
    const fn = target[name]
    if (typeof fn !== 'function') return
    target[name] = function (...args) {
      const t = performance.now()
      const stop = () => spent.set(label, (spent.get(label) ?? 0) + performance.now() - t)
      let returned
      try {
        returned = fn.apply(this, args)
      } catch (err) {
        stop()
        throw err
      }
      if (returned instanceof Promise) return returned.finally(stop)
      stop()
      return returned
    }
  }
  for (const m of node.app.modules.values()) {
    for (const hook of ['preBlock', 'beginBlock', 'endBlock']) timed(m, hook, `${m.name} ${hook}`)
    // A module that checks its invariants in one pass (checkInvariants) is timed as one part.
    timed(m, 'checkInvariants', `${m.name} invariants, in one pass`)
    for (const inv of m.invariants ?? []) timed(inv, 'check', `${m.name} invariant ${inv.route}`)
  }
  // As the runs below: fewer blocks with more validators (--blocks/100 with 4, /1,000 with 100).
  const share = validators >= 100 ? 1000 : validators > 1 ? 100 : 10
  const blocks = Math.min(3000, Math.max(100, Math.round(ALL_BLOCKS / share)))
  const warm = Math.min(1000, blocks)
  try {
    await node.producer.produceBlocks(warm)
    spent.clear()
    const thread = `/proc/${process.pid}/task/${process.pid}/stat`
    const cpu0 = statCpuSeconds(thread)
    // One block at a time, each durable before the next: nothing else of the node's runs while a
    // hook waits, so its wall time is its own.
    for (let i = 0; i < blocks; i++) await node.producer.produceBlock()
    const cpu = ((statCpuSeconds(thread) - cpu0) * 1e6) / blocks
    const { createHook } = await import('node:async_hooks')
    let promises = 0
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE') promises++
      },
    })
    const counted = Math.max(10, Math.round(blocks / 10))
    hook.enable()
    await node.producer.produceBlocks(counted)
    hook.disable()
    const parts = [...spent].map(([label, ms]) => [label, (ms * 1000) / blocks])
    parts.sort((a, b) => b[1] - a[1])
    const hooks = parts.reduce((sum, [, x]) => sum + x, 0)
    console.log(
      `in process, ${validators} validator(s) (${INVARIANTS}): ${blocks} blocks one at a time after ${warm} to warm up, the node's thread ${us(cpu)} a block; ${Math.round(promises / counted)} promises a block (counted over ${counted} more)`,
    )
    for (const [label, x] of parts) console.log(`  ${us(x).padStart(9)}  ${label}`)
    console.log(
      `  ${us(cpu - hooks).padStart(9)}  the rest of the node's thread: the block's own building, the commit plan and app hash, the writes`,
    )
  } finally {
    await node.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--split')) for (const n of SETS) await split(n)

if (AGAINST !== undefined) {
  for (const n of SETS) await against(AGAINST, n)
  process.exit(0)
}

const results = []
for (let i = 1; i <= (SETS.includes(1) ? RUNS : 0); i++) {
  const r = await run()
  results.push(r)
  const cpu = r.cpu ? `; CPU per block ${us(r.cpu.total)} (${threadsText(r.cpu)})` : ''
  const alloc = `; the node's thread allocated ${kbText(r.kb)} a block; garbage collection a block: ${gcText(r.gc)}`
  const revert =
    r.revertSeconds === undefined ? '' : `; dev_revert over them: ${r.revertSeconds.toFixed(2)} s`
  console.log(
    `run ${i}/${RUNS}: dev_mine ${BLOCKS} blocks: ${r.seconds.toFixed(2)} s, ${Math.round(BLOCKS / r.seconds)} blocks/s${cpu}${alloc}${revert}`,
  )
}
if (results.length > 0) {
  const rate = median(results.map((r) => BLOCKS / r.seconds))
  const withCpu = results.filter((r) => r.cpu)
  const cpu =
    withCpu.length === results.length
      ? `; CPU per block ${us(median(withCpu.map((r) => r.cpu.total)))} (${threadsText(medianCpu(withCpu.map((r) => r.cpu)))})`
      : '; CPU per thread: not measured (no /proc)'
  const kb = median(results.map((r) => r.kb))
  console.log(
    `median of ${RUNS}: dev_mine ${BLOCKS} blocks (${INVARIANTS}): ${Math.round(rate)} blocks/s${cpu}; ${kbText(kb)} allocated a block by the node's thread — target >= ${TARGET}: ${rate >= TARGET ? 'met' : 'NOT met'}`,
  )
}
for (const n of SETS.filter((v) => v > 1)) {
  BLOCKS = Math.max(100, Math.round(ALL_BLOCKS / (n >= 100 ? 100 : 10)))
  const rates = []
  for (let i = 1; i <= RUNS; i++) {
    const r = await run(n)
    rates.push(BLOCKS / r.seconds)
    const cpu = r.cpu ? `; CPU per block ${us(r.cpu.total)} (${threadsText(r.cpu)})` : ''
    const alloc = `; the node's thread allocated ${kbText(r.kb)} a block; garbage collection a block: ${gcText(r.gc)}`
    console.log(
      `${n} validators, run ${i}/${RUNS}: dev_mine ${BLOCKS} blocks: ${r.seconds.toFixed(2)} s, ${Math.round(BLOCKS / r.seconds)} blocks/s${cpu}${alloc}`,
    )
  }
  console.log(
    `${n} validators, median of ${RUNS} (${INVARIANTS}): ${Math.round(median(rates))} blocks/s`,
  )
}
BLOCKS = ALL_BLOCKS
if (REVERT && results.length > 0)
  console.log(
    `median of ${RUNS}: dev_revert over ${BLOCKS} mined blocks: ${median(results.map((r) => r.revertSeconds)).toFixed(2)} s`,
  )
if (PROF_DIR) console.log(`CPU profiles of the nodes: ${PROF_DIR}`)
