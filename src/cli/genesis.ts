import type { Command } from 'commander'
import { KeyringError } from '../client/keyring.js'
import { bech32ToAddress } from '../codec/address.js'
import { type Coin, parseCoins } from '../codec/coins.js'
import { writeGenesis } from '../config/home.js'
import { CliError } from './errors.js'
import { addGenesisAccount, editableGenesis, type GenesisVesting } from './genesis-accounts.js'
import { registerBulkAddGenesisAccount } from './genesis-bulk.js'
import type { GentxFlags } from './genesis-gentx.js'
import { keyringFor } from './keys.js'
import type { GlobalFlags } from './start-flags.js'

/** The --vesting-* flags, parsed as upstream (coins; int64 Unix seconds, 0 when left out). */
function vestingFlags(f: {
  vestingAmount?: string
  vestingStartTime?: string
  vestingEndTime?: string
}): GenesisVesting | undefined {
  if (f.vestingAmount === undefined) return undefined
  let amount: Coin[]
  try {
    amount = parseCoins(f.vestingAmount)
  } catch (err) {
    throw new CliError(`failed to parse vesting amount: ${(err as Error).message}`)
  }
  const time = (text: string | undefined, flag: string): bigint => {
    if (text === undefined) return 0n
    if (!/^[+-]?\d{1,19}$/.test(text))
      throw new CliError(`invalid ${flag} ${JSON.stringify(text)}: expected Unix seconds`)
    return BigInt(text)
  }
  return {
    amount,
    start: time(f.vestingStartTime, '--vesting-start-time'),
    end: time(f.vestingEndTime, '--vesting-end-time'),
  }
}

/**
 * `sdkd genesis add-genesis-account <key-name|address> <coins>`, `bulk-add-genesis-account`,
 * `validate-genesis`, `gentx` and `collect-gentxs`.
 */
export function registerGenesis(program: Command, globals: () => GlobalFlags): void {
  const genesis = program.command('genesis').description('edit genesis.json before the first start')
  genesis
    .command('add-genesis-account <key-or-address> <coins>')
    .description('add a genesis account with coins (e.g. 1000000stake,500token)')
    .option('--append', 'add the coins to an existing genesis account')
    .option(
      '--keyring-backend <backend>',
      'keyring backend for key names (sdkd supports test and file)',
    )
    .option('--vesting-amount <coins>', 'amount of coins for vesting accounts')
    .option('--vesting-start-time <unix>', 'schedule start time (unix epoch) for vesting accounts')
    .option('--vesting-end-time <unix>', 'schedule end time (unix epoch) for vesting accounts')
    .action(
      async (
        who: string,
        coinsText: string,
        f: {
          append?: boolean
          keyringBackend?: string
          vestingAmount?: string
          vestingStartTime?: string
          vestingEndTime?: string
        },
      ) => {
        const g = globals()
        const current = await editableGenesis(g.home)
        let address: string
        try {
          bech32ToAddress(who)
          address = who
        } catch {
          try {
            address = (await (await keyringFor(g, f.keyringBackend)).get(who)).address
          } catch (err) {
            if (err instanceof KeyringError) {
              throw new CliError(
                `failed to get address from keyring: ${err.message} (and "${who}" is not a bech32 address)`,
              )
            }
            throw err
          }
        }
        let coins: Coin[]
        try {
          coins = parseCoins(coinsText)
        } catch (err) {
          throw new CliError(`failed to parse coins: ${(err as Error).message}`)
        }
        if (coins.length === 0) throw new CliError('failed to parse coins: no coins given')
        const vesting = vestingFlags(f)
        await writeGenesis(
          g.home,
          addGenesisAccount(current, address, coins, f.append ?? false, vesting),
        )
      },
    )
  genesis
    .command('validate-genesis [file]')
    // Upstream's command is `validate`, with `validate-genesis` its alias: both names run it.
    .alias('validate')
    .description(
      'validates the genesis file at the default location (config/genesis.json) or at the location passed as an arg',
    )
    .action(async (file: string | undefined) => {
      const { validateGenesisFile } = await import('./genesis-validate.js')
      process.stdout.write(`${await validateGenesisFile(globals(), file)}\n`)
    })
  registerBulkAddGenesisAccount(genesis, globals)
  registerGentx(genesis, globals)
  genesis
    .command('collect-gentxs')
    .description(
      'collect genesis txs (config/gentx/*.json) into app_state.genutil.gen_txs, and the other nodes into config.toml persistent_peers',
    )
    .option('--gentx-dir <dir>', 'directory of the gentxs (default: config/gentx)')
    .action(async (f: { gentxDir?: string }) => {
      const { runCollectGentxs } = await import('./genesis-collect.js')
      process.stderr.write(`${await runCollectGentxs(globals(), f.gentxDir)}\n`)
    })
}

/** `sdkd genesis gentx <key_name> <amount>` with upstream's flags and defaults. */
function registerGentx(genesis: Command, globals: () => GlobalFlags): void {
  genesis
    .command('gentx <key_name> <amount>')
    .description(
      'generate a genesis tx carrying a self delegation: a MsgCreateValidator signed by the key, written to config/gentx/gentx-<node id>.json',
    )
    .option(
      '--output-document <file>',
      'write the genesis transaction JSON document to the given file instead of the default location',
    )
    .option('--moniker <name>', "the validator's name (default: config.toml's moniker)")
    .option('--identity <text>', 'the optional identity signature (ex. UPort or Keybase)', '')
    .option('--website <url>', "the validator's (optional) website", '')
    .option('--security-contact <email>', "the validator's (optional) security contact email", '')
    .option('--details <text>', "the validator's (optional) details", '')
    .option('--commission-rate <dec>', 'the initial commission rate percentage', '0.1')
    .option('--commission-max-rate <dec>', 'the maximum commission rate percentage', '0.2')
    .option(
      '--commission-max-change-rate <dec>',
      'the maximum commission change rate percentage (per day)',
      '0.01',
    )
    .option(
      '--min-self-delegation <int>',
      'the minimum self delegation required on the validator',
      '1',
    )
    .option(
      '--pubkey <json>',
      'the validator consensus public key as JSON (default: config/priv_validator_key.json)',
    )
    .option('--node-id <id>', "the node's ID (default: config/node_key.json)")
    .option('--ip <ip>', "the node's public P2P IP (default: the machine's first external IPv4)")
    .option('--p2p-port <port>', "the node's public P2P port", '26656')
    .option(
      '--chain-id <id>',
      'the chain id the tx is signed for (default: the genesis chain id, which it must be)',
    )
    .option('--keyring-backend <backend>', 'keyring backend (sdkd supports test and file)')
    .option('--fees <coins>', 'fees to pay along with the transaction (e.g. 10stake)')
    .option('--gas <limit>', 'gas limit of the transaction', '200000')
    .option('--note <memo>', 'memo of the transaction (default: <node id>@<ip>:<p2p port>)')
    .action(async (keyName: string, amount: string, f: GentxFlags) => {
      const { externalIp, runGentx } = await import('./genesis-gentx.js')
      const path = await runGentx(globals(), keyName, amount, { ...f, ip: f.ip ?? externalIp() })
      process.stderr.write(`Genesis transaction written to ${JSON.stringify(path)}\n`)
    })
}
