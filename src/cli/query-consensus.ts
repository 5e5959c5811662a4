import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import { addCometServiceCommands } from './query-comet-service.js'
import type { GlobalFlags } from './start-flags.js'

/** `sdkd query consensus params` and `sdkd query consensus comet …` (upstream's autocli of x/consensus). */
export function registerQueryConsensus(program: Command, globals: () => GlobalFlags): void {
  const consensus = commandGroup(program, 'query')
    .command('consensus')
    .description('querying commands for the consensus module')
  addQueryFlags(
    consensus.command('params').description('query the current consensus parameters'),
  ).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, 'sdk.consensus.v1.Query/Params', {})
    }),
  )
  addCometServiceCommands(
    consensus
      .command('comet')
      .description(
        'querying commands for the CometBFT service (node info, blocks, validator sets)',
      ),
    globals,
  )
}
