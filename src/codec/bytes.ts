/** Byte helpers shared by the store, the codecs and the servers. */
import { GrpcCode, StatusError } from '../errors.js'

export type Bytes = Uint8Array

const EMPTY = new Uint8Array(0)

/** The empty byte array (shared; never mutate). */
export const emptyBytes = (): Bytes => EMPTY

/**
 * Arrays up to this length are converted without a Buffer: V8 keeps small typed arrays on the heap,
 * and taking their `.buffer` (which a Buffer view needs) moves them off it, costing more than the
 * conversion (store keys are short and converted on every read).
 */
const SHORT = 64

/** Concatenates byte arrays. */
export function concatBytes(...parts: readonly Bytes[]): Bytes {
  let length = 0
  for (const p of parts) length += p.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

/** Byte-wise equality. */
export function equalBytes(a: Bytes | undefined, b: Bytes | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Lexicographic byte comparison (LevelDB order). */
export function compareBytes(a: Bytes, b: Bytes): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!
    if (d !== 0) return d
  }
  return a.length - b.length
}

/** Big-endian unsigned 64-bit encoding of a non-negative safe integer (heights sort by byte order). */
export function uint64BE(n: number | bigint): Bytes {
  const out = new Uint8Array(8)
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) {
    // Byte by byte: a DataView would need the array's `.buffer` (see SHORT).
    writeHalves(Math.floor(n / 4294967296), n >>> 0, out, 0)
    return out
  }
  writeUint64BE(BigInt(n), out, 0)
  return out
}

/**
 * Writes `n` modulo 2^64 (as DataView's setBigUint64) as 8 big-endian bytes at `out[at…]`, byte
 * by byte: a DataView would need the array's `.buffer` (see SHORT).
 */
export function writeUint64BE(n: bigint, out: Bytes, at: number): void {
  writeHalves(Number((n >> 32n) & 0xffffffffn), Number(n & 0xffffffffn), out, at)
}

/** Writes two uint32 halves (high, then low) as 8 big-endian bytes at `out[at…]`. */
function writeHalves(hi: number, lo: number, out: Bytes, at: number): void {
  for (let i = 7; i >= 4; i--, lo >>>= 8) out[at + i] = lo & 0xff
  for (let i = 3; i >= 0; i--, hi >>>= 8) out[at + i] = hi & 0xff
}

/**
 * `bytes[n…]` as an array of its own: a copy where V8 keeps the array on its heap (up to SHORT
 * bytes: a view would move it off), a view otherwise (the copy would cost more).
 */
export function restOf(bytes: Bytes, n: number): Bytes {
  return bytes.length <= SHORT ? bytes.slice(n) : bytes.subarray(n)
}

// The readers below go byte by byte: a DataView would need a small array's `.buffer` (see SHORT).

/** The big-endian uint32 at `bytes[offset…]` (which must hold four bytes). */
export function readUint32BE(bytes: Bytes, offset: number): number {
  if (offset < 0 || offset + 4 > bytes.length)
    throw new RangeError('Offset is outside the bounds of the DataView')
  return (
    ((bytes[offset]! << 24) |
      (bytes[offset + 1]! << 16) |
      (bytes[offset + 2]! << 8) |
      bytes[offset + 3]!) >>>
    0
  )
}

/**
 * Reads a big-endian unsigned 64-bit integer as a number (heights, versions); above 2^53 rounded
 * to the nearest number, as `Number` of the bigint rounds it.
 */
export function readUint64BE(bytes: Bytes, offset = 0): number {
  // Out of bounds: readUint32BE throws DataView's RangeError.
  return readUint32BE(bytes, offset) * 4294967296 + readUint32BE(bytes, offset + 4)
}

/** Reads a big-endian unsigned 64-bit integer as a bigint. */
export function readBigUint64BE(bytes: Bytes, offset = 0): bigint {
  // Out of bounds: readUint32BE throws DataView's RangeError.
  return (BigInt(readUint32BE(bytes, offset)) << 32n) | BigInt(readUint32BE(bytes, offset + 4))
}

/** Big-endian unsigned 32-bit encoding. */
export function uint32BE(n: number): Bytes {
  const out = new Uint8Array(4)
  const v = n >>> 0
  out[0] = v >>> 24
  out[1] = (v >>> 16) & 0xff
  out[2] = (v >>> 8) & 0xff
  out[3] = v & 0xff
  return out
}

/**
 * Node's latin1 decoder, the method behind `Buffer#toString('latin1')`, called on a plain view: it
 * makes the string alone, where `String.fromCharCode.apply` first copies the bytes into an argument
 * list (about 190 bytes of garbage for a 22-byte key, on every store access) and a Buffer view
 * costs an object. Where Buffer has no such method, a Buffer view's `toString` does the same.
 */
const latin1Slice = (
  Buffer.prototype as unknown as {
    latin1Slice?: (this: Bytes, start: number, end: number) => string
  }
).latin1Slice

