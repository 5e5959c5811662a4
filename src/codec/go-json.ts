/**
 * Go encoding/json string quoting: HTML-sensitive characters and U+2028/U+2029 escaped, `\b` and
 * `\f` short (Go ≥ 1.22), other controls `\u00xx`, a lone surrogate (invalid UTF-8 in Go) `\ufffd` —
 * so text we write byte-for-byte as an upstream node does (upgrade-info.json, amino sign docs)
 * has the same bytes.
 */
export function goJsonString(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (ch === '"') out += '\\"'
    else if (ch === '\\') out += '\\\\'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\b') out += '\\b'
    else if (ch === '\f') out += '\\f'
    else if (c < 0x20 || ch === '<' || ch === '>' || ch === '&' || c === 0x2028 || c === 0x2029)
      out += `\\u${c.toString(16).padStart(4, '0')}`
    else if (c >= 0xd800 && c <= 0xdfff)
      out += '\\ufffd' // lone surrogate: invalid UTF-8 in Go, which writes `\ufffd`
    else out += ch
  }
  return `${out}"`
}
