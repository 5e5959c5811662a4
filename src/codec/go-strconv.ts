/**
 * Go's `strconv` where a node built in Go reads a number from text (grpc-gateway's converters take
 * integers with base 0: `0x10`, `0o17`, `017`, `0b1`, `1_000`), with its `NumError` texts
 * (`strconv.ParseUint: parsing "x": invalid syntax`) and `strconv.Quote`, which those texts use.
 */
import { JsonMappingError } from './json.js'

/** Go's `strconv.Quote` (what `%q` prints). */
export function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const cp = ch.codePointAt(0)!
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\x07') out += '\\a'
    else if (ch === '\b') out += '\\b'
    else if (ch === '\f') out += '\\f'
    else if (ch === '\v') out += '\\v'
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`
    else if (!goIsPrint(ch))
      out +=
        cp > 0xffff
          ? `\\U${cp.toString(16).padStart(8, '0')}`
          : `\\u${cp.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}

/** Go's `strconv.IsPrint`, close enough: letters, marks, numbers, punctuation, symbols and ' '. */
export function goIsPrint(ch: string): boolean {
  return ch === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch)
}

/** The base strconv is asked for: 0 reads a prefix (`0x`, `0o`, `0b`, `0`) and underscores. */
export type GoBase = 0 | 10

/** The bit sizes the integer parsers are used with. */
export type GoBitSize = 32 | 64

type Parsed =
  | { n: bigint; err?: undefined }
  | { n: bigint; err: 'invalid syntax' | 'value out of range' }

/** An ASCII letter or digit's digit value (Go folds case the same way); 99 for anything else. */
function digitOf(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30
  const lower = c | 0x20
  return c < 0x80 && lower >= 0x61 && lower <= 0x7a ? lower - 0x61 + 10 : 99
}

const lowerAt = (s: string, i: number) => s.charCodeAt(i) | 0x20

/** The radix each base prefix letter names (`b`, `o`, `x`, by code). */
const PREFIX_RADIX = new Map([
  [0x62, 2n],
  [0x6f, 8n],
  [0x78, 16n],
])

/** ParseUint's scan: the value, or which error Go reports first. */
function scanUint(s0: string, base: GoBase, bits: GoBitSize): Parsed {
  if (s0 === '') return { n: 0n, err: 'invalid syntax' }
  let s = s0
  let radix = 10n
  if (base === 0 && s[0] === '0') {
    // `0b`, `0o`, `0x` with at least one more character; else a leading 0 alone means octal.
    const prefixed = s.length >= 3 ? PREFIX_RADIX.get(lowerAt(s, 1)) : undefined
    radix = prefixed ?? 8n
    s = s.slice(prefixed === undefined ? 1 : 2)
  }
  const max = (1n << BigInt(bits)) - 1n
  let underscores = false
  let n = 0n
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x5f && base === 0) {
      underscores = true
      continue
    }
    const d = BigInt(digitOf(c))
    if (d >= radix) return { n: 0n, err: 'invalid syntax' }
    n = n * radix + d
    if (n > max) return { n: max, err: 'value out of range' }
  }
  if (underscores && !underscoreOk(s0)) return { n: 0n, err: 'invalid syntax' }
  return { n }
}

/**
 * Go's rule for underscores in a base-0 literal: each one sits between digits, or after the base
 * prefix (`0x_1`, `1_000`, `0_17`; not `_1`, `1_`, `1__0`).
 */
function underscoreOk(text: string): boolean {
  const s = text[0] === '-' || text[0] === '+' ? text.slice(1) : text
  // What came last: ^ the start, 0 a digit or the base prefix, _ an underscore, ! anything else.
  let saw = '^'
  let i = 0
  let hex = false
  if (s.length >= 2 && s[0] === '0' && PREFIX_RADIX.has(lowerAt(s, 1))) {
    i = 2
    saw = '0'
    hex = lowerAt(s, 1) === 0x78
  }
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if ((c >= 0x30 && c <= 0x39) || (hex && c < 0x80 && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66)) {
      saw = '0'
    } else if (c === 0x5f) {
      if (saw !== '0') return false
      saw = '_'
    } else {
      if (saw === '_') return false
      saw = '!'
    }
  }
  return saw !== '_'
}

/** ParseInt's reading: the sign, then ParseUint's scan of the rest. */
function scanInt(s: string, base: GoBase, bits: GoBitSize): Parsed {
  if (s === '') return { n: 0n, err: 'invalid syntax' }
  const neg = s[0] === '-'
  const rest = s[0] === '+' || neg ? s.slice(1) : s
  const u = scanUint(rest, base, bits)
  if (u.err === 'invalid syntax') return { n: 0n, err: u.err }
  const cutoff = 1n << BigInt(bits - 1)
  if (!neg && u.n >= cutoff) return { n: cutoff - 1n, err: 'value out of range' }
  if (neg && u.n > cutoff) return { n: -cutoff, err: 'value out of range' }
  return { n: neg ? -u.n : u.n }
}

function numError(fn: string, text: string, err: string): JsonMappingError {
  return new JsonMappingError(`strconv.${fn}: parsing ${goQuote(text)}: ${err}`)
}

/** Go's `strconv.ParseUint(text, base, bits)`; throws Go's error text. */
export function goParseUint(text: string, base: GoBase, bits: GoBitSize): bigint {
  const r = scanUint(text, base, bits)
  if (r.err) throw numError('ParseUint', text, r.err)
  return r.n
}

/** Go's `strconv.ParseInt(text, base, bits)`; throws Go's error text. */
export function goParseInt(text: string, base: GoBase, bits: GoBitSize): bigint {
  const r = scanInt(text, base, bits)
  if (r.err) throw numError('ParseInt', text, r.err)
  return r.n
}

/** Go's `strconv.Atoi` on a 64-bit machine (decimal, an optional sign); undefined where it fails. */
export function goAtoi(text: string): bigint | undefined {
  const r = scanInt(text, 10, 64)
  return r.err ? undefined : r.n
}

/** Go's `strconv.ParseBool`; throws Go's error text. */
export function goParseBool(text: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false
  throw numError('ParseBool', text, 'invalid syntax')
}
