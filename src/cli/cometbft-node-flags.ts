import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { type Command, InvalidArgumentError, Option } from 'commander'
import { parseGoDuration } from '../config/duration.js'
import { CliError } from './errors.js'
import { boolArg, pflagIntArg } from './options.js'

/**
 * CometBFT's node flags (`cometbft start`'s `AddNodeFlags`, which the SDK's `start` takes too)
 * beyond those sdkd's own engine reads (`--moniker`, `--p2p.laddr`, `--p2p.persistent_peers`,
 * `--rpc.laddr`, `--rpc.unsafe`): a CometBFT running the home (`--consensus cometbft`) gets them;
 * sdkd's simulated engine has no peers, databases or listeners of CometBFT's to apply them to.
 */
const PASSED_ON: readonly { flags: string; description: string; parse?: (v: string) => unknown }[] =
  [
    {
      flags: '--priv_validator_laddr <address>',
      description:
        'socket address to listen on for connections from an external priv_validator process',
    },
    {
      flags: '--consensus.double_sign_check_height <n>',
      description:
        "how many blocks to look back to check existence of the node's consensus votes before joining consensus",
      parse: pflagIntArg('int64'),
    },
    { flags: '--rpc.grpc_laddr <address>', description: 'GRPC listen address (BroadcastTx only)' },
    { flags: '--rpc.pprof_laddr <address>', description: 'pprof listen address' },
    {
      flags: '--p2p.external-address <address>',
      description: 'ip:port address to advertise to peers for them to dial',
    },
    { flags: '--p2p.seeds <peers>', description: 'comma-delimited ID@host:port seed nodes' },
    {
      flags: '--p2p.unconditional_peer_ids <ids>',
      description: 'comma-delimited IDs of unconditional peers',
    },
    { flags: '--p2p.pex [bool]', description: 'enable/disable Peer-Exchange', parse: boolArg },
    { flags: '--p2p.seed_mode [bool]', description: 'enable/disable seed mode', parse: boolArg },
    { flags: '--p2p.private_peer_ids <ids>', description: 'comma-delimited private peer IDs' },
    {
      flags: '--consensus.create_empty_blocks [bool]',
      description:
        'set this to false to only produce blocks when there are txs or when the AppHash changes',
      parse: boolArg,
    },
    {
      flags: '--consensus.create_empty_blocks_interval <duration>',
      description: 'the possible interval between empty blocks',
      parse: goDurationText,
    },
    {
      flags: '--db_backend <name>',
      description: 'database backend: goleveldb | cleveldb | boltdb | rocksdb | badgerdb',
    },
    { flags: '--db_dir <dir>', description: "CometBFT's database directory" },
  ]

const passedOn = PASSED_ON.map((f) => new Option(f.flags, f.description))

/** A Go duration flag's text, checked (`time.ParseDuration`), passed on as given. */
function goDurationText(value: string): string {
  try {
    parseGoDuration(value)
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message)
  }
  return value
}

/** pflag's BytesHex: `encoding/hex`'s decoding of the trimmed text, its error otherwise. */
function hexArg(value: string): string {
  const text = value.trim()
  const bad = [...text].find((c) => !/[0-9a-fA-F]/.test(c))
  if (bad !== undefined) {
    const code = bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
    throw new InvalidArgumentError(`encoding/hex: invalid byte: U+${code} '${bad}'`)
  }
  if (text.length % 2 === 1) throw new InvalidArgumentError('encoding/hex: odd length hex string')
  return text.toUpperCase()
}

/** Adds CometBFT's node flags sdkd passes on, and `--genesis_hash`, `--proxy_app` and `--abci`. */
export function addCometbftNodeFlags(cmd: Command): Command {
  for (const [i, f] of PASSED_ON.entries()) {
    const option = passedOn[i]!
    if (f.parse) option.argParser(f.parse)
    cmd.addOption(option)
  }
  return cmd
    .option(
      '--genesis_hash <hex>',
      "optional SHA-256 hash of the genesis file: the start stops when config/genesis.json's differs",
      hexArg,
    )
    .option(
      '--proxy_app <address>',
      "where the app's ABCI server listens for a CometBFT running the home (proxy_app)",
    )
    .addOption(
      new Option(
        '--abci <transport>',
        'ABCI transport for a CometBFT running the home (abci)',
      ).choices(['socket', 'grpc']),
    )
}

/** The passed-on flags among `values` (a command's option values), as `cometbft start` takes them. */
export function cometbftNodeFlags(values: Record<string, unknown>): string[] {
  return passedOn.flatMap((o) => {
    const v = values[o.attributeName()]
    return v === undefined ? [] : [`${o.long}=${String(v)}`]
  })
}

/** The passed-on flags a user gave (`--p2p.seeds`, …): they do nothing under sdkd's own engine. */
export function givenCometbftNodeFlags(values: Record<string, unknown>): string[] {
  return passedOn.filter((o) => values[o.attributeName()] !== undefined).map((o) => o.long!)
}

/**
 * `--genesis_hash` as `cometbft start` checks it: the SHA-256 of the genesis file (the home's
 * `config/genesis.json`) must be the one given, else the start stops with CometBFT's message.
 */
export async function checkGenesisHash(expected: string | undefined, file: string): Promise<void> {
  if (expected === undefined || expected === '') return
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (err) {
    throw new CliError(`can't open genesis file: ${(err as Error).message}`)
  }
  const actual = createHash('sha256').update(bytes).digest('hex').toUpperCase()
  if (actual !== expected)
    throw new CliError(`--genesis_hash=${expected} does not match ${file} hash: ${actual}`)
}
