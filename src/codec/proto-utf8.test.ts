import protobuf from 'protobufjs/light.js'
import { describe, expect, test } from 'vitest'
import { readUtf8, readUtf8Strict } from './proto-utf8.js'

// protobufjs's own readers, as they are before proto.ts replaces them (this file does not import it).
const original = { read: protobuf.util.utf8.read, readStrict: protobuf.util.utf8.readStrict }

const enc = new TextEncoder()
/** `bytes` inside a larger buffer, at an odd offset, with bytes on both sides. */
function embedded(bytes: Uint8Array): { buffer: Uint8Array; start: number; end: number } {
  const buffer = new Uint8Array(bytes.length + 10).fill(0xff)
  buffer.set(bytes, 7)
  return { buffer, start: 7, end: 7 + bytes.length }
}

/** Both readers' results for the same bytes: a string, or the error's name and message. */
function outcome(read: (b: Uint8Array, s: number, e: number) => string, bytes: Uint8Array) {
  const { buffer, start, end } = embedded(bytes)
  try {
    return { value: read(buffer, start, end) }
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` }
  }
}

const VALID = [
  '',
  'a',
  'stake',
  'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f',
  '/sdk.bank.v1beta1.MsgSend',
  'x'.repeat(63),
  'y'.repeat(64),
  'z'.repeat(200),
  'café',
  'é at the start',
  '中文的描述',
  'emoji 🚀 in a memo',
  '\uFEFFa BOM first',
  '\uFEFFab',
  'ü',
  'twelve bytes',
  'thirteen byte',
  `${'a'.repeat(70)}é`,
  'ü'.repeat(40),
]

const INVALID: [string, number[]][] = [
  ['a lone continuation byte', [0x61, 0x80, 0x62]],
  ['a truncated sequence', [0x61, 0xc3]],
  ['an overlong encoding', [0xc0, 0xaf]],
  ['a surrogate', [0xed, 0xa0, 0x80]],
  ['a byte never in UTF-8', [0x61, 0x62, 0x63, 0xff]],
  [
    'an invalid sequence in a string of 20 bytes',
    [...enc.encode('abcdefgh'), 0xc3, 0x28, ...enc.encode('ijklmnopqr')],
  ],
  ['an invalid byte after 64 ASCII bytes', [...enc.encode('q'.repeat(64)), 0xfe]],
]

describe('string fields read by Node decoders (useNodeUtf8Reads)', () => {
  test('behavior: every valid string is read as protobufjs reads it, ASCII or not, short or long, inside a buffer', () => {
    for (const s of VALID) {
      const bytes = enc.encode(s)
      expect(outcome(readUtf8Strict, bytes)).toEqual({ value: s })
      expect(outcome(readUtf8Strict, bytes)).toEqual(outcome(original.readStrict, bytes))
      expect(outcome(readUtf8, bytes)).toEqual(outcome(original.read, bytes))
    }
  })

  test('behavior: every ASCII string of 0 to 130 bytes, and every single byte below 0x80, reads as protobufjs', () => {
    for (let n = 0; n <= 130; n++) {
      const bytes = enc.encode('abcdefghij'.repeat(13).slice(0, n))
      expect(outcome(readUtf8Strict, bytes)).toEqual(outcome(original.readStrict, bytes))
    }
    for (let b = 0; b < 0x80; b++) {
      const bytes = Uint8Array.of(b)
      expect(outcome(readUtf8Strict, bytes)).toEqual({ value: String.fromCharCode(b) })
    }
  })

  test('error: invalid UTF-8 is refused with the same error as protobufjs; the lenient read replaces as it does', () => {
    for (const [what, raw] of INVALID) {
      const bytes = Uint8Array.from(raw)
      const strict = outcome(readUtf8Strict, bytes)
      expect(strict.error, what).toMatch(
        /^TypeError: The encoded data was not valid for encoding utf-8/,
      )
      expect(strict, what).toEqual(outcome(original.readStrict, bytes))
      expect(outcome(readUtf8, bytes), what).toEqual(outcome(original.read, bytes))
    }
  })

  test('error: the registry decodes with them: a MsgSend with invalid UTF-8 in an address is refused', async () => {
    const { protoRegistry } = await import('./proto.js')
    expect(protobuf.util.utf8.readStrict).toBe(readUtf8Strict)
    const registry = protoRegistry()
    const msg = {
      from_address: 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f',
      to_address: 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl',
      amount: [{ denom: 'stäke', amount: '12' }],
    }
    const bytes = registry.encode('sdk.bank.v1beta1.MsgSend', msg)
    expect(registry.decode('sdk.bank.v1beta1.MsgSend', bytes)).toMatchObject(msg)
    // Field 1 (from_address), length 2: 0xc3 0x28 is not UTF-8.
    expect(() =>
      registry.decode('sdk.bank.v1beta1.MsgSend', Uint8Array.of(0x0a, 0x02, 0xc3, 0x28)),
    ).toThrow(/not valid for encoding utf-8/)
  })
})
