import type { Hono } from 'hono'
import { GrpcCode } from '../../errors.js'
import { parseGoQuery } from '../go-url-query.js'
import { errorResponse } from './errors.js'
import { type Answer, answerResponse, honoCall, type QueryCall, targetOf } from './query-call.js'

/** The one Content-Type (compared as sent, parameters and all) that makes a POST a form. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/** One registered route: its Hono path, its HTTP verb and its answer. */
export interface GatewayRoute {
  readonly verb: string
  readonly path: string
  readonly answer: Answer
}

/**
 * grpc-gateway's path-length fallback (runtime/mux.go, v1.16, on in the SDK's gateway): a client
 * whose query string is too long for a URL POSTs it as a form instead. A POST whose Content-Type
 * is exactly `application/x-www-form-urlencoded`:
 * - with `X-HTTP-Method-Override` (any case) runs as that method: GET runs the path's GET route,
 *   POST its POST route with the body already read (so empty), any other method is refused;
 * - without it, a path's POST route takes it as it is; a path with only a GET route runs that.
 * Either way the form is parsed first, as Go's `ParseForm` does (its error is a 400), and the GET
 * route reads the body's fields before the URL's (Go's `Request.Form` order).
 *
 * Registered ahead of the routes (a handler that passes everything else on); upstream's answer to
 * a refused method is 501, sdkd's the gateway's 405 (ARCHITECTURE decision 3).
 */
export function registerFormFallback(app: Hono, routes: readonly GatewayRoute[]): void {
  const byPath = new Map<string, Map<string, Answer>>()
  for (const { verb, path, answer } of routes) {
    const verbs = byPath.get(path) ?? new Map<string, Answer>()
    if (!verbs.has(verb)) verbs.set(verb, answer)
    byPath.set(path, verbs)
  }
  for (const [path, verbs] of byPath) {
    const get = verbs.get('GET')
    if (!get) continue
    const post = verbs.get('POST')
    const allow = [...verbs.keys()].join(', ')
    app.post(path, async (c, next) => {
      const call = honoCall(c)
      if (call.headerValues('content-type')[0] !== FORM_CONTENT_TYPE) return next()
      const override = call.headerValues('x-http-method-override')[0] ?? ''
      if (override === '' && post) return next()
      const body = await c.req.text()
      const q = call.url.indexOf('?')
      const query = q < 0 ? '' : call.url.slice(q + 1)
      const error = parseGoQuery(body).error ?? parseGoQuery(query).error
      if (error !== undefined) return errorResponse(400, GrpcCode.InvalidArgument, error)
      const method = override === '' ? 'POST' : override.toUpperCase()
      if (method === 'GET' || (method === 'POST' && !post)) {
        return answerResponse(
          get(formCall(call, q < 0 ? call.url : call.url.slice(0, q), body, query)),
        )
      }
      if (method === 'POST' && post) {
        return answerResponse(post({ ...call, body: async () => ({}) }))
      }
      return errorResponse(405, GrpcCode.Unimplemented, 'Method Not Allowed', { allow })
    })
  }
}

/** The call of a GET route whose query string is the form's fields, then the URL's. */
function formCall(call: QueryCall, base: string, body: string, query: string): QueryCall {
  const form = body === '' ? query : query === '' ? body : `${body}&${query}`
  const url = form === '' ? base : `${base}?${form}`
  return { ...call, url, target: targetOf(url) }
}
