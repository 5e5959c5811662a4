// Benchmark: gRPC query throughput against a bare grpc-js server answering the same bytes, in one run.
//
//   npm run bench:grpc [-- --seconds 3 --rounds 5 --concurrency 64 --connections 4 --short]
//
// One process runs a real node (LevelDB, a block every 100 ms throughout) with its gRPC server, and
// a bare grpc-js server whose unary handler answers, as raw bytes, exactly what the node answers; a
// separate load process (an HTTP/2 client speaking gRPC) measures calls/s of:
//   (a) the bare grpc-js server,
//   (b) sdk.bank.v1beta1.Query/Balance on the node at the latest height (no height metadata),
//   (c) the same with `x-sdk-block-height` metadata naming a past height.
// Rounds interleave a, b, c; the medians of calls/s and of each round's (b)/(a) and (c)/(a) are
// printed with the error counts, and the node process's CPU time per call (the same ratio, robust
// to a machine busy with other work). Target: (b)/(a) >= 0.8 and zero errors (exit 1 otherwise).
// --short (CI): a smoke run, figures printed, ratio target not enforced. To profile the node side,
// run `node --cpu-prof scripts/bench-grpc.mjs` (the load processes are not profiled).
import { fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, numberArg } from './bench-lib.mjs'

const SELF = fileURLToPath(import.meta.url)
const ALICE = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
const METHOD = '/sdk.bank.v1beta1.Query/Balance'

// --- load process ------------------------------------------------------------------------------

// A bare HTTP/2 client speaking the gRPC wire format (length-prefixed message, `grpc-status`
// trailer): much cheaper per call than a grpc-js client, so the servers, not the load, saturate.
async function load({ address, request, height, seconds, concurrency, connections }) {
  const http2 = await import('node:http2')
  const message = Buffer.from(request, 'base64')
  const frame = Buffer.alloc(5 + message.length)
  frame.writeUInt32BE(message.length, 1)
  message.copy(frame, 5)
  const headers = {
    ':method': 'POST',
    ':path': METHOD,
    'content-type': 'application/grpc',
    te: 'trailers',
    ...(height === undefined ? {} : { 'x-sdk-block-height': String(height) }),
  }
  const sessions = Array.from({ length: connections }, () => http2.connect(`http://${address}`))
  await Promise.all(sessions.map((s) => new Promise((resolve) => s.once('connect', resolve))))
  const deadline = Date.now() + seconds * 1000
  let calls = 0
  let errors = 0
  let lastError
  const call = (session) =>
    new Promise((resolve) => {
      const stream = session.request(headers)
      let grpcStatus
      let bytes = 0
      stream.on('response', (h) => {
        grpcStatus = h['grpc-status']
      })
      stream.on('trailers', (t) => {
        grpcStatus = t['grpc-status']
      })
      stream.on('data', (d) => {
        bytes += d.length
      })
      stream.on('close', () => {
        if (grpcStatus === '0' && bytes > 0) calls++
        else {
          errors++
          lastError = `grpc-status ${grpcStatus}, ${bytes} bytes`
        }
        resolve()
      })
      stream.end(frame)
    })
  const loop = async (i) => {
    const session = sessions[i % sessions.length]
    while (Date.now() < deadline) await call(session)
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)))
  const elapsed = (Date.now() - started) / 1000
  for (const s of sessions) s.close()
  return { rps: calls / elapsed, calls, errors, lastError }
}

if (process.argv[2] === '--load') {
  const result = await load(JSON.parse(process.argv[3]))
  process.send(result, () => process.exit(0))
} else {
  await main()
}

