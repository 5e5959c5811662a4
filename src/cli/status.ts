import type { Command } from 'commander'
import { clientAction, nodeOption, readClientToml } from './client-context.js'
import type { GlobalFlags } from './start-flags.js'

/** `sdkd status`: the node's /status as one line of JSON (what cosmovisor and scripts read). */
export function registerStatus(program: Command, globals: () => GlobalFlags): void {
  nodeOption(
    program
      .command('status')
      .description("print the node's /status (node_info, sync_info, validator_info) as JSON"),
  ).action(
    clientAction(async (f: { node?: string }) => {
      const config = await readClientToml(globals().home)
      const { createNodeClient } = await import('../client/node-client.js')
      const node = createNodeClient({ url: f.node ?? config.node })
      process.stdout.write(`${JSON.stringify(await node.call('status', {}))}\n`)
    }),
  )
}
