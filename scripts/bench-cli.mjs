// Benchmark: the wall time of CLI calls that only talk to a node, against a bare Node start, measured
// side by side in one run (each round runs every command once, in turn).
//
//   npm run bench:cli [-- --rounds 15]
//
// Starts a devnet node (own temp home, free ports), then times `node -e 0`, `sdkd status`,
// `sdkd query upgrade plan` (with a plan scheduled) and `sdkd query bank balances <alice>`. Prints the
// median of each and its ratio to `node -e 0`. Target: a client call costs no more than a second
// bare Node start (ratio <= 2): the client path loads no node, store or server code.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const ROUNDS = arg('rounds', 15)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })

const run = (args) => {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`)
  return r.stdout
}

const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-cli-'))
const rpc = `tcp://127.0.0.1:${await freePort()}`
const init = run([SDKD, '--home', home, 'init', 'bench', '--devnet'])
const alice = /- name: alice\n {2}address: (\S+)/.exec(init)[1]
const node = spawn(
  process.execPath,
  [
    SDKD,
    '--home',
    home,
    'start',
    '--rpc.laddr',
    rpc,
    '--grpc.enable=false',
    '--api.enable=false',
    '--timeout-commit',
    '200ms',
  ],
  { stdio: 'ignore' },
)
try {
  const deadline = Date.now() + 30_000
  for (;;) {
    const r = spawnSync(process.execPath, [SDKD, '--home', home, 'status', '--node', rpc], {
      encoding: 'utf8',
    })
    if (r.status === 0 && Number(JSON.parse(r.stdout).sync_info.latest_block_height) >= 2) break
    if (Date.now() > deadline) throw new Error('the node did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  // A plan to print: schedule one through governance (the devnet passes it in seconds).
  const height = Number(
    JSON.parse(run([SDKD, '--home', home, 'status', '--node', rpc])).sync_info.latest_block_height,
  )
  run([
    SDKD,
    '--home',
    home,
    'tx',
    'upgrade',
    'software-upgrade',
    'v9',
    '--title',
    't',
    '--summary',
    's',
    '--deposit',
    '10000000stake',
    '--upgrade-height',
    String(height + 100_000),
    '--upgrade-info',
    '{}',
    '--no-validate',
    '--from',
    'validator',
    '--yes',
    '--wait',
    '--node',
    rpc,
  ])
  run([
    SDKD,
    '--home',
    home,
    'tx',
    'gov',
    'vote',
    '1',
    'yes',
    '--from',
    'validator',
    '--yes',
    '--wait',
    '--node',
    rpc,
  ])

  const commands = {
    'node -e 0': ['-e', '0'],
    'sdkd status': [SDKD, '--home', home, 'status', '--node', rpc],
    'sdkd query upgrade plan': [SDKD, '--home', home, 'query', 'upgrade', 'plan', '--node', rpc],
    'sdkd query bank balances': [
      SDKD,
      '--home',
      home,
      'query',
      'bank',
      'balances',
      alice,
      '--node',
      rpc,
    ],
  }
  const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(commands)) {
      const t = performance.now()
      const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
      const ms = performance.now() - t
      if (r.status !== 0 && !(name.includes('plan') && r.stderr.includes('no upgrade scheduled')))
        throw new Error(`${name} failed: ${r.stderr}`)
      times[name].push(ms)
    }
  }
  const base = median(times['node -e 0'])
  console.log(`rounds: ${ROUNDS} (medians; ratio = median / median of node -e 0)`)
  for (const [name, xs] of Object.entries(times)) {
    console.log(
      `${name.padEnd(26)} ${median(xs).toFixed(1).padStart(7)} ms   ratio ${(median(xs) / base).toFixed(2)}`,
    )
  }
} finally {
  node.kill('SIGTERM')
  await new Promise((r) => node.once('close', r))
  await rm(home, { recursive: true, force: true })
}
