import { describe, expect, test } from 'vitest'
import {
  bytesToLatin1,
  fromUtf8,
  latin1ToBytes,
  readBigUint64BE,
  readUint32BE,
  readUint64BE,
  restOf,
  toBase64,
  toHex,
  toHexUpper,
  uint32BE,
  uint64BE,
  utf8,
  utf8Range,
  writeUint64BE,
} from './bytes.js'

/**
 * The short-array conversions (no Buffer for arrays of up to 64 bytes) give what Buffer gives, at
 * the lengths around the switch and for the bytes where encodings differ.
 */

const asBytes = (b: Buffer) => [...b]

function sample(length: number, seed: number, max = 256): Uint8Array {
  const out = new Uint8Array(length)
  let s = seed
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) >>> 0
    out[i] = s % max
  }
  return out
}

describe('byte conversions', () => {
  test('behavior: latin1 both ways equals Buffer at every length around 64', () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = sample(length, length)
      const text = Buffer.from(bytes).toString('latin1')
      expect(bytesToLatin1(bytes)).toBe(text)
      expect([...latin1ToBytes(text)]).toEqual([...bytes])
    }
    // Chars above 0xff keep their low byte, as Buffer's latin1 does.
    expect([...latin1ToBytes('\u0141z')]).toEqual(asBytes(Buffer.from('\u0141z', 'latin1')))
  })

  test('behavior: latin1 is one char per byte, code point = byte, for every byte and inside a larger buffer', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i)
    const text = bytesToLatin1(every)
    expect(text.length).toBe(256)
    expect([...text].map((c) => c.charCodeAt(0))).toEqual([...every])
    // A view into a larger buffer (a store key cut from a full key): only its own bytes.
    const view = every.subarray(120, 140)
    expect(bytesToLatin1(view)).toBe(text.slice(120, 140))
    expect(bytesToLatin1(every.subarray(7, 7))).toBe('')
    // String order is byte order (the store's ordered index compares these strings).
    const keys = [
      every.subarray(0x7f, 0x81),
      every.subarray(0x80, 0x82),
      every.subarray(0xfe, 0x100),
    ]
    const strings = keys.map(bytesToLatin1)
    expect([...strings].sort()).toEqual(strings)
  })

  test('behavior: UTF-8 both ways equals Buffer, ASCII or not, valid or not', () => {
    for (const text of ['', 'stake', 'ünï', '✓ok', '\ud800', 'a'.repeat(64), 'é'.repeat(40)]) {
      expect([...utf8(text)]).toEqual(asBytes(Buffer.from(text, 'utf8')))
    }
    for (let length = 0; length <= 70; length++) {
      for (const max of [128, 256]) {
        const bytes = sample(length, length + max, max)
        expect(fromUtf8(bytes)).toBe(Buffer.from(bytes).toString('utf8'))
      }
    }
  })

  test('behavior: uint64BE equals DataView big-endian for numbers and bigints', () => {
    for (const n of [0, 1, 255, 256, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
      const want = new Uint8Array(8)
      new DataView(want.buffer).setBigUint64(0, BigInt(n))
      expect([...uint64BE(n)]).toEqual([...want])
      expect([...uint64BE(BigInt(n))]).toEqual([...want])
    }
    expect([...uint64BE(2n ** 64n - 1n)]).toEqual(Array(8).fill(255))
  })

  test('behavior: the 64- and 32-bit readers equal DataView, inside a larger array and above 2^53', () => {
    for (let seed = 0; seed < 200; seed++) {
      const bytes = sample(20, seed)
      const view = new DataView(new Uint8Array(bytes).buffer)
      for (const at of [0, 3, 12]) {
        const want = view.getBigUint64(at)
        expect(readBigUint64BE(bytes, at)).toBe(want)
        // above 2^53 rounded as Number() rounds the bigint
        expect(readUint64BE(bytes, at)).toBe(Number(want))
        expect(readUint32BE(bytes, at)).toBe(view.getUint32(at))
      }
      // a view starting inside its buffer reads from its own start
      const sub = bytes.subarray(5, 17)
      expect(readUint64BE(sub)).toBe(Number(view.getBigUint64(5)))
      expect(readUint32BE(sub, 8)).toBe(view.getUint32(13))
      const n = view.getUint32(0)
      const want32 = new Uint8Array(4)
      new DataView(want32.buffer).setUint32(0, n)
      expect([...uint32BE(n)]).toEqual([...want32])
    }
    expect(readUint64BE(Uint8Array.of(0, 0x20, 0, 0, 0, 0, 0, 1))).toBe(2 ** 53) // 2^53 + 1 rounds to even
    expect(() => readUint64BE(new Uint8Array(7))).toThrow(RangeError)
    expect(() => readBigUint64BE(new Uint8Array(12), 5)).toThrow(RangeError)
    expect(() => readUint32BE(new Uint8Array(12), 9)).toThrow(RangeError)
  })

  test('behavior: hex and base64 equal Buffer for small and large arrays and views', () => {
    for (const length of [0, 1, 2, 3, 20, 32, 63, 64, 65, 200]) {
      const bytes = sample(length + 4, length)
      for (const b of [bytes.subarray(0, length), bytes.subarray(4)]) {
        const buf = Buffer.from(b)
        expect(toHex(b)).toBe(buf.toString('hex'))
        expect(toHexUpper(b)).toBe(buf.toString('hex').toUpperCase())
        expect(toBase64(b)).toBe(buf.toString('base64'))
      }
    }
  })

  test('behavior: a bigint is written as DataView writes it, modulo 2^64, at any offset', () => {
    const values = [0n, 255n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n]
    for (const n of [...values, 2n ** 64n + 5n, -1n, -(2n ** 40n)]) {
      const want = new Uint8Array(11)
      new DataView(want.buffer).setBigUint64(3, n)
      const got = new Uint8Array(11)
      writeUint64BE(n, got, 3)
      expect([...got]).toEqual([...want])
      expect([...uint64BE(n)]).toEqual([...want.subarray(3)])
    }
  })

  test('behavior: the rest of an array and a UTF-8 range read what a view of them reads', () => {
    for (const length of [0, 5, 64, 65, 120]) {
      const bytes = sample(length, length + 1)
      for (const n of [0, 1, Math.floor(length / 2), length]) {
        const rest = restOf(bytes, n)
        expect([...rest]).toEqual([...bytes.subarray(n)])
        // up to 64 bytes a copy (a change to it leaves the array alone), above a view
        if (rest.length > 0) {
          const before = bytes[n]
          rest[0] = (rest[0]! + 1) & 0xff
          expect(bytes[n] === before).toBe(length <= 64)
          bytes[n] = before!
        }
      }
    }
    const text = utf8('añb€c')
    const bad = Uint8Array.of(0x61, 0xff, 0xe2, 0x82, 0x62)
    for (const bytes of [text, bad]) {
      for (const [start, end] of [
        [0, bytes.length],
        [1, 3],
        [2, 99],
        [9, 12],
        [0, 0],
      ] as const) {
        expect(utf8Range(bytes, start, end)).toBe(fromUtf8(bytes.subarray(start, end)))
      }
    }
  })
})
