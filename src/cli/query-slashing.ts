import type { Command } from 'commander'
import { addressToBech32 } from '../codec/address.js'
import { brand } from '../codec/brand.js'
import { fromBase64Strict } from '../codec/bytes.js'
import { consensusAddress } from '../config/validator-key.js'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.slashing.v1beta1.Query'

/**
 * The consensus address a `signing-info` argument names: a consensus address as given, or the
 * address of a consensus public key in the JSON `sdkd comet show-validator` prints.
 */
export function consAddressArg(arg: string): string {
  if (!arg.trim().startsWith('{')) return arg
  let key: Uint8Array | undefined
  try {
    const json = JSON.parse(arg) as { key?: unknown }
    key = typeof json.key === 'string' ? fromBase64Strict(json.key) : undefined
  } catch {
    key = undefined
  }
  if (key?.length !== 32)
    throw new CliError(
      `invalid consensus public key ${arg}: expected {"@type":…,"key":"<base64 ed25519 key>"}`,
    )
  return addressToBech32(consensusAddress(key), brand().bech32.consensus)
}

/** `sdkd query slashing params|signing-info|signing-infos`. */
export function registerQuerySlashing(program: Command, globals: () => GlobalFlags): void {
  const slashing = commandGroup(program, 'query')
    .command('slashing')
    .description('querying commands for the slashing module')

  addQueryFlags(
    slashing.command('params').description('query the current slashing parameters'),
  ).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Params`, {})
    }),
  )

  addQueryFlags(
    slashing
      .command('signing-info <validator-conspub-or-address>')
      .description(
        "query a validator's signing information (missed blocks, jailed until, tombstoned) by its consensus address or its consensus public key JSON",
      ),
  ).action(
    clientAction(async (arg: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/SigningInfo`, {
        cons_address: consAddressArg(arg),
      })
    }),
  )

  addPageFlags(
    addQueryFlags(
      slashing.command('signing-infos').description('query signing information of all validators'),
    ),
  ).action(
    clientAction(async (f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/SigningInfos`, { pagination: pageRequest(f) })
    }),
  )
}
