/**
 * The errors the node throws on purpose; the REST, gRPC and RPC edges translate the coded ones:
 * registered errors (`codespace`, `code`, description, wrapped with context, as upstream); status
 * errors (a gRPC code and a message, upstream `status.Error`; a request an edge refuses before any
 * handler runs is a subclass it tells apart); `ChainHaltError`, which stops the chain; `UserError`,
 * a bad input of the process itself (a flag, a file of the home, a port, the database lock).
 *
 * Outside it only: codec errors (`JsonMappingError`, `AminoJsonError`, `DecimalError`, with
 * `cause`), which their callers translate; the JSON-RPC transport's own codes (`RpcError`,
 * `ParseError`); client-side failures the CLI reports itself (`NodeClientError`, `KeyringError`,
 * `TxBuildError`); the rehearsal's control flow (`StepFailed`, `InjectedFailure`); `OutOfGasError`,
 * upstream's out-of-gas panic, which must pass through keeper code that catches coded errors.
 */

import { ChainError, GrpcCode } from './error-status.js'

export * from './error-status.js'

/**
 * A failure that is not a registered error (upstream: any plain Go error reaching ABCI): code 1,
 * codespace `undefined`, the message as log.
 */
export class UndefinedCodeError extends ChainError {
  override readonly name = 'UndefinedCodeError'
  readonly grpcCode = GrpcCode.Unknown

  statusMessage(): string {
    return this.message
  }

  abci(): { code: number; codespace: string; log: string } {
    return { code: 1, codespace: 'undefined', log: this.message }
  }
}

/** Stops the chain; the process exits with `exitCode`: 0 configured halt, 2 upgrade, 1 failure. */
export class ChainHaltError extends Error {
  override readonly name = 'ChainHaltError'

  constructor(
    message: string,
    readonly exitCode: number,
    options?: { cause?: unknown; logged?: boolean },
  ) {
    super(message, options)
    this.logged = options?.logged ?? false
  }

  /** Whether the message was already logged where it arose. */
  readonly logged: boolean

  /** `err` as a halt: itself when it is one, else a failure (exit code 1) with it as the cause. */
  static from(err: unknown): ChainHaltError {
    if (err instanceof ChainHaltError) return err
    return new ChainHaltError(err instanceof Error ? err.message : String(err), 1, { cause: err })
  }
}

/**
 * The next height cannot be committed: the validators signing hold no more than 2/3 of its set's
 * power (validators silenced with dev_setSigningStatus, then the set changed under them). CometBFT
 * would wait in its rounds; the node makes no block until enough sign again, and does not halt.
 */
export class QuorumStallError extends Error {
  override readonly name = 'QuorumStallError'

  constructor(
    readonly height: number,
    message: string,
  ) {
    super(message)
  }
}

/** A bad input of the process itself: the CLI prints its message alone (never a chain edge's). */
export class UserError extends Error {
  override readonly name: string = 'UserError'
}

/** An error built without its stack trace: refusals answered by the thousand (a tenth of their CPU). */
export function withoutStackTrace<E extends Error>(create: () => E): E {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return create()
  } finally {
    Error.stackTraceLimit = limit
  }
}

/** A registered root error: what `errors.Register(codespace, code, description)` creates upstream. */
export interface RegisteredError {
  readonly codespace: string
  readonly code: number
  readonly description: string
  readonly grpcCode: GrpcCode
  /** Creates the error wrapped with a context message (`Wrap(err, msg)` upstream). */
  wrap(message: string, options?: { cause?: unknown }): SdkError
  /** The bare root error. */
  error(options?: { cause?: unknown }): SdkError
  /** Whether `err` is this registered error, possibly wrapped. */
  is(err: unknown): err is SdkError
}

const registry = new Map<string, RegisteredError>()
/** The registered error of a codespace and code in this process (its description names it). */
export const registeredError = (codespace: string, code: number): RegisteredError | undefined =>
  registry.get(`${codespace}:${code}`)

/**
 * Registers a root error. `grpcCode` is the status the edges use (product decision: statuses are
 * sensible, e.g. invalid request → InvalidArgument, not upstream's blanket Unknown).
 */
export function registerError(
  codespace: string,
  code: number,
  description: string,
  grpcCode: GrpcCode = GrpcCode.Unknown,
): RegisteredError {
  const id = `${codespace}:${code}`
  if (registry.has(id))
    throw new Error(`error with code ${code} is already registered: "${codespace}"`)
  const root: RegisteredError = {
    codespace,
    code,
    description,
    grpcCode,
    wrap: (message, options) => new SdkError(root, [message], options?.cause),
    error: (options) => new SdkError(root, [], options?.cause),
    is: (err): err is SdkError => err instanceof SdkError && err.root === root,
  }
  registry.set(id, root)
  return root
}

/** An instance of a registered error with its wrap messages (innermost first). */
export class SdkError extends ChainError {
  override readonly name = 'SdkError'
  readonly grpcCode: GrpcCode

  constructor(
    readonly root: RegisteredError,
    readonly wraps: readonly string[],
    cause?: unknown,
  ) {
    // err.Error() upstream: outermost wrap first, root description last.
    super([...wraps].reverse().concat(root.description).join(': '), { cause })
    this.grpcCode = root.grpcCode
  }

  get codespace(): string {
    return this.root.codespace
  }

  get code(): number {
    return this.root.code
  }

  /** Adds an outer wrap message. */
  wrap(message: string): SdkError {
    return new SdkError(this.root, [...this.wraps, message], this.cause)
  }

  statusMessage(): string {
    return [
      `codespace ${this.codespace} code ${this.code}: ${this.root.description}`,
      ...this.wraps,
    ].join(': ')
  }

