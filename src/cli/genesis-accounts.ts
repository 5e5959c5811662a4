import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { brand } from '../codec/brand.js'
import { addCoins, type Coin, coinsFromProto, coinsToProto } from '../codec/coins.js'
import type { GenesisJson } from '../config/genesis.js'
import { homePaths } from '../config/paths.js'
import { BASE_ACCOUNT_URL } from '../modules/auth/keeper.js'
import {
  CONTINUOUS_VESTING_ACCOUNT_URL,
  DELAYED_VESTING_ACCOUNT_URL,
} from '../modules/auth/vesting-codec.js'
import { CliError } from './errors.js'

// The genesis accounts of `sdkd genesis add-genesis-account` and `bulk-add-genesis-account`.

/**
 * The genesis of a home whose chain has not started yet, to add accounts to: refused when there is
 * none, or once `data/application.db` exists (the changes would not apply).
 */
export async function editableGenesis(home: string): Promise<GenesisJson> {
  const paths = homePaths(home)
  if (!existsSync(paths.genesis))
    throw new CliError(`${paths.genesis} not found: run "sdkd init <moniker>" first`)
  refuseStartedChain(home, 'genesis changes would not apply')
  return JSON.parse(await readFile(paths.genesis, 'utf8')) as GenesisJson
}

/**
 * Refuses a change of genesis once the home's chain has started (`data/application.db` exists):
 * `consequence` says what the change would do to it.
 */
export function refuseStartedChain(home: string, consequence: string): void {
  const paths = homePaths(home)
  if (existsSync(paths.database)) {
    throw new CliError(
      `the chain in ${paths.home} has already started (data/application.db exists): ${consequence}`,
    )
  }
}

// biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON edited in place
type Obj = Record<string, any>

/** A genesis account's vesting schedule (upstream's --vesting-* flags; times in Unix seconds, 0 unset). */
export interface GenesisVesting {
  amount: Coin[]
  start: bigint
  end: bigint
}

/**
 * The vesting account JSON upstream's AddGenesisAccount makes of a new account; bad flags are
 * refused with its texts.
 */
function vestingAccountJson(base: Obj, coins: Coin[], v: GenesisVesting): Obj {
  if (v.amount.some((c) => c.amount > (coins.find((x) => x.denom === c.denom)?.amount ?? 0n)))
    throw new CliError('vesting amount cannot be greater than total amount')
  const baseVesting = {
    base_account: base,
    original_vesting: coinsToProto(v.amount),
    delegated_free: [],
    delegated_vesting: [],
    end_time: v.end.toString(),
  }
  // Upstream validates the new account: a continuous schedule must start before it ends.
  if (v.start !== 0n && v.end !== 0n && v.start >= v.end)
    throw new CliError(
      'failed to validate new genesis account: vesting start-time cannot be before end-time',
    )
  if (v.start !== 0n && v.end !== 0n)
    return {
      '@type': brand().typeUrl(CONTINUOUS_VESTING_ACCOUNT_URL),
      base_vesting_account: baseVesting,
      start_time: v.start.toString(),
    }
  if (v.end !== 0n)
    return {
      '@type': brand().typeUrl(DELAYED_VESTING_ACCOUNT_URL),
      base_vesting_account: baseVesting,
    }
  throw new CliError('invalid vesting parameters; must supply start and end time or end time')
}

/** Adds (or, with `append`, tops up) a genesis account with coins; keeps bank supply consistent. */
export function addGenesisAccount(
  genesis: GenesisJson,
  address: string,
  coins: Coin[],
  append: boolean,
  vesting?: GenesisVesting,
): GenesisJson {
  const g = structuredClone(genesis) as GenesisJson & { app_state: Obj }
  g.app_state.auth ??= {}
  g.app_state.bank ??= {}
  const auth = g.app_state.auth as Obj
  const bank = g.app_state.bank as Obj
  auth.accounts ??= []
  bank.balances ??= []
  const exists = (auth.accounts as Obj[]).some(
    (a) =>
      (a.address ?? a.base_account?.address ?? a.base_vesting_account?.base_account?.address) ===
      address,
  )
  const balance = (bank.balances as Obj[]).find((b) => b.address === address)
  if ((exists || balance) && !append)
    throw new CliError(`cannot add account at existing address ${address}`)
  if (!exists) {
    const base = { address, pub_key: null, account_number: '0', sequence: '0' }
    auth.accounts.push(
      vesting && vesting.amount.length > 0
        ? vestingAccountJson(base, coins, vesting)
        : { '@type': brand().typeUrl(BASE_ACCOUNT_URL), ...base },
    )
  }
  if (balance) balance.coins = coinsToProto(addCoins(coinsFromProto(balance.coins), coins))
  else bank.balances.push({ address, coins: coinsToProto(coins) })
  if (Array.isArray(bank.supply) && bank.supply.length > 0)
    bank.supply = coinsToProto(addCoins(coinsFromProto(bank.supply), coins))
  return g
}
