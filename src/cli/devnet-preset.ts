import { sha256 } from '@noble/hashes/sha2.js'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { deriveKeyFromMnemonic, Keyring, pubKeyToAddress } from '../client/keyring.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../codec/address.js'
import { brand } from '../codec/brand.js'
import { utf8 } from '../codec/bytes.js'
import { parseTimestamp, timestampToJson } from '../codec/json-well-known.js'
import { BASE_ACCOUNT_URL } from '../modules/auth/keeper.js'
import { defaultGovParams } from '../modules/gov/params.js'
import { defaultStakingParams } from '../modules/staking/keeper.js'
import { BONDED_POOL_NAME, valoperPrefix } from '../modules/staking/keys.js'

/** How many well-known accounts the devnet preset creates and funds unless `--accounts` says otherwise. */
export const DEVNET_DEFAULT_ACCOUNTS = 10

/**
 * Name of the i-th devnet account: `validator` (operates the validator and votes with its power),
 * `alice`, `bob`, then `account3`, `account4` …
 */
export function devnetAccountName(i: number): string {
  return ['validator', 'alice', 'bob'][i] ?? `account${i}`
}

/**
 * The well-known mnemonic of the i-th devnet account, the same on every machine (as anvil's and
 * Hardhat's test accounts): the 24 words of the BIP39 entropy sha256("sdkd devnet account <i>").
 * Public by design — never use these keys on a real chain.
 */
export function devnetMnemonic(i: number): string {
  return entropyToMnemonic(sha256(utf8(`sdkd devnet account ${i}`)), wordlist)
}

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
  /** The well-known mnemonic, when the key is the preset's (not one the keyring already had). */
  mnemonic?: string
}

/**
 * The first `count` devnet accounts in the home's test keyring: a key the keyring already has under
 * that name is kept (resets keep keys); a missing one is added from its well-known mnemonic.
 */
export async function ensureDevnetKeys(
  home: string,
  count = DEVNET_DEFAULT_ACCOUNTS,
): Promise<DevnetAccount[]> {
  const wanted = Array.from({ length: count }, (_, i) => ({
    name: devnetAccountName(i),
    mnemonic: devnetMnemonic(i),
  }))
  return ensureKeys(home, wanted)
}

/**
 * The well-known keys `wanted` in the home's test keyring: a key the keyring already has under that
 * name is kept; a missing one is added from its mnemonic.
 */
