import { Metadata, type ServiceError, type status } from '@grpc/grpc-js'
import { toChainError, unexpectedError } from '../../errors.js'
import type { Logger } from '../../logger.js'

/**
 * A gRPC status for anything a call threw: coded errors keep their code and message; anything else
 * is Internal and logged as a bug (a client mistake never is).
 */
export function toServiceError(err: unknown, logger?: Logger): Partial<ServiceError> {
  const e = toChainError(err)
  if (unexpectedError(err)) {
    logger?.error({ err }, 'query failed')
  }
  return {
    code: e.grpcCode as status,
    details: e.statusMessage(),
    metadata: new Metadata(),
  }
}
