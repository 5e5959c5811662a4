import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { withoutServerTime } from '../listen.js'
import {
  batchLength,
  batchTooLongResponse,
  bodyTooLargeResponse,
  REST_MAX_BATCH,
} from '../prechecks.js'
import { incomingOf } from './query-call.js'

/**
 * `[api] rpc-max-body-bytes`: a request body larger than `maxBody` is refused as upstream's server
 * refuses it before its handler (CometBFT's HTTP server reads the body first): HTTP 400 with a
 * JSON-RPC `-32600` error, the connection closed, no `X-Server-Time` or CORS headers. A declared
 * length is checked from the node request's headers: touching the Web body stream would turn off
 * the server's fast body read (broadcasts are the hot POST path); a chunked body goes through
 * Hono's body limit.
 */
export function requestBodyLimit(maxBody: number): MiddlewareHandler {
  return async function requestBodyLimit(c, next) {
    const tooLarge = () => {
      withoutServerTime(c.env)
      return bodyTooLargeResponse()
    }
    const headers = incomingOf(c.env)?.headers
    const length = headers?.['content-length']
    if (length !== undefined && headers?.['transfer-encoding'] === undefined) {
      if (Number(length) > maxBody) return tooLarge()
      return next()
    }
    return bodyLimit({ maxSize: maxBody, onError: tooLarge })(c, next)
  }
}

/**
 * CometBFT's other pre-check under the SDK's API server: a body that reads as a batch of more
 * JSON-RPC requests than its default limit (10) is answered with the batch error (HTTP 200), on any
 * route, before the handler, without `X-Server-Time` or CORS headers. Runs inside the body limit
 * (the body is read here, and cached for the handler). A gRPC-web body (binary frames) never reads
 * as JSON, so it is left unread.
 */
export function requestBatchLimit(): MiddlewareHandler {
  return async function requestBatchLimit(c, next) {
    if (!c.req.header('content-type')?.startsWith('application/grpc-web')) {
      const body = new Uint8Array(await c.req.arrayBuffer())
      if (batchLength(body) > REST_MAX_BATCH) {
        withoutServerTime(c.env)
        return batchTooLongResponse(REST_MAX_BATCH)
      }
    }
    return next()
  }
}
