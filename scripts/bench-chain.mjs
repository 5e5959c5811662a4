// Benchmark: empty-block production and deep-history reads, measured side by side in one run.
//
//   npm run bench:chain [-- --blocks 20000]
//
// Prints blocks/s with timeout_commit 0, bytes on disk per block, peak RSS and its growth, then the
// median time of a key read at the oldest and at the newest height of that history and their ratio.
// Targets (2-core machine): >= 5,000 blocks/s, deep read <= 2x latest read, RSS growth < 50 MB.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInit } from '../dist/cli/init.js'
import { uint64BE } from '../dist/codec/bytes.js'
import { loadHome } from '../dist/config/home.js'
import { createSilentLogger } from '../dist/logger.js'
import { Node } from '../dist/node/node.js'
import { APP_VERSIONS } from '../dist/versions/index.js'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const BLOCKS = arg('blocks', 20_000)
const READS = arg('reads', 20_000)

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

async function dirSize(dir) {
  const { readdir, stat } = await import('node:fs/promises')
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    total += e.isDirectory() ? await dirSize(p) : (await stat(p)).size
  }
  return total
}

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
      beginBlockers: ['counter'],
    },
  }
}

async function openNode(home, appVersion) {
  await runInit({ home }, 'bench', { chainId: 'bench-1' })
  const loaded = await loadHome(home)
  loaded.node.consensus.timeoutCommitMs = 0
  loaded.app.pruning = 'nothing'
  return Node.create({ home: loaded, appVersion, logger: createSilentLogger() })
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
