/**
 * A raw query string (without `?`) read as Go's `url.ParseQuery` reads it, which the REST gateway
 * and CometBFT's URI handlers both use: pairs split on `&`; `+` is a space; every value of a key
 * kept in order. A pair holding a `;` or a bad `%` escape is left out, and the first such problem
 * is reported in Go's words (`ParseQuery` returns it; `URL.Query` ignores it).
 */
export function parseGoQuery(raw: string): { values: Map<string, string[]>; error?: string } {
  const values = new Map<string, string[]>()
  let error: string | undefined
  for (const pair of raw.split('&')) {
    if (pair.includes(';')) {
      error ??= 'invalid semicolon separator in query'
      continue
    }
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq))
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1))
    if (typeof key !== 'string' || typeof value !== 'string') {
      error ??= typeof key !== 'string' ? key.error : (value as { error: string }).error
      continue
    }
    const list = values.get(key)
    if (list) list.push(value)
    else values.set(key, [value])
  }
  return error === undefined ? { values } : { values, error }
}

/** Go's `url.QueryUnescape`: the text, or Go's error for a `%` not followed by two hex digits. */
function queryUnescape(text: string): string | { error: string } {
  if (!text.includes('%') && !text.includes('+')) return text
  const input = Buffer.from(text, 'utf8')
  const out = Buffer.alloc(input.length)
  let n = 0
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!
    if (b === 0x25) {
      const hex = input.toString('latin1', i + 1, i + 3)
      if (!/^[0-9a-fA-F]{2}$/.test(hex))
        return { error: `invalid URL escape ${JSON.stringify(input.toString('utf8', i, i + 3))}` }
      out[n++] = Number.parseInt(hex, 16)
      i += 2
    } else out[n++] = b === 0x2b ? 0x20 : b
  }
  return out.toString('utf8', 0, n)
}