export async function ensureKeys(
  home: string,
  wanted: readonly { name: string; mnemonic: string }[],
): Promise<DevnetAccount[]> {
  const kr = Keyring.open(home, 'test')
  const out: DevnetAccount[] = []
  for (const { name, mnemonic } of wanted) {
    const existing = await kr.get(name).catch(() => undefined)
    if (!existing) {
      // A new key is the well-known one (deriving a key costs a BIP39 stretch: once is enough).
      out.push({ name, address: (await kr.add(name, { mnemonic })).record.address, mnemonic })
      continue
    }
    const wellKnown =
      existing.address ===
      addressToBech32(pubKeyToAddress((await deriveKeyFromMnemonic(mnemonic)).pubKey))
    out.push({ name, address: existing.address, ...(wellKnown ? { mnemonic } : {}) })
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
      '@type': brand().typeUrl(BASE_ACCOUNT_URL),
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
  state.bank.denom_metadata = withBondDenomMetadata(
    state.bank.denom_metadata ?? [],
    String(state.staking?.params?.bond_denom ?? 'stake'),
  )
  state.gov ??= {}
  state.gov.params = { ...defaultGovParams(), ...(state.gov.params ?? {}), ...DEVNET_GOV }
  return state
}

/**
 * `simd init` leaves `denom_metadata` empty; the devnet describes its bond denom there, so wallets
 * and the metadata routes have an entry to show (one unit, the base, also the display denom).
 * An entry the genesis already has for that denom is kept.
 */
function withBondDenomMetadata(list: Obj[], denom: string): Obj[] {
  if (list.some((m) => m.base === denom)) return list
  return [
    ...list,
    {
      description: `The staking token of the devnet`,
      denom_units: [{ denom, exponent: 0, aliases: [] }],
      base: denom,
      display: denom,
      name: denom,
      symbol: denom.toUpperCase(),
      uri: '',
      uri_hash: '',
    },
  ]
}

/** Tokens bonded per unit of consensus power (upstream DefaultPowerReduction). */
const POWER_REDUCTION = 1_000_000n

/** A genesis validator of the devnet: its operator account, consensus key and power. */
export interface DevnetValidator {
  operator: DevnetAccount
  pubKeyBase64: string
  power: bigint
  moniker: string
}

/**
 * app_state with the genesis validators in x/staking: each operated by its account (the operator
 * address has the same bytes as that account), bonded with the tokens of its consensus power, all
 * self-delegated — so each operator votes with its validator's whole power. The bonded tokens sit in
 * the bonded pool module account, as on a real chain. Their commission's `update_time` is
 * `genesisTime`, as a gentx delivered at genesis sets it (a first change of the rate waits 24 h).
 */
export function devnetStakingState(
  appState: Record<string, unknown>,
  validators: readonly DevnetValidator[],
  genesisTime: string,
): Record<string, unknown> {
  const state = structuredClone(appState) as Obj
  state.staking ??= {}
  state.staking.params ??= defaultStakingParams()
  state.staking.validators = []
  state.staking.delegations = []
  state.staking.last_validator_powers = []
  // The genesis time is Go's time text (trailing zeros of the fraction trimmed); a Timestamp in
  // app_state is protobuf JSON (0, 3, 6 or 9 digits), as upstream's codec writes it.
  const commissionTime = timestampToJson(parseTimestamp(genesisTime, 'genesis_time'))
  let totalPower = 0n
  let totalTokens = 0n
  for (const v of validators) {
    const tokens = v.power * POWER_REDUCTION
    const shares = `${tokens}.000000000000000000`
    const operator = addressToBech32(bech32ToAddress(v.operator.address), valoperPrefix())
    state.staking.validators.push(
      bondedValidator(operator, v, tokens.toString(), shares, commissionTime),
    )
    state.staking.delegations.push({
      delegator_address: v.operator.address,
      validator_address: operator,
      shares,
    })
    state.staking.last_validator_powers.push({ address: operator, power: v.power.toString() })
    totalPower += v.power
    totalTokens += tokens
  }
  state.staking.last_total_power = totalPower.toString()
  state.bank ??= {}
  state.bank.balances = [
    ...(state.bank.balances ?? []),
    {
      address: addressToBech32(moduleAddress(BONDED_POOL_NAME)),
      coins: [
        { denom: String(state.staking.params.bond_denom ?? 'stake'), amount: `${totalTokens}` },
      ],
    },
  ]
  state.bank.supply = []
  return state
}

/** A bonded genesis validator (upstream JSON) with the devnet's commission, set at `time`. */
function bondedValidator(
  operator: string,
  v: DevnetValidator,
  tokens: string,
  shares: string,
  time: string,
): Obj {
  return {
    operator_address: operator,
    consensus_pubkey: {
      '@type': brand().typeUrl('/sdk.crypto.ed25519.PubKey'),
      key: v.pubKeyBase64,
    },
    jailed: false,
    status: 'BOND_STATUS_BONDED',
    tokens,
    delegator_shares: shares,
    description: {
      moniker: v.moniker,
      identity: '',
      website: '',
      security_contact: '',
      details: '',
    },
    unbonding_height: '0',
    unbonding_time: '1970-01-01T00:00:00Z',
    commission: {
      commission_rates: {
        rate: '0.100000000000000000',
        max_rate: '0.200000000000000000',
        max_change_rate: '0.010000000000000000',
      },
      update_time: time,
    },
    min_self_delegation: '1',
    unbonding_on_hold_ref_count: '0',
    unbonding_ids: [],
  }
}
