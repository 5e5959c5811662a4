/**
 * gRPC statuses of the node's errors: the codes, the base class every error thrown on purpose
 * extends (its status, message and ABCI view), plain status errors (upstream `status.Error`), and
 * how a code maps to HTTP. `errors.ts` re-exports all of it.
 */

/** gRPC status codes (google.rpc.Code). */
export const GrpcCode = {
  OK: 0,
  Canceled: 1,
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Aborted: 10,
  OutOfRange: 11,
  Unimplemented: 12,
  Internal: 13,
  Unavailable: 14,
  DataLoss: 15,
  Unauthenticated: 16,
} as const
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode]

/** Base class of every error the node throws on purpose. */
export abstract class ChainError extends Error {
  /** gRPC code used at the edges (HTTP status follows it). */
  abstract readonly grpcCode: GrpcCode
  /** Message of the gRPC status / REST error body. */
  abstract statusMessage(): string
  /** ABCI view: code, codespace and log as CometBFT clients see them. */
  abstract abci(): { code: number; codespace: string; log: string }
  /** An Internal status that is the client's or the operator's limit, not a bug to log. */
  readonly expected?: boolean
}

/**
 * Whether a failed request's error is a bug worth an error line: anything not thrown on purpose,
 * and Internal statuses, unless they say they are expected.
 */
export function unexpectedError(err: unknown): boolean {
  if (!(err instanceof ChainError)) return true
  return err.grpcCode === GrpcCode.Internal && err.expected !== true
}

/** A plain gRPC status error (`status.Error(codes.X, msg)` upstream). */
export class StatusError extends ChainError {
  override readonly name: string = 'StatusError'

  constructor(
    readonly grpcCode: GrpcCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }

  statusMessage(): string {
    return this.message
  }

  /** ABCI view of a status error returned by a query handler (upstream `gRPCErrorToSDKError`). */
  abci() {
    const name = grpcCodeName(this.grpcCode)
    const [code, desc] =
      this.grpcCode === GrpcCode.NotFound
        ? [22, 'key not found']
        : this.grpcCode === GrpcCode.InvalidArgument ||
            this.grpcCode === GrpcCode.FailedPrecondition
          ? [18, 'invalid request']
          : this.grpcCode === GrpcCode.Unauthenticated
            ? [4, 'unauthorized']
            : [6, 'unknown request']
    return {
      code,
      codespace: 'sdk',
      log: `rpc error: code = ${name} desc = ${this.message}: ${desc}`,
    }
  }
}

const grpcNames: Record<number, string> = Object.fromEntries(
  Object.entries(GrpcCode).map(([k, v]) => [v, k]),
)

/** The Go name of a gRPC code (`NotFound`, `InvalidArgument` …). */
export function grpcCodeName(code: number): string {
  return grpcNames[code] ?? `Code(${code})`
}

/** HTTP status for a gRPC code (grpc-gateway's HTTPStatusFromCode). */
export function httpStatusFromGrpc(code: number): number {
  switch (code) {
    case GrpcCode.OK:
      return 200
    case GrpcCode.Canceled:
      return 408
    case GrpcCode.InvalidArgument:
    case GrpcCode.FailedPrecondition:
    case GrpcCode.OutOfRange:
      return 400
    case GrpcCode.DeadlineExceeded:
      return 504
    case GrpcCode.NotFound:
      return 404
    case GrpcCode.AlreadyExists:
    case GrpcCode.Aborted:
      return 409
    case GrpcCode.PermissionDenied:
      return 403
    case GrpcCode.ResourceExhausted:
      return 429
    case GrpcCode.Unimplemented:
      return 501
    case GrpcCode.Unavailable:
      return 503
    case GrpcCode.Unauthenticated:
      return 401
    default:
      return 500
  }
}

/** Converts anything thrown into a ChainError (non-chain errors become Internal). */
export function toChainError(err: unknown): ChainError {
  if (err instanceof ChainError) return err
  const message = err instanceof Error ? err.message : String(err)
  return new StatusError(GrpcCode.Internal, message, { cause: err })
}
