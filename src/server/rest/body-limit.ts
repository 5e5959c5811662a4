import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { GrpcCode } from '../../errors.js'
import { errorResponse } from './errors.js'
import { incomingOf } from './query-call.js'

/** `[api] rpc-max-body-bytes` refused as upstream's server does. */
const tooLarge = () => errorResponse(413, GrpcCode.InvalidArgument, 'http: request body too large')

/**
 * `rpc-max-body-bytes`: a request body larger than `maxBody` gets 413. A declared length is checked
 * from the node request's headers: touching the Web body stream would turn off the server's fast
 * body read (broadcasts are the hot POST path); a chunked body goes through Hono's body limit.
 */
export function requestBodyLimit(maxBody: number): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBody, onError: tooLarge })
  return async function requestBodyLimit(c, next) {
    const headers = incomingOf(c.env)?.headers
    const length = headers?.['content-length']
    if (length !== undefined && headers?.['transfer-encoding'] === undefined) {
      if (Number(length) > maxBody) return tooLarge()
      return next()
    }
    return limit(c, next)
  }
}
