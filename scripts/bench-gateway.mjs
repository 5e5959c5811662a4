// Benchmark: the query layer under load, measured side by side in one run.
//
//   npm run bench:gateway [-- --blocks 20000 --seconds 3 --rounds 5 --connections 32]
//
// One process runs a real node (LevelDB, 20,000-block history, then a block every 100 ms
// throughout) with its REST gateway and gRPC server, plus a bare Hono hello route; a separate load
// process (autocannon for HTTP, a grpc-js client for gRPC) measures requests/s of:
//   (a) the bare Hono hello route,
//   (b) GET /sdk/upgrade/v1beta1/current_plan at the latest height,
//   (c) a bank balance with x-sdk-block-height at the oldest retained height,
//   (d) (b) over gRPC.
// Rounds interleave a, b, c, d; the medians of requests/s and of each round's (b)/(a), (c)/(a),
// (d)/(a) are printed with the error counts. Targets: (b)/(a) >= 0.75, (c)/(a) >= 0.5, zero errors (exit 1 otherwise).
import { fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const SELF = fileURLToPath(import.meta.url)
const ALICE = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
const BOB = 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl'

// --- load process ------------------------------------------------------------------------------

async function loadHttp({ url, headers, seconds, connections, pipelining }) {
  const { default: autocannon } = await import('autocannon')
  const r = await autocannon({ url, headers, duration: seconds, connections, pipelining })
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  }
}

