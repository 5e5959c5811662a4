import { addressErrorText, invalidArgument, notFound } from '../../app/query-errors.js'
import { GrpcCode, registerError, StatusError } from '../../errors.js'

// The query server answers with status errors carrying upstream's texts.

/** Query/Validators with a status that is not a BondStatus name. */
export function invalidValidatorStatus(status: string): StatusError {
  return invalidArgument(`invalid validator status ${status}`)
}

/** A query with no validator address. */
export function emptyValidatorAddress(): StatusError {
  return invalidArgument('validator address cannot be empty')
}

/** A query with no delegator address. */
export function emptyDelegatorAddress(): StatusError {
  return invalidArgument('delegator address cannot be empty')
}

/** Query/Validator of an operator address with no validator. */
export function validatorNotFound(operator: string): StatusError {
  return notFound(`validator ${operator} not found`)
}

/** A validator operator address that does not decode: the address codec's text. */
export function invalidValidatorAddress(err: unknown): StatusError {
  return new StatusError(GrpcCode.InvalidArgument, addressErrorText(err), { cause: err })
}

// Errors of codespace `staking` (upstream x/staking/types/errors.go) that the msg server and the
// keeper return, with upstream's codes and texts.

const r = (code: number, text: string, grpc: GrpcCode = GrpcCode.InvalidArgument) =>
  registerError('staking', code, text, grpc)

export const ErrEmptyValidatorAddr = r(2, 'empty validator address')
export const ErrNoValidatorFound = r(3, 'validator does not exist', GrpcCode.NotFound)
export const ErrValidatorOwnerExists = r(
  4,
  'validator already exist for this operator address; must use new validator operator address',
  GrpcCode.AlreadyExists,
)
export const ErrValidatorPubKeyExists = r(
  5,
  'validator already exist for this pubkey; must use new validator pubkey',
  GrpcCode.AlreadyExists,
)
export const ErrValidatorPubKeyTypeNotSupported = r(6, 'validator pubkey type is not supported')
export const ErrValidatorJailed = r(7, 'validator for this address is currently jailed')
export const ErrBadRemoveValidator = r(8, 'failed to remove validator', GrpcCode.Internal)
export const ErrCommissionNegative = r(9, 'commission must be positive')
export const ErrCommissionHuge = r(10, 'commission cannot be more than 100%')
export const ErrCommissionGTMaxRate = r(11, 'commission cannot be more than the max rate')
export const ErrCommissionUpdateTime = r(12, 'commission cannot be changed more than once in 24h')
export const ErrCommissionChangeRateNegative = r(13, 'commission change rate must be positive')
export const ErrCommissionChangeRateGTMaxRate = r(
  14,
  'commission change rate cannot be more than the max rate',
)
export const ErrCommissionGTMaxChangeRate = r(
  15,
  'commission cannot be changed more than max change rate',
)
export const ErrSelfDelegationBelowMinimum = r(
  16,
  "validator's self delegation must be greater than their minimum self delegation",
)
export const ErrMinSelfDelegationDecreased = r(17, 'minimum self delegation cannot be decrease')
export const ErrEmptyDelegatorAddr = r(18, 'empty delegator address')
export const ErrNoDelegation = r(
  19,
  'no delegation for (address, validator) tuple',
  GrpcCode.NotFound,
)
export const ErrBadDelegatorAddr = r(20, 'delegator does not exist with address', GrpcCode.NotFound)
export const ErrNoDelegatorForAddress = r(
  21,
  'delegator does not contain delegation',
  GrpcCode.NotFound,
)
export const ErrInsufficientShares = r(22, 'insufficient delegation shares')
export const ErrDelegationValidatorEmpty = r(23, 'cannot delegate to an empty validator')
export const ErrNotEnoughDelegationShares = r(24, 'not enough delegation shares')
export const ErrNotMature = r(25, 'entry not mature')
export const ErrNoUnbondingDelegation = r(26, 'no unbonding delegation found', GrpcCode.NotFound)
export const ErrMaxUnbondingDelegationEntries = r(
  27,
  'too many unbonding delegation entries for (delegator, validator) tuple',
)
export const ErrNoRedelegation = r(28, 'no redelegation found', GrpcCode.NotFound)
export const ErrSelfRedelegation = r(29, 'cannot redelegate to the same validator')
export const ErrTinyRedelegationAmount = r(
  30,
  'too few tokens to redelegate (truncates to zero tokens)',
)
export const ErrBadRedelegationDst = r(
  31,
  'redelegation destination validator not found',
  GrpcCode.NotFound,
)
export const ErrTransitiveRedelegation = r(
  32,
  'redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation',
)
export const ErrMaxRedelegationEntries = r(
  33,
  'too many redelegation entries for (delegator, src-validator, dst-validator) tuple',
)
export const ErrDelegatorShareExRateInvalid = r(
  34,
  'cannot delegate to validators with invalid (zero) ex-rate',
)
export const ErrEmptyValidatorPubKey = r(39, 'empty validator public key')
export const ErrCommissionLTMinRate = r(40, 'commission cannot be less than min rate')
export const ErrBadRedelegationSrc = r(
  44,
  'redelegation source validator not found',
  GrpcCode.NotFound,
)
