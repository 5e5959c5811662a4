import { GrpcCode, registerError } from '../../errors.js'

// x/slashing errors (codespace `slashing`, upstream x/slashing/types/errors.go).
export const ErrNoValidatorForAddress = registerError(
  'slashing',
  2,
  'address is not associated with any known validator',
  GrpcCode.NotFound,
)
export const ErrBadValidatorAddr = registerError(
  'slashing',
  3,
  'validator does not exist for that address',
  GrpcCode.NotFound,
)
export const ErrValidatorJailed = registerError(
  'slashing',
  4,
  'validator still jailed; cannot be unjailed',
  GrpcCode.FailedPrecondition,
)
export const ErrValidatorNotJailed = registerError(
  'slashing',
  5,
  'validator not jailed; cannot be unjailed',
  GrpcCode.FailedPrecondition,
)
export const ErrMissingSelfDelegation = registerError(
  'slashing',
  6,
  'validator has no self-delegation; cannot be unjailed',
  GrpcCode.FailedPrecondition,
)
export const ErrSelfDelegationTooLowToUnjail = registerError(
  'slashing',
  7,
  "validator's self delegation less than minimum; cannot be unjailed",
  GrpcCode.FailedPrecondition,
)
export const ErrNoSigningInfoFound = registerError(
  'slashing',
  8,
  'no validator signing info found',
  GrpcCode.NotFound,
)
export const ErrValidatorTombstoned = registerError(
  'slashing',
  9,
  'validator already tombstoned',
  GrpcCode.FailedPrecondition,
)
