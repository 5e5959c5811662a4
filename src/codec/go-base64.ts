/**
 * Go's `base64.StdEncoding` / `base64.URLEncoding` `DecodeString` (padded, not strict), where a
 * client can see it: what upstream's JSON decoder and grpc-gateway's bytes converter accept and the
 * offset their `illegal base64 data at input byte N` names. Newlines (`\n`, `\r`) anywhere are
 * skipped, as Go's decoder skips them (base64 wrapped at 76 columns decodes); the offset counts the
 * input's UTF-8 bytes, newlines included.
 */

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function decodeMap(alphabet: string): Int16Array {
  const map = new Int16Array(256).fill(-1)
  for (let i = 0; i < alphabet.length; i++) map[alphabet.charCodeAt(i)] = i
  return map
}
const MAPS = { std: decodeMap(STD), url: decodeMap(URL_SAFE) }

const PAD = 0x3d // '='
const isNewline = (b: number | undefined) => b === 0x0a || b === 0x0d

/** The decoded bytes, or the offset Go's CorruptInputError names. */
export type GoBase64Result = { bytes: Uint8Array } | { offset: number }

/** Whole quanta, padded: what node:crypto's decoder reads the same (the common case, native). */
const PLAIN = {
  std: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  url: /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$/,
}

/** Decodes `text` as Go's padded `DecodeString` of the standard or URL-safe alphabet does. */
export function goBase64Decode(text: string, alphabet: 'std' | 'url'): GoBase64Result {
  if (PLAIN[alphabet].test(text)) {
    return { bytes: new Uint8Array(Buffer.from(text, alphabet === 'std' ? 'base64' : 'base64url')) }
  }
  const src = Buffer.from(text, 'utf8')
  const map = MAPS[alphabet]
  const out: number[] = []
  let si = 0
  const quantum = new Array<number>(4)
  while (si < src.length) {
    // decodeQuantum: up to four symbols, newlines skipped, padding ends the input.
    let dlen = 4
    let trailing: number | undefined
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { bytes: Uint8Array.from(out) }
        return { offset: si - j }
      }
      const c = src[si++]!
      const v = map[c]!
      if (v >= 0) {
        quantum[j] = v
        continue
      }
      if (isNewline(c)) {
        j--
        continue
      }
      if (c !== PAD || j < 2) return { offset: si - 1 }
      if (j === 2) {
        // "==" expected: the first "=" is read.
        while (si < src.length && isNewline(src[si])) si++
        if (si === src.length) return { offset: src.length }
        if (src[si] !== PAD) return { offset: si - 1 }
        si++
      }
      while (si < src.length && isNewline(src[si])) si++
      if (si < src.length) trailing = si
      dlen = j
      break
    }
    const val =
      ((quantum[0] ?? 0) << 18) |
      ((dlen > 1 ? quantum[1]! : 0) << 12) |
      ((dlen > 2 ? quantum[2]! : 0) << 6) |
      (dlen > 3 ? quantum[3]! : 0)
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff]
    for (let k = 0; k < dlen - 1; k++) out.push(bytes[k]!)
    if (trailing !== undefined) return { offset: trailing }
  }
  return { bytes: Uint8Array.from(out) }
}
