import { GrpcCode, StatusError } from '../../errors.js'
import { parseGoQuery } from '../go-url-query.js'

/** Thrown for a query string Go's `url.ParseQuery` refuses; the message is Go's. */
export class QueryStringError extends StatusError {
  override readonly name: string = 'QueryStringError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

/**
 * Parses a raw query string (without `?`) like Go's `url.ParseQuery`, which the REST gateway
 * uses: keys keep every value in order; a `;` separator or a bad `%` escape is an error (the
 * first one found), as upstream.
 */
export function parseQueryString(query: string): Map<string, string[]> {
  const { values, error } = parseGoQuery(query)
  if (error !== undefined) throw new QueryStringError(error)
  return values
}
