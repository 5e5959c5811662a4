// Benchmark: a whole upgrade rehearsal with a long way to the height, timed from outside.
//
//   npm run bench:rehearse [-- --blocks 100000 --cpu-prof]
//
// Runs `sdkd rehearse v2 --at +<blocks>` (a fresh v1 devnet, the proposal and vote through
// governance, <blocks> blocks mined to the height, v2 applies the upgrade, the checks) as a real
// process and prints its wall time, the mining rate of the `mine to H−1` step (blocks/s, from the
// --json report) and the rehearsal's result. Target on a 2-core machine: < 15 s for 100,000 blocks
// (the rate is the block producer's; the rest of the rehearsal takes about two seconds).
// --cpu-prof writes the rehearsal process's CPU profile to a directory it prints.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { numberArg } from './bench-lib.mjs'

const BLOCKS = numberArg('blocks', 100_000)
const TARGET_S = 15
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))

const dir = await mkdtemp(join(tmpdir(), 'sdkd-bench-rehearse-'))
const PROF_DIR = process.argv.includes('--cpu-prof')
  ? await mkdtemp(join(tmpdir(), 'sdkd-bench-rehearse-prof-'))
  : undefined
try {
  const report = join(dir, 'report.json')
  const t0 = performance.now()
  const r = spawnSync(
    process.execPath,
    [
      ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROF_DIR] : []),
      SDKD,
      'rehearse',
      'v2',
      '--at',
      `+${BLOCKS}`,
      '--json',
      report,
    ],
    { encoding: 'utf8' },
  )
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\n`)
    throw new Error(`sdkd rehearse exited ${r.status}`)
  }
  const json = JSON.parse(await readFile(report, 'utf8'))
  const mining = json.steps.find((s) => s.name.startsWith('mine to '))
  const mined = mining.toHeight - mining.fromHeight
  const others = json.steps.filter((s) => s !== mining).reduce((ms, s) => ms + s.ms, 0)
  console.log(`sdkd rehearse v2 --at +${BLOCKS}: ${json.result}`)
  console.log(
    `wall time:              ${wall.toFixed(1)} s (target < ${TARGET_S} s: ${wall < TARGET_S ? 'met' : 'not met'})`,
  )
  console.log(
    `mining to H−1:          ${mined} blocks in ${(mining.ms / 1000).toFixed(1)} s = ${Math.round(mined / (mining.ms / 1000))} blocks/s`,
  )
  console.log(
    `every other step:       ${(others / 1000).toFixed(1)} s (the rest is process start and the checks)`,
  )
  if (PROF_DIR) console.log(`CPU profile of the rehearsal: ${PROF_DIR}`)
} finally {
  await rm(dir, { recursive: true, force: true })
}
