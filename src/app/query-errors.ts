import { bech32ToAddress } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import { ErrUnknownAddress, GrpcCode, StatusError, wrapText } from '../errors.js'
import { PaginationError } from './pagination.js'

/**
 * Helpers for query handlers, which answer bad arguments with plain status errors carrying the
 * upstream texts (as the upstream query servers do with `status.Error`).
 */

/** Re-exported for the query handlers that import their helpers from here. */
export { wrapText }

/**
 * The upstream address codec's error text for a bad bech32 address: the decoder's own texts as they
 * are; a prefix mismatch is an ErrLogic upstream, so its text ends with `: internal logic error`; an
 * address of no bytes or of more than 255 fails VerifyAddressFormat with an ErrUnknownAddress, so
 * its text ends with `: unknown address`.
 */
export function addressErrorText(err: unknown): string {
  if (ErrUnknownAddress.is(err)) return err.message
  const text = wrapText(err)
  return text.startsWith('hrp does not match bech32 prefix')
    ? `${text}: internal logic error`
    : text
}

/** Decodes an address argument; a bad one is InvalidArgument with `<prefix><codec error>`. */
export function addressArg(text: string, prefix = ''): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw new StatusError(GrpcCode.InvalidArgument, `${prefix}${addressErrorText(err)}`, {
      cause: err,
    })
  }
}

/** InvalidArgument with a plain message. */
export function invalidArgument(message: string, cause?: unknown): StatusError {
  return new StatusError(GrpcCode.InvalidArgument, message, cause === undefined ? {} : { cause })
}

/** NotFound with a plain message. */
export function notFound(message: string): StatusError {
  return new StatusError(GrpcCode.NotFound, message)
}

/**
 * A `.catch` handler for `paginate`: a refused page request becomes InvalidArgument with
 * `prefix` + the upstream text; any other failure (e.g. a pruned height) passes through.
 */
export function pageRequestError(prefix = ''): (err: unknown) => never {
  return (err) => {
    if (err instanceof PaginationError) throw invalidArgument(`${prefix}${err.message}`, err)
    throw err
  }
}
