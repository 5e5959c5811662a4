import { type Command, InvalidArgumentError, Option } from 'commander'
import {
  createUnsignedTx,
  DEFAULT_GAS_LIMIT,
  encodeTxRaw,
  impersonatedTx,
  SIGN_MODES,
  type SignModeName,
  signTx,
  simulationTx,
  type TxObject,
  txToJson,
} from '../client/tx-builder.js'
import { type Coin, parseCoins, validateDenom } from '../codec/coins.js'
import type { AnyMessage } from '../codec/proto.js'
import { parseGoDuration } from '../config/duration.js'
import { type ClientContext, clientContext } from './client-context.js'
import { CliError } from './errors.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { broadcastAndPrint, confirmTx } from './tx-broadcast.js'
import { type FromAccount, fromUse, resolveFrom, signingKey } from './tx-from.js'

/** The flags every tx command takes (upstream AddTxFlagsToCmd, plus `--wait`). */
export interface TxFlags {
  from?: string
  chainId?: string
  fees?: string
  gasPrices?: string
  gas: string
  gasAdjustment: number
  note?: string
  timeoutHeight?: number
  node?: string
  keyringBackend?: string
  yes?: boolean
  output?: string
  broadcastMode?: string
  generateOnly?: boolean
  offline?: boolean
  accountNumber?: number
  sequence?: number
  dryRun?: boolean
  wait?: boolean
  waitTimeout: number
  signMode?: SignModeName
  impersonate?: boolean
}

function gasAdjustmentArg(value: string): number {
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`invalid gas adjustment ${JSON.stringify(value)}: must be > 0`)
  return n
}

/** Parses `--wait-timeout` (a positive Go duration) into milliseconds. */
function waitTimeoutArg(value: string): number {
  try {
    const ms = parseGoDuration(value)
    if (ms <= 0) throw new InvalidArgumentError(`must be positive, got ${JSON.stringify(value)}`)
    return ms
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message)
  }
}

/** `--wait-timeout <duration>` (default 60s, as cosmjs waits). */
export function waitTimeoutOption(): Option {
  return new Option('--wait-timeout <duration>', 'how long --wait waits for inclusion')
    .argParser(waitTimeoutArg)
    .default(60_000, '60s')
}

/** `--sign-mode direct|amino-json` (upstream's flag; default direct). */
/** What `addOfflineSignFlags` adds. */
export interface OfflineSignFlags {
  chainId?: string
  node?: string
  keyringBackend?: string
  offline?: boolean
  accountNumber?: number
  sequence?: number
}

/**
 * The flags of a command that signs a tx file (`tx sign`, `tx multi-sign`): the chain, the node,
 * the keyring backend, and offline signing with the account's number and sequence given.
 */
export function addOfflineSignFlags(cmd: Command, verb: string, account: string): Command {
  return cmd
    .option('--chain-id <id>', 'chain id (default: client.toml chain-id, else the node status)')
    .option('--node <url>', 'CometBFT RPC address of the node (default: client.toml node)')
    .option('--keyring-backend <backend>', 'keyring backend (sdkd supports test)')
    .option(
      '--offline',
      `${verb} without contacting the node: needs --chain-id (or client.toml), --account-number, --sequence`,
    )
    .option('-a, --account-number <n>', `account number of ${account}`, pflagIntArg('uint64'))
    .option('-s, --sequence <n>', `sequence of ${account}`, pflagIntArg('uint64'))
}

export function signModeOption(): Option {
  return new Option(
    '--sign-mode <mode>',
    'sign mode: direct (SIGN_MODE_DIRECT) or amino-json (SIGN_MODE_LEGACY_AMINO_JSON, as Ledger and amino wallets sign)',
  )
    .choices(Object.keys(SIGN_MODES))
    .default('direct')
}

/**
 * Adds the common tx flags to a command; `output: false` leaves `-o/--output` out (a command that
 * takes it on its own terms).
 */
