import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { bech32ToAddress } from '../../codec/address.js'
import { compareBytes } from '../../codec/bytes.js'
import { protoRegistry } from '../../codec/proto.js'
import {
  exportAuthGenesis,
  initAuthGenesis,
  parseAuthGenesis,
  validateAuthGenesis,
} from './genesis.js'
import { AuthKeeper } from './keeper.js'

// x/auth ExportGenesis (upstream x/auth/keeper/genesis.go): the params and every account in the
// store's key order (address bytes), each an Any as InitGenesis takes it back.

const registry = protoRegistry()
// Addresses (20 bytes filled with one byte) and the module accounts' (upstream NewModuleAddress).
const bob = 'sdk1q5zs2pg9q5zs2pg9q5zs2pg9q5zs2pg9kwvfxr' // 05…
const alice = 'sdk1pg9q5zs2pg9q5zs2pg9q5zs2pg9q5zs2ek7az6' // 0a…
const dave = 'sdk1xqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpscn0trf' // 30…
const bonded = 'sdk1fl48vsnmsdzcv85q5d2q4z5ajdha8yu3qj9c7z' // 4fea…
const notBonded = 'sdk1tygms3xhhs3yv487phx3dw4a95jn7t7l5jefgk' // 5911…
const erin = 'sdk1wpc8qurswpc8qurswpc8qurswpc8qurse4rjp6' // 70…
const gov = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x' // 7b5f…
const frank = 'sdk1jzgfpyysjzgfpyysjzgfpyysjzgfpyysfjx4a6' // 90…
const distribution = 'sdk1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8jkgtw2' // 9335…
const carol = 'sdk1crqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqm6usq6' // c0…
const mint = 'sdk1m3h30wlvsf8llruxtpukdvsy0km2kum8act0q4' // dc6f…
const feeCollector = 'sdk17xpfvakm2amg962yls6f84z3kell8c5l9s0hvg' // f182…

const params = {
  max_memo_characters: '512',
  tx_sig_limit: '8',
  tx_size_cost_per_byte: '11',
  sig_verify_cost_ed25519: '591',
  sig_verify_cost_secp256k1: '1001',
}
const secp = {
  '@type': '/sdk.crypto.secp256k1.PubKey',
  key: 'AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC',
}
const ed = {
  '@type': '/sdk.crypto.ed25519.PubKey',
  key: 'AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwM=',
}
const stake = (amount: string) => [{ denom: 'stake', amount }]

const base = (address: string, number: string, sequence = '0', pub_key: unknown = null) => ({
  address,
  pub_key,
  account_number: number,
  sequence,
})
const baseAccount = (address: string, number: string, sequence = '0', pub_key: unknown = null) => ({
  '@type': '/sdk.auth.v1beta1.BaseAccount',
  ...base(address, number, sequence, pub_key),
})
const moduleAccount = (address: string, number: string, name: string, permissions: string[]) => ({
  '@type': '/sdk.auth.v1beta1.ModuleAccount',
  base_account: base(address, number),
  name,
  permissions,
})

const continuous = {
  '@type': '/sdk.vesting.v1beta1.ContinuousVestingAccount',
  base_vesting_account: {
    base_account: base(carol, '3', '4', ed),
    original_vesting: stake('1000'),
    delegated_free: stake('10'),
    delegated_vesting: stake('90'),
    end_time: '2000000000',
  },
  start_time: '1900000000',
}
const delayed = {
  '@type': '/sdk.vesting.v1beta1.DelayedVestingAccount',
  base_vesting_account: {
    base_account: base(dave, '4', '2', secp),
    original_vesting: [
      { denom: 'atom', amount: '5' },
      { denom: 'stake', amount: '500' },
    ],
    delegated_free: [],
    delegated_vesting: [],
    end_time: '1950000000',
  },
}
const periodic = {
  '@type': '/sdk.vesting.v1beta1.PeriodicVestingAccount',
  base_vesting_account: {
    base_account: base(erin, '5'),
    original_vesting: stake('300'),
    delegated_free: [],
    delegated_vesting: [],
    end_time: '1900000300',
  },
  start_time: '1900000000',
  vesting_periods: [
    { length: '100', amount: stake('100') },
    { length: '200', amount: stake('200') },
  ],
}
const permanent = {
  '@type': '/sdk.vesting.v1beta1.PermanentLockedAccount',
  base_vesting_account: {
    base_account: base(frank, '6', '1'),
    original_vesting: stake('50'),
    delegated_free: [],
    delegated_vesting: stake('20'),
    end_time: '0',
  },
}

/**
 * A rich section as a genesis file may hold it: in no particular order, bob's number 0 taken by
 * alice (as `add-genesis-account` writes every account), one module account of the app.
 */
const imported = {
  params,
  accounts: [
    permanent,
    baseAccount(alice, '0', '7', secp),
    moduleAccount(feeCollector, '7', 'fee_collector', []),
    continuous,
    baseAccount(bob, '0'),
    periodic,
    delayed,
  ],
}

/**
 * What ExportGenesis writes: bob sanitized to the lowest unused number, the module accounts
 * InitGenesis created after the largest number (in the app's order: gov, the staking pools,
 * distribution, mint), every account in address-bytes order (not the bech32 texts' order).
 */
