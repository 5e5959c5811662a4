import type { Command } from 'commander'
import { clientAction, clientContext, nodeOption } from './client-context.js'
import type { GlobalFlags } from './start.js'

export function registerStatus(program: Command, globals: () => GlobalFlags): void {
  nodeOption(
    program
      .command('status')
      .description("print the node's /status (node_info, sync_info, validator_info) as JSON"),
  ).action(
    clientAction(async (f: { node?: string }) => {
      const ctx = await clientContext(globals(), f.node)
      process.stdout.write(`${JSON.stringify(await ctx.node().call('status', {}))}\n`)
    }),
  )
}