export function addTxFlags(cmd: Command, { output = true }: { output?: boolean } = {}): Command {
  cmd
    .option('--from <name|address>', 'name or address of the signing key (keyring)')
    .option('--chain-id <id>', 'chain id (default: client.toml chain-id, else the node status)')
    .option('--fees <coins>', 'fees to pay, e.g. 500stake')
    .option('--gas-prices <dec-coins>', 'gas prices to derive the fees from, e.g. 0.025stake')
    .option(
      '--gas <gas>',
      `gas limit of the tx, or "auto" to simulate it first (times --gas-adjustment)`,
      DEFAULT_GAS_LIMIT.toString(),
    )
    .option(
      '--gas-adjustment <factor>',
      'factor applied to the simulated gas with --gas auto',
      gasAdjustmentArg,
      1,
    )
    .option('--note <memo>', 'memo of the tx')
    .option(
      '--timeout-height <height>',
      'block height after which the tx is invalid',
      pflagIntArg('uint64'),
    )
    .option(
      '--node <url>',
      'CometBFT RPC address of the node, tcp:// or http:// (default: client.toml node)',
    )
    .option('--keyring-backend <backend>', 'keyring backend (sdkd supports test)')
    .option('-y, --yes', 'skip the confirmation prompt before signing and broadcasting')
  if (output) {
    cmd.addOption(
      new Option(
        '-o, --output <format>',
        'text|json (default: client.toml output, else json)',
      ).choices(['json', 'text']),
    )
  }
  return cmd
    .addOption(
      new Option(
        '-b, --broadcast-mode <mode>',
        'sync (wait for CheckTx) or async (return at once); default client.toml broadcast-mode',
      ).choices(['sync', 'async']),
    )
    .option('--generate-only', 'print the unsigned tx JSON instead of signing and broadcasting')
    .option('--offline', 'do not contact the node (with --generate-only)')
    .option(
      '-a, --account-number <n>',
      'account number of the signer (offline signing)',
      pflagIntArg('uint64'),
    )
    .option('-s, --sequence <n>', 'sequence of the signer (offline signing)', pflagIntArg('uint64'))
    .option('--dry-run', 'simulate the tx and print the gas estimate; nothing is broadcast')
    .option(
      '--impersonate',
      'send the tx unsigned from --from (an address or key), to a devnet that impersonates it (sdkd dev impersonate)',
    )
    .option('--wait', 'wait until the tx is in a block and print its result')
    .addOption(waitTimeoutOption())
    .addOption(signModeOption())
}

/** What a tx command's message builder gets. */
export interface TxEnv {
  ctx: ClientContext
  flags: TxFlags
  from: FromAccount
}

const EMPTY = new Uint8Array(0)

/** The largest gas limit a tx holds (a uint64). */
const MAX_GAS = 2n ** 64n - 1n

/**
 * `--gas`: a number or `auto`, as upstream's ParseGasSetting (a uint64; empty: the default). A
 * number past a uint64 is refused, not wrapped into another limit.
 */
export function parseGas(text: string): bigint | 'auto' {
  if (text === 'auto') return 'auto'
  if (text === '') return DEFAULT_GAS_LIMIT
  if (!/^\d+$/.test(text) || BigInt(text) > MAX_GAS)
    throw new CliError('gas must be either integer or auto')
  return BigInt(text)
}

/** `0.025stake,1token` → price per gas unit as a fraction per denom. */
function parseGasPrices(text: string): { denom: string; num: bigint; scale: bigint }[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z][a-zA-Z0-9/:._-]*)\s*$/.exec(part)
    if (!m) throw new CliError(`invalid decimal coin expression: ${part.trim()}`)
    validateDenom(m[2]!)
    const [int, frac = ''] = m[1]!.split('.')
    return { denom: m[2]!, num: BigInt(`${int}${frac}`), scale: 10n ** BigInt(frac.length) }
  })
}

