/**
 * What CometBFT's HTTP server answers before its handler runs (its PreChecksHandler), under both
 * CometBFT's RPC and the SDK's API server: it reads each request's body first, with the limit of
 * `max_body_bytes` (RPC) or `rpc-max-body-bytes` (REST). Its answers carry neither the handler's
 * `X-Server-Time` nor CORS headers.
 */

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

/** A batch of more JSON-RPC requests than the server's `max_request_batch_size` (HTTP 200). */
export function batchTooLongResponse(max: number): Response {
  return new Response(
    invalidRequest(`batch request exceeds maximum (${max}) allowed number of requests`),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  )
}
