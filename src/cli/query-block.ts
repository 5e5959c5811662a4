import type { Command } from 'commander'
import type { JsonValue } from '../codec/json.js'
import type { CometBlockResult, CometEvent, CometTxResult } from '../server/comet-rpc/json-types.js'
import {
  addQueryFlags,
  type ClientContext,
  clientAction,
  clientContext,
  outputFormat,
  printOutput,
  type QueryFlags,
  searchResultJson,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

interface BlockFlags extends QueryFlags {
  type: string
}

interface BlocksFlags extends QueryFlags {
  query: string
  page: number
  limit: number
  /** `--order_by` (commander keeps the underscore). */
  order_by: string
}

/**
 * The block of a height as upstream's CLI prints it: CometBFT's `tendermint.types.Block` in proto
 * JSON (hashes base64, the proposer's address raw), from the node's GetBlockByHeight.
 */
async function blockJson(ctx: ClientContext, height: number): Promise<JsonValue> {
  const { type, response } = await ctx
    .node()
    .query(`${SERVICE}/GetBlockByHeight`, { height: String(height) })
  const { messageToJson } = await import('../codec/json-writer.js')
  const json = messageToJson(ctx.registry, type, response) as { block: JsonValue }
  return json.block
}

/**
 * `sdkd query block [--type height|hash] [height|hash]`, `sdkd query blocks --query Q` and `sdkd
 * query block-results [height]` (upstream's QueryBlockCmd, QueryBlocksCmd and
 * QueryBlockResultsCmd, server/cmt_cmds.go).
 */
export function registerQueryBlock(program: Command, globals: () => GlobalFlags): void {
  const query = commandGroup(program, 'query')
  addQueryFlags(
    query
      .command('block [height-or-hash]')
      .description(
        'query for a committed block by height (--type height) or hash (--type hash, the default), or the latest without an argument',
      )
      .option('--type <type>', 'the type of the argument: "height" or "hash"', 'hash'),
  ).action(
    clientAction(async (arg: string | undefined, f: BlockFlags) => {
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      // Without an argument the type is height, as upstream (which keeps `hash` the default).
      const type = arg === undefined ? 'height' : f.type
      let height: number
      if (type === 'height') {
        if (arg === undefined) {
          // Upstream prints this line on stdout; here it goes to stderr, so stdout stays the block.
          process.stderr.write('Falling back to latest block height:\n')
          height = (await ctx.node().status()).latestHeight
        } else {
          const { int64Arg } = await import('./go-args.js')
          const h = int64Arg(arg, 'failed to parse block height: ')
          // The RPC's own refusal of a height it does not have (as upstream's CLI, which reads the
          // block there): `height must be greater than 0, but got 0`, `height H must be less than
          // or equal to the current blockchain height L`.
          await ctx.node().call('block', { height: String(h) })
          height = Number(h)
        }
      } else if (type === 'hash') {
        // Upstream's GetBlockByHash: the hash as hex.DecodeString reads it, any length.
        if (arg === '') throw new CliError('argument should be a tx hash')
        const [{ hexArg }, { toBase64 }] = await Promise.all([
          import('./go-args.js'),
          import('../codec/bytes.js'),
        ])
        const hash = hexArg(arg!)
        const found = (await ctx.node().call('block_by_hash', {
          hash: toBase64(hash),
        })) as CometBlockResult
        const h = Number(found.block?.header?.height ?? 0)
        if (!found.block || h === 0) throw new CliError(`block not found with hash: ${arg}`)
        height = h
      } else {
        throw new CliError(`unknown --type value ${type}`)
      }
      printOutput(await blockJson(ctx, height), format)
    }),
  )

  addQueryFlags(
    query
      .command('blocks')
      .description(
        'query for paginated blocks that match a set of events (CometBFT\'s block_search query syntax, e.g. "block.height > 7")',
      )
      .requiredOption('--query <query>', "the blocks events query per CometBFT's query semantics")
      .option('--page <n>', 'query a specific page of paginated results', pflagIntArg('int'), 1)
      .option('--limit <n>', 'query number of results per page returned', pflagIntArg('int'), 100)
      .option('--order_by <order>', 'the ordering semantics (asc|desc)', ''),
  ).action(
    clientAction(async (f: BlocksFlags) => {
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      const found = (await ctx.node().call('block_search', {
        query: f.query,
        page: String(f.page),
        per_page: String(f.limit),
        order_by: f.order_by,
      })) as { blocks?: { block?: { header?: { height?: string } } }[]; total_count?: string }
      const blocks: JsonValue[] = []
      for (const b of found.blocks ?? [])
        blocks.push(await blockJson(ctx, Number(b.block?.header?.height ?? 0)))
      printOutput(
        searchResultJson('blocks', blocks, Number(found.total_count ?? 0), f.page, f.limit),
        format,
      )
    }),
  )

  addQueryFlags(
    query
      .command('block-results [height]')
      .description("query for a committed block's results by height (default the latest)"),
  ).action(
    clientAction(async (heightArg: string | undefined, f: QueryFlags) => {
      const ctx = await clientContext(globals(), f.node)
      const format = outputFormat(f.output, ctx.config, 'text')
      let height: string
      if (heightArg === undefined) {
        process.stderr.write('Falling back to latest block height:\n')
        height = String((await ctx.node().status()).latestHeight)
      } else {
        // strconv.ParseInt's, as upstream's (a sign, out of range); the RPC refuses the rest.
        const { int64Arg } = await import('./go-args.js')
        height = String(int64Arg(heightArg))
      }
      const r = (await ctx.node().call('block_results', { height })) as RpcBlockResults
      printOutput(goBlockResults(r), format)
    }),
  )
}

/** The RPC's `block_results` (CometBFT's JSON: 64-bit numbers as strings, bytes base64). */
interface RpcBlockResults {
  height: string
  txs_results: RpcTxResult[] | null
  finalize_block_events: CometEvent[] | null
  validator_updates: { pub_key: { type: string; value: string }; power: string }[] | null
  consensus_param_updates: Record<string, Record<string, unknown>> | null
  app_hash: string
}
type RpcTxResult = CometTxResult['tx_result']

/**
 * Block results as upstream's CLI prints them: Go's encoding/json of CometBFT's ResultBlockResults,
 * whose protobuf structs leave out zero fields (`omitempty`) and print 64-bit numbers as numbers.
 */
function goBlockResults(r: RpcBlockResults): JsonValue {
  // `keep`: a field without omitempty, written even when zero.
  const omit = (o: Record<string, JsonValue | undefined>, keep?: string): JsonValue => {
    const out: { [key: string]: JsonValue } = {}
    for (const [k, v] of Object.entries(o)) {
      if (v === undefined) continue
      const zero = v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0)
      if (!zero || k === keep) out[k] = v
    }
    return out
  }
  const events = (list: CometEvent[] | null): JsonValue[] | undefined =>
    list?.map((e) =>
      omit({
        type: e.type,
        attributes: e.attributes?.map((a) => omit({ key: a.key, value: a.value, index: a.index })),
      }),
    )
  const params = r.consensus_param_updates
  const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v))
  return {
    height: Number(r.height),
    txs_results:
      r.txs_results?.map((t) =>
        omit({
          code: t.code,
          data: t.data ?? undefined,
          log: t.log,
          info: t.info,
          gas_wanted: Number(t.gas_wanted),
          gas_used: Number(t.gas_used),
          events: events(t.events),
          codespace: t.codespace,
        }),
      ) ?? null,
    finalize_block_events: events(r.finalize_block_events) ?? null,
    validator_updates:
      r.validator_updates?.map((u) =>
        omit({
          // A PublicKey's oneof, as Go's encoding/json writes the interface field.
          pub_key: {
            Sum:
              u.pub_key.type === 'tendermint/PubKeySecp256k1'
                ? { secp256k1: u.pub_key.value }
                : { ed25519: u.pub_key.value },
          },
          power: Number(u.power),
        }),
      ) ?? null,
    consensus_param_updates: params
      ? omit({
          block: params.block
            ? omit({ max_bytes: num(params.block.max_bytes), max_gas: num(params.block.max_gas) })
            : undefined,
          evidence: params.evidence
            ? omit(
                {
                  max_age_num_blocks: num(params.evidence.max_age_num_blocks),
                  // A duration, nanoseconds as a number.
                  max_age_duration: num(params.evidence.max_age_duration) ?? 0,
                  max_bytes: num(params.evidence.max_bytes),
                },
                'max_age_duration',
              )
            : undefined,
          validator: params.validator
            ? omit({ pub_key_types: params.validator.pub_key_types as JsonValue })
            : undefined,
          version: params.version ? omit({ app: num(params.version.app) }) : undefined,
          abci: params.abci
            ? omit({
                vote_extensions_enable_height: num(params.abci.vote_extensions_enable_height),
              })
            : undefined,
        })
      : null,
    app_hash: r.app_hash,
  }
}
