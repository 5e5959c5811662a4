import { describe, expect, test } from 'vitest'
import { utf8 } from '../codec/bytes.js'
import { elementHashStats, LtHash } from './lthash.js'

/** An accumulator holding exactly these pairs, built from nothing (no removal involved). */
function fresh(pairs: [Uint8Array, Uint8Array][]): LtHash {
  const h = new LtHash()
  for (const [k, v] of pairs) h.add(k, v)
  return h
}

const KEY = Uint8Array.of(0x00)

describe('LtHash', () => {
  test('removing a value gives the accumulator of the remaining contents', () => {
    const a = fresh([
      [KEY, utf8('one')],
      [utf8('other'), utf8('x')],
    ])
    a.remove(KEY, utf8('one'))
    expect(Buffer.from(a.toBytes())).toEqual(
      Buffer.from(fresh([[utf8('other'), utf8('x')]]).toBytes()),
    )
  })

  test('two stores rewriting the same key every block remove without hashing again', () => {
    // Two accumulators (two stores) whose key 0x00 changes at every height, interleaved as a block
    // commits them: each removal finds the hash its own previous value was added with.
    const minter = fresh([[KEY, utf8('minter 0')]])
    const pool = fresh([[KEY, utf8('pool 0')]])
    const before = elementHashStats.computed
    for (let h = 1; h <= 5; h++) {
      minter.remove(KEY, utf8(`minter ${h - 1}`))
      minter.add(KEY, utf8(`minter ${h}`))
      pool.remove(KEY, utf8(`pool ${h - 1}`))
      pool.add(KEY, utf8(`pool ${h}`))
    }
    // One hash per added value; none for the removals.
    expect(elementHashStats.computed - before).toBe(10)
    expect(Buffer.from(minter.toBytes())).toEqual(
      Buffer.from(fresh([[KEY, utf8('minter 5')]]).toBytes()),
    )
    expect(Buffer.from(pool.toBytes())).toEqual(
      Buffer.from(fresh([[KEY, utf8('pool 5')]]).toBytes()),
    )
  })

  test('replacing a value is removing it and adding the new one', () => {
    const a = fresh([
      [KEY, utf8('old')],
      [utf8('other'), utf8('x')],
    ])
    a.replace(KEY, utf8('old'), utf8('new'))
    expect(Buffer.from(a.toBytes())).toEqual(
      Buffer.from(
        fresh([
          [utf8('other'), utf8('x')],
          [KEY, utf8('new')],
        ]).toBytes(),
      ),
    )
  })

  test('a value not kept is hashed again, and still removes exactly', () => {
    const a = new LtHash()
    a.add(KEY, utf8('v1'))
    // Five more values of the same key push the first out of what is kept.
    const others = new LtHash()
    for (let i = 0; i < 5; i++) others.add(KEY, utf8(`w${i}`))
    const before = elementHashStats.computed
    a.remove(KEY, utf8('v1'))
    expect(elementHashStats.computed - before).toBe(1)
    expect(Buffer.from(a.toBytes())).toEqual(Buffer.from(new LtHash().toBytes()))
  })
})
