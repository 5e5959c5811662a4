import { describe, expect, test } from 'vitest'
import { chachaElementBytes, shakeElementBytes } from '../../test/helpers/element-hash.js'
import { utf8 } from '../codec/bytes.js'
import { type ElementHashName, elementHashNamed, elementHashStats, LtHash } from './lthash.js'

/** An accumulator holding exactly these pairs, built from nothing (no removal involved). */
function fresh(element: ElementHashName, pairs: [Uint8Array, Uint8Array][]): LtHash {
  const h = new LtHash(element)
  for (const [k, v] of pairs) h.add(k, v)
  return h
}

const KEY = Uint8Array.of(0x00)
const bytesOf = (h: LtHash) => Buffer.from(h.toBytes())

describe.each(['sha256-chacha20', 'shake256'] as const)('LtHash with %s', (element) => {
  test('removing a value gives the accumulator of the remaining contents', () => {
    const a = fresh(element, [
      [KEY, utf8('one')],
      [utf8('other'), utf8('x')],
    ])
    a.remove(KEY, utf8('one'))
    expect(bytesOf(a)).toEqual(bytesOf(fresh(element, [[utf8('other'), utf8('x')]])))
  })

  test('replacing a value is removing it and adding the new one', () => {
    const a = fresh(element, [
      [KEY, utf8('old')],
      [utf8('other'), utf8('x')],
    ])
    a.replace(KEY, utf8('old'), utf8('new'))
    const expected = fresh(element, [
      [utf8('other'), utf8('x')],
      [KEY, utf8('new')],
    ])
    expect(bytesOf(a)).toEqual(bytesOf(expected))
  })

  test('a clone and the serialized form keep the element hash and the lanes', () => {
    const a = fresh(element, [[KEY, utf8('v')]])
    const back = LtHash.fromBytes(a.toBytes(), element)
    expect(back.element).toBe(element)
    expect(a.clone().element).toBe(element)
    back.remove(KEY, utf8('v'))
    expect(bytesOf(back)).toEqual(bytesOf(new LtHash(element)))
  })
})

describe('element hashes', () => {
  // A long value goes past the gathered input's first size; a long key needs a two-byte uvarint.
  const cases: [string, Uint8Array, Uint8Array][] = [
    ['a short pair', KEY, utf8('minter 1')],
    ['an empty value', utf8('k'), new Uint8Array(0)],
    ['a 200-byte key', new Uint8Array(200).fill(7), utf8('v')],
    ['a 5,000-byte value', utf8('k'), new Uint8Array(5000).fill(9)],
  ]

  test.each(cases)('sha256-chacha20 of %s is ChaCha20 under SHA-256 of the input', (_, k, v) => {
    expect(bytesOf(fresh('sha256-chacha20', [[k, v]]))).toEqual(chachaElementBytes(k, v))
  })

  test.each(cases)('shake256 of %s is SHAKE-256 of the input', (_, k, v) => {
    expect(bytesOf(fresh('shake256', [[k, v]]))).toEqual(shakeElementBytes(k, v))
  })

  test('an accumulator is the lane-wise sum modulo 2^16 of its elements, after adds, removals and replaces', () => {
    const pairs = Array.from(
      { length: 40 },
      (_, i) => [utf8(`key ${i}`), utf8(`value ${i}`)] as const,
    )
    const a = new LtHash('sha256-chacha20')
    for (const [k, v] of pairs) a.add(k, v)
    for (const [k, v] of pairs.slice(0, 10)) a.remove(k, v)
    for (const [k, v] of pairs.slice(10, 20)) a.replace(k, v, utf8('next'))
    // The same sum made lane by lane from the independent element bytes.
    const expected = new Uint16Array(1024)
    const sum = (bytes: Buffer, sign: number) => {
      for (let i = 0; i < 1024; i++) expected[i] = expected[i]! + sign * bytes.readUInt16LE(2 * i)
    }
    for (const [k, v] of pairs.slice(10)) sum(chachaElementBytes(k, v), 1)
    for (const [k, v] of pairs.slice(10, 20)) {
      sum(chachaElementBytes(k, v), -1)
      sum(chachaElementBytes(k, utf8('next')), 1)
    }
    const lanes = Buffer.from(a.toBytes())
    expect(Array.from({ length: 1024 }, (_, i) => lanes.readUInt16LE(2 * i))).toEqual([...expected])
  })

  test('the two differ, and a pair hashes the same in any accumulator', () => {
    const a = fresh('sha256-chacha20', [[KEY, utf8('x')]])
    expect(bytesOf(a)).not.toEqual(bytesOf(fresh('shake256', [[KEY, utf8('x')]])))
    // The lanes are made in memory every call reuses: an accumulator keeps its own sum.
    const b = fresh('sha256-chacha20', [[KEY, utf8('y')]])
    expect(bytesOf(a)).toEqual(chachaElementBytes(KEY, utf8('x')))
    expect(bytesOf(b)).toEqual(chachaElementBytes(KEY, utf8('y')))
  })

  test('a record of an element hash this sdkd does not know is refused by name', () => {
    expect(elementHashNamed('shake256', 'x')).toBe('shake256')
    expect(() => elementHashNamed('blake3', "this home's state")).toThrow(
      `this home's state is hashed with the element hash "blake3", which this sdkd does not know: a newer sdkd made it`,
    )
  })
})

describe("shake256's kept hashes", () => {
  test('two stores rewriting the same key every block remove without hashing again', () => {
    // Two accumulators (two stores) whose key 0x00 changes at every height, interleaved as a block
    // commits them: each removal finds the hash its own previous value was added with.
    const minter = fresh('shake256', [[KEY, utf8('minter 0')]])
    const pool = fresh('shake256', [[KEY, utf8('pool 0')]])
    const before = elementHashStats.computed
    for (let h = 1; h <= 5; h++) {
      minter.remove(KEY, utf8(`minter ${h - 1}`))
      minter.add(KEY, utf8(`minter ${h}`))
      pool.remove(KEY, utf8(`pool ${h - 1}`))
      pool.add(KEY, utf8(`pool ${h}`))
    }
    // One hash per added value; none for the removals.
    expect(elementHashStats.computed - before).toBe(10)
    expect(bytesOf(minter)).toEqual(bytesOf(fresh('shake256', [[KEY, utf8('minter 5')]])))
    expect(bytesOf(pool)).toEqual(bytesOf(fresh('shake256', [[KEY, utf8('pool 5')]])))
  })

  test('a value not kept is hashed again, and still removes exactly', () => {
    const a = new LtHash('shake256')
    a.add(KEY, utf8('v1'))
    // Five more values of the same key push the first out of what is kept.
    const others = new LtHash('shake256')
    for (let i = 0; i < 5; i++) others.add(KEY, utf8(`w${i}`))
    const before = elementHashStats.computed
    a.remove(KEY, utf8('v1'))
    expect(elementHashStats.computed - before).toBe(1)
    expect(bytesOf(a)).toEqual(bytesOf(new LtHash('shake256')))
  })
})
