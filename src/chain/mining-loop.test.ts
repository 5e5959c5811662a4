import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { StoredBlock } from '../store/stored-block.js'
import type { PendingCommit } from './commit-queue.js'
import { type MiningHost, MiningLoop } from './mining-loop.js'

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'],
  })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A host whose blocks `build` makes; records when each one starts. */
function hostBuilding(build: () => Promise<PendingCommit>) {
  const starts: number[] = []
  const host: MiningHost = {
    build(): Promise<PendingCommit> {
      starts.push(Date.now())
      return build()
    },
    pendingTxs: () => 0,
    roomInQueue: () => undefined,
    onFailure(err) {
      throw err
    },
    onStall() {},
  }
  return { host, starts }
}

/** A host whose blocks take `blockMs` to run and be durable. */
const hostTaking = (blockMs: number) =>
  hostBuilding(
    () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ durable: Promise.resolve({} as StoredBlock) }), blockMs),
      ),
  )

/** When each block of a 500 ms loop started (ms after the loop did), over `forMs`. */
async function startsOf(blockMs: number, forMs: number): Promise<number[]> {
  const t0 = Date.now()
  const { host, starts } = hostTaking(blockMs)
  const loop = new MiningLoop(host, 500)
  loop.start()
  await vi.advanceTimersByTimeAsync(forMs)
  loop.stop()
  return starts.map((t) => t - t0)
}

describe('the mining loop', () => {
  test('behavior: as CometBFT, a block starts timeout_commit after the previous one started, its run inside the wait; a block longer than the wait is followed at once', async () => {
    expect(await startsOf(150, 2_100)).toEqual([0, 500, 1000, 1500, 2000])
    const slow = await startsOf(700, 2_200)
    // Each follows the last at once (a turn of the event loop: a millisecond of the fake clock).
    const gaps = slow.map((t, i) => t - (i === 0 ? 0 : slow[i - 1]!))
    expect(gaps[0]).toBe(0)
    expect(gaps.slice(1).map((g) => g >= 700 && g <= 701)).toEqual([true, true, true])
  })
})

describe('a block time longer than Node’s longest timer', () => {
  test('behavior: a timeout_commit of 30 days waits 30 days between blocks, not 1 ms', async () => {
    const day = 86_400_000
    const t0 = Date.now()
    const { host, starts } = hostTaking(1)
    const loop = new MiningLoop(host, 30 * day)
    loop.start()
    await vi.advanceTimersByTimeAsync(29 * day)
    expect(starts.map((t) => t - t0)).toEqual([0])
    await vi.advanceTimersByTimeAsync(day + 10)
    expect(starts.map((t) => t - t0)).toEqual([0, 30 * day])
    loop.stop()
  })
})

/** A host whose blocks are queued at once and durable `durableMs` later. */
const hostDurableAfter = (durableMs: number) =>
  hostBuilding(async () => {
    await Promise.resolve()
    return {
      durable: new Promise<StoredBlock>((r) => setTimeout(() => r({} as StoredBlock), durableMs)),
    }
  })

describe('a mode set while a block waits to be durable', () => {
  test('behavior: the loop goes on at the new block time alone, not twice as often', async () => {
    const t0 = Date.now()
    const { host, starts } = hostDurableAfter(20)
    const loop = new MiningLoop(host, 500)
    loop.start()
    // The first block is queued at once and waits 20 ms for the disk: the mode is set then.
    await vi.advanceTimersByTimeAsync(10)
    loop.setMode({ mode: 'interval', intervalMs: 1000 })
    await vi.advanceTimersByTimeAsync(3_500)
    loop.stop()
    // From the next block on, one a second (counted from the block's start, as CometBFT's
    // timeout_commit): one chain of blocks, as `dev_setMining` promises.
    expect(starts.map((t) => t - t0)).toEqual([0, 1000, 2000, 3000])
  })
})
