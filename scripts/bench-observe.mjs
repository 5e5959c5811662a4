// Benchmark: what watching the chain costs it, measured side by side in one run.
//
//   npm run bench:observe [-- --blocks 20000 --seconds 3 --rounds 5 --connections 32]
//                            [--observe both|metrics|dashboard]
//
// One devnet home; its node (`sdkd start` of dist/, a block every 100 ms throughout) runs alone,
// restarted for each measurement as
//   off — Prometheus metrics and the dashboard off;
//   on  — metrics and the dashboard on, while an observer process scrapes GET /metrics every second
//         (as Prometheus does) and holds a browser-like client on the dashboard overview: the page,
//         its assets, and its server-sent events stream, read as it comes.
// Each round measures off and on (in alternating order) on
//   (1) block production: blocks/s of one dev_mine of N empty blocks (the producer's commit path),
//   (2) REST throughput: req/s of a bank balance at the latest height, from a separate load process
//       (autocannon),
// and prints the median over rounds of each round's on/off ratio. Target: both >= 0.95 (exit 1
// otherwise; --short, for CI, prints the figures without enforcing the target). It also prints the
// node process's CPU time per block and per request, which other load on the machine disturbs less.
// `--observe metrics` or `dashboard` turns on and watches only that one.
import { fork, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, median, numberArg, rpcCall, statCpuSeconds } from './bench-lib.mjs'

const SELF = fileURLToPath(import.meta.url)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
/** The devnet's well-known `alice`. */
const ALICE = 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds a process has used (Linux /proc; undefined elsewhere). */
function cpuSeconds(pid) {
  try {
    return statCpuSeconds(`/proc/${pid}/stat`)
  } catch {
    return undefined
  }
}

// --- load process: autocannon ------------------------------------------------------------------

async function load({ url, seconds, connections }) {
  const { default: autocannon } = await import('autocannon')
  const r = await autocannon({ url, duration: seconds, connections })
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  }
}

// --- observer process: a scraper and a browser on the overview ---------------------------------

function observer() {
  let run
  process.on('message', async (msg) => {
    if (msg.cmd === 'start') run = observe(msg)
    if (msg.cmd === 'stop') {
      const counts = await run.stop()
      process.send(counts)
    }
    if (msg.cmd === 'exit') process.exit(0)
  })
  process.send({ ready: true })
}

function observe({ metricsUrl, dashboardUrl }) {
  const counts = { scrapes: 0, scrapeErrors: 0, events: 0, sse: false }
  const abort = new AbortController()
  const scraping = (async () => {
    while (metricsUrl && !abort.signal.aborted) {
      const started = Date.now()
      try {
        const res = await fetch(metricsUrl, {
          signal: abort.signal,
          headers: {
            accept:
              'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1',
          },
        })
        await res.text()
        if (res.ok) counts.scrapes++
        else counts.scrapeErrors++
      } catch {
        if (!abort.signal.aborted) counts.scrapeErrors++
      }
      await sleep(Math.max(0, 1000 - (Date.now() - started)))
    }
  })()
  const browsing = dashboardUrl
    ? (async () => {
        try {
          const page = await (await fetch(dashboardUrl, { signal: abort.signal })).text()
          // The page's own assets, as a browser loads them.
          for (const m of page.matchAll(/(?:href|src)="(\/dashboard\/assets\/[^"]+)"/g)) {
            await (await fetch(new URL(m[1], dashboardUrl), { signal: abort.signal })).text()
          }
          const events =
            /data-events="([^"]+)"/.exec(page)?.[1] ?? '/dashboard/events?page=overview'
          const res = await fetch(new URL(events.replaceAll('&amp;', '&'), dashboardUrl), {
            signal: abort.signal,
            headers: { accept: 'text/event-stream' },
          })
          counts.sse = res.ok
          const decoder = new TextDecoder()
          for await (const chunk of res.body) {
            counts.events += (
              decoder.decode(chunk, { stream: true }).match(/^event: /gm) ?? []
            ).length
          }
        } catch {
          // aborted at the end of the measurement
        }
      })()
    : Promise.resolve()
  return {
    async stop() {
      abort.abort()
      await Promise.all([scraping, browsing])
      return counts
    },
  }
}

// --- the benchmark -----------------------------------------------------------------------------

/** A forked helper process and its next message. */
function child(args) {
  const p = fork(SELF, args, { stdio: 'inherit' })
  return { p, next: () => once(p, 'message').then(([m]) => m) }
}

function runLoad(job) {
  const { p } = child(['--load', JSON.stringify(job)])
  return new Promise((resolve, reject) => {
    p.once('message', resolve)
    // After the answer this is a no-op.
    p.once('exit', (code) => reject(new Error(`load process exited with ${code}`)))
  })
}