/** Fees from `--fees` or from `--gas-prices` × gas (rounded up, as upstream). */
export function feeCoins(flags: TxFlags, gas: bigint): Coin[] {
  if (flags.fees !== undefined && flags.gasPrices !== undefined)
    throw new CliError('cannot provide both fees and gas prices')
  if (flags.fees !== undefined) return parseCoins(flags.fees)
  if (flags.gasPrices === undefined) return []
  return parseGasPrices(flags.gasPrices)
    .map((p) => ({ denom: p.denom, amount: (gas * p.num + p.scale - 1n) / p.scale }))
    .filter((c) => c.amount > 0n)
    .sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0))
}

/**
 * The chain id: the flag, else client.toml, else (online) the node's status. Online, a chain id that
 * differs from the node's `node_info.network` is refused before anything is signed: the signature
 * would only be rejected (code 4) — or, worse, the tx sent to the wrong chain.
 */
export async function resolveChainId(
  ctx: ClientContext,
  flag: string | undefined,
  offline: boolean,
): Promise<string> {
  const wanted = flag || ctx.config.chainId
  if (offline) {
    if (!wanted) throw new CliError('chain ID required but not specified')
    return wanted
  }
  const { chainId: network } = await ctx.node().status()
  if (wanted && network && wanted !== network) {
    const source = flag ? '--chain-id' : 'config/client.toml chain-id'
    throw new CliError(
      `chain id mismatch: ${source} is "${wanted}", but the node at ${ctx.node().url} serves chain "${network}" (its node_info.network). ` +
        'Point --node at a node of that chain, or use --chain-id / client.toml chain-id of the node',
    )
  }
  if (!wanted && !network) throw new CliError('chain ID required but not specified')
  return wanted || network
}

/**
 * Account number and sequence: the flags win; online, the missing ones come from the chain, whose
 * account must exist (upstream Factory.Prepare).
 */
export async function resolveSignerData(
  ctx: ClientContext,
  address: string,
  flags: { accountNumber?: number; sequence?: number; offline?: boolean },
): Promise<{ accountNumber: bigint; sequence: bigint }> {
  let accountNumber = BigInt(flags.accountNumber ?? 0)
  let sequence = BigInt(flags.sequence ?? 0)
  if (flags.offline) return { accountNumber, sequence }
  const account = await ctx.node().account(address)
  if (!account)
    throw new CliError(
      `rpc error: code = NotFound desc = rpc error: code = NotFound desc = account ${address} not found: key not found (fund it first: an account exists once it received coins)`,
    )
  if (accountNumber === 0n) accountNumber = account.accountNumber
  if (sequence === 0n) sequence = account.sequence
  return { accountNumber, sequence }
}

/**
 * The whole client flow of a tx command (upstream GenerateOrBroadcastTxCLI): resolve the signer,
 * build the messages, gas (fixed or simulated), fees; then print the unsigned tx
 * (`--generate-only`), the gas estimate (`--dry-run`), or confirm, sign, broadcast and print.
 */
