import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { KeyringError } from '../client/keyring.js'
import { bech32ToAddress } from '../codec/address.js'
import { brand } from '../codec/brand.js'
import { addCoins, type Coin, coinsFromProto, coinsToProto, parseCoins } from '../codec/coins.js'
import type { GenesisJson } from '../config/genesis.js'
import { writeGenesis } from '../config/home.js'
import { homePaths } from '../config/paths.js'
import { BASE_ACCOUNT_URL } from '../modules/auth/keeper.js'
import { CliError } from './errors.js'
import { keyringFor } from './keys.js'
import type { GlobalFlags } from './start-flags.js'

// biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON edited in place
type Obj = Record<string, any>

/** Adds (or, with `append`, tops up) a genesis account with coins; keeps bank supply consistent. */
export function addGenesisAccount(
  genesis: GenesisJson,
  address: string,
  coins: Coin[],
  append: boolean,
): GenesisJson {
  const g = structuredClone(genesis) as GenesisJson & { app_state: Obj }
  g.app_state.auth ??= {}
  g.app_state.bank ??= {}
  const auth = g.app_state.auth as Obj
  const bank = g.app_state.bank as Obj
  auth.accounts ??= []
  bank.balances ??= []
  const exists = (auth.accounts as Obj[]).some(
    (a) => (a.address ?? a.base_account?.address) === address,
  )
  const balance = (bank.balances as Obj[]).find((b) => b.address === address)
  if ((exists || balance) && !append)
    throw new CliError(`cannot add account at existing address ${address}`)
  if (!exists) {
    auth.accounts.push({
      '@type': brand().typeUrl(BASE_ACCOUNT_URL),
      address,
      pub_key: null,
      account_number: '0',
      sequence: '0',
    })
  }
  if (balance) balance.coins = coinsToProto(addCoins(coinsFromProto(balance.coins), coins))
  else bank.balances.push({ address, coins: coinsToProto(coins) })
  if (Array.isArray(bank.supply) && bank.supply.length > 0)
    bank.supply = coinsToProto(addCoins(coinsFromProto(bank.supply), coins))
  return g
}

/** `sdkd genesis add-genesis-account <key-name|address> <coins>`. */
export function registerGenesis(program: Command, globals: () => GlobalFlags): void {
  const genesis = program.command('genesis').description('edit genesis.json before the first start')
  genesis
    .command('add-genesis-account <key-or-address> <coins>')
    .description('add a genesis account with coins (e.g. 1000000stake,500token)')
    .option('--append', 'add the coins to an existing genesis account')
    .option('--keyring-backend <backend>', 'keyring backend for key names (sdkd supports test)')
    .action(
      async (who: string, coinsText: string, f: { append?: boolean; keyringBackend?: string }) => {
        const g = globals()
        const paths = homePaths(g.home)
        if (!existsSync(paths.genesis))
          throw new CliError(`${paths.genesis} not found: run "sdkd init <moniker>" first`)
        if (existsSync(paths.database)) {
          throw new CliError(
            `the chain in ${paths.home} has already started (data/application.db exists): genesis changes would not apply`,
          )
        }
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
        const current = JSON.parse(await readFile(paths.genesis, 'utf8')) as GenesisJson
        await writeGenesis(g.home, addGenesisAccount(current, address, coins, f.append ?? false))
      },
    )
  genesis
    .command('validate-genesis [file]')
    .description(
      'validates the genesis file at the default location (config/genesis.json) or at the location passed as an arg',
    )
    .action(async (file: string | undefined) => {
      const { validateGenesisFile } = await import('./genesis-validate.js')
      process.stdout.write(`${await validateGenesisFile(globals(), file)}\n`)
    })
}