  abci() {
    return { code: this.code, codespace: this.codespace, log: this.message }
  }
}

/**
 * What upstream `err.Error()` prints for a wrapped error without its root: the wrap messages,
 * outermost first (any other error: its message).
 */
export function wrapText(err: unknown): string {
  if (err instanceof SdkError) return [...err.wraps].reverse().join(': ')
  return err instanceof Error ? err.message : String(err)
}

// Root errors of codespace `sdk` (upstream types/errors/errors.go), with the statuses we expose.
export const ErrTxDecode = registerError('sdk', 2, 'tx parse error', GrpcCode.InvalidArgument)
export const ErrInvalidSequence = registerError(
  'sdk',
  3,
  'invalid sequence',
  GrpcCode.InvalidArgument,
)
export const ErrUnauthorized = registerError('sdk', 4, 'unauthorized', GrpcCode.Unauthenticated)
export const ErrInsufficientFunds = registerError(
  'sdk',
  5,
  'insufficient funds',
  GrpcCode.FailedPrecondition,
)
export const ErrUnknownRequest = registerError(
  'sdk',
  6,
  'unknown request',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidAddress = registerError(
  'sdk',
  7,
  'invalid address',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidPubKey = registerError('sdk', 8, 'invalid pubkey', GrpcCode.InvalidArgument)
export const ErrUnknownAddress = registerError('sdk', 9, 'unknown address', GrpcCode.NotFound)
export const ErrInvalidCoins = registerError('sdk', 10, 'invalid coins', GrpcCode.InvalidArgument)
export const ErrOutOfGas = registerError('sdk', 11, 'out of gas', GrpcCode.ResourceExhausted)
export const ErrMemoTooLarge = registerError('sdk', 12, 'memo too large', GrpcCode.InvalidArgument)
export const ErrInsufficientFee = registerError(
  'sdk',
  13,
  'insufficient fee',
  GrpcCode.InvalidArgument,
)
export const ErrTooManySignatures = registerError(
  'sdk',
  14,
  'maximum number of signatures exceeded',
  GrpcCode.InvalidArgument,
)
export const ErrNoSignatures = registerError(
  'sdk',
  15,
  'no signatures supplied',
  GrpcCode.InvalidArgument,
)
export const ErrJSONMarshal = registerError(
  'sdk',
  16,
  'failed to marshal JSON bytes',
  GrpcCode.Internal,
)
export const ErrJSONUnmarshal = registerError(
  'sdk',
  17,
  'failed to unmarshal JSON bytes',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidRequest = registerError(
  'sdk',
  18,
  'invalid request',
  GrpcCode.InvalidArgument,
)
export const ErrTxInMempoolCache = registerError(
  'sdk',
  19,
  'tx already in mempool',
  GrpcCode.AlreadyExists,
)
export const ErrMempoolIsFull = registerError(
  'sdk',
  20,
  'mempool is full',
  GrpcCode.ResourceExhausted,
)
export const ErrTxTooLarge = registerError('sdk', 21, 'tx too large', GrpcCode.InvalidArgument)
export const ErrKeyNotFound = registerError('sdk', 22, 'key not found', GrpcCode.NotFound)
export const ErrInvalidHeight = registerError('sdk', 26, 'invalid height', GrpcCode.InvalidArgument)
export const ErrInvalidVersion = registerError(
  'sdk',
  27,
  'invalid version',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidChainID = registerError(
  'sdk',
  28,
  'invalid chain-id',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidType = registerError('sdk', 29, 'invalid type', GrpcCode.InvalidArgument)
export const ErrTxTimeoutHeight = registerError(
  'sdk',
  30,
  'tx timeout height',
  GrpcCode.InvalidArgument,
)
export const ErrUnknownExtensionOptions = registerError(
  'sdk',
  31,
  'unknown extension options',
  GrpcCode.InvalidArgument,
)
export const ErrWrongSequence = registerError(
  'sdk',
  32,
  'incorrect account sequence',
  GrpcCode.InvalidArgument,
)
export const ErrPackAny = registerError(
  'sdk',
  33,
  'failed packing protobuf message to Any',
  GrpcCode.Internal,
)
export const ErrUnpackAny = registerError(
  'sdk',
  34,
  'failed unpacking protobuf message from Any',
  GrpcCode.InvalidArgument,
)
export const ErrLogic = registerError('sdk', 35, 'internal logic error', GrpcCode.Internal)
export const ErrConflict = registerError('sdk', 36, 'conflict', GrpcCode.Aborted)
export const ErrNotSupported = registerError(
  'sdk',
  37,
  'feature not supported',
  GrpcCode.Unimplemented,
)
export const ErrNotFound = registerError('sdk', 38, 'not found', GrpcCode.NotFound)
export const ErrIO = registerError('sdk', 39, 'Internal IO error', GrpcCode.Internal)
export const ErrAppConfig = registerError('sdk', 40, 'error in app.toml', GrpcCode.InvalidArgument)
export const ErrInvalidGasLimit = registerError(
  'sdk',
  41,
  'invalid gas limit',
  GrpcCode.InvalidArgument,
)

/** Upstream ErrPanic (codespace `undefined`): a tx's run recovered from a Go panic. */
export const ErrPanic = registerError('undefined', 111222, 'panic')

/**
 * Where upstream's code panics (an index out of range in a malformed tx, a broken invariant that
 * MsgVerifyInvariant found) and its runTx recovers: `recovered: <panic>: panic`, code 111222
 * (upstream's log has the Go stack before `: panic`).
 */
export function goPanic(what: string): SdkError {
  return ErrPanic.wrap(`recovered: ${what}`)
}
