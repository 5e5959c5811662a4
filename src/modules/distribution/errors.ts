import { GrpcCode, registerError } from '../../errors.js'

// x/distribution errors (codespace `distribution`, upstream x/distribution/types/errors.go).
const D = 'distribution'
export const ErrEmptyDelegatorAddr = registerError(
  D,
  2,
  'delegator address is empty',
  GrpcCode.InvalidArgument,
)
export const ErrEmptyWithdrawAddr = registerError(
  D,
  3,
  'withdraw address is empty',
  GrpcCode.InvalidArgument,
)
export const ErrEmptyValidatorAddr = registerError(
  D,
  4,
  'validator address is empty',
  GrpcCode.InvalidArgument,
)
export const ErrEmptyDelegationDistInfo = registerError(
  D,
  5,
  'no delegation distribution info',
  GrpcCode.NotFound,
)
export const ErrNoValidatorDistInfo = registerError(
  D,
  6,
  'no validator distribution info',
  GrpcCode.NotFound,
)
export const ErrNoValidatorCommission = registerError(
  D,
  7,
  'no validator commission to withdraw',
  GrpcCode.FailedPrecondition,
)
export const ErrSetWithdrawAddrDisabled = registerError(
  D,
  8,
  'set withdraw address disabled',
  GrpcCode.FailedPrecondition,
)
export const ErrBadDistribution = registerError(
  D,
  9,
  'community pool does not have sufficient coins to distribute',
  GrpcCode.FailedPrecondition,
)
export const ErrInvalidProposalAmount = registerError(
  D,
  10,
  'invalid community pool spend proposal amount',
  GrpcCode.InvalidArgument,
)
export const ErrEmptyProposalRecipient = registerError(
  D,
  11,
  'invalid community pool spend proposal recipient',
  GrpcCode.InvalidArgument,
)
export const ErrNoValidatorExists = registerError(
  D,
  12,
  'validator does not exist',
  GrpcCode.NotFound,
)
export const ErrNoDelegationExists = registerError(
  D,
  13,
  'delegation does not exist',
  GrpcCode.NotFound,
)
