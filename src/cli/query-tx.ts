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
import { positiveIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

interface TxsFlags extends QueryFlags {
  query: string
  page: number
  limit: number
  /** `--order_by` (commander keeps the underscore). */
  order_by: string
}

/**
 * `sdkd query tx <hash>`: an included tx and its result (TxResponse), from the node's `tx` route.
 * `sdkd query txs --query Q`: the included txs an event query matches, a page at a time (upstream
 * x/auth's QueryTxsByEventsCmd), from its `tx_search`.
 */
export function registerQueryTx(program: Command, globals: () => GlobalFlags): void {
  addQueryFlags(
    commandGroup(program, 'query')
      .command('txs')
      .description(
        "query for paginated transactions that match a set of events (CometBFT's tx_search query syntax, e.g. \"message.sender='sdk1…' AND tx.height > 7\")",
      )
      .requiredOption(
        '--query <query>',
        "the transactions events query per CometBFT's query semantics",
      )
      .option('--page <n>', 'query a specific page of paginated results', positiveIntArg, 1)
      .option(
        '--limit <n>',
        'query number of transactions results per page returned',
        positiveIntArg,
        100,
      )
      .option('--order_by <order>', 'the ordering semantics (asc|desc)', ''),
  ).action(
    clientAction(async (f: TxsFlags) => {
      if (f.query.trim() === '') throw new CliError('query cannot be empty: invalid request')
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const client = ctx.node()
      let found: Awaited<ReturnType<typeof client.txSearch>>
      try {
        found = await client.txSearch({
          query: f.query,
          page: f.page,
          perPage: f.limit,
          orderBy: f.order_by,
        })
      } catch (err) {
        throw new CliError(`failed to search for txs: ${(err as Error).message}`)
      }
      const { includedTxResponseJson } = await import('./tx-broadcast.js')
      const txs = []
      for (const t of found.txs) txs.push(await includedTxResponseJson(ctx.registry, client, t))
      // Upstream's SearchTxsResult (sdk.NewSearchTxsResult): uint64 fields as JSON strings.
      const total = found.totalCount
      printOutput(
        {
          total_count: String(total),
          count: String(txs.length),
          page_number: String(f.page),
          page_total: String(Math.ceil(total / f.limit)),
          limit: String(f.limit),
          txs,
        },
        format,
      )
    }),
  )

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
