import { describe, expect, it } from 'vitest'
import { parseRfc3339 } from '../../codec/time.js'
import {
  blockIntervalMs,
  durationMs,
  estimateHeight,
  formatHeightEstimate,
  safetyRule,
  safetyWarning,
} from './timing.js'

const at = (height: number, time: string) => ({ height, time: parseRfc3339(time) })

describe('upgrade timing', () => {
  it('behavior: the block interval is the median gap of the recent blocks; a pause does not skew it', () => {
    const times = [
      at(13, '2026-01-01T00:01:06Z'),
      at(12, '2026-01-01T00:00:06Z'),
      at(11, '2026-01-01T00:00:05.5Z'),
      at(10, '2026-01-01T00:00:05Z'),
      at(8, '2026-01-01T00:00:04Z'),
    ]
    // Gaps per block: 500, 500, 500, 60000 (a restart) → 500.
    expect(blockIntervalMs(times)).toBe(500)
    expect(blockIntervalMs(times.slice(1))).toBe(500)
    expect(blockIntervalMs([at(2, '2026-01-01T00:00:01Z'), at(3, '2026-01-01T00:00:02Z')])).toBe(
      1000,
    )
    expect(blockIntervalMs(times.slice(0, 1))).toBeUndefined()
  })

  it('behavior: durations decode from google.protobuf.Duration', () => {
    expect(durationMs({ seconds: '172800', nanos: 0 })).toBe(172_800_000)
    expect(durationMs({ seconds: '1', nanos: 500_000_000 })).toBe(1500)
    expect(durationMs(undefined)).toBe(0)
  })

  it('behavior: lowest safe height = next block + ⌈(2 × (voting + deposit) + delta) / interval⌉', () => {
    const rule = safetyRule({
      latestHeight: 100,
      blockIntervalMs: 500,
      votingPeriodMs: 5000,
      depositPeriodMs: 10_000,
      safetyDeltaMs: 5000,
    })
    expect(rule).toEqual({ lowestSafeHeight: 171, windowMs: 35_000, windowBlocks: 70 })
    // Mainnet-like: 2 days each at 6s blocks, one day of delta.
    const day = 86_400_000
    expect(
      safetyRule({
        latestHeight: 1000,
        blockIntervalMs: 6000,
        votingPeriodMs: 2 * day,
        depositPeriodMs: 2 * day,
        safetyDeltaMs: day,
      }).lowestSafeHeight,
    ).toBe(1001 + 9 * 14_400)
  })

  it('behavior: the warning names the lowest safe height and how it was computed', () => {
    const inputs = {
      latestHeight: 100,
      blockIntervalMs: 500,
      votingPeriodMs: 5000,
      depositPeriodMs: 10_000,
      safetyDeltaMs: 5000,
    }
    const w = safetyWarning(150, inputs)
    expect(w).toBe(
      'WARNING: upgrade height 150 leaves no time to cancel the upgrade by governance. The lowest height that does is 171: 2 × (voting period 5s + deposit period 10s) + safety delta 5s = 35s, about 70 blocks at the recent 500ms per block after the proposal starts (next block 101). Use --upgrade-height 171 or higher to keep the upgrade cancellable.',
    )
    expect(safetyWarning(171, inputs)).toBeUndefined()
  })

  it('behavior: the time until a height follows the recent interval', () => {
    const recent = [at(100, '2026-01-01T00:01:00Z'), at(90, '2026-01-01T00:00:55Z')]
    const e = estimateHeight(130, recent)
    expect(e).toMatchObject({ latestHeight: 100, blocksLeft: 30, msLeft: 15_000 })
    expect(formatHeightEstimate(130, e)).toBe(
      'estimated time until height 130: ~15s (30 blocks at ~500ms per block; around 2026-01-01T00:01:15Z)',
    )
    expect(formatHeightEstimate(100, estimateHeight(100, recent))).toBe(
      'height 100 is not ahead of the chain (latest height 100)',
    )
    expect(formatHeightEstimate(120, estimateHeight(120, recent.slice(0, 1)))).toMatch(
      /too few blocks yet to estimate/,
    )
  })
})
