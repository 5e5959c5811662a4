import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { bech32ToAddress } from '../codec/address.js'
import { type Coin, parseCoins } from '../codec/coins.js'
import { writeGenesis } from '../config/home.js'
import { wrapText } from '../errors.js'
import { CliError } from './errors.js'
import { addGenesisAccount, editableGenesis, type GenesisVesting } from './genesis-accounts.js'
import type { GlobalFlags } from './start-flags.js'

/** One entry of the file (upstream genutil.GenesisAccount). */
interface BulkAccount {
  address?: unknown
  coins?: unknown
  vesting_amt?: unknown
  vesting_start?: unknown
  vesting_end?: unknown
  module_name?: unknown
}

/** A JSON coin list (`[{"denom","amount"}]`), checked as a coin text would be. */
function coinsOf(value: unknown, what: string): Coin[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new CliError(`failed to decode JSON: ${what}: expected an array`)
  const text = value
    .map((c: { denom?: unknown; amount?: unknown }) => `${c?.amount ?? ''}${c?.denom ?? ''}`)
    .join(',')
  try {
    return parseCoins(text)
  } catch (err) {
    throw new CliError(`failed to decode JSON: ${what}: ${(err as Error).message}`)
  }
}

/** Unix seconds of a vesting time (an int64 number, 0 when left out). */
function secondsOf(value: unknown, what: string): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new CliError(`failed to decode JSON: ${what}: expected a whole number of Unix seconds`)
  return BigInt(value)
}

/**
 * `sdkd genesis bulk-add-genesis-account <file.json> [--append]` (upstream
 * AddBulkGenesisAccountCmd): every account of the file added as `add-genesis-account` adds one,
 * with its vesting schedule if it has one; the genesis is written once, and not at all when any
 * account is refused.
 */
export function registerBulkAddGenesisAccount(genesis: Command, globals: () => GlobalFlags): void {
  genesis
    .command('bulk-add-genesis-account <file.json>')
    .description(
      'add genesis accounts in bulk from a JSON file: [{"address","coins":[{"denom","amount"}],"vesting_amt","vesting_start","vesting_end"}]',
    )
    .option('--append', 'append the coins to an account already in the genesis.json file')
    .action(async (file: string, f: { append?: boolean }) => {
      const g = globals()
      let current = await editableGenesis(g.home)
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (err) {
        throw new CliError(`failed to open file: ${(err as Error).message}`)
      }
      let accounts: BulkAccount[]
      try {
        accounts = JSON.parse(text)
      } catch (err) {
        throw new CliError(`failed to decode JSON: ${(err as Error).message}`)
      }
      if (!Array.isArray(accounts))
        throw new CliError('failed to decode JSON: expected an array of accounts')
      for (const [i, a] of accounts.entries()) {
        const address = String(a?.address ?? '')
        try {
          bech32ToAddress(address)
        } catch (err) {
          throw new CliError(`failed to parse account address ${address}: ${wrapText(err)}`)
        }
        if (a.module_name !== undefined && a.module_name !== '')
          throw new CliError(
            `account ${i} (${address}): module accounts (module_name) are not supported: a module's account is made when its module starts`,
          )
        const coins = coinsOf(a.coins, `account ${i} coins`)
        const amount = coinsOf(a.vesting_amt, `account ${i} vesting_amt`)
        const vesting: GenesisVesting | undefined =
          amount.length > 0
            ? {
                amount,
                start: secondsOf(a.vesting_start, `account ${i} vesting_start`),
                end: secondsOf(a.vesting_end, `account ${i} vesting_end`),
              }
            : undefined
        current = addGenesisAccount(current, address, coins, f.append ?? false, vesting)
      }
      await writeGenesis(g.home, current)
    })
}
