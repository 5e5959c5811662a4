import type { BroadcastResult, IncludedTx, NodeClient } from '../client/node-client.js'
import { TX_TYPE_URL, type TxObject, txToJson } from '../client/tx-builder.js'
import { parseAbciLogs } from '../codec/abci-logs.js'
import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { txHashHex } from '../codec/hash.js'
import { messageToJson } from '../codec/json-writer.js'
import type { ProtoInit, ProtoRegistry } from '../codec/proto.js'
import { formatRfc3339 } from '../codec/time.js'
import { registeredError } from '../errors.js'
import {
  type ClientContext,
  outputFormat,
  printOutput,
  readConfirmation,
} from './client-context.js'
import { CliError } from './errors.js'
// The modules' registered errors, so a failed tx's code is shown with its name.
import '../modules/bank/errors.js'
import '../modules/gov/errors.js'
import '../modules/params/errors.js'
import '../modules/upgrade/errors.js'

/**
 * Broadcasting signed tx bytes and printing what clients see: the TxResponse of CheckTx (sync), of
 * the hash only (async), or, waiting for inclusion, of the block that included the tx.
 */

/** The broadcast mode: the flag, else client.toml, else sync. */
export function broadcastMode(ctx: ClientContext, flag: string | undefined): 'sync' | 'async' {
  const mode = flag ?? (ctx.config.broadcastMode || 'sync')
  if (mode !== 'sync' && mode !== 'async')
    throw new CliError(`unsupported return type ${mode}; supported types: sync, async`)
  return mode
}

function txResponseJson(
  registry: ProtoRegistry,
  response: ProtoInit<'sdk.base.abci.v1beta1.TxResponse'>,
) {
  const t = registry.type('sdk.base.abci.v1beta1.TxResponse')
  return messageToJson(registry, t, t.fromObject(response))
}

/** TxResponse of a broadcast (upstream NewResponseFormatBroadcastTx). */
export function broadcastResponseJson(registry: ProtoRegistry, r: BroadcastResult) {
  return txResponseJson(registry, {
    txhash: r.hash,
    code: r.code,
    codespace: r.codespace,
    data: r.data,
    raw_log: r.log,
    logs: parseAbciLogs(r.log),
  })
}

/** The TxResponse fields of an included tx's result: its height, hash, code, log, gas and events. */
function resultFields(t: IncludedTx): ProtoInit<'sdk.base.abci.v1beta1.TxResponse'> {
  return {
    height: String(t.height),
    txhash: t.hash,
    codespace: t.result.codespace,
    code: t.result.code,
    data: toHexUpper(t.result.data),
    raw_log: t.result.log,
    logs: parseAbciLogs(t.result.log),
    info: t.result.info,
    gas_wanted: t.result.gasWanted,
    gas_used: t.result.gasUsed,
    events: t.result.events.map((e) => ({
      type: e.type,
      attributes: (e.attributes ?? []).map((a) => ({
        key: a.key,
        value: a.value,
        index: a.index === true,
      })),
    })),
  }
}

/**
 * TxResponse of a committed tx as `query wait-tx` prints it (upstream
 * newResponseFormatBroadcastTxCommit): the result and height, without the tx or the block time.
 */
export function committedTxResponseJson(registry: ProtoRegistry, t: IncludedTx) {
  return txResponseJson(registry, resultFields(t))
}

/** TxResponse of an included tx (upstream mkTxResult: result, the Tx as Any, the block time). */
export async function includedTxResponseJson(
  registry: ProtoRegistry,
  client: NodeClient,
  t: IncludedTx,
) {
  const time = await client.blockTime(t.height)
  return txResponseJson(registry, {
    ...resultFields(t),
    // Tx and TxRaw share field numbers, so the raw bytes are the Tx's encoding.
    tx: { type_url: registry.typeUrl(TX_TYPE_URL), value: t.txBytes },
    timestamp: formatRfc3339(time),
  })
}

/**
 * Polls the node until the tx is in a block (its result) or `timeoutMs` have passed (undefined):
 * quickly at first (instant mining includes a tx within milliseconds), then every 250 ms.
 * `onMiss` is told how long it has waited after each miss; it may throw to end the wait.
 */
export async function pollForTx(
  client: NodeClient,
  hash: string,
  timeoutMs: number,
  onMiss?: (ms: number) => void | Promise<void>,
): Promise<IncludedTx | undefined> {
  const started = Date.now()
  const deadline = started + timeoutMs
  let pause = 10
  for (;;) {
    const found = await client.tx(hash)
    if (found) return found
    if (Date.now() >= deadline) return undefined
    await onMiss?.(Date.now() - started)
    await new Promise((r) => setTimeout(r, Math.min(pause, Math.max(1, deadline - Date.now()))))
    pause = Math.min(250, pause * 2)
  }
}

/** CometBFT's largest `unconfirmed_txs` answer. */
const MEMPOOL_PAGE = 100

/**
 * Whether the tx is in the node's mempool; undefined when the node cannot tell (no
 * `unconfirmed_txs` route, or more txs waiting than one answer holds).
 */
