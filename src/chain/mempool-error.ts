import { GrpcCode, type RegisteredError, StatusError, withoutStackTrace } from '../errors.js'

/**
 * A rejection at the mempool (CometBFT) layer: the tx never reached the app. An InvalidArgument
 * status; `refusal` is the registered error the REST and gRPC broadcast answer it with (upstream
 * CheckCometError: a tx in the cache, a full mempool, a tx too large), undefined for other refusals.
 */
export class MempoolError extends StatusError {
  override readonly name: string = 'MempoolError'

  constructor(
    message: string,
    readonly refusal: RegisteredError | undefined,
  ) {
    super(GrpcCode.InvalidArgument, message)
  }
}

/** A refusal answered to the client, built without a stack trace (see `withoutStackTrace`). */
export function refused(message: string, refusal?: RegisteredError): MempoolError {
  return withoutStackTrace(() => new MempoolError(message, refusal))
}
