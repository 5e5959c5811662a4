import type { ServerResponse } from 'node:http'
import type { NodeRequestHandler } from '../listen.js'
import { batchLength, batchTooLongBody, REST_MAX_BATCH } from '../prechecks.js'
import type { RoutedMethod } from '../query/router.js'
import type { BroadcastIngress } from './broadcast-ingress.js'
import type { CheckedBroadcast } from './broadcast-ingress-ring.js'
import { FORM_CONTENT_TYPE } from './form-fallback.js'
import { type GatewayOptions, honoPath } from './gateway.js'
import { parseJsonBody } from './query-call.js'
import { PLAIN_HOST, writePlain } from './query-fast-path.js'
import { requestFromHttp } from './request-fields.js'
import { heightlessAnswer } from './route-answer.js'

/** Decodes request bodies as a Web Request's text() does (UTF-8, a leading BOM dropped). */
const UTF8 = new TextDecoder()

/**
 * POST of the heightless broadcast route (`/sdk/tx/v1beta1/txs`, the hot path of every wallet and
 * load generator) answered straight from node:http, without a Web Request and Response per call:
 * the same answer code as the Hono route, written with the same status, headers and body. It takes
 * only requests whose answer cannot depend on anything else: the exact path (no query string), a
 * plain host header, a declared length within `rpc-max-body-bytes`, no chunked body, and no Origin
 * when CORS is on (the CORS middleware adds its headers to that answer); anything else goes to
 * Hono. undefined when there is no such route to serve.
 *
 * With `ingress`, the node's thread only gathers a body: a worker thread parses it, decodes and
 * hashes the tx and verifies its signatures (broadcast-ingress.ts), and the node's thread runs the
 * broadcast on the tx bytes it gets back. A body the worker could not check through is parsed here,
 * as before. Either way bodies reach the broadcast handler in the order they arrived. (The socket
 * itself stays on the node's thread: Node 20 can neither share a listening port with a worker
 * thread nor hand it a connection.)
 */
export function createBroadcastFastPath(
  options: GatewayOptions,
  ingress?: BroadcastIngress,
): NodeRequestHandler | undefined {
  if (options.preRouter === false) return undefined
  // With CORS on, its middleware changes only the answers to requests with an Origin.
  const cors = options.enabledUnsafeCors === true
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
  const offThread = ingress?.bodyField === body ? ingress : undefined
  /** The request message of a body parsed here, or what its parse threw (as upstream's gateway). */
  const requestOf = (buf: Buffer): { request: object } | { error: unknown } => {
    try {
      const json = parseJsonBody(UTF8.decode(buf))
      return {
        request: requestFromHttp(router.registry, m.requestType, {
          pathParams: [],
          query: new Map(),
          body: { field: body, json },
        }),
      }
    } catch (error) {
      return { error }
    }
  }
  /** Runs the broadcast and writes its answer (as the Hono route answers). */
  const answer = (res: ServerResponse, parsed: { request: object } | { error: unknown }) => {
    void heightlessAnswer(options, m, () => {
      if ('error' in parsed) throw parsed.error
      return parsed.request
    }).then((a) => writePlain(res, a))
  }
  const checkedRequest = (c: CheckedBroadcast) => ({
    request: { tx_bytes: c.txBytes, mode: c.mode },
  })
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== path) return false
    const { headers } = req
    // A host the node server's Request would refuse (400) or must parse is left to it.
    const host = headers.host
    if (host === undefined || !PLAIN_HOST.test(host)) return false
    if (cors && headers.origin !== undefined) return false
    // A gRPC-web call (or, with it off, a REST request all the same) is Hono's.
    if (headers['content-type']?.startsWith('application/grpc-web')) return false
    // A form naming another method is the gateway's to run as that method (form-fallback.ts).
    if (
      headers['x-http-method-override'] !== undefined &&
      headers['content-type'] === FORM_CONTENT_TYPE
    )
      return false
    const length = headers['content-length']
    if (length === undefined || headers['transfer-encoding'] !== undefined) return false
    if (Number(length) > maxBody) return false
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      // CometBFT's pre-check, before the handler (body-limit.ts): no server time on its answer.
      if (batchLength(buf) > REST_MAX_BATCH) {
        res.removeHeader('X-Server-Time')
        writePlain(res, {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: batchTooLongBody(REST_MAX_BATCH),
        })
        return
      }
      if (!offThread) {
        answer(res, requestOf(buf))
        return
      }
      offThread.submit(buf, (checked) =>
        answer(res, checked ? checkedRequest(checked) : requestOf(buf)),
      )
    })
    return true
  }
}
