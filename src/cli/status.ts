import type { Command } from 'commander'
import type { JsonValue } from '../codec/json.js'
import {
  clientAction,
  nodeTarget,
  outputFormat,
  printOutput,
  readClientToml,
} from './client-context.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * `sdkd status`: the node's /status as one line of JSON (what cosmovisor and scripts read), or as
 * YAML with `-o text`. As upstream's (server/cmt_cmds.go), JSON is the default whatever
 * client.toml's `output` says, and the flags are `-n, --node` and `-o, --output`.
 */
export function registerStatus(program: Command, globals: () => GlobalFlags): void {
  program
    .command('status')
    .description("print the node's /status (node_info, sync_info, validator_info) as JSON")
    .option(
      '-n, --node <url>',
      'CometBFT RPC address of the node, tcp:// or http:// (default: client.toml node)',
    )
    .option('-o, --output <format>', 'output format (text|json)', 'json')
    .action(
      clientAction(async (f: { node?: string; output: string }) => {
        const config = await readClientToml(globals().home)
        const format = outputFormat(f.output, config, 'json')
        const { createNodeClient } = await import('../client/node-client.js')
        const node = createNodeClient(nodeTarget(f.node, config))
        printOutput((await node.call('status', {})) as JsonValue, format)
      }),
    )
}
