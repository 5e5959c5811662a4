import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { TEST_BLOCK_PARAMS } from '../../test/helpers/block-signer.js'
import { sha256 } from '../codec/hash.js'
import { parseRfc3339 } from '../codec/time.js'
import { consensusAddress, ed25519FromSeed } from '../config/validator-key.js'
import type { BlockJob } from './block-source.js'

// The block worker of the build (its script runs only once built, as in the node): it sleeps as
// soon as it runs out of jobs, and the node wakes it once WAKE_AFTER (16) blocks wait for it, or
// when it waits for one. The modules come from the build too, so the worker's URL resolves beside
// them.
const DIST = new URL('../../dist/', import.meta.url)
const built = existsSync(fileURLToPath(new URL('block/worker-main.js', DIST)))
if (!built) console.log('skipped: the block worker is not built (npm run build)')

type Dist = {
  WorkerBlockSource: typeof import('./worker-source.js').WorkerBlockSource
  BlockBuilder: typeof import('./block.js').BlockBuilder
  EMPTY_BLOCK_ID: typeof import('./block.js').EMPTY_BLOCK_ID
  createEd25519Signer: typeof import('../codec/ed25519.js').createEd25519Signer
  protoRegistry: typeof import('../codec/proto.js').protoRegistry
  CTRL: typeof import('../threads/shared-ring.js').CTRL
  WAKE_AFTER: typeof import('./worker-source.js').WAKE_AFTER
}

async function dist(): Promise<Dist> {
  const load = (path: string) => import(new URL(path, DIST).href)
  return {
    ...(await load('block/worker-source.js')),
    ...(await load('block/block.js')),
    ...(await load('codec/ed25519.js')),
    ...(await load('codec/proto.js')),
    ...(await load('threads/shared-ring.js')),
  }
}

const T0 = parseRfc3339('2026-03-04T05:06:07.000000001Z')

function job(h: number): BlockJob {
  return {
    height: h,
    time: T0 + BigInt(h - 1) * 1_000_000_000n,
    appHash: sha256(Uint8Array.of(h)),
    lastResultsHash: h === 1 ? new Uint8Array() : sha256(Uint8Array.of(h % 2)),
    txs: [],
    burst: true,
  }
}

/** Resolves once `ok()` holds (checked every 5 ms), or fails after `ms`. */
async function until(ok: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('the block worker', () => {
  test.skipIf(!built)(
    'behavior: asleep once out of jobs, it is woken by the sixteenth waiting block or by a wait for one, and its blocks are those built on one thread',
    async () => {
      const d = await dist()
      const key = ed25519FromSeed(new Uint8Array(32).fill(7))
      const signer = {
        address: consensusAddress(key.pubKey),
        pubKey: key.pubKey,
        power: 10n,
        sign: d.createEd25519Signer(key.seed).sign,
      }
      const registry = d.protoRegistry()
      const builder = new d.BlockBuilder(registry, 'wake-chain', signer, TEST_BLOCK_PARAMS)
      const source = d.WorkerBlockSource.start(
        builder,
        {
          chainId: 'wake-chain',
          brand: 'sdk',
          seed: key.seed,
          address: signer.address,
          pubKey: signer.pubKey,
          power: '10',
          blockMaxBytes: TEST_BLOCK_PARAMS.blockMaxBytes.toString(),
          blockMaxGas: TEST_BLOCK_PARAMS.blockMaxGas.toString(),
          maxSigners: 0,
          keySeeds: [],
        },
        { log: { debug: () => undefined, warn: () => undefined, error: () => undefined } },
      )!
      try {
        const ring = (source as unknown as { ring: import('../threads/shared-ring.js').SharedRing })
          .ring
        const ctrl = ring.ctrl
        await until(() => source.ready, 10_000, 'the worker is ready')
        // Idle from the start: asleep, not polling.
        await until(() => Atomics.load(ctrl, d.CTRL.sleeping) === 1, 5_000, 'the worker sleeps')

        expect(d.WAKE_AFTER).toBe(16)
        const n = d.WAKE_AFTER - 1
        const heights = (from: number, count: number) =>
          Array.from({ length: count }, (_, i) => from + i)

        // Fifteen blocks wait for it, not sixteen: it stays asleep.
        source.follow(d.EMPTY_BLOCK_ID)
        const out = heights(1, n).map((h) => source.submit(job(h)))
        await new Promise((r) => setTimeout(r, 100))
        expect(Atomics.load(ctrl, d.CTRL.claimed)).toBe(0)
        expect(out.filter((b) => b.isBuilt)).toEqual([])

        // Waiting for one wakes it: it builds every block published.
        await out[1]!.built()
        await until(() => out.every((b) => b.isBuilt), 5_000, `blocks 1 to ${n} are built`)

        // At once another: it is not looked for (a worker polling after its last job would have
        // claimed it within a millisecond).
        const more = [source.submit(job(n + 1))]
        await new Promise((r) => setTimeout(r, 30))
        expect(Atomics.load(ctrl, d.CTRL.claimed)).toBe(n)
        expect(Atomics.load(ctrl, d.CTRL.sleeping)).toBe(1)

        // Fourteen more: still asleep with fifteen waiting; the sixteenth wakes it with nobody
        // waiting for a block.
        for (const h of heights(n + 2, n - 1)) more.push(source.submit(job(h)))
        await new Promise((r) => setTimeout(r, 30))
        expect(Atomics.load(ctrl, d.CTRL.claimed)).toBe(n)
        more.push(source.submit(job(2 * n + 1)))
        await until(
          () => more.every((b) => b.isBuilt),
          5_000,
          `blocks ${n + 1} to ${2 * n + 1} are built`,
        )
        expect(Atomics.load(ctrl, d.CTRL.claimed)).toBe(2 * n + 1)

        // Byte for byte the blocks of one thread, none built here.
        const here = new d.BlockBuilder(registry, 'wake-chain', signer, TEST_BLOCK_PARAMS)
        let last = d.EMPTY_BLOCK_ID
        for (const [i, b] of [...out, ...more].entries()) {
          const want = here.build({ ...job(i + 1), lastBlockId: last })
          expect(Buffer.from(b.block().bytes).toString('hex')).toBe(
            Buffer.from(want.bytes).toString('hex'),
          )
          last = want.blockId
        }
        expect(Atomics.load(ctrl, d.CTRL.done)).toBe(2 * n + 1)
      } finally {
        await source.close()
      }
    },
  )
})
