import type { NodeRequestHandler } from '../listen.js'
import type { RoutedMethod } from '../query/router.js'
import { type GatewayOptions, honoPath } from './gateway.js'
import { nodeHeaderValues, parseJsonBody, type QueryCall } from './query-call.js'
import { heightlessCall } from './route-answer.js'

/**
 * Host headers that @hono/node-server takes as they are (its own check, verbatim): any other is
 * parsed as a URL there, and may be refused.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

/** Decodes request bodies as a Web Request's text() does (UTF-8, a leading BOM dropped). */
const UTF8 = new TextDecoder()

/**
 * POST of the heightless broadcast route (`/sdk/tx/v1beta1/txs`, the hot path of every wallet and
 * load generator) answered straight from node:http, without a Web Request and Response per call:
 * the same answer code as the Hono route, written with the same status, headers and body. It takes
 * only requests whose answer cannot depend on anything else: the exact path (no query string), a
 * plain host header, a declared length within `rpc-max-body-bytes`, no chunked body, and CORS off
 * (its middleware would run first); anything else goes to Hono. undefined when there is no such route to serve.
 */
export function createBroadcastFastPath(options: GatewayOptions): NodeRequestHandler | undefined {
  if (options.enabledUnsafeCors || options.preRouter === false) return undefined
  const { router } = options
  const maxBody = options.maxBodyBytes ?? 1_000_000
  let route: { m: RoutedMethod; path: string; body: string } | undefined
  for (const m of router.methods) {
    if (!m.heightless) continue
    for (const b of m.http) {
      const { path, fields } = honoPath(b.path)
      if (b.verb === 'POST' && fields.length === 0 && b.body !== '') {
        route ??= { m, path, body: b.body }
      }
    }
  }
  if (!route) return undefined
  const { m, path, body } = route
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== path) return false
    const { headers } = req
    // A host the node server's Request would refuse (400) or must parse is left to it.
    const host = headers.host
    if (host === undefined || !PLAIN_HOST.test(host)) return false
    const length = headers['content-length']
    if (length === undefined || headers['transfer-encoding'] !== undefined) return false
    if (Number(length) > maxBody) return false
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      let json: unknown
      let bad: unknown
      try {
        json = parseJsonBody(UTF8.decode(buf))
      } catch (err) {
        bad = err
      }
      const call: QueryCall = {
        url: path,
        param: () => '',
        headerValues: (name) => nodeHeaderValues(req, name),
        body: () => (bad === undefined ? Promise.resolve(json) : Promise.reject(bad)),
      }
      void heightlessCall(options, m, call, body, []).then((answer) => {
        res.statusCode = answer.status
        for (const name in answer.headers) res.setHeader(name, answer.headers[name]!)
        res.end(answer.body)
      })
    })
    return true
  }
}
