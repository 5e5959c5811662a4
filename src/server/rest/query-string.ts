import { GrpcCode, StatusError } from '../../errors.js'
/** Thrown for a query string Go's `url.ParseQuery` refuses; the message is Go's. */
export class QueryStringError extends StatusError {
  override readonly name: string = 'QueryStringError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

const HEX = /^[0-9A-Fa-f]{2}$/

/** Go `url.QueryUnescape`: `+` is a space, `%XX` a byte; a bad escape is an error. */
function queryUnescape(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '%') {
      const hex = text.slice(i + 1, i + 3)
      if (!HEX.test(hex)) {
        throw new QueryStringError(`invalid URL escape ${JSON.stringify(text.slice(i, i + 3))}`)
      }
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else if (ch === '+') {
      bytes.push(0x20)
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b)
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * Parses a raw query string (without `?`) like Go's `url.ParseQuery`, which the REST gateway
 * uses: keys keep every value in order; a `;` separator or a bad `%` escape is an error (the
 * first one found), as upstream.
 */
export function parseQueryString(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  let error: QueryStringError | undefined
  for (const part of query.split('&')) {
    if (part.includes(';')) {
      error ??= new QueryStringError('invalid semicolon separator in query')
      continue
    }
    if (part === '') continue
    const eq = part.indexOf('=')
    try {
      const key = queryUnescape(eq < 0 ? part : part.slice(0, eq))
      const value = queryUnescape(eq < 0 ? '' : part.slice(eq + 1))
      const list = out.get(key)
      if (list) list.push(value)
      else out.set(key, [value])
    } catch (err) {
      error ??= err as QueryStringError
    }
  }
  if (error) throw error
  return out
}