async function inMempool(client: NodeClient, hash: string): Promise<boolean | undefined> {
  const pool = await client.unconfirmedTxs(MEMPOOL_PAGE).catch(() => undefined)
  if (!pool) return undefined
  const wanted = hash.toUpperCase()
  if (pool.txs.some((tx) => txHashHex(tx) === wanted)) return true
  return pool.total > pool.txs.length ? undefined : false
}

/**
 * How long a tx must stay out of both the blocks and the mempool before the wait gives up on it:
 * CometBFT adds an async broadcast's tx to its mempool only once CheckTx answers, and indexes a
 * block's txs a moment after it takes them out of the mempool.
 */
const GONE_MS = 1_000

/**
 * Why a devnet makes no block, when that is why: its dev API mines only when asked (`manual`), or
 * only for a tx (`instant`, whose tx this then is not). Nothing for any other node or answer.
 */
async function manualMiningHint(client: NodeClient): Promise<string> {
  const status = (await client.call('dev_status', {}).catch(() => undefined)) as
    | { mining?: { mode?: string } }
    | undefined
  if (status?.mining?.mode !== 'manual') return ''
  return ' (the node mines only when asked, `sdkd dev mining manual`: mine a block with `sdkd dev mine`, or go back to blocks on a timer with `sdkd dev mining interval 500ms`)'
}

/**
 * Polls the node until the tx is in a block, showing the wait at a terminal; an error after
 * `timeoutMs`, or as soon as the tx is neither in a block nor in the node's mempool (no block will
 * include it then).
 */
export async function waitForTx(
  client: NodeClient,
  hash: string,
  timeoutMs: number,
): Promise<IncludedTx> {
  // Progress on a terminal only; scripts reading stdout see nothing extra.
  const progress = process.stdout.isTTY === true
  let goneSince: number | undefined
  const onMiss = async (ms: number) => {
    if (progress)
      process.stderr.write(
        `\rwaiting for tx ${hash.slice(0, 12)}… to be included (${Math.round(ms / 1000)}s)`,
      )
    // The index is asked again after the mempool: a tx included in between is in neither answer.
    if ((await inMempool(client, hash)) !== false || (await client.tx(hash))) {
      goneSince = undefined
      return
    }
    goneSince ??= ms
    if (ms - goneSince >= GONE_MS)
      throw new CliError(
        `tx ${hash} is neither in a block nor in the node's mempool: CheckTx refused it or the mempool evicted it (broadcast it with --broadcast-mode sync to see CheckTx's answer)`,
      )
  }
  try {
    const found = await pollForTx(client, hash, timeoutMs, onMiss)
    if (found) return found
    throw new CliError(
      `tx ${hash} was broadcast but is not in a block after ${timeoutMs / 1000}s; check later with: sdkd query tx ${hash}${await manualMiningHint(client)}`,
    )
  } finally {
    if (progress) process.stderr.write('\r\x1b[K')
  }
}

/**
 * Shows the unsigned tx on stdout in the output format (JSON, or YAML for text, as upstream's
 * PrintRaw), then asks `confirm transaction before signing and broadcasting [y/N]` on stdin.
 */
export async function confirmTx(
  ctx: ClientContext,
  output: string | undefined,
  tx: TxObject,
): Promise<boolean> {
  printOutput(txToJson(ctx.registry, tx), outputFormat(output, ctx.config, 'json'))
  const yes = await readConfirmation('confirm transaction before signing and broadcasting')
  if (yes === undefined) {
    if (process.stdin.isTTY) process.stderr.write('\n')
    throw new CliError(
      'EOF: no answer to the confirmation prompt on stdin (pass --yes to skip it); canceled transaction',
    )
  }
  return yes
}

/**
 * Broadcasts signed tx bytes and prints the TxResponse: CheckTx's (sync) or the hash (async), or
 * with `--wait` the result of the block that included it.
 */
export async function broadcastAndPrint(
  ctx: ClientContext,
  txBytes: Bytes,
  flags: { broadcastMode?: string; wait?: boolean; waitTimeout: number; output?: string },
): Promise<void> {
  const format = outputFormat(flags.output, ctx.config, 'json')
  const client = ctx.node()
  const res = await client.broadcastTx(txBytes, broadcastMode(ctx, flags.broadcastMode))
  const hash = res.hash || txHashHex(txBytes)
  if (!flags.wait || res.code !== 0) {
    printOutput(broadcastResponseJson(ctx.registry, res), format)
    // On stderr, so stdout stays the TxResponse: a code 0 here is not the tx's result.
    if (!flags.wait && res.code === 0 && format === 'text')
      process.stderr.write(
        `accepted into the mempool (not yet in a block): sdkd query tx ${hash} shows the result once included\n`,
      )
    return
  }
  const included = await waitForTx(client, hash, flags.waitTimeout)
  printOutput(await includedTxResponseJson(ctx.registry, client, included), format)
  const { code, codespace, log } = included.result
  if (code !== 0) {
    const name = registeredError(codespace, code)?.description ?? `codespace ${codespace}`
    throw new CliError(
      `tx ${included.hash} failed at height ${included.height}: code ${code} (${name}): ${log}`,
    )
  }
}