const exported = {
  params: {
    max_memo_characters: '512',
    tx_sig_limit: '8',
    tx_size_cost_per_byte: '11',
    sig_verify_cost_ed25519: '591',
    sig_verify_cost_secp256k1: '1001',
  },
  accounts: [
    {
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: bob,
      pub_key: null,
      account_number: '1',
      sequence: '0',
    },
    {
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: alice,
      pub_key: {
        '@type': '/sdk.crypto.secp256k1.PubKey',
        key: 'AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC',
      },
      account_number: '0',
      sequence: '7',
    },
    {
      '@type': '/sdk.vesting.v1beta1.DelayedVestingAccount',
      base_vesting_account: {
        base_account: {
          address: dave,
          pub_key: {
            '@type': '/sdk.crypto.secp256k1.PubKey',
            key: 'AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC',
          },
          account_number: '4',
          sequence: '2',
        },
        original_vesting: [
          { denom: 'atom', amount: '5' },
          { denom: 'stake', amount: '500' },
        ],
        delegated_free: [],
        delegated_vesting: [],
        end_time: '1950000000',
      },
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: bonded, pub_key: null, account_number: '9', sequence: '0' },
      name: 'bonded_tokens_pool',
      permissions: ['burner', 'staking'],
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: notBonded, pub_key: null, account_number: '10', sequence: '0' },
      name: 'not_bonded_tokens_pool',
      permissions: ['burner', 'staking'],
    },
    {
      '@type': '/sdk.vesting.v1beta1.PeriodicVestingAccount',
      base_vesting_account: {
        base_account: { address: erin, pub_key: null, account_number: '5', sequence: '0' },
        original_vesting: [{ denom: 'stake', amount: '300' }],
        delegated_free: [],
        delegated_vesting: [],
        end_time: '1900000300',
      },
      start_time: '1900000000',
      vesting_periods: [
        { length: '100', amount: [{ denom: 'stake', amount: '100' }] },
        { length: '200', amount: [{ denom: 'stake', amount: '200' }] },
      ],
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: gov, pub_key: null, account_number: '8', sequence: '0' },
      name: 'gov',
      permissions: ['burner'],
    },
    {
      '@type': '/sdk.vesting.v1beta1.PermanentLockedAccount',
      base_vesting_account: {
        base_account: { address: frank, pub_key: null, account_number: '6', sequence: '1' },
        original_vesting: [{ denom: 'stake', amount: '50' }],
        delegated_free: [],
        delegated_vesting: [{ denom: 'stake', amount: '20' }],
        end_time: '0',
      },
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: distribution, pub_key: null, account_number: '11', sequence: '0' },
      name: 'distribution',
      permissions: [],
    },
    {
      '@type': '/sdk.vesting.v1beta1.ContinuousVestingAccount',
      base_vesting_account: {
        base_account: {
          address: carol,
          pub_key: {
            '@type': '/sdk.crypto.ed25519.PubKey',
            key: 'AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwM=',
          },
          account_number: '3',
          sequence: '4',
        },
        original_vesting: [{ denom: 'stake', amount: '1000' }],
        delegated_free: [{ denom: 'stake', amount: '10' }],
        delegated_vesting: [{ denom: 'stake', amount: '90' }],
        end_time: '2000000000',
      },
      start_time: '1900000000',
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: mint, pub_key: null, account_number: '12', sequence: '0' },
      name: 'mint',
      permissions: ['minter'],
    },
    {
      '@type': '/sdk.auth.v1beta1.ModuleAccount',
      base_account: { address: feeCollector, pub_key: null, account_number: '7', sequence: '0' },
      name: 'fee_collector',
      permissions: [],
    },
  ],
}

/** Validates and imports a section into a fresh state, then exports it. */
async function roundTrip(section: unknown) {
  const keeper = new AuthKeeper({ registry })
  const ctx = genesisContext()
  const g = parseAuthGenesis(registry, section)
  validateAuthGenesis(keeper, g)
  await initAuthGenesis(ctx, keeper, g)
  return exportAuthGenesis(ctx.state, keeper, registry)
}

/** The address of an exported account, whatever its kind. */
function addressOf(a: Record<string, unknown>): string {
  const any = a as {
    address?: string
    base_account?: { address: string }
    base_vesting_account?: { base_account: { address: string } }
  }
  return any.address ?? any.base_account?.address ?? any.base_vesting_account!.base_account.address
}

describe('auth ExportGenesis', () => {
  test('the expected section lists the accounts in address-bytes order', () => {
    const bytes = exported.accounts.map((a) => bech32ToAddress(addressOf(a)))
    for (let i = 1; i < bytes.length; i++)
      expect(compareBytes(bytes[i - 1]!, bytes[i]!)).toBeLessThan(0)
  })

  test('import then export: every account, numbers, sequences and keys kept, in key order', async () => {
    const out = await roundTrip(imported)
    expect(out).toEqual(exported)
    // Field order as upstream's JSON writes it (protobuf field order).
    expect(JSON.stringify(out)).toBe(JSON.stringify(exported))
  })

  test('the exported section imports back to the same export', async () => {
    const first = await roundTrip(imported)
    const second = await roundTrip(JSON.parse(JSON.stringify(first)))
    expect(second).toEqual(first)
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })

  test('duplicate account numbers: the first of each number keeps it, the others take the lowest free numbers (upstream SanitizeGenesisAccounts)', async () => {
    const base = (address: string, number: string) => ({
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address,
      pub_key: null,
      account_number: number,
      sequence: '0',
    })
    // alice #0, bob #0, dave #1, carol #0: bob and carol are the duplicates of 0; they take 2 and 3.
    const out = (await roundTrip({
      params: imported.params,
      accounts: [base(alice, '0'), base(bob, '0'), base(dave, '1'), base(carol, '0')],
    })) as { accounts: { address?: string; account_number?: string }[] }
    const numbers = Object.fromEntries(
      out.accounts.filter((a) => a.address).map((a) => [a.address, a.account_number]),
    )
    expect(numbers).toMatchObject({ [alice]: '0', [dave]: '1', [bob]: '2', [carol]: '3' })
  })
})
