// Benchmark: mining on demand through the dev API of a real devnet process.
//
//   npm run bench:mine [-- --blocks 100000 --cpu-prof]
//
// Starts a devnet node (own temp home, free port, REST and gRPC off), switches to manual mining and
// mines N empty blocks in one `dev_mine` call (group commits), then prints the wall time and blocks/s
// and checks the height. Target: N = 100,000 works, at >= 10,000 empty blocks/s on a 2-core machine.
// --cpu-prof writes the node's CPU profile to a directory it prints.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, numberArg, rpcCall } from './bench-lib.mjs'

const BLOCKS = numberArg('blocks', 100_000)
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const PROF_DIR = process.argv.includes('--cpu-prof')
  ? await mkdtemp(join(tmpdir(), 'sdkd-bench-mine-prof-'))
  : undefined

const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-mine-'))
const port = await freePort()
const url = `http://127.0.0.1:${port}`
const call = (method, params) => rpcCall(url, method, params)

spawnSync(process.execPath, [SDKD, '--home', home, 'init', 'bench', '--devnet'], {
  stdio: 'ignore',
})
const node = spawn(
  process.execPath,
  [
    ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROF_DIR] : []),
    SDKD,
    '--home',
    home,
    '--log_level',
    'warn',
    'start',
    '--rpc.laddr',
    `tcp://127.0.0.1:${port}`,
    '--api.enable=false',
    '--grpc.enable=false',
  ],
  { stdio: 'ignore' },
)
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
  const before = Number((await call('dev_status')).height)
  const t = performance.now()
  const { height } = await call('dev_mine', { blocks: BLOCKS })
  const seconds = (performance.now() - t) / 1000
  if (Number(height) !== before + BLOCKS)
    throw new Error(`expected height ${before + BLOCKS}, got ${height}`)
  console.log(
    `dev_mine ${BLOCKS} blocks: ${seconds.toFixed(2)} s, ${Math.round(BLOCKS / seconds)} blocks/s (target >= 10000)`,
  )
} finally {
  node.kill('SIGTERM')
  await new Promise((r) => node.once('close', r))
  await rm(home, { recursive: true, force: true })
  if (PROF_DIR) console.log(`CPU profile of the node: ${PROF_DIR}`)
}
