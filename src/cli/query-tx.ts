import type { Command } from 'commander'
import {
  addQueryFlags,
  clientAction,
  clientContext,
  outputFormat,
  printOutput,
  type QueryFlags,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'

/** `sdkd query tx <hash>`: an included tx and its result (TxResponse), from the node's `tx` route. */
export function registerQueryTx(program: Command, globals: () => GlobalFlags): void {
  addQueryFlags(
    commandGroup(program, 'query')
      .command('tx <hash>')
      .description('query a tx included in a block by its hash (hex): the TxResponse'),
  ).action(
    clientAction(async (hash: string, f: QueryFlags) => {
      if (!/^[0-9a-fA-F]{64}$/.test(hash))
        throw new CliError(
          `invalid tx hash ${JSON.stringify(hash)}: expected 64 hex characters (sha256 of the tx bytes)`,
        )
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const found = await ctx.node().tx(hash)
      if (!found) throw new CliError(`tx (${hash.toUpperCase()}) not found`)
      const { includedTxResponseJson } = await import('./tx-broadcast.js')
      printOutput(await includedTxResponseJson(ctx.registry, ctx.node(), found), format)
    }),
  )
}
