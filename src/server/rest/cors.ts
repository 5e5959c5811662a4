import type { MiddlewareHandler } from 'hono'
import type { Brand } from '../../codec/brand.js'

/** gorilla/handlers' default methods, compared as sent (`get` is not GET). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST']
/** gorilla/handlers' default headers: always allowed, never echoed in a grant. */
const SIMPLE_HEADERS = ['Accept', 'Accept-Language', 'Content-Language', 'Origin']

/** RFC 7230 token characters, the bytes Go's header-key canonicalisation accepts. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Go's `http.CanonicalHeaderKey`: the first letter and each letter after a hyphen upper case, the
 * rest lower case (`x-sdk-block-height` → `X-Sdk-Block-Height`); a name with a byte outside the
 * token characters is left as it is.
 */
export function canonicalHeaderKey(name: string): string {
  if (!TOKEN.test(name)) return name
  return name
    .toLowerCase()
    .replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
}

/** An empty answer, as gorilla/handlers' `WriteHeader` alone sends it (Go adds the length). */
const empty = (status: number, headers?: Record<string, string>): Response =>
  new Response(null, { status, headers: { ...headers, 'content-length': '0' } })

/**
 * `[api] enabled-unsafe-cors = true`: upstream's gorilla/handlers CORS with no origin list and
 * `Content-Type` allowed, plus the height headers (sdkd lets a browser ask for a past height, and
 * read the height served). A request with a non-empty `Origin` gets `Access-Control-Allow-Origin: *`;
 * a preflight is answered here, with an empty body: no `Access-Control-Request-Method` → 400, a
 * method other than GET, HEAD or POST (as sent) → 405, a requested header outside the allowed ones
 * → 403, otherwise 200 granting the requested headers that are not simple ones, in Go's canonical
 * form. An `OPTIONS` without an `Origin` is answered 200, empty, with no CORS header.
 */
/** The headers unsafeCors adds to the answer to a request with a non-empty `Origin`. */
export function corsAnswerHeaders(brand: Brand): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    // Response headers a browser script may read: the height served.
    'access-control-expose-headers': `${brand.heightHeader}, ${brand.metadataHeightHeader}`,
  }
}

export function unsafeCors(brand: Brand): MiddlewareHandler {
  const allowed = [
    ...SIMPLE_HEADERS,
    'Content-Type',
    canonicalHeaderKey(brand.heightHeader),
    canonicalHeaderKey(brand.metadataHeightHeader),
  ]
  const answerHeaders = Object.entries(corsAnswerHeaders(brand))
  return async function unsafeCors(c, next) {
    const origin = c.req.header('origin')
    const cors = origin !== undefined && origin !== ''
    if (c.req.method === 'OPTIONS') {
      if (!cors) return empty(200)
      const method = c.req.header('access-control-request-method')
      if (method === undefined) return empty(400)
      if (!ALLOWED_METHODS.includes(method)) return empty(405)
      const granted: string[] = []
      for (const part of (c.req.header('access-control-request-headers') ?? '').split(',')) {
        const name = canonicalHeaderKey(part.trim())
        if (name === '' || SIMPLE_HEADERS.includes(name)) continue
        if (!allowed.includes(name)) return empty(403)
        granted.push(name)
      }
      const headers: Record<string, string> = { 'access-control-allow-origin': '*' }
      if (granted.length > 0) headers['access-control-allow-headers'] = granted.join(',')
      return empty(200, headers)
    }
    await next()
    // A gRPC-web answer carries the CORS headers of upstream's wrapper, which come after these.
    if (cors && !c.res.headers.get('content-type')?.startsWith('application/grpc-web'))
      for (const [name, value] of answerHeaders) c.res.headers.set(name, value)
    return undefined
  }
}
