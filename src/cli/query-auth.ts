import type { Command } from 'commander'
import { fromBase64Strict } from '../codec/bytes.js'
import {
  addQueryFlags,
  addressArg,
  clientAction,
  type QueryFlags,
  queryAndPrint,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.auth.v1beta1.Query'

/**
 * A bytes argument as upstream's autocli reads one: hex (even length), else base64 (standard or
 * URL-safe).
 */
export function bytesArg(text: string): Uint8Array {
  if (/^([0-9a-fA-F]{2})+$/.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'))
  const bytes = fromBase64Strict(text) ?? fromBase64Strict(text, true)
  if (!bytes) throw new CliError(`invalid address bytes ${JSON.stringify(text)}: not hex or base64`)
  return bytes
}

/**
 * `sdkd query auth account|accounts|account-info|address-by-acc-num|module-account|module-accounts|
 * params|bech32-prefix|…`.
 */
export function registerQueryAuth(program: Command, globals: () => GlobalFlags): void {
  const auth = commandGroup(program, 'query')
    .command('auth')
    .description('querying commands for the auth module')
  addQueryFlags(
    auth
      .command('account <address>')
      .description('query an account: address, pub_key, account_number, sequence'),
  ).action(
    clientAction(async (address: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Account`, {
        address: await addressArg(globals(), address, '--0'),
      })
    }),
  )

  addPageFlags(
    addQueryFlags(auth.command('accounts').description('query all the accounts')),
  ).action(
    clientAction(async (f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Accounts`, { pagination: pageRequest(f) })
    }),
  )

  addQueryFlags(auth.command('module-accounts').description('query all module accounts')).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/ModuleAccounts`, {})
    }),
  )

  addQueryFlags(auth.command('params').description('query the current auth parameters')).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Params`, {})
    }),
  )

  addQueryFlags(
    auth
      .command('account-info <address>')
      .description('query account info which is common to all account types'),
  ).action(
    clientAction(async (address: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/AccountInfo`, {
        address: await addressArg(globals(), address, '--0'),
      })
    }),
  )

  addQueryFlags(
    auth
      .command('address-by-acc-num <acc-num>')
      .description('query account address by account number'),
  ).action(
    clientAction(async (num: string, f: QueryFlags) => {
      if (!/^\d+$/.test(num) || BigInt(num) >= 2n ** 64n) {
        throw new CliError(`invalid account number ${JSON.stringify(num)}: expected a uint64`)
      }
      await queryAndPrint(globals(), f, `${SERVICE}/AccountAddressByID`, { account_id: num })
    }),
  )

  addQueryFlags(
    auth
      .command('module-account <module-name>')
      .description('query module account info by module name (e.g. gov, fee_collector)'),
  ).action(
    clientAction(async (name: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/ModuleAccountByName`, { name })
    }),
  )

  addQueryFlags(
    auth.command('bech32-prefix').description('query the chain bech32 prefix (if applicable)'),
  ).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Bech32Prefix`, {})
    }),
  )

  addQueryFlags(
    auth
      .command('address-bytes-to-string <address-bytes>')
      .description('transform address bytes (hex or base64) to the bech32 string'),
  ).action(
    clientAction(async (text: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/AddressBytesToString`, {
        address_bytes: bytesArg(text),
      })
    }),
  )

  addQueryFlags(
    auth
      .command('address-string-to-bytes <address-string>')
      .description('transform a bech32 address string to its bytes'),
  ).action(
    clientAction(async (text: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/AddressStringToBytes`, {
        address_string: text,
      })
    }),
  )
}
