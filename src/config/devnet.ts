import { Keyring } from '../client/keyring.js'
import { defaultGovParams } from '../modules/gov/params.js'

/** The keys the devnet preset creates and funds. `validator` operates the validator and votes with its power. */
export const DEVNET_KEYS = ['validator', 'alice', 'bob'] as const

/** Balances of each devnet key. */
export const DEVNET_BALANCE = [
  { denom: 'stake', amount: '100000000000000' },
  { denom: 'token', amount: '1000000000' },
]

/** Governance periods of the devnet: a proposal deposits, votes and passes in seconds. */
export const DEVNET_GOV = {
  max_deposit_period: '10s',
  voting_period: '5s',
  expedited_voting_period: '2s',
}

export interface DevnetAccount {
  name: string
  address: string
  /** The mnemonic, when the key was created now (shown once). */
  mnemonic?: string
}

/** Creates (or reuses) the devnet keys in the home's test keyring. */
export async function ensureDevnetKeys(home: string): Promise<DevnetAccount[]> {
  const kr = Keyring.open(home, 'test')
  const out: DevnetAccount[] = []
  for (const name of DEVNET_KEYS) {
    try {
      const existing = await kr.get(name)
      out.push({ name, address: existing.address })
    } catch {
      const { record, mnemonic } = await kr.add(name)
      out.push({ name, address: record.address, mnemonic })
    }
  }
  return out
}

// biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON edited in place
type Obj = Record<string, any>

/** app_state of the devnet: the keys as genesis accounts with balances, short gov periods. */
export function devnetAppState(
  appState: Record<string, unknown>,
  accounts: readonly DevnetAccount[],
): Record<string, unknown> {
  const state = structuredClone(appState) as Obj
  state.auth ??= {}
  state.auth.accounts = [
    ...(state.auth.accounts ?? []),
    ...accounts.map((a) => ({
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: a.address,
      pub_key: null,
      account_number: '0',
      sequence: '0',
    })),
  ]
  state.bank ??= {}
  state.bank.balances = [
    ...(state.bank.balances ?? []),
    ...accounts.map((a) => ({ address: a.address, coins: DEVNET_BALANCE })),
  ]
  state.bank.supply = []
  state.gov ??= {}
  state.gov.params = { ...defaultGovParams(), ...(state.gov.params ?? {}), ...DEVNET_GOV }
  return state
}
