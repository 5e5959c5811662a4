/**
 * What CometBFT's HTTP server answers before its handler runs (its PreChecksHandler), under both
 * CometBFT's RPC and the SDK's API server: it reads each request's body first, with the limit of
 * `max_body_bytes` (RPC) or `rpc-max-body-bytes` (REST). Its answers carry neither the handler's
 * `X-Server-Time` nor CORS headers.
 */

import { decodeBody, ParseError, parseJson } from './rpc/request.js'

/** A JSON-RPC `-32600 Invalid Request` without an id, as CometBFT writes one. */
const invalidRequest = (data: string) =>
  JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request', data } })

const BODY_TOO_LARGE = invalidRequest('error reading request body: http: request body too large')

/**
 * A body over the limit: HTTP 400, and the connection closed after the answer, as Go's server
 * closes one whose body passed its MaxBytesReader's limit.
 */
export function bodyTooLargeResponse(): Response {
  return new Response(BODY_TOO_LARGE, {
    status: 400,
    headers: { 'Content-Type': 'application/json', Connection: 'close' },
  })
}

/** The answer's body to a batch of more JSON-RPC requests than `max`. */
export const batchTooLongBody = (max: number): string =>
  invalidRequest(`batch request exceeds maximum (${max}) allowed number of requests`)

/** A batch of more JSON-RPC requests than the server's `max_request_batch_size` (HTTP 200). */
export function batchTooLongResponse(max: number): Response {
  return new Response(batchTooLongBody(max), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** The largest batch the SDK's API server takes: CometBFT's default, which app.toml does not set. */
export const REST_MAX_BATCH = 10

const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

/**
 * How many requests a body holds when CometBFT's pre-check reads it as a batch of JSON-RPC requests
 * (-1: it does not). Under the SDK's API server this is any route's body.
 */
export function batchLength(body: Uint8Array): number {
  // Only an array or null is a batch: a body starting otherwise is not parsed twice.
  let i = 0
  while (i < body.length && JSON_SPACE.has(body[i]!)) i++
  if (body[i] !== 0x5b /* [ */ && body[i] !== 0x6e /* n */) return -1
  try {
    const { requests, batch } = decodeBody(
      parseJson(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')),
    )
    return batch ? requests.length : -1
  } catch (err) {
    if (err instanceof ParseError) return -1
    throw err
  }
}
