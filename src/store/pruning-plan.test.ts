import { expect, test } from 'vitest'
import { decodePruneRecord, encodePruneRecord } from './prune-records.js'
import { MAX_PRUNED_HEIGHTS, planPruning } from './pruning-plan.js'

test('behavior: a pruning record reads back as written (deletions, replaced versions, long keys)', () => {
  const writes = [
    { full: '\u0000\u0000\u0000\u0001k', value: Uint8Array.of(1), replaced: undefined },
    { full: '\u0000\u0000\u0000\u0002\u00ff'.repeat(100), value: undefined, replaced: 2 ** 40 },
    { full: '\u0000\u0000\u0000\u0001', value: new Uint8Array(), replaced: -7 },
  ]
  expect(decodePruneRecord(encodePruneRecord(writes))).toEqual(
    writes.map(({ full, value, replaced }) => ({ full, deleted: value === undefined, replaced })),
  )
  expect(() => decodePruneRecord(encodePruneRecord(writes).subarray(0, 20))).toThrow(
    'pruning record: truncated entry',
  )
})

test('behavior: one commit prunes at most MAX_PRUNED_HEIGHTS heights, reading each record once', () => {
  const read: number[] = []
  const record = encodePruneRecord([
    { full: '\u0000\u0000\u0000\u0001k', value: Uint8Array.of(1), replaced: 3 },
  ])
  const plan = planPruning(
    {
      pruning: { keepRecent: 2, interval: 10 },
      prunedThrough: 0,
      record: (h) => {
        read.push(h)
        return h === 5 ? record : undefined
      },
    },
    30_000,
  )
  expect(plan.through).toBe(MAX_PRUNED_HEIGHTS)
  expect(read).toEqual(Array.from({ length: MAX_PRUNED_HEIGHTS }, (_, i) => i + 1))
  // Height 5's record: its own version of k stays (the last at or below the bound), the one it
  // replaced at height 3 goes, with the record.
  expect(plan.ops.map((op) => [op.type, Buffer.from(op.key).toString('hex')])).toEqual([
    ['del', `08${'5'.padStart(16, '0')}`],
    ['del', `010000000${'1'}6b${'3'.padStart(16, '0')}`],
  ])
})

test('behavior: a held height and the heights above it are not pruned', () => {
  const input = {
    pruning: { keepRecent: 2, interval: 10 },
    prunedThrough: 0,
    record: () => undefined,
  }
  expect(planPruning(input, 20).through).toBe(17)
  expect(planPruning({ ...input, heldFrom: 9 }, 20).through).toBe(8)
  expect(planPruning({ ...input, heldFrom: 1 }, 20).through).toBe(0)
})
