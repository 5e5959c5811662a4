import { addressErrorText, bech32ToAddress } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import {
  ChainError,
  ErrLogic,
  ErrUnknownAddress,
  GrpcCode,
  StatusError,
  wrapText,
} from '../errors.js'
import { PaginationError } from './pagination.js'

/**
 * Helpers for query handlers, which answer bad arguments with plain status errors carrying the
 * upstream texts (as the upstream query servers do with `status.Error`).
 */

/** Re-exported for the query handlers that import their helpers from here. */
export { addressErrorText, wrapText }

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

/**
 * The address codec's error as an upstream query server returns it unwrapped (`return nil, err`),
 * not as a status: grpc-go takes a registered error's own status, whose message is its GRPCStatus
 * text (a prefix mismatch, upstream's ErrLogic: `codespace sdk code 35: internal logic error: hrp
 * does not match bech32 prefix: …`; VerifyAddressFormat's ErrUnknownAddress: `codespace sdk code 9:
 * unknown address: addresses cannot be empty`), and any other error's text as it is (`decoding
 * bech32 failed: …`). Upstream's code is Unknown (HTTP 500) either way; sdkd answers
 * InvalidArgument, a malformed argument (ARCHITECTURE decision 3). abci_query answers as upstream's
 * gRPCErrorToSDKError: a registered error, a status of code Unknown, is ErrUnknownRequest (6)
 * around its text; any other, no status at all, ErrInvalidRequest (18).
 */
export class AddressCodecError extends ChainError {
  override readonly name = 'AddressCodecError'
  readonly grpcCode = GrpcCode.InvalidArgument
  /** The registered error's status text, when the codec's error is one upstream. */
  private readonly registered: string | undefined

  constructor(err: unknown) {
    super(addressErrorText(err), { cause: err })
    const text = wrapText(err)
    this.registered = ErrUnknownAddress.is(err)
      ? err.statusMessage()
      : text.startsWith('hrp does not match bech32 prefix')
        ? ErrLogic.wrap(text).statusMessage()
        : undefined
  }

  statusMessage(): string {
    return this.registered ?? this.message
  }

  abci(): { code: number; codespace: string; log: string } {
    return this.registered === undefined
      ? { code: 18, codespace: 'sdk', log: `${this.message}: invalid request` }
      : { code: 6, codespace: 'sdk', log: `${this.message}: unknown request` }
  }
}

/**
 * Decodes an address argument of a query server that returns the codec's error as it is (bech32
 * prefix `prefix`, the account one by default); a bad one is an `AddressCodecError`.
 */
export function codecAddressArg(text: string, prefix?: string): Bytes {
  try {
    return bech32ToAddress(text, prefix)
  } catch (err) {
    throw new AddressCodecError(err)
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
