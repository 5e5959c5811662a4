// Benchmark: the wall time of CLI calls that only talk to a node, against a bare Node start, measured
// side by side in one run (each round runs every command once, in turn).
//
//   npm run bench:cli [-- --rounds 15 | --short]
//
// Starts a devnet node (own temp home, free ports), then times `node -e 0`, `sdkd status`,
// `sdkd query upgrade plan` (with a plan scheduled) and `sdkd query bank balances <alice>`. Prints the
// median of each and its ratio to `node -e 0`, and whether each meets the target: a client call
// costs no more than a second bare Node start (ratio <= 2) — the client path loads no node, store
// or server code, and builds only the protobuf definitions it uses. Also prints the median time a
// fresh process takes to build the protobuf registry: whole (what the node builds at start-up) and
// only what `query upgrade plan` uses (what that call builds). --short (CI): 3 rounds.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, median, numberArg } from './bench-lib.mjs'

const ROUNDS = numberArg('rounds', process.argv.includes('--short') ? 3 : 15)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const TARGET = 2

// A fresh process building the registry from the build's precompiled form: `whole` (every
// definition) or `plan` (what `query upgrade plan` decodes); prints the milliseconds it took.
const PROTO = new URL('../dist/codec/proto.js', import.meta.url).href
const registryBuild = (what) => `
  const { ProtoRegistry } = await import(${JSON.stringify(PROTO)})
  const t = performance.now()
  const r = ProtoRegistry.load()
  if (${JSON.stringify(what)} === 'whole') r.root
  else r.service('sdk.upgrade.v1beta1.Query').methods.CurrentPlan.resolve().resolvedResponseType
  process.stdout.write(String(performance.now() - t))`

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

  // Timed only once the plan is scheduled (the proposal passes when its voting period ends).
  const planDeadline = Date.now() + 60_000
  for (;;) {
    const r = spawnSync(
      process.execPath,
      [SDKD, '--home', home, 'query', 'upgrade', 'plan', '--node', rpc],
      { encoding: 'utf8' },
    )
    if (r.status === 0) break
    if (!r.stderr.includes('no upgrade scheduled') || Date.now() > planDeadline)
      throw new Error(`the plan was not scheduled: ${r.stderr}`)
    await new Promise((r) => setTimeout(r, 500))
  }

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
  const builds = { whole: [], plan: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(commands)) {
      const t = performance.now()
      const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
      const ms = performance.now() - t
      if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`)
      if (name.includes('plan') && !/^name: v9$/m.test(r.stdout))
        throw new Error(`${name} printed no plan: ${r.stdout}${r.stderr}`)
      times[name].push(ms)
    }
    for (const what of Object.keys(builds))
      builds[what].push(Number(run(['--input-type=module', '-e', registryBuild(what)])))
  }
  const base = median(times['node -e 0'])
  console.log(`rounds: ${ROUNDS} (medians; ratio = median / median of node -e 0)`)
  let met = 0
  for (const [name, xs] of Object.entries(times)) {
    const ratio = median(xs) / base
    const verdict =
      name === 'node -e 0' ? '' : `   target <= ${TARGET}: ${ratio <= TARGET ? 'met' : 'NOT met'}`
    if (name !== 'node -e 0' && ratio <= TARGET) met++
    console.log(
      `${name.padEnd(26)} ${median(xs).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}${verdict}`,
    )
  }
  const calls = Object.keys(times).length - 1
  console.log(
    `target: a client call costs no more than a second bare Node start (ratio <= ${TARGET}): ${met === calls ? 'met' : 'NOT met'} (${met} of ${calls})`,
  )
  console.log(
    `registry build, fresh process (medians): whole (node start-up) ${median(builds.whole).toFixed(1)} ms; query upgrade plan's definitions ${median(builds.plan).toFixed(1)} ms`,
  )
} finally {
  node.kill('SIGTERM')
  await new Promise((r) => node.once('close', r))
  await rm(home, { recursive: true, force: true })
}
