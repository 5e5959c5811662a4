import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../src/codec/address.js'
import type { DevnetHome } from './devnet.js'

/**
 * A devnet genesis with several bonded validators in x/staking, each operated by a keyring account
 * of the devnet, and delegators with delegations to them. The first validator has the node's own
 * consensus key (the one `init --devnet` wrote); the others' keys are written to
 * `config/priv_validator_keys/`, so a node signing for every validator it holds keys of signs for
 * all. `consensus.validators` lists every bonded validator with its power, as x/staking's InitChain
 * set must match it.
 */

/** One bonded validator: its operator key, moniker, self-delegation and delegations (stake). */
export interface StakedValidator {
  key: string
  moniker: string
  self: bigint
  delegators?: Record<string, bigint>
  commission?: string
  /** Not bonded (its tokens sit in the not-bonded pool), jailed or not; bonded when absent. */
  unbonded?: { jailed: boolean }
}

/** Operator address (`sdkvaloper1…`) of an account address. */
export function valoperOf(address: string): string {
  return addressToBech32(bech32ToAddress(address), 'sdkvaloper')
}

function dec(n: bigint): string {
  return `${n}.000000000000000000`
}

/** CometBFT's address of an ed25519 key: sha256(key)[:20], upper-case hex. */
function consensusAddress(pubKeyBase64: string): string {
  return Buffer.from(sha256(Buffer.from(pubKeyBase64, 'base64')).subarray(0, 20))
    .toString('hex')
    .toUpperCase()
}

function keyFile(seed: Uint8Array): { pubKey: string; json: string } {
  const pub = ed25519.getPublicKey(seed)
  const address = consensusAddress(Buffer.from(pub).toString('base64'))
  const priv = Buffer.concat([Buffer.from(seed), Buffer.from(pub)]).toString('base64')
  const pubKey = Buffer.from(pub).toString('base64')
  const json = JSON.stringify(
    {
      address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: pubKey },
      priv_key: { type: 'tendermint/PrivKeyEd25519', value: priv },
    },
    null,
    2,
  )
  return { pubKey, json }
}

/**
 * Rewrites the home's genesis: `validators` bonded (the first uses the node's consensus key), the
 * bonded pool holding their tokens, `gov` params merged over the devnet's. Returns the operator
 * addresses in the order given.
 */
export async function writeStakedGenesis(
  home: DevnetHome,
  validators: readonly StakedValidator[],
  gov: Record<string, unknown> = {},
): Promise<string[]> {
  const file = join(home.dir, 'config/genesis.json')
  const genesis = JSON.parse(await readFile(file, 'utf8'))
  const own = JSON.parse(await readFile(join(home.dir, 'config/priv_validator_key.json'), 'utf8'))
  await mkdir(join(home.dir, 'config/priv_validator_keys'), { recursive: true })
  const staking = genesis.app_state.staking
  const pubKeyType = staking.validators[0].consensus_pubkey['@type']
  staking.validators = []
  staking.delegations = []
  staking.last_validator_powers = []
  let bonded = 0n
  let notBonded = 0n
  // The consensus set CometBFT starts from: the bonded validators with their powers, the node's first.
  const consensus: Record<string, unknown>[] = []
  const operators: string[] = []
  for (const [i, v] of validators.entries()) {
    const account = home.accounts[v.key]
    if (!account) throw new Error(`no devnet account ${v.key}`)
    const operator = valoperOf(account.address)
    operators.push(operator)
    let pubKey = own.pub_key.value as string
    if (i > 0) {
      const k = keyFile(sha256(new TextEncoder().encode(`staked devnet validator ${i}`)))
      pubKey = k.pubKey
      await writeFile(join(home.dir, `config/priv_validator_keys/validator${i}.json`), k.json)
    }
    const delegations: [string, bigint][] = [
      [account.address, v.self],
      ...Object.entries(v.delegators ?? {}).map(
        ([key, n]) => [home.accounts[key]!.address, n] as [string, bigint],
      ),
    ]
    const tokens = delegations.reduce((s, [, n]) => s + n, 0n)
    if (v.unbonded) notBonded += tokens
    else bonded += tokens
    staking.validators.push({
      operator_address: operator,
      consensus_pubkey: { '@type': pubKeyType, key: pubKey },
      jailed: v.unbonded?.jailed ?? false,
      status: v.unbonded ? 'BOND_STATUS_UNBONDED' : 'BOND_STATUS_BONDED',
      tokens: tokens.toString(),
      delegator_shares: dec(tokens),
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
          rate: v.commission ?? '0.100000000000000000',
          max_rate: '0.200000000000000000',
          max_change_rate: '0.010000000000000000',
        },
        update_time: '1970-01-01T00:00:00Z',
      },
      min_self_delegation: '1',
      unbonding_on_hold_ref_count: '0',
      unbonding_ids: [],
    })
    for (const [delegator, n] of delegations) {
      staking.delegations.push({
        delegator_address: delegator,
        validator_address: operator,
        shares: dec(n),
      })
    }
    if (!v.unbonded) {
      const power = (tokens / 1_000_000n).toString()
      staking.last_validator_powers.push({ address: operator, power })
      consensus.push({
        address: consensusAddress(pubKey),
        pub_key: { type: 'tendermint/PubKeyEd25519', value: pubKey },
        power,
        name: v.moniker,
      })
    }
  }
  staking.last_total_power = (bonded / 1_000_000n).toString()
  const pool = addressToBech32(moduleAddress('bonded_tokens_pool'))
  const balances = genesis.app_state.bank.balances as { address: string; coins: unknown[] }[]
  for (const b of balances) {
    if (b.address === pool) b.coins = [{ denom: 'stake', amount: bonded.toString() }]
  }
  if (notBonded > 0n) {
    const address = addressToBech32(moduleAddress('not_bonded_tokens_pool'))
    balances.push({ address, coins: [{ denom: 'stake', amount: notBonded.toString() }] })
  }
  // The consensus set is x/staking's bonded validators (InitChain checks they match), and the node
  // signs for each of them with the keys written above.
  genesis.consensus.validators = consensus
  Object.assign(genesis.app_state.gov.params, gov)
  await writeFile(file, JSON.stringify(genesis, null, 2))
  return operators
}
