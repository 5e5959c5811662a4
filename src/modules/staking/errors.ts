import { addressErrorText, invalidArgument, notFound } from '../../app/query-errors.js'
import { GrpcCode, StatusError } from '../../errors.js'

// sdkd's x/staking runs no transactions, so none of upstream's `staking` codespace errors can arise;
// its query server answers with status errors carrying upstream's texts.

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