export async function runTx(
  globals: GlobalFlags,
  flags: TxFlags,
  build: (env: TxEnv) => Promise<AnyMessage[]> | AnyMessage[],
): Promise<void> {
  const ctx = await clientContext(globals, flags.node)
  const registry = ctx.registry
  // A bare address signs nothing, so it is enough to generate; to simulate, only an address will
  // do (as upstream, which reads `--from` before anything else).
  const from = await resolveFrom(globals, flags, fromUse(flags))
  // Offline, a simulation fails below as upstream's (`cannot estimate gas in offline mode`).
  if (flags.offline && !flags.generateOnly && !flags.dryRun)
    throw new CliError(
      '--offline cannot broadcast: use --generate-only, then "sdkd tx sign --offline" and "sdkd tx broadcast"',
    )
  const gasSetting = parseGas(flags.gas)
  const messages = await build({ ctx, flags, from })
  const unsigned = (gas: bigint) =>
    createUnsignedTx({
      messages,
      fee: { amount: feeCoins(flags, gas), gasLimit: gas },
      ...(flags.note !== undefined ? { memo: flags.note } : {}),
      ...(flags.timeoutHeight !== undefined ? { timeoutHeight: BigInt(flags.timeoutHeight) } : {}),
    })

  let gas = gasSetting === 'auto' ? 0n : gasSetting
  let signerData: { accountNumber: bigint; sequence: bigint } | undefined
  // --generate-only wins over --dry-run (upstream prints the unsigned tx, simulating for auto only).
  const dryRun = flags.dryRun === true && !flags.generateOnly
  if (gasSetting === 'auto' || dryRun) {
    if (flags.offline) throw new CliError('cannot estimate gas in offline mode')
    if (!flags.generateOnly || from.key)
      signerData = await resolveSignerData(ctx, from.address, flags)
    // A bare address has no key in the keyring: an empty one, as upstream's (the node's
    // simulation charges a placeholder key for it).
    const simKey = from.key?.pubKey ?? from.offline?.pubKey ?? (from.multisig ? undefined : EMPTY)
    const sim = simulationTx(registry, unsigned(gas), simKey, signerData?.sequence ?? 0n)
    const { gasUsed } = await ctx.node().simulate(encodeTxRaw(registry, sim))
    // Truncated, as upstream's uint64(adjustment × gas used); one past a uint64 is refused.
    const adjusted = Math.floor(flags.gasAdjustment * Number(gasUsed))
    if (!Number.isFinite(adjusted) || BigInt(adjusted) > MAX_GAS)
      throw new CliError(
        `gas estimate ${gasUsed} × --gas-adjustment ${flags.gasAdjustment} is more than a tx's largest gas limit (${MAX_GAS})`,
      )
    gas = BigInt(adjusted)
    process.stderr.write(`gas estimate: ${gas}\n`)
    if (dryRun) return
  }

  const tx = unsigned(gas)
  if (flags.generateOnly) {
    process.stdout.write(`${JSON.stringify(txToJson(registry, tx))}\n`)
    return
  }
  if (flags.impersonate) {
    await sendImpersonated(ctx, tx, from.address, flags)
    return
  }
  const key = signingKey(from)
  const chainId = await resolveChainId(ctx, flags.chainId, false)
  signerData ??= await resolveSignerData(ctx, from.address, flags)
  if (!flags.yes && !(await confirmTx(ctx, flags.output, tx))) {
    process.stderr.write('canceled transaction\n')
    return
  }
  const signed = signTx(
    registry,
    tx,
    key,
    { chainId, ...signerData },
    { signMode: flags.signMode ?? 'direct' },
  )
  await broadcastAndPrint(ctx, encodeTxRaw(registry, signed), flags)
}

/**
 * Sends `tx` from `address` without a signature (`--impersonate`): its signer info holds the
 * account's sequence and no key, its signature is empty. Refused here unless the node's dev API
 * impersonates the address.
 */
async function sendImpersonated(
  ctx: ClientContext,
  tx: TxObject,
  address: string,
  flags: TxFlags,
): Promise<void> {
  const status = (await ctx
    .node()
    .call('dev_status', {})
    .catch((err: Error) => {
      throw new CliError(
        `--impersonate needs a devnet's dev API (dev_status failed: ${err.message})`,
      )
    })) as { impersonating?: { auto: boolean; addresses: string[] } }
  const imp = status.impersonating
  if (!imp?.auto && !imp?.addresses.includes(address))
    throw new CliError(
      `the node does not impersonate ${address}: run "sdkd dev impersonate ${address}" first (or "sdkd dev auto-impersonate on")`,
    )
  const { sequence } = await resolveSignerData(ctx, address, flags)
  if (!flags.yes && !(await confirmTx(ctx, flags.output, tx))) {
    process.stderr.write('canceled transaction\n')
    return
  }
  await broadcastAndPrint(ctx, encodeTxRaw(ctx.registry, impersonatedTx(tx, sequence)), flags)
}
