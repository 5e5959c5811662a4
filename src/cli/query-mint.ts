import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.mint.v1beta1.Query'

/** `sdkd query mint params|inflation|annual-provisions` (upstream's autocli commands). */
export function registerQueryMint(program: Command, globals: () => GlobalFlags): void {
  const mint = commandGroup(program, 'query')
    .command('mint')
    .description('querying commands for the mint module')

  const queries: [string, string, string][] = [
    ['params', 'query the current minting parameters', 'Params'],
    ['inflation', 'query the current minting inflation value', 'Inflation'],
    ['annual-provisions', 'query the current minting annual provisions value', 'AnnualProvisions'],
  ]
  for (const [name, description, method] of queries) {
    addQueryFlags(mint.command(name).description(description)).action(
      clientAction(async (f: QueryFlags) => {
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {})
      }),
    )
  }
}
