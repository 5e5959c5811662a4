import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.params.v1beta1.Query'

/** `sdkd query params subspace <subspace> <key>|subspaces` (upstream x/params's autocli commands). */
export function registerQueryParams(program: Command, globals: () => GlobalFlags): void {
  const params = commandGroup(program, 'query')
    .command('params')
    .description('querying commands for the params module')

  addQueryFlags(
    params
      .command('subspace')
      .argument('<subspace>')
      .argument('<key>')
      .description('query for raw parameters by subspace and key'),
  ).action(
    clientAction(async (subspace: string, key: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Params`, { subspace, key })
    }),
  )
  addQueryFlags(
    params
      .command('subspaces')
      .description('query for all registered subspaces and all keys for a subspace'),
  ).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Subspaces`, {})
    }),
  )
}
