import { parseGoQuery } from '../go-url-query.js'

/**
 * A URL's query string as CometBFT's URI handlers read it (`r.URL.Query().Get`): Go's
 * `url.ParseQuery`, whose report of a dropped pair (a `;`, a bad `%` escape) `Query` ignores; the
 * first value of a repeated key is the one read.
 */
export function goQuery(url: string): Record<string, string> {
  const at = url.indexOf('?')
  const out: Record<string, string> = {}
  for (const [key, values] of parseGoQuery(at < 0 ? '' : url.slice(at + 1)).values)
    out[key] = values[0]!
  return out
}
