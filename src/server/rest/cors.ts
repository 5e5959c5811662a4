import type { MiddlewareHandler } from 'hono'
import type { Brand } from '../../codec/brand.js'
import { errorResponse } from './errors.js'

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST']
/** gorilla/handlers' default allowed headers; the height header (and its gateway form) is added. */
const ALLOWED_HEADERS = ['accept', 'accept-language', 'content-language', 'origin', 'content-type']

/**
 * `[api] enabled-unsafe-cors = true`: every origin may call the gateway (as upstream's
 * gorilla/handlers CORS with no origin list), and a preflight may ask for the `x-sdk-block-height`
 * header. Preflights are answered here: no requested method → 400, a method other than
 * GET/HEAD/POST → 405, a header outside the allowed list → 403, otherwise 200 with the grants.
 */
export function unsafeCors(brand: Brand): MiddlewareHandler {
  const allowed = [...ALLOWED_HEADERS, brand.heightHeader, brand.metadataHeightHeader.toLowerCase()]
  /** Response headers a browser script may read: the height served. */
  const exposed = `${brand.heightHeader}, ${brand.metadataHeightHeader}`
  return async function unsafeCors(c, next) {
    const origin = c.req.header('origin')
    if (c.req.method === 'OPTIONS') {
      if (origin === undefined) return c.body(null, 200)
      const method = c.req.header('access-control-request-method')
      if (!method) return errorResponse(400, 3, 'missing Access-Control-Request-Method')
      if (!ALLOWED_METHODS.includes(method.toUpperCase())) {
        return errorResponse(405, 12, `method ${method} is not allowed`)
      }
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== '')
      const refused = requested.find((h) => !allowed.includes(h))
      if (refused !== undefined) return errorResponse(403, 7, `header ${refused} is not allowed`)
      const headers: Record<string, string> = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': ALLOWED_METHODS.join(', '),
      }
      if (requested.length > 0) headers['access-control-allow-headers'] = requested.join(',')
      return new Response(null, { status: 200, headers })
    }
    await next()
    if (origin !== undefined) {
      c.res.headers.set('access-control-allow-origin', '*')
      c.res.headers.set('access-control-expose-headers', exposed)
    }
    return undefined
  }
}
