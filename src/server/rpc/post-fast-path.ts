import type { ServerResponse } from 'node:http'
import type { NodeRequestHandler } from '../listen.js'
import { batchLength, batchTooLongBody } from '../prechecks.js'
import { PLAIN_HOST, writePlain } from '../rest/query-fast-path.js'
import type { RpcCors } from './cors.js'

/** A JSON-RPC body's answer (server.ts's `answerJsonRpc`). */
export interface JsonRpcAnswer {
  status: 200 | 500
  /** The answer's JSON; undefined when the body held notifications alone (an empty answer). */
  json: unknown
  /** Whether CometBFT marks it cacheable (`Cache-Control: public, max-age=86400`). */
  cacheable: boolean
}

/** Who calls (server.ts's `RpcCall`): the peer of the HTTP connection. */
interface Peer {
  remoteAddress: string | undefined
}

export interface RpcPostFastPathOptions {
  maxBodyBytes: number
  /** `max_request_batch_size` (0: no pre-check of the body). */
  maxBatchSize: number
  cors?: RpcCors
}

/**
 * JSON-RPC POSTs to `/` answered straight from node:http, without a Web Request and Response per
 * call (the RPC's hot path: cosmjs broadcasts and queries through it): the same answer as the Hono
 * app's route, byte for byte, with the headers the app's answer gets (the route's, CORS's, the
 * server's clock) as the node server writes them. It takes only a POST of exactly `/` over
 * HTTP/1.1 with a plain host header and a declared length of 1 byte up to `max_body_bytes` (no
 * chunked body); anything else (an empty body's list of endpoints, a body too large, another method
 * or path) goes to the app.
 */
export function createRpcPostFastPath(
  answer: (text: string, peer: Peer) => Promise<JsonRpcAnswer>,
  o: RpcPostFastPathOptions,
): NodeRequestHandler {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/') return false
    if (req.httpVersionMajor !== 1 || req.httpVersionMinor !== 1) return false
    const { headers } = req
    const host = headers.host
    if (host === undefined || !PLAIN_HOST.test(host)) return false
    const length = headers['content-length']
    if (length === undefined || headers['transfer-encoding'] !== undefined) return false
    const declared = Number(length)
    if (!(declared > 0 && declared <= o.maxBodyBytes)) return false
    // A POST is never a preflight: the CORS layer only adds its headers to the answer.
    const cors = o.cors?.answerNode(req).headers
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      // CometBFT's pre-check, before its handlers: no CORS headers, no server time.
      if (o.maxBatchSize > 0 && batchLength(body) > o.maxBatchSize) {
        writePlain(res, {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: batchTooLongBody(o.maxBatchSize),
        })
        return
      }
      const peer = { remoteAddress: req.socket.remoteAddress }
      void answer(body.toString('utf8'), peer).then((a) => writeAnswer(res, a, cors))
    })
    return true
  }
}

/**
 * Writes an answer with the headers the app's route and middleware give it, as the node server
 * writes a Web Response's: names in lower case, in a Web Headers' order (sorted), a repeated name's
 * values joined, the length after them.
 */
function writeAnswer(
  res: ServerResponse,
  a: JsonRpcAnswer,
  cors: Iterable<readonly [string, readonly string[]]> | undefined,
): void {
  const headers = new Map<string, string>()
  const add = (name: string, value: string) => {
    const before = headers.get(name)
    headers.set(name, before === undefined ? value : `${before}, ${value}`)
  }
  const body = a.json === undefined ? undefined : JSON.stringify(a.json)
  if (body === undefined) add('content-length', '0')
  else {
    if (a.cacheable) add('cache-control', 'public, max-age=86400')
    add('content-type', 'application/json')
  }
  // CORS's headers, then the server's clock, appended to the route's.
  for (const [name, values] of cors ?? []) for (const v of values) add(name.toLowerCase(), v)
  add('x-server-time', String(Math.floor(Date.now() / 1000)))
  res.statusCode = a.status
  for (const name of [...headers.keys()].sort()) res.setHeader(name, headers.get(name)!)
  if (body !== undefined) res.setHeader('content-length', Buffer.byteLength(body))
  res.end(body)
}
