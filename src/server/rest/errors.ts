import { httpStatusFromGrpc, toChainError, unexpectedError } from '../../errors.js'
import type { Logger } from '../../logger.js'

/** Response headers every gateway error carries. */
const JSON_TYPE = { 'content-type': 'application/json' }

/**
 * A gateway answer as plain parts: what a Hono route turns into a Response, and what the node:http
 * fast path writes as it is (both from the same parts, so both answer alike).
 */
export interface PlainResponse {
  status: number
  headers: Readonly<Record<string, string>>
  body: string
}

/** The gateway's error body: always `{"code","message","details":[]}` (google.rpc.Status). */
export function errorJson(code: number, message: string): string {
  return JSON.stringify({ code, message, details: [] })
}

/** A JSON error answer with an explicit HTTP status, as plain parts. */
export function errorPlain(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): PlainResponse {
  return { status, headers: { ...JSON_TYPE, ...headers }, body: errorJson(code, message) }
}

/** A JSON error response with an explicit HTTP status. */
export function errorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return plainToResponse(errorPlain(status, code, message, headers))
}

/**
 * The answer to anything a request handler threw: coded errors keep their gRPC code and message
 * (HTTP status from the code, as grpc-gateway); anything else is an internal error, logged as a bug.
 */
export function thrownErrorPlain(
  err: unknown,
  logger: Logger | undefined,
  headers: Record<string, string> = {},
): PlainResponse {
  const e = toChainError(err)
  if (unexpectedError(err)) {
    logger?.error({ err }, 'query failed')
  }
  return errorPlain(httpStatusFromGrpc(e.grpcCode), e.grpcCode, e.statusMessage(), headers)
}

/** `thrownErrorPlain` as a Response. */
export function thrownErrorResponse(
  err: unknown,
  logger: Logger | undefined,
  headers: Record<string, string> = {},
): Response {
  return plainToResponse(thrownErrorPlain(err, logger, headers))
}

/** Plain answer parts as a Response. */
export function plainToResponse(p: PlainResponse): Response {
  return new Response(p.body, { status: p.status, headers: p.headers })
}
