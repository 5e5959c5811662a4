import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { withoutServerTime } from '../listen.js'
import { bodyTooLargeResponse } from '../prechecks.js'
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