/** Bytes → latin1 string: one char per byte, so string order equals byte order. */
export function bytesToLatin1(bytes: Bytes): string {
  if (latin1Slice !== undefined) return latin1Slice.call(bytes, 0, bytes.length)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

/** `bytesToLatin1` of `bytes[start…end)`, without a view of them. */
export function latin1Range(bytes: Bytes, start: number, end: number): string {
  if (latin1Slice !== undefined) return latin1Slice.call(bytes, start, end)
  return bytesToLatin1(bytes.subarray(start, end))
}

/** latin1 string → bytes (inverse of bytesToLatin1). */
export function latin1ToBytes(s: string): Bytes {
  if (s.length > SHORT) return new Uint8Array(Buffer.from(s, 'latin1'))
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

/** UTF-8 encode. */
export function utf8(s: string): Bytes {
  if (s.length <= SHORT) {
    const out = new Uint8Array(s.length)
    let i = 0
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i)
      if (c > 0x7f) break
      out[i] = c
    }
    if (i === s.length) return out
  }
  return new Uint8Array(Buffer.from(s, 'utf8'))
}

/** Node's UTF-8 decoder (`Buffer#toString('utf8')`), called on a plain view, as `latin1Slice`. */
const utf8Slice = (
  Buffer.prototype as unknown as { utf8Slice?: (this: Bytes, start: number, end: number) => string }
).utf8Slice

/** UTF-8 decode. */
export function fromUtf8(bytes: Bytes): string {
  if (utf8Slice !== undefined) return utf8Slice.call(bytes, 0, bytes.length)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
}

/** `fromUtf8` of `bytes[start…end)` (clamped to the array, as `subarray`), without a view of them. */
export function utf8Range(bytes: Bytes, start: number, end: number): string {
  const to = Math.min(end, bytes.length)
  const from = Math.min(start, to)
  if (utf8Slice !== undefined) return utf8Slice.call(bytes, from, to)
  return fromUtf8(bytes.subarray(from, to))
}

/** Node's hex and base64 encoders, called on a plain view as `latin1Slice` (no `.buffer`). */
const { hexSlice, base64Slice } = Buffer.prototype as unknown as {
  hexSlice?: (this: Bytes, start: number, end: number) => string
  base64Slice?: (this: Bytes, start: number, end: number) => string
}

/** Upper-case hex (CometBFT HexBytes). */
export function toHexUpper(bytes: Bytes): string {
  return toHex(bytes).toUpperCase()
}

/** Lower-case hex. */
export function toHex(bytes: Bytes): string {
  if (hexSlice !== undefined) return hexSlice.call(bytes, 0, bytes.length)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

/** Strict hex decode (either case); throws on odd length or a non-hex character. */
export function fromHex(hex: string): Bytes {
  if (hex.length % 2 !== 0)
    throw new StatusError(GrpcCode.InvalidArgument, 'encoding/hex: odd length hex string')
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charCodeAt(i)
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    if (!ok) {
      const cp = hex.codePointAt(i)!
      const ch = String.fromCodePoint(cp)
      throw new StatusError(
        GrpcCode.InvalidArgument,
        `encoding/hex: invalid byte: U+${cp.toString(16).toUpperCase().padStart(4, '0')} '${ch}'`,
      )
    }
  }
  return new Uint8Array(Buffer.from(hex, 'hex'))
}

/** Standard padded base64. */
export function toBase64(bytes: Bytes): string {
  if (base64Slice !== undefined) return base64Slice.call(bytes, 0, bytes.length)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

const BASE64_STD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const BASE64_URL = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$/

/** Strict padded base64 decode (standard alphabet, or URL alphabet when `url`); undefined if invalid. */
export function fromBase64Strict(s: string, url = false): Bytes | undefined {
  if (!(url ? BASE64_URL : BASE64_STD).test(s)) return undefined
  return new Uint8Array(Buffer.from(s, url ? 'base64url' : 'base64'))
}

/** Bytes of `n`'s unsigned varint encoding. */
export function uvarintLength(n: number): number {
  let len = 1
  while (n > 0x7f) {
    n = Math.floor(n / 128)
    len++
  }
  return len
}

/** Writes `n` as an unsigned varint at `pos` of `out`; returns the position after it. */
export function writeUvarint(out: Uint8Array, pos: number, n: number): number {
  while (n >= 0x80) {
    out[pos++] = (n & 0x7f) | 0x80
    n = Math.floor(n / 128)
  }
  out[pos++] = n
  return pos
}

/**
 * The unsigned varint at `pos` of `bytes` (its length is `uvarintLength` of it, as written here);
 * -1 where the bytes end inside it.
 */
export function uvarintAt(bytes: Uint8Array, pos: number): number {
  let n = 0
  let shift = 1
  for (;;) {
    const b = bytes[pos++]
    if (b === undefined) return -1
    n += (b & 0x7f) * shift
    if (b < 0x80) return n
    shift *= 128
  }
}

/** Unsigned varint encoding (protobuf, length prefixes). */
export function uvarint(n: number): Bytes {
  const out = new Uint8Array(uvarintLength(n))
  writeUvarint(out, 0, n)
  return out
}
