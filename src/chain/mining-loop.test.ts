import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { StoredBlock } from '../store/stored-block.js'
import type { PendingCommit } from './commit-queue.js'
import { type MiningHost, MiningLoop } from './mining-loop.js'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A host whose blocks take `blockMs` to run and be durable; records when each one starts. */
function hostTaking(blockMs: number) {
  const starts: number[] = []
  let building = false
  const host: MiningHost = {
    build(): Promise<PendingCommit> {
      starts.push(Date.now())
      building = true
      return new Promise((resolve) =>
        setTimeout(() => {
          building = false
          resolve({ durable: Promise.resolve({} as StoredBlock) })
        }, blockMs),
      )
    },
    isBuilding: () => building,
    pendingTxs: () => 0,
    roomInQueue: () => undefined,
    onFailure(err) {
      throw err
    },
    onStall() {},
  }
  return { host, starts }
}

describe('the mining loop', () => {
  test('behavior: as CometBFT, a block starts timeout_commit after the previous one started, its run inside the wait; a block longer than the wait is followed at once', async () => {
    const t0 = Date.now()
    const quick = hostTaking(150)
    const loop = new MiningLoop(quick.host, 500)
    loop.start()
    await vi.advanceTimersByTimeAsync(2_100)
    loop.stop()
    expect(quick.starts.map((t) => t - t0)).toEqual([0, 500, 1000, 1500, 2000])

    const t1 = Date.now()
    const slow = hostTaking(700)
    const behind = new MiningLoop(slow.host, 500)
    behind.start()
    await vi.advanceTimersByTimeAsync(2_200)
    behind.stop()
    // Each follows the last at once (a turn of the event loop: a millisecond of the fake clock).
    const gaps = slow.starts.map((t, i) => t - (i === 0 ? t1 : slow.starts[i - 1]!))
    expect(gaps[0]).toBe(0)
    expect(gaps.slice(1).map((g) => g >= 700 && g <= 701)).toEqual([true, true, true])
  })
})
