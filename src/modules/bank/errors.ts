import { GrpcCode, registerError } from '../../errors.js'

// x/bank errors (codespace `bank`, upstream x/bank/types/errors.go).
export const ErrNoInputs = registerError(
  'bank',
  2,
  'no inputs to send transaction',
  GrpcCode.InvalidArgument,
)
export const ErrNoOutputs = registerError(
  'bank',
  3,
  'no outputs to send transaction',
  GrpcCode.InvalidArgument,
)
export const ErrInputOutputMismatch = registerError(
  'bank',
  4,
  'sum inputs != sum outputs',
  GrpcCode.InvalidArgument,
)
export const ErrSendDisabled = registerError(
  'bank',
  5,
  'send transactions are disabled',
  GrpcCode.FailedPrecondition,
)
export const ErrMultipleSenders = registerError(
  'bank',
  9,
  'multiple senders not allowed',
  GrpcCode.InvalidArgument,
)
