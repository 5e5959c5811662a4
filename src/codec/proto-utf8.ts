import { TextDecoder } from 'node:util'
import protobuf from 'protobufjs/light.js'
import { type Bytes, latin1Range } from './bytes.js'

/**
 * protobufjs's UTF-8 reading of string fields, as its own readers do it, but with Node's decoders
 * making the string in one piece. protobufjs builds a string under 64 bytes by appending eight
 * characters at a time: an address of 45 characters becomes a chain of about ten pieces and as
 * many small strings (some 700 bytes), which a decoded tx keeps while it waits in the mempool, and
 * which every decoded account, validator or coin makes again. A string of ASCII bytes (addresses,
 * denoms, type URLs, amounts: nearly every one) is now made by Node's latin1 decoder, the others by
 * the same TextDecoder protobufjs uses, so every result and every refusal is the same: a string
 * field that is not valid UTF-8 is still refused with the decoder's TypeError.
 */

/** The decoders protobufjs makes: fatal where this Node can (built with ICU), else lenient. */
const loose = new TextDecoder('utf-8', { ignoreBOM: true })
const strict = ((): TextDecoder => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  } catch {
    return loose
  }
})()

/** Whether `buffer[start…end)` holds only ASCII bytes. */
function isAscii(buffer: Bytes, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buffer[i]! > 0x7f) return false
  return true
}

/**
 * Below this length V8 makes every concatenation a flat string of its own (no chain of pieces), and
 * appending characters costs less than a call into Node's decoder: short strings (an amount, a
 * denom) are read as protobufjs reads them.
 */
const SHORT = 13

function read(decoder: TextDecoder, buffer: Bytes, start: number, end: number): string {
  if (end <= start) return ''
  if (end - start < SHORT) {
    let s = ''
    for (let i = start; i < end; i++) {
      const c = buffer[i]!
      if (c > 0x7f) return s + decoder.decode(buffer.subarray(i, end))
      s += String.fromCharCode(c)
    }
    return s
  }
  // ASCII is its own latin1: one char per byte, and no byte sequence to validate.
  if (isAscii(buffer, start, end)) return latin1Range(buffer, start, end)
  return decoder.decode(buffer.subarray(start, end))
}

/** A string field's bytes as protobufjs's `utf8.readStrict` reads them (`stringVerify`). */
export function readUtf8Strict(buffer: Bytes, start: number, end: number): string {
  return read(strict, buffer, start, end)
}

/** A string field's bytes as protobufjs's `utf8.read` reads them (`string`, lenient). */
export function readUtf8(buffer: Bytes, start: number, end: number): string {
  return read(loose, buffer, start, end)
}

/** Makes protobufjs's readers (every thread that decodes imports this once) use the two above. */
export function useNodeUtf8Reads(): void {
  const { utf8 } = protobuf.util
  utf8.readStrict = readUtf8Strict
  utf8.read = readUtf8
}
