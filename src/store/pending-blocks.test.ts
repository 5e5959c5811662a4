import { describe, expect, test } from 'vitest'
import { PendingBlocks } from './pending-blocks.js'

describe('pending blocks (prepared, not yet published)', () => {
  const stored = (height: number) => ({ block: { header: { height } } })

  test('holds consecutive heights past its first size, each found by its own height only', () => {
    const pending = new PendingBlocks<ReturnType<typeof stored>>()
    const blocks = Array.from({ length: 5000 }, (_, i) => stored(i + 7))
    for (const b of blocks) pending.set(b.block.header.height, b)
    for (const b of blocks) expect(pending.get(b.block.header.height)).toBe(b)
    expect(pending.get(6)).toBeUndefined()
    expect(pending.get(5007)).toBeUndefined()
    // 1024 and 2048 heights later share a slot with height 7 in smaller rings: not that block.
    expect(pending.get(7 + 8192)).toBeUndefined()
  })

  test('published heights are forgotten and their slots reused by later heights', () => {
    const pending = new PendingBlocks<ReturnType<typeof stored>>()
    for (let h = 1; h <= 3000; h++) {
      pending.set(h, stored(h))
      if (h > 100) pending.delete(h - 100)
    }
    expect(pending.get(2900)).toBeUndefined()
    expect(pending.get(2901)?.block.header.height).toBe(2901)
    expect(pending.get(3000)?.block.header.height).toBe(3000)
    pending.delete(2950)
    expect(pending.get(2950)).toBeUndefined()
    expect(pending.get(2951)?.block.header.height).toBe(2951)
  })

  test('a rollback clears every block', () => {
    const pending = new PendingBlocks<ReturnType<typeof stored>>()
    for (let h = 1; h <= 10; h++) pending.set(h, stored(h))
    pending.clear()
    for (let h = 1; h <= 10; h++) expect(pending.get(h)).toBeUndefined()
    pending.set(5, stored(5))
    expect(pending.get(5)?.block.header.height).toBe(5)
  })
})
