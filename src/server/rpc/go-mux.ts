import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Context } from 'hono'
import { cleanTarget, requestTarget } from '../clean-path.js'
import type { RpcCors } from './cors.js'

/**
 * What Go's net/http answers around CometBFT's RPC handlers, where a client can see it: the mux's
 * redirect of an unclean path, its 404 page, and the JSON-RPC handler's list of endpoints.
 */

const htmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;')

/**
 * ServeMux's answer to a path that is not clean (`//status`, `/./status`, `/a/../status`): a 307 to
 * the clean path with the query kept, as http.Redirect writes it (an HTML link for GET, no body for
 * other methods); undefined for a clean path.
 */
export function uncleanPathRedirect(c: Context): Response | undefined {
  const location = cleanTarget(requestTarget(c.env, c.req.url), 'servemux')
  if (location === undefined) return undefined
  const method = c.req.method
  const headers: Record<string, string> = { Location: location }
  if (method === 'GET' || method === 'HEAD') headers['Content-Type'] = 'text/html; charset=utf-8'
  // http.Redirect writes its body with Fprintln: the line's own newline, then Fprintln's.
  // Go says a bodyless answer's length, except to a HEAD.
  if (method === 'HEAD') return c.body(null, 307, headers)
  if (method !== 'GET') return c.body(null, 307, { ...headers, 'Content-Length': '0' })
  return c.body(`<a href="${htmlEscape(location)}">Temporary Redirect</a>.\n\n`, 307, headers)
}

/** Go's http.NotFound. */
export function goNotFound(c: Context): Response {
  return c.body('404 page not found\n', 404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  })
}

/**
 * The JSON-RPC handler's page for a request to `/` without a body (a browser's): every route with
 * its argument names, each linked on the request's host, as CometBFT's writeListOfEndpoints writes
 * it (every v0.38 route takes the call's context, so all are listed as requiring arguments).
 */
export function endpointsPage(c: Context, routes: Record<string, { args: readonly string[] }>) {
  const host = c.req.header('host') ?? ''
  const links = Object.keys(routes)
    .sort()
    .map((name) => {
      const link = `//${host}/${name}?${routes[name]!.args.map((a) => `${a}=_`).join('&')}`
      return `<a href="${link}">${link}</a></br>`
    })
    .join('')
  return c.body(
    `<html><body><br>Available endpoints:<br><br>Endpoints that require arguments:<br>${links}</body></html>`,
    200,
    { 'Content-Type': 'text/html' },
  )
}

/**
 * A request of `*` (other than `OPTIONS *`, which Go's server answers itself): http.ServeMux's
 * 400, with no body and the connection closed; CometBFT's handler around the mux adds its
 * X-Server-Time, and its CORS (when on) the headers of any request that is not a preflight.
 */
export function asteriskAnswer(cors: RpcCors | undefined) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const headers: OutgoingHttpHeaders = {
      Connection: 'close',
      'X-Server-Time': String(Math.floor(Date.now() / 1000)),
      'Content-Length': '0',
    }
    for (const [name, values] of cors?.answerNode(req).headers ?? []) headers[name] = [...values]
    res.writeHead(400, headers)
    res.end()
    return true
  }
}
