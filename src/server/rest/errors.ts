import { ChainError, GrpcCode, httpStatusFromGrpc, toChainError } from '../../errors.js'
import type { Logger } from '../../logger.js'

/** Response headers every gateway error carries. */
const JSON_TYPE = { 'content-type': 'application/json' }

/** The gateway's error body: always `{"code","message","details":[]}` (google.rpc.Status). */
export function errorJson(code: number, message: string): string {
  return JSON.stringify({ code, message, details: [] })
}

/** A JSON error response with an explicit HTTP status. */
export function errorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(errorJson(code, message), { status, headers: { ...JSON_TYPE, ...headers } })
}

/**
 * The response for anything a request handler threw: coded errors keep their gRPC code and message
 * (HTTP status from the code, as grpc-gateway); anything else is an internal error, logged as a bug.
 */
export function thrownErrorResponse(
  err: unknown,
  logger: Logger | undefined,
  headers: Record<string, string> = {},
): Response {
  const e = toChainError(err)
  if (!(err instanceof ChainError) || e.grpcCode === GrpcCode.Internal) {
    logger?.error({ err }, 'query failed')
  }
  return errorResponse(httpStatusFromGrpc(e.grpcCode), e.grpcCode, e.statusMessage(), headers)
}
