/**
 * A URL's query string read as Go's `url.ParseQuery` reads it, which CometBFT's URI handlers use
 * (`r.URL.Query().Get`): pairs split on `&`; a pair holding a `;` or a bad `%` escape is dropped
 * (Go reports it, and `Query` ignores the report); `+` is a space; the first value of a repeated key
 * is the one read.
 */
export function goQuery(url: string): Record<string, string> {
  const at = url.indexOf('?')
  const raw = at < 0 ? '' : url.slice(at + 1)
  const out: Record<string, string> = {}
  for (const pair of raw.split('&')) {
    if (pair === '' || pair.includes(';')) continue
    const eq = pair.indexOf('=')
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq))
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1))
    if (key === undefined || value === undefined) continue
    if (!Object.hasOwn(out, key)) out[key] = value
  }
  return out
}

/** Go's `url.QueryUnescape`: undefined where a `%` is not followed by two hex digits. */
function queryUnescape(text: string): string | undefined {
  if (!text.includes('%') && !text.includes('+')) return text
  const input = Buffer.from(text, 'utf8')
  const out = Buffer.alloc(input.length)
  let n = 0
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!
    if (b === 0x25) {
      const hex = input.toString('latin1', i + 1, i + 3)
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined
      out[n++] = Number.parseInt(hex, 16)
      i += 2
    } else out[n++] = b === 0x2b ? 0x20 : b
  }
  return out.toString('utf8', 0, n)
}
