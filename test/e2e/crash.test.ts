import { expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  getJson,
  initHome,
  rpcHeight,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const cleanups = cleanupAfterEach()

const KILLS = 25

/** Deterministic pseudo-random numbers (a failing run can be replayed with the same seed). */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

interface Seen {
  hash: string
  appHash: string
  lastBlockId: string
}

async function block(url: string, height: number): Promise<Seen> {
  const r = (await getJson(`${url}/block?height=${height}`)).body
  if (!r.result) throw new Error(`no block ${height}: ${JSON.stringify(r.error)}`)
  return {
    hash: r.result.block_id.hash,
    appHash: r.result.block.header.app_hash,
    lastBlockId: r.result.block.header.last_block_id.hash,
  }
}

test(`behavior: after ${KILLS} kill -9 at random moments the chain continues; committed blocks and app hashes never change`, async () => {
  const seed = Number(process.env.SDKD_CRASH_SEED ?? Date.now() % 100_000)
  const random = rng(seed)
  const t = await tempDir('sdkd-crash-')
  cleanups.push(t.cleanup)
  await initHome(t.dir)
  const seen = new Map<number, Seen>()
  let maxHeight = 0
  // Each start binds a port of the OS's choosing (port 0), read back from its `serving` log line.
  // Pruning cycles through the home's default (upstream's: records of what each height changed are
  // written), every 10 heights down to the last 2 (the records read and deleted), and none (no
  // records: the next start with pruning writes them again from the history).
  const start = (timeout: string, pruning = 'default'): SdkdProcess => {
    const p = startSdkd([
      '--home',
      t.dir,
      'start',
      '--rpc.laddr',
      '127.0.0.1:0',
      '--grpc.enable=false',
      '--api.enable=false',
      '--timeout-commit',
      timeout,
      '--pruning',
      pruning,
    ])
    cleanups.push(() => p.stop('SIGKILL'))
    return p
  }

  for (let i = 0; i < KILLS; i++) {
    // Even runs mine as fast as possible (several heights per batch), odd runs every 5 ms.
    const p = start(i % 2 === 0 ? '0' : '5ms', ['default', 'everything', 'nothing'][i % 3])
    if (i % 5 === 4) {
      // Kill during start-up: opening the database, loading the index, the first commit.
      await new Promise((r) => setTimeout(r, random() * 150))
    } else {
      const { rpcPort: port } = await boundPorts(p)
      const url = `http://127.0.0.1:${port}`
      const h = await waitFor(
        async () => {
          const x = await rpcHeight(port)
          return x !== undefined && x > maxHeight ? x : undefined
        },
        30_000,
        `run ${i}: height above ${maxHeight} (seed ${seed})`,
      )
      // Everything served is durable: record a few blocks, and check earlier records still hold.
      for (const height of [h, Math.max(1, Math.floor(random() * h)), 1]) {
        const b = await block(url, height)
        const before = seen.get(height)
        if (before) expect(b, `run ${i} height ${height} (seed ${seed})`).toEqual(before)
        seen.set(height, b)
      }
      maxHeight = Math.max(maxHeight, h)
      await new Promise((r) => setTimeout(r, random() * 120))
    }
    p.child.kill('SIGKILL')
    expect((await p.exited).signal).toBe('SIGKILL')
  }

  // Final start: every recorded block is unchanged, and the whole chain links up.
  const final = start('1h')
  const { rpcPort: port } = await boundPorts(final)
  const url = `http://127.0.0.1:${port}`
  const latest = await waitFor(async () => rpcHeight(port), 30_000, `final start (seed ${seed})`)
  expect(latest).toBeGreaterThanOrEqual(maxHeight)
  for (const [height, b] of seen)
    expect(await block(url, height), `height ${height} (seed ${seed})`).toEqual(b)
  let prevHash = ''
  for (let lo = 1; lo <= latest; lo += 20) {
    const hi = Math.min(latest, lo + 19)
    const metas = (
      await getJson(`${url}/blockchain?minHeight=${lo}&maxHeight=${hi}`)
    ).body.result.block_metas.reverse()
    expect(metas.map((m: any) => Number(m.header.height))).toEqual(
      Array.from({ length: hi - lo + 1 }, (_, k) => lo + k),
    )
    for (const m of metas) {
      expect(m.header.last_block_id.hash, `link at ${m.header.height} (seed ${seed})`).toBe(
        prevHash,
      )
      prevHash = m.block_id.hash
    }
  }
  expect((await final.stop()).code).toBe(0)
}, 300_000)