/**
 * Starts `sdkd start` on the home, with metrics and the dashboard on (`observed`) or off; resolves
 * once it answers.
 */
async function startNode(home, observed, watch) {
  const name = observed ? 'on' : 'off'
  const [rpcPort, apiPort, metricsPort] = [await freePort(), await freePort(), await freePort()]
  const p = spawn(
    process.execPath,
    [
      SDKD,
      '--home',
      home,
      '--log_level',
      'warn',
      'start',
      '--rpc.laddr',
      `tcp://127.0.0.1:${rpcPort}`,
      '--api.address',
      `tcp://127.0.0.1:${apiPort}`,
      '--grpc.enable=false',
      '--timeout-commit',
      '100ms',
      ...(observed && watch.metrics
        ? [
            '--instrumentation.prometheus',
            '--instrumentation.prometheus_listen_addr',
            `127.0.0.1:${metricsPort}`,
          ]
        : ['--instrumentation.prometheus=false']),
      `--api.dashboard=${observed && watch.dashboard}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const rpc = `http://127.0.0.1:${rpcPort}`
  const call = (method, params) => rpcCall(rpc, method, params)
  const deadline = Date.now() + 30_000
  for (;;) {
    if (p.exitCode !== null) throw new Error(`node "${name}" exited with ${p.exitCode}`)
    try {
      if (Number((await call('status')).sync_info.latest_block_height) >= 1) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`node "${name}" did not start`)
    await sleep(100)
  }
  return {
    name,
    observed,
    call,
    cpu: () => cpuSeconds(p.pid),
    api: `http://127.0.0.1:${apiPort}`,
    metricsUrl: observed && watch.metrics ? `http://127.0.0.1:${metricsPort}/metrics` : undefined,
    async stop() {
      if (p.exitCode === null && p.signalCode === null) {
        p.kill('SIGTERM')
        await once(p, 'close')
      }
    },
  }
}

async function main() {
  const SHORT = process.argv.includes('--short')
  const BLOCKS = numberArg('blocks', SHORT ? 2000 : 20_000)
  const SECONDS = numberArg('seconds', SHORT ? 1 : 3)
  const ROUNDS = numberArg('rounds', SHORT ? 1 : 5)
  const CONNECTIONS = numberArg('connections', 32)
  const i = process.argv.indexOf('--observe')
  const observe = i > 0 ? process.argv[i + 1] : 'both'
  if (!['both', 'metrics', 'dashboard'].includes(observe))
    throw new Error(`--observe: expected both, metrics or dashboard, got ${observe}`)
  const watch = { metrics: observe !== 'dashboard', dashboard: observe !== 'metrics' }

  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-observe-'))
  const init = spawnSync(process.execPath, [SDKD, '--home', home, 'init', 'bench', '--devnet'], {
    stdio: 'ignore',
  })
  if (init.status !== 0) throw new Error('sdkd init --devnet failed')
  const watcher = child(['--observer'])
  let running
  try {
    await watcher.next()
    const queryPath = `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`
    let described = false

    /** Starts the node on or off, measures it, stops it. */
    const measure = async (observed) => {
      const n = await startNode(home, observed, watch)
      running = n
      const res = await fetch(`${n.api}${queryPath}`)
      if (!res.ok) throw new Error(`${n.name}: GET ${queryPath}: ${res.status}`)
      await res.text()
      let dashboardUrl
      if (observed && watch.dashboard) {
        const page = await fetch(`${n.api}/dashboard`)
        await page.text()
        if (page.ok) dashboardUrl = `${n.api}/dashboard`
      }
      if (observed && !described) {
        described = true
        console.log(
          `"on": ${[
            n.metricsUrl && 'Prometheus metrics, GET /metrics every 1 s (as Prometheus scrapes)',
            dashboardUrl &&
              'the dashboard, a browser-like client on its overview (page, assets, SSE)',
            watch.dashboard && !dashboardUrl && 'no dashboard (this build serves none)',
          ]
            .filter(Boolean)
            .join('; ')}`,
        )
      }
      if (observed) watcher.p.send({ cmd: 'start', metricsUrl: n.metricsUrl, dashboardUrl })
      // A fresh process: warm up (JIT, caches) on the same work before the clock starts.
      await n.call('dev_mine', { blocks: Math.max(500, Math.round(BLOCKS / 4)) })
      await runLoad({ url: `${n.api}${queryPath}`, seconds: 1, connections: CONNECTIONS })
      const t = performance.now()
      const cpu0 = await n.cpu()
      await n.call('dev_mine', { blocks: BLOCKS })
      const blocksPerSecond = BLOCKS / ((performance.now() - t) / 1000)
      const cpu1 = await n.cpu()
      const rest = await runLoad({
        url: `${n.api}${queryPath}`,
        seconds: SECONDS,
        connections: CONNECTIONS,
      })
      const cpu2 = await n.cpu()
      // The node's CPU time per block and per request: robust to other load on the machine.
      const cpuPerBlock = cpu0 === undefined ? undefined : (cpu1 - cpu0) / BLOCKS
      const cpuPerRequest = cpu0 === undefined ? undefined : (cpu2 - cpu1) / rest.requests
      let seen
      if (observed) {
        watcher.p.send({ cmd: 'stop' })
        seen = await watcher.next()
        seen.dashboard = dashboardUrl !== undefined
        seen.metrics = n.metricsUrl !== undefined
      }
      await n.stop()
      running = undefined
      return {
        blocksPerSecond,
        rps: rest.rps,
        errors: rest.errors,
        seen,
        cpuPerBlock,
        cpuPerRequest,
      }
    }

    const rounds = []
    for (let round = 0; round < ROUNDS; round++) {
      const r = {}
      for (const observed of round % 2 === 0 ? [false, true] : [true, false])
        r[observed ? 'on' : 'off'] = await measure(observed)
      rounds.push(r)
      const fmt = (x) => Math.round(x).toString().padStart(7)
      console.log(
        `round ${round + 1}: blocks/s off ${fmt(r.off.blocksPerSecond)} on ${fmt(r.on.blocksPerSecond)} | REST req/s off ${fmt(r.off.rps)} on ${fmt(r.on.rps)} | scrapes ${r.on.seen.scrapes}, SSE events ${r.on.seen.events}`,
      )
    }

    const blocksRatio = median(rounds.map((r) => r.on.blocksPerSecond / r.off.blocksPerSecond))
    const restRatio = median(rounds.map((r) => r.on.rps / r.off.rps))
    const failures = []
    const line = (label, ratio) => {
      const ok = ratio >= 0.95
      if (!ok && !SHORT) failures.push(`${label} ratio below 0.95`)
      return `${label}: on/off = ${ratio.toFixed(3)} (target >= 0.95: ${ok ? 'ok' : 'MISSED'})`
    }
    console.log('')
    console.log(
      `medians: blocks/s off ${Math.round(median(rounds.map((r) => r.off.blocksPerSecond)))} on ${Math.round(median(rounds.map((r) => r.on.blocksPerSecond)))}; REST req/s off ${Math.round(median(rounds.map((r) => r.off.rps)))} on ${Math.round(median(rounds.map((r) => r.on.rps)))}`,
    )
    console.log(line('block production (dev_mine)', blocksRatio))
    console.log(line('REST throughput (latest balance)', restRatio))
    if (rounds[0].off.cpuPerBlock !== undefined) {
      const cpu = (k) => median(rounds.map((r) => r.on[k] / r.off[k]))
      console.log(
        `node CPU time: per block on/off = ${cpu('cpuPerBlock').toFixed(3)} (${(median(rounds.map((r) => r.off.cpuPerBlock)) * 1e6).toFixed(0)} µs off), per request on/off = ${cpu('cpuPerRequest').toFixed(3)} (${(median(rounds.map((r) => r.off.cpuPerRequest)) * 1e6).toFixed(1)} µs off)`,
      )
    }
    const errors = rounds.reduce((n, r) => n + r.off.errors + r.on.errors, 0)
    const scrapes = rounds.reduce((n, r) => n + r.on.seen.scrapes, 0)
    const scrapeErrors = rounds.reduce((n, r) => n + r.on.seen.scrapeErrors, 0)
    const events = rounds.reduce((n, r) => n + r.on.seen.events, 0)
    console.log(
      `errors: ${errors} REST, ${scrapeErrors} scrapes; ${scrapes} scrapes and ${events} SSE events during the "on" measurements`,
    )
    if (errors > 0 || scrapeErrors > 0) failures.push('errors')
    if (watch.metrics && scrapes === 0) failures.push('no scrape succeeded')
    if (
      rounds.some((r) => r.on.seen.dashboard && !r.on.seen.sse) ||
      (rounds[0].on.seen.dashboard && events === 0)
    )
      failures.push('the dashboard overview stream sent nothing')
    for (const f of failures) console.log(`FAILED: ${f}`)
    process.exitCode = failures.length === 0 ? 0 : 1
  } finally {
    watcher.p.send({ cmd: 'exit' })
    await running?.stop()
    await rm(home, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--load') {
  const result = await load(JSON.parse(process.argv[3]))
  process.send(result, () => process.exit(0))
} else if (process.argv[2] === '--observer') {
  observer()
} else {
  await main()
}