async function loadGrpc({ address, path, seconds, connections }) {
  const grpc = await import('@grpc/grpc-js')
  const client = new grpc.Client(address, grpc.credentials.createInsecure())
  const id = (b) => b
  const empty = Buffer.alloc(0)
  const deadline = Date.now() + seconds * 1000
  let requests = 0
  let errors = 0
  const loop = async () => {
    while (Date.now() < deadline) {
      await new Promise((resolve) => {
        client.makeUnaryRequest(path, id, id, empty, (err) => {
          if (err) errors++
          else requests++
          resolve()
        })
      })
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (Date.now() - started) / 1000
  client.close()
  return { rps: requests / elapsed, requests, errors }
}

if (process.argv[2] === '--load') {
  const job = JSON.parse(process.argv[3])
  const result = job.kind === 'grpc' ? await loadGrpc(job) : await loadHttp(job)
  process.send(result, () => process.exit(0))
} else {
  await main()
}

function runLoad(job) {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, ['--load', JSON.stringify(job)], { stdio: 'inherit' })
    child.once('message', resolve)
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`))
    })
  })
}

// --- node process ------------------------------------------------------------------------------

async function main() {
  const BLOCKS = arg('blocks', 20_000)
  const SECONDS = arg('seconds', 3)
  const ROUNDS = arg('rounds', 5)
  const CONNECTIONS = arg('connections', 32)
  const PIPELINING = arg('pipelining', 1)
  // --short (CI): a smoke run of the benchmark — figures printed, ratio targets not enforced.
  const SHORT = process.argv.includes('--short')

  const { Hono } = await import('hono')
  const { APP_VERSIONS, DEFAULT_APP_VERSION } = await import('../dist/versions/index.js')
  const { defaultAppState } = await import('../dist/cli/init.js')
  const { bech32ToAddress } = await import('../dist/codec/address.js')
  const { initHome, loadHome } = await import('../dist/config/home.js')
  const { createSilentLogger } = await import('../dist/logger.js')
  const { BankKeeper } = await import('../dist/modules/bank/keeper.js')
  const { Node } = await import('../dist/node/node.js')
  const { listenHttp } = await import('../dist/server/listen.js')

  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-gateway-'))
  let node
  let hello
  try {
    const appState = defaultAppState()
    appState.bank.balances = [
      { address: ALICE, coins: [{ denom: 'stake', amount: String(BLOCKS * 10) }] },
      { address: BOB, coins: [{ denom: 'stake', amount: '1' }] },
    ]
    await initHome({ home, moniker: 'bench', chainId: 'bench-gateway', appState })
    const loaded = await loadHome(home)
    loaded.app.pruning = 'nothing'
    loaded.app.api.enable = true
    loaded.app.api.address = 'tcp://127.0.0.1:0'
    loaded.app.grpc.enable = true
    loaded.app.grpc.address = '127.0.0.1:0'
    loaded.node.rpc.laddr = 'tcp://127.0.0.1:0'
    loaded.node.consensus.timeoutCommitMs = 100

    // The default app version plus a BeginBlocker moving 1stake from ALICE to BOB at every height:
    // ALICE's balance key has a version at every height of the history (the costly case).
    const base = APP_VERSIONS[DEFAULT_APP_VERSION]
    const from = bech32ToAddress(ALICE)
    const to = bech32ToAddress(BOB)
    const appVersions = {
      [DEFAULT_APP_VERSION]: (deps) => {
        const v = base(deps)
        const bank = new BankKeeper(deps.registry)
        const transfer = {
          name: 'transfer',
          consensusVersion: 1,
          beginBlock: (ctx) =>
            bank.sendCoins(ctx.state, from, to, [{ denom: 'stake', amount: 1n }]),
        }
        return {
          ...v,
          modules: [...v.modules, transfer],
          order: {
            ...v.order,
            initGenesis: [...v.order.initGenesis, 'transfer'],
            beginBlockers: [...v.order.beginBlockers, 'transfer'],
          },
        }
      },
    }
    node = await Node.create({
      home: loaded,
      appVersion: DEFAULT_APP_VERSION,
      logger: createSilentLogger(),
      appVersions,
    })
    let t = performance.now()
    await node.producer.produceBlocks(BLOCKS)
    console.log(
      `history: ${BLOCKS} blocks in ${((performance.now() - t) / 1000).toFixed(1)} s; oldest retained height ${node.store.earliestHeight}`,
    )
    await node.start()
    const helloApp = new Hono().get('/hello', (c) => c.text('hello'))
    hello = await listenHttp(helloApp, 'tcp://127.0.0.1:0', 'hello')

    const api = `http://${node.addresses.api}`
    const oldest = node.store.earliestHeight
    const balanceUrl = `${api}/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`
    // The answers are right before they are fast.
    const check = await fetch(balanceUrl, { headers: { 'x-sdk-block-height': String(oldest) } })
    const body = await check.json()
    const expected = String(BLOCKS * 10 - oldest)
    if (
      body.balance?.amount !== expected ||
      check.headers.get('x-sdk-block-height') !== String(oldest)
    ) {
      throw new Error(`wrong answer at height ${oldest}: ${JSON.stringify(body)}`)
    }
    const plan = await fetch(`${api}/sdk/upgrade/v1beta1/current_plan`)
    if ((await plan.text()) !== '{"plan":null}') throw new Error('wrong current_plan answer')

    const jobs = {
      a: { kind: 'http', url: `http://${hello.address}/hello` },
      b: { kind: 'http', url: `${api}/sdk/upgrade/v1beta1/current_plan` },
      c: { kind: 'http', url: balanceUrl, headers: { 'x-sdk-block-height': String(oldest) } },
      d: {
        kind: 'grpc',
        address: node.addresses.grpc,
        path: '/sdk.upgrade.v1beta1.Query/CurrentPlan',
      },
    }
    const labels = {
      a: '(a) bare Hono hello',
      b: '(b) GET current_plan (latest)',
      c: `(c) bank balance at height ${oldest}`,
      d: '(d) gRPC CurrentPlan (latest)',
    }
    const results = { a: [], b: [], c: [], d: [] }
    const startHeight = node.producer.height
    t = performance.now()
    // Warm-up (JIT, connection pools, caches), not counted.
    for (const key of Object.keys(jobs)) {
      await runLoad({ ...jobs[key], seconds: 1, connections: CONNECTIONS, pipelining: PIPELINING })
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of Object.keys(jobs)) {
        const r = await runLoad({
          ...jobs[key],
          seconds: SECONDS,
          connections: CONNECTIONS,
          pipelining: PIPELINING,
        })
        results[key].push(r)
        console.log(
          `round ${round + 1} ${labels[key].padEnd(36)} ${Math.round(r.rps).toString().padStart(7)} req/s  errors ${r.errors}`,
        )
      }
    }
    const blocksDuring = node.producer.height - startHeight
    const seconds = (performance.now() - t) / 1000

    const median = (xs) => {
      const s = [...xs].sort((x, y) => x - y)
      return s[Math.floor(s.length / 2)]
    }
    const rps = Object.fromEntries(
      Object.entries(results).map(([k, rs]) => [k, median(rs.map((r) => r.rps))]),
    )
    const errors = Object.fromEntries(
      Object.entries(results).map(([k, rs]) => [k, rs.reduce((n, r) => n + r.errors, 0)]),
    )
    console.log('')
    console.log(
      `blocks committed during the measurement: ${blocksDuring} in ${seconds.toFixed(0)} s`,
    )
    for (const key of Object.keys(jobs)) {
      console.log(
        `${labels[key].padEnd(36)} median ${Math.round(rps[key]).toString().padStart(7)} req/s  errors ${errors[key]}`,
      )
    }
    // Each round measures a, b, c, d back to back, so a round's ratios share the machine's load at
    // that moment; the median over rounds is what counts.
    const ratio = (k) => median(results[k].map((r, i) => r.rps / results.a[i].rps))
    const failures = []
    const line = (k, target) => {
      const ok = target === undefined || ratio(k) >= target
      if (!ok && !SHORT) failures.push(`${k}/a below ${target}`)
      return `${k}/a = ${ratio(k).toFixed(2)}${target === undefined ? '' : ` (target >= ${target}: ${ok ? 'ok' : 'MISSED'})`}`
    }
    console.log(line('b', 0.75))
    console.log(line('c', 0.5))
    console.log(line('d'))
    const totalErrors = Object.values(errors).reduce((n, e) => n + e, 0)
    console.log(`errors: ${totalErrors}${totalErrors === 0 ? '' : ' (target 0: MISSED)'}`)
    if (totalErrors > 0) failures.push('errors')
    if (blocksDuring < 1) failures.push('no blocks were produced during the measurement')
    process.exitCode = failures.length === 0 ? 0 : 1
  } finally {
    await hello?.close()
    await node?.stop()
    await rm(home, { recursive: true, force: true })
  }
}
