import { goIsPrint } from './go-strconv.js'

// Go's encoding/hex as its callers see it: the bytes, or the function's error text. The RPC reads
// hex arguments with it, and the CLI the hashes upstream's commands read with hex.DecodeString.

/** encoding/hex DecodeString: the bytes, or Go's error text (an invalid byte before a bad length). */
export function goHexDecode(text: string): Uint8Array | string {
  const b = Buffer.from(text, 'utf8')
  const isHex = (c: number) =>
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
  const invalid = (c: number) =>
    `encoding/hex: invalid byte: U+${c.toString(16).toUpperCase().padStart(4, '0')} ${goQuoteRune(c)}`
  let j = 1
  for (; j < b.length; j += 2) {
    if (!isHex(b[j - 1]!)) return invalid(b[j - 1]!)
    if (!isHex(b[j]!)) return invalid(b[j]!)
  }
  if (b.length % 2 === 1) {
    if (!isHex(b[j - 1]!)) return invalid(b[j - 1]!)
    return 'encoding/hex: odd length hex string'
  }
  return new Uint8Array(Buffer.from(text, 'hex'))
}

/** `%#U`'s quoted part: 'x' for a printable rune, nothing otherwise. */
function goQuoteRune(c: number): string {
  const ch = String.fromCharCode(c)
  return goIsPrint(ch) ? `'${ch}'` : ''
}
