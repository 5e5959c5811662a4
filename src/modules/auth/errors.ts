import { invalidArgument, notFound } from '../../app/query-errors.js'
import type { StatusError } from '../../errors.js'

// x/auth registers no codespace of its own that sdkd raises (its tx checks throw the root `sdk`
// errors, in tx/ante-*.ts); its query server answers with status errors carrying upstream's texts.

/** Query/Account with no address. */
export function emptyAddress(): StatusError {
  return invalidArgument('Address cannot be empty')
}

/** Query/Account of an address that has no account. */
export function accountNotFound(address: string): StatusError {
  return notFound(`account ${address} not found`)
}
