import type { ProduceOptions } from '../../chain/producer-options.js'
import type { KeyRecord } from '../../client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../client/tx-builder.js'
import type { Coin } from '../../codec/coins.js'
import type { AnyMessage } from '../../codec/proto.js'
import { type LoadedHome, loadHome } from '../../config/home.js'
import { ChainHaltError } from '../../errors.js'
import type { Logger } from '../../logger.js'
import { Node } from '../../node/node.js'
import type { StoredBlock, TxResult } from '../../store/block-store.js'
import { parseDecCoins } from '../../tx/fees.js'
import { CliError } from '../errors.js'
import { checkHomeAppVersion, recordLastRun } from '../home-version.js'
import { applyHeapGrowth, useRuntimeOptions } from '../runtime-options.js'
import { type Binary, binaryOptions, type HandlerWrap, VERSION_ORDER } from './binaries.js'

/** A binary running in this process on the rehearsal home: manual mining, REST on a free port. */
export interface RunningBinary {
  binary: Binary
  node: Node
  home: LoadedHome
  /** Base URL of its REST server. */
  api: string
  /** The height it started at. */
  startHeight: number
}

/**
 * The rehearsal's settings over the home's config, in memory only: servers on 127.0.0.1 port 0 (REST
 * on for the checks; gRPC, metrics and the dev API off: blocks come from the producer directly), full
 * history (the checks read old heights) and no configured halt.
 */
function rehearsalConfig(home: LoadedHome): void {
  home.node.rpc.laddr = 'tcp://127.0.0.1:0'
  home.app.api.enable = true
  home.app.api.swagger = false
  home.app.api.dashboard = false
  home.app.api.address = 'tcp://127.0.0.1:0'
  home.app.grpc.enable = false
  home.app.dev.enable = false
  home.node.instrumentation.prometheus = false
  home.app.pruning = 'nothing'
  home.app.minRetainBlocks = 0
  home.app.haltHeight = 0
  home.app.haltTime = 0
}

/** Opens a binary on the home, as `sdkd start` would (app version check first); serves nothing yet. */
export async function openBinary(o: {
  dir: string
  binary: Binary
  plan: string
  logger: Logger
  wrap?: HandlerWrap
}): Promise<RunningBinary> {
  const home = await loadHome(o.dir)
  rehearsalConfig(home)
  await checkHomeAppVersion(o.dir, o.binary.appVersion, VERSION_ORDER)
  const runtime = useRuntimeOptions(home, o.logger)
  const node = await Node.create({
    home,
    ...binaryOptions(o.binary, o.plan, o.wrap),
    logger: o.logger,
    upgrade: { skipHeights: [] },
    runtime,
  })
  applyHeapGrowth(runtime)
  node.producer.setMining({ mode: 'manual', intervalMs: home.node.consensus.timeoutCommitMs })
  return { binary: o.binary, node, home, api: '', startHeight: node.producer.height }
}

/** Opens a binary and starts its servers; blocks come only when mined. */
export async function startBinary(o: Parameters<typeof openBinary>[0]): Promise<RunningBinary> {
  const r = await openBinary(o)
  await r.node.start()
  return { ...r, api: `http://${r.node.addresses.api}` }
}

/** Stops a binary; the home then records it as the last app version to commit, if it did. */
export async function stopBinary(r: RunningBinary): Promise<void> {
  await r.node.stop()
  if (r.node.producer.height > r.startHeight)
    await recordLastRun(r.home.paths.home, r.node.app.name)
}

/** What mining gave: the last block, or the halt that stopped it. */
export type Mined = { block: StoredBlock | undefined; halt?: undefined } | { halt: ChainHaltError }

/**
 * Mines `n` blocks through the producer; a halt is returned, not thrown, and logged as `sdkd start`
 * logs it when the code that raised it did not.
 */
export async function mine(
  r: RunningBinary,
  n: number,
  options: Pick<ProduceOptions, 'quiet' | 'edit'> = {},
): Promise<Mined> {
  try {
    return { block: await r.node.producer.produceBlocks(n, options) }
  } catch (err) {
    const halt = ChainHaltError.from(err)
    if (!halt.logged && halt.exitCode !== 0) {
      const fields = halt.cause === undefined ? {} : { err: halt.cause }
      r.node.options.logger.error({ ...fields, height: r.node.producer.height + 1 }, halt.message)
    }
    await r.node.producer.drain()
    return { halt }
  }
}

/** A REST answer: status, the served height header and the JSON body. */
export interface RestAnswer {
  status: number
  servedHeight: string | null
  // biome-ignore lint/suspicious/noExplicitAny: gateway JSON, read field by field
  body: any
}

/**
 * GETs a REST path of the running binary (canonical, `/sdk/...`: asked in the home's brand), at a
 * height when given (`x-sdk-block-height`).
 */
export async function rest(r: RunningBinary, path: string, height?: number): Promise<RestAnswer> {
  const { brand } = r.node.registry
  const res = await fetch(`${r.api}${brand.rename(path)}`, {
    headers: height === undefined ? {} : { [brand.heightHeader]: String(height) },
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, servedHeight: res.headers.get(brand.heightHeader), body }
}

/** Gas limit of the rehearsal's txs (a proposal and a vote need far less). */
const GAS_LIMIT = 1_000_000n

/** The fee the node's minimum gas prices ask for: ceil(price × gas) in the first denom (CheckTx wants one). */
function minimumFee(minimumGasPrices: string, gas: bigint): Coin[] {
  const price = parseDecCoins(minimumGasPrices)[0]
  if (!price) return []
  const precision = 10n ** 18n
  return [{ denom: price.denom, amount: (price.atoms * gas + precision - 1n) / precision }]
}

/**
 * Signs `messages` with `key` (SIGN_MODE_DIRECT, account number and sequence from REST, fees at the
 * node's minimum gas prices), puts the tx through CheckTx into the mempool and mines the block that
 * includes it. Returns its result; a tx refused or failed is a CliError with the chain's log.
 */
export async function deliverTx(
  r: RunningBinary,
  key: KeyRecord,
  messages: AnyMessage[],
): Promise<{ result: TxResult; height: number }> {
  const { node, home } = r
  const mempool = node.tx?.mempool
  if (!mempool) throw new CliError(`app version ${node.app.name} takes no transactions`)
  const account = await rest(r, `/sdk/auth/v1beta1/accounts/${key.address}`)
  if (account.status !== 200)
    throw new CliError(`account ${key.address}: ${JSON.stringify(account.body)}`)
  const unsigned = createUnsignedTx({
    messages,
    fee: {
      amount: minimumFee(home.app.minimumGasPrices, GAS_LIMIT),
      gasLimit: GAS_LIMIT,
    },
  })
  const tx = signTx(node.registry, unsigned, key, {
    chainId: home.genesis.chainId,
    accountNumber: BigInt(account.body.account.account_number),
    sequence: BigInt(account.body.account.sequence),
  })
  const check = await mempool.checkTx(encodeTxRaw(node.registry, tx))
  if (check.code !== 0)
    throw new CliError(`CheckTx refused the tx: ${check.codespace} ${check.code}: ${check.log}`)
  const mined = await mine(r, 1)
  if (mined.halt)
    throw new CliError(`the block with the tx halted the chain: ${mined.halt.message}`)
  const block = mined.block!
  const result = block.results[0]
  if (!result) throw new CliError(`the tx was not included in block ${block.block.header.height}`)
  if (result.code !== 0)
    throw new CliError(`the tx failed: ${result.codespace} ${result.code}: ${result.log}`)
  return { result, height: block.block.header.height }
}