function runLoad(job) {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, ['--load', JSON.stringify(job)], { stdio: 'inherit', execArgv: [] })
    child.once('message', resolve)
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`))
    })
  })
}

// --- node process ------------------------------------------------------------------------------

async function main() {
  const SECONDS = numberArg('seconds', 3)
  const ROUNDS = numberArg('rounds', 5)
  const CONCURRENCY = numberArg('concurrency', 64)
  const CONNECTIONS = numberArg('connections', 4)
  const SHORT = process.argv.includes('--short')

  const grpc = await import('@grpc/grpc-js')
  const { defaultAppState } = await import('../dist/cli/init.js')
  const { initHome, loadHome } = await import('../dist/config/home.js')
  const { createSilentLogger } = await import('../dist/logger.js')
  const { Node } = await import('../dist/node/node.js')
  const { applyHeapGrowth, useRuntimeOptions } = await import('../dist/cli/runtime-options.js')
  const { DEFAULT_APP_VERSION } = await import('../dist/versions/index.js')

  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-grpc-'))
  let node
  let bare
  try {
    const appState = defaultAppState()
    appState.bank.balances = [{ address: ALICE, coins: [{ denom: 'stake', amount: '1000' }] }]
    await initHome({ home, moniker: 'bench', chainId: 'bench-grpc', appState })
    const loaded = await loadHome(home)
    loaded.app.api.enable = false
    loaded.app.grpc.enable = true
    loaded.app.grpc.address = '127.0.0.1:0'
    loaded.node.rpc.laddr = 'tcp://127.0.0.1:0'
    loaded.node.consensus.timeoutCommitMs = 100
    const logger = createSilentLogger()
    // As `sdkd start` does: the runtime options (and V8's flags) from app.toml and the environment.
    const runtime = useRuntimeOptions(loaded, logger)
    node = await Node.create({ home: loaded, appVersion: DEFAULT_APP_VERSION, logger, runtime })
    applyHeapGrowth(runtime)
    await node.producer.produceBlocks(10)
    await node.start()
    const registry = node.router.registry
    const request = Buffer.from(
      registry.encode('sdk.bank.v1beta1.QueryBalanceRequest', { address: ALICE, denom: 'stake' }),
    )

    // The node's answer, checked, is what the bare server answers.
    const answer = await new Promise((resolve, reject) => {
      const client = new grpc.Client(node.addresses.grpc, grpc.credentials.createInsecure())
      const id = (b) => b
      client.makeUnaryRequest(METHOD, id, id, request, (err, bytes) => {
        client.close()
        if (err) reject(err)
        else resolve(bytes)
      })
    })
    const decoded = registry.decode('sdk.bank.v1beta1.QueryBalanceResponse', answer)
    if (decoded.balance?.amount !== '1000') throw new Error('wrong Balance answer')

    bare = new grpc.Server({ 'grpc.enable_channelz': 0 })
    const id = (b) => b
    bare.addService(
      {
        Balance: {
          path: METHOD,
          requestStream: false,
          responseStream: false,
          requestSerialize: id,
          requestDeserialize: id,
          responseSerialize: id,
          responseDeserialize: id,
        },
      },
      { Balance: (_call, callback) => callback(null, answer) },
    )
    const barePort = await new Promise((resolve, reject) =>
      bare.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) =>
        err ? reject(err) : resolve(port),
      ),
    )

    const base = {
      request: request.toString('base64'),
      concurrency: CONCURRENCY,
      connections: CONNECTIONS,
    }
    const jobs = {
      a: { ...base, address: `127.0.0.1:${barePort}` },
      b: { ...base, address: node.addresses.grpc },
      c: { ...base, address: node.addresses.grpc, height: 5 },
    }
    const labels = {
      a: '(a) bare grpc-js, same bytes',
      b: '(b) Balance, latest height',
      c: '(c) Balance, x-sdk-block-height 5',
    }
    const results = { a: [], b: [], c: [] }
    const startHeight = node.producer.height
    const t = performance.now()
    // Warm-up (JIT, connections, caches), not counted.
    for (const key of Object.keys(jobs)) await runLoad({ ...jobs[key], seconds: 1 })
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of Object.keys(jobs)) {
        const cpu = process.cpuUsage()
        const r = await runLoad({ ...jobs[key], seconds: SECONDS })
        const used = process.cpuUsage(cpu)
        r.cpuPerCall = (used.user + used.system) / Math.max(1, r.calls)
        results[key].push(r)
        console.log(
          `round ${round + 1} ${labels[key].padEnd(36)} ${Math.round(r.rps).toString().padStart(7)} calls/s  ${r.cpuPerCall.toFixed(0).padStart(4)} µs CPU/call  errors ${r.errors}${r.lastError ? ` (${r.lastError})` : ''}`,
        )
      }
    }
    const blocksDuring = node.producer.height - startHeight
    const seconds = (performance.now() - t) / 1000

    console.log('')
    console.log(
      `blocks committed during the measurement: ${blocksDuring} in ${seconds.toFixed(0)} s`,
    )
    for (const key of Object.keys(jobs)) {
      const rps = median(results[key].map((r) => r.rps))
      const cpu = median(results[key].map((r) => r.cpuPerCall))
      const errors = results[key].reduce((n, r) => n + r.errors, 0)
      console.log(
        `${labels[key].padEnd(36)} median ${Math.round(rps).toString().padStart(7)} calls/s  ${cpu.toFixed(0).padStart(4)} µs CPU/call  errors ${errors}`,
      )
    }
    // A round measures a, b, c back to back, so its ratios share the machine's load at that moment.
    const ratio = (k) => median(results[k].map((r, i) => r.rps / results.a[i].rps))
    const failures = []
    const line = (k, target) => {
      const ok = target === undefined || ratio(k) >= target
      if (!ok && !SHORT) failures.push(`${k}/a below ${target}`)
      return `${k}/a = ${ratio(k).toFixed(2)}${target === undefined ? '' : ` (target >= ${target}: ${ok ? 'ok' : 'MISSED'})`}`
    }
    console.log(line('b', 0.8))
    console.log(line('c'))
    // The node process's CPU per call (blocks included, for both servers alike): what the calls/s
    // would be if the server alone were the limit, robust to a busy machine.
    const cpuRatio = (k) => median(results[k].map((r, i) => results.a[i].cpuPerCall / r.cpuPerCall))
    console.log(
      `CPU per call, a/b = ${cpuRatio('b').toFixed(2)}, a/c = ${cpuRatio('c').toFixed(2)}`,
    )
    const totalErrors = Object.values(results)
      .flat()
      .reduce((n, r) => n + r.errors, 0)
    console.log(`errors: ${totalErrors}${totalErrors === 0 ? '' : ' (target 0: MISSED)'}`)
    if (totalErrors > 0) failures.push('errors')
    if (blocksDuring < 1) failures.push('no blocks were produced during the measurement')
    process.exitCode = failures.length === 0 ? 0 : 1
  } finally {
    await new Promise((resolve) => (bare ? bare.tryShutdown(resolve) : resolve()))
    await node?.stop()
    await rm(home, { recursive: true, force: true })
  }
}
