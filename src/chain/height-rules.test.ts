import { describe, expect, test } from 'vitest'
import { HeightRules } from './height-rules.js'

/** Evidence params with this max age. */
const ev = (n: number) => ({ max_age_num_blocks: String(n) })

describe('HeightRules.retainHeight (upstream GetBlockRetentionHeight)', () => {
  test('behavior: the lower of h - max_age_num_blocks and h - min-retain-blocks, never below 0', () => {
    const rules = new HeightRules({ minRetainBlocks: 10 })
    expect(rules.retainHeight(40, ev(5))).toBe(30)
    expect(rules.retainHeight(40, ev(30))).toBe(10)
    // The evidence age keeps more blocks than min-retain-blocks asks for, until the chain is older.
    expect(rules.retainHeight(40, ev(100_000))).toBe(0)
    expect(rules.retainHeight(8, ev(5))).toBe(0)
    // A zero candidate is left out (upstream's minNonZero).
    expect(rules.retainHeight(10, ev(5))).toBe(5)
    expect(rules.retainHeight(5, ev(5))).toBe(0)
    // So at h = max_age_num_blocks exactly, min-retain-blocks alone prunes.
    expect(rules.retainHeight(30, ev(30))).toBe(20)
    expect(rules.retainHeight(31, ev(30))).toBe(1)
  })

  test('behavior: the snapshots kept hold back pruning: h - snapshot-interval × snapshot-keep-recent joins the minimum', () => {
    // interval 10 × keep 2: a node restoring the oldest snapshot kept needs the 20 blocks since.
    const rules = new HeightRules({ minRetainBlocks: 5, snapshotRetentionHeights: 20 })
    expect(rules.retainHeight(100, ev(10))).toBe(80)
    expect(rules.retainHeight(100, ev(30))).toBe(70)
    expect(rules.retainHeight(15, ev(10))).toBe(0)
    // No snapshots (interval 0, or keep-recent 0: keep all) leave the other two.
    expect(
      new HeightRules({ minRetainBlocks: 5, snapshotRetentionHeights: 0 }).retainHeight(
        100,
        ev(10),
      ),
    ).toBe(90)
    // min-retain-blocks 0 still keeps every block.
    expect(new HeightRules({ snapshotRetentionHeights: 20 }).retainHeight(100, ev(10))).toBe(0)
  })

  test('behavior: min-retain-blocks 0 keeps every block; a max age of 0 leaves min-retain-blocks alone', () => {
    expect(new HeightRules({ minRetainBlocks: 0 }).retainHeight(1_000, ev(5))).toBe(0)
    expect(new HeightRules({}).retainHeight(1_000, ev(5))).toBe(0)
    expect(new HeightRules({ minRetainBlocks: 10 }).retainHeight(40, ev(0))).toBe(30)
  })
})
