import type { Command } from 'commander'
import {
  addQueryFlags,
  clientAction,
  clientContext,
  outputFormat,
  printOutput,
  type QueryFlags,
  readInput,
  searchResultJson,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { durationArg, pflagIntArg } from './options.js'
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
      .option('--page <n>', 'query a specific page of paginated results', pflagIntArg('int'), 1)
      .option(
        '--limit <n>',
        'query number of transactions results per page returned',
        pflagIntArg('int'),
        100,
      )
      .option('--order_by <order>', 'the ordering semantics (asc|desc)', ''),
  ).action(
    clientAction(async (f: TxsFlags) => {
      // Upstream's QueryTxsByEvents: an empty query is refused; a page or limit below 1 is the
      // first page, of DefaultLimit txs.
      if (f.query === '') throw new CliError('query cannot be empty')
      const page = f.page <= 0 ? 1 : f.page
      const limit = f.limit <= 0 ? 100 : f.limit
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const client = ctx.node()
      let found: Awaited<ReturnType<typeof client.txSearch>>
      try {
        found = await client.txSearch({
          query: f.query,
          page,
          perPage: limit,
          orderBy: f.order_by,
        })
      } catch (err) {
        throw new CliError(`failed to search for txs: ${(err as Error).message}`)
      }
      const { includedTxResponseJson } = await import('./tx-broadcast.js')
      const txs = []
      for (const t of found.txs) txs.push(await includedTxResponseJson(ctx.registry, client, t))
      printOutput(searchResultJson('txs', txs, found.totalCount, page, limit), format)
    }),
  )

  addQueryFlags(
    commandGroup(program, 'query')
      .command('tx <hash-or-acc_seq-or-signatures>')
      .description(
        'query for a transaction included in a block by its hash (hex), by "<addr>/<seq>" (--type acc_seq) or by its comma-separated signatures (--type signature): the TxResponse',
      )
      .option(
        '--type <type>',
        'the type of the argument: "hash", "acc_seq" or "signature"',
        'hash',
      ),
  ).action(
    clientAction(async (arg: string, f: QueryFlags & { type: string }) => {
      // Upstream's QueryTxCmd: one tx by hash; else the only tx whose tx event has that attribute.
      let search: { query: string; none: string } | undefined
      if (f.type === 'hash') {
        if (arg === '') throw new CliError('argument should be a tx hash')
        // Read as upstream's QueryTx reads it, with hex.DecodeString (any length).
        const { hexArg } = await import('./go-args.js')
        hexArg(arg)
      } else if (f.type === 'acc_seq') {
        if (arg === '') throw new CliError("`acc_seq` type takes an argument '<addr>/<seq>'")
        search = {
          query: `tx.acc_seq='${arg}'`,
          none: 'found no txs matching given address and sequence combination',
        }
      } else if (f.type === 'signature') {
        if (arg === '') throw new CliError('argument should be comma-separated signatures')
        search = {
          query: arg
            .split(',')
            .map((sig) => `tx.signature='${sig}'`)
            .join(' AND '),
          none: 'found no txs matching given signatures',
        }
      } else {
        throw new CliError(`unknown --type value ${f.type}`)
      }
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const client = ctx.node()
      let found: Awaited<ReturnType<typeof client.tx>>
      if (search) {
        const { txs } = await client.txSearch({
          query: search.query,
          page: 1,
          perPage: 1,
          orderBy: '',
        })
        found = txs[0]
        if (!found) throw new CliError(search.none)
      } else {
        found = await client.tx(arg)
        // CometBFT's refusal, as its Go client reports it to upstream's QueryTx.
        if (!found) {
          const { rpcErrorText } = await import('../client/json-rpc.js')
          throw new CliError(
            rpcErrorText(-32603, 'Internal error', `tx (${arg.toUpperCase()}) not found`),
          )
        }
      }
      const { includedTxResponseJson } = await import('./tx-broadcast.js')
      printOutput(await includedTxResponseJson(ctx.registry, client, found), format)
    }),
  )
  addQueryFlags(
    commandGroup(program, 'query')
      .command('wait-tx [hash]')
      .alias('event-query-tx-for')
      .description(
        "wait for a transaction to be included in a block: by its hash, or from a tx command's output on stdin (its txhash)",
      )
      .option(
        '--timeout <duration>',
        'the maximum time to wait for the transaction to be included in a block',
        durationArg,
        15_000,
      ),
  ).action(
    clientAction(async (hashArg: string | undefined, f: QueryFlags & { timeout: number }) => {
      const hash = hashArg ?? txHashOf(await readInput('-', 'stdin'))
      // Read as upstream reads it, with hex.DecodeString (any length: the node answers for it).
      const { hexArg } = await import('./go-args.js')
      hexArg(hash)
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const client = ctx.node()
      const { committedTxResponseJson, pollForTx } = await import('./tx-broadcast.js')
      const found = await pollForTx(client, hash, f.timeout)
      if (!found)
        throw new CliError(
          `timed out waiting for transaction ${hash.toUpperCase()} to be included in a block: internal logic error`,
        )
      printOutput(committedTxResponseJson(ctx.registry, found), format)
    }),
  )
}

/**
 * The txhash of a tx command's output (upstream parseHashFromInput): its JSON's `txhash`, else the
 * YAML line `txhash: …`.
 */
function txHashOf(text: string): string {
  try {
    const json = JSON.parse(text) as { txhash?: unknown }
    if (typeof json?.txhash === 'string' && json.txhash !== '') return json.txhash
  } catch {
    // Not JSON: the text form.
  }
  for (const line of text.split('\n'))
    if (line.startsWith('txhash:')) return line.slice('txhash:'.length).trim()
  throw new CliError('txhash not found')
}
