import { utf8 } from './bytes.js'

// gogoproto's compact text format (`proto.CompactTextString`, what a Go message's String() gives):
// how it writes a string field's value.

/** The bytes the text format writes with a C escape. */
const ESCAPES: Record<number, string> = { 10: '\\n', 13: '\\r', 9: '\\t', 34: '\\"', 92: '\\\\' }

/** A string as the text format quotes it: byte by byte, C escapes, other unprintables in octal. */
export function compactTextQuote(s: string): string {
  let out = '"'
  for (const b of utf8(s)) {
    const escaped = ESCAPES[b]
    if (escaped) out += escaped
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b)
    else out += `\\${b.toString(8).padStart(3, '0')}`
  }
  return `${out}"`
}
