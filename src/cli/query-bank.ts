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

/** `sdkd query bank balances <address> [--denom d]`. */
export function registerQueryBank(program: Command, globals: () => GlobalFlags): void {
  const bank = commandGroup(program, 'query')
    .command('bank')
    .description('querying commands for the bank module')
  addQueryFlags(
    bank
      .command('balances <address>')
      .description('query all the balances of an account (or one denom with --denom)')
      .option('--denom <denom>', 'only the balance of this denom'),
  ).action(
    clientAction(async (address: string, f: QueryFlags & { denom?: string }) => {
      const addr = await addressArg(address)
      if (f.denom !== undefined)
        await queryAndPrint(globals(), f, 'sdk.bank.v1beta1.Query/Balance', {
          address: addr,
          denom: f.denom,
        })
      else
        await queryAndPrint(globals(), f, 'sdk.bank.v1beta1.Query/AllBalances', { address: addr })
    }),
  )
}
