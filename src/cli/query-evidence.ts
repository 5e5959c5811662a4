import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.evidence.v1beta1.Query'

/** `sdkd query evidence evidence <hash>|list` (upstream x/evidence's autocli). */
export function registerQueryEvidence(program: Command, globals: () => GlobalFlags): void {
  const evidence = commandGroup(program, 'query')
    .command('evidence')
    .description('querying commands for the evidence module')

  addQueryFlags(
    evidence
      .command('evidence <hash>')
      .description('query for evidence by hash (the hex sha256 of its protobuf encoding)'),
  ).action(
    clientAction(async (hash: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Evidence`, { hash })
    }),
  )

  addPageFlags(
    addQueryFlags(evidence.command('list').description('query all (paginated) submitted evidence')),
  ).action(
    clientAction(async (f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/AllEvidence`, { pagination: pageRequest(f) })
    }),
  )
}
