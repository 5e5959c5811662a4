import type { Command } from 'commander'
import {
  addQueryFlags,
  addressArg,
  clientAction,
  type QueryFlags,
  queryAndPrint,
} from './client-context.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'

/** `sdkd query auth account <address>`. */
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
      await queryAndPrint(globals(), f, 'sdk.auth.v1beta1.Query/Account', {
        address: await addressArg(address),
      })
    }),
  )
}
