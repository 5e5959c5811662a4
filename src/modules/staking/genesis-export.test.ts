import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { equalBytes } from '../../codec/bytes.js'
import { protoRegistry } from '../../codec/proto.js'
import type { StakingAuthKeeper, StakingBankKeeper } from './expected-keepers.js'
import { exportStakingGenesis, initStakingGenesis, parseStakingGenesis } from './genesis.js'
import { StakingKeeper } from './keeper.js'
import { BONDED_POOL_NAME, MODULE_NAME, NOT_BONDED_POOL_NAME, valoperPrefix } from './keys.js'
import { createStakingModule } from './module.js'

// x/staking ExportGenesis (upstream x/staking/keeper/genesis.go): every record in key order, in
// genesis JSON form, `exported: true`; InitGenesis takes it back and exports it again unchanged.

const registry = protoRegistry()
const bytes = (n: number) => new Uint8Array(20).fill(n)
const acc = (n: number) => addressToBech32(bytes(n))
const valoper = (n: number) => addressToBech32(bytes(n), valoperPrefix())
const ed25519 = registry.typeUrl('/sdk.crypto.ed25519.PubKey')
const pubKey = (n: number) => Buffer.from(new Uint8Array(32).fill(n)).toString('base64')

/** Pools holding exactly what the section says: A's tokens bonded; B's and the unbondings not. */
function keepers(bonded: bigint, notBonded: bigint) {
  const balanceNow = (_state: unknown, address: Uint8Array) => {
    if (equalBytes(address, moduleAddress(BONDED_POOL_NAME))) return bonded
    if (equalBytes(address, moduleAddress(NOT_BONDED_POOL_NAME))) return notBonded
    return 0n
  }
  const bank = {
    balance: async (state: unknown, address: Uint8Array) => balanceNow(state, address),
    balanceNow,
  } as unknown as StakingBankKeeper
  const accounts = new Set<string>()
  const auth: StakingAuthKeeper = {
    getAccount: async (_state, address) => accounts.has(Buffer.from(address).toString('hex')),
    setAccount: async (_state, account) => {
      accounts.add(Buffer.from(account.address).toString('hex'))
    },
    nextAccountNumber: async () => BigInt(accounts.size),
  }
  return { keeper: new StakingKeeper({ registry, bank }), auth }
}

const ZERO_TIME = '0001-01-01T00:00:00Z'

function validator(n: number, fields: Record<string, unknown>) {
  return {
    operator_address: valoper(n),
    consensus_pubkey: { '@type': ed25519, key: pubKey(n + 100) },
    jailed: false,
    status: 'BOND_STATUS_BONDED',
    tokens: '0',
    delegator_shares: '0.000000000000000000',
    description: {
      moniker: `validator-${n}`,
      identity: '',
      website: '',
      security_contact: '',
      details: '',
    },
    unbonding_height: '0',
    unbonding_time: ZERO_TIME,
    commission: {
      commission_rates: {
        rate: '0.100000000000000000',
        max_rate: '0.200000000000000000',
        max_change_rate: '0.010000000000000000',
      },
      update_time: '2024-01-01T00:00:00Z',
    },
    min_self_delegation: '1',
    unbonding_on_hold_ref_count: '0',
    unbonding_ids: [],
    ...fields,
  }
}

/**
 * Validator A (1) bonded with 10 stake of power, validator B (2) jailed and unbonding; delegations
 * of A's operator, of account 3 to both, of account 4 to A; account 4 unbonding from A in two
 * entries (one slashed, one on hold); account 3 redelegated from B to A. Lists in key order.
 */
const exported = {
  params: {
    unbonding_time: '1814400s',
    max_validators: 100,
    max_entries: 7,
    historical_entries: 10000,
    bond_denom: 'stake',
    min_commission_rate: '0.000000000000000000',
  },
  last_total_power: '10',
  last_validator_powers: [{ address: valoper(1), power: '10' }],
  validators: [
    validator(1, { tokens: '10000000', delegator_shares: '10000000.000000000000000000' }),
    validator(2, {
      jailed: true,
      status: 'BOND_STATUS_UNBONDING',
      tokens: '5000000',
      delegator_shares: '5000000.000000000000000000',
      unbonding_height: '7',
      unbonding_time: '2024-01-22T00:00:07.500Z',
      unbonding_ids: ['4'],
    }),
  ],
  delegations: [
    {
      delegator_address: acc(1),
      validator_address: valoper(1),
      shares: '5000000.000000000000000000',
    },
    {
      delegator_address: acc(3),
      validator_address: valoper(1),
      shares: '3000000.000000000000000000',
    },
    {
      delegator_address: acc(3),
      validator_address: valoper(2),
      shares: '5000000.000000000000000000',
    },
    {
      delegator_address: acc(4),
      validator_address: valoper(1),
      shares: '2000000.000000000000000000',
    },
  ],
  unbonding_delegations: [
    {
      delegator_address: acc(4),
      validator_address: valoper(1),
      entries: [
        {
          creation_height: '2',
          completion_time: '2024-01-22T00:00:02Z',
          initial_balance: '1000000',
          balance: '1000000',
          unbonding_id: '1',
          unbonding_on_hold_ref_count: '0',
        },
        {
          creation_height: '3',
          completion_time: '2024-01-22T00:00:03Z',
          initial_balance: '500000',
          balance: '400000',
          unbonding_id: '2',
          unbonding_on_hold_ref_count: '1',
        },
      ],
    },
  ],
  redelegations: [
    {
      delegator_address: acc(3),
      validator_src_address: valoper(2),
      validator_dst_address: valoper(1),
      entries: [
        {
          creation_height: '3',
          completion_time: '2024-01-22T00:00:03Z',
          initial_balance: '2000000',
          shares_dst: '2000000.000000000000000000',
          unbonding_id: '3',
          unbonding_on_hold_ref_count: '0',
        },
      ],
    },
  ],
  exported: true,
}

const BONDED = 10_000_000n
/** B's tokens and the unbonding balances. */
const NOT_BONDED = 5_000_000n + 1_000_000n + 400_000n

async function roundTrip(section: unknown) {
  const { keeper, auth } = keepers(BONDED, NOT_BONDED)
  const ctx = genesisContext()
  const updates = await initStakingGenesis(
    ctx,
    keeper,
    auth,
    parseStakingGenesis(registry, section),
  )
  return { updates, json: await exportStakingGenesis(ctx.state, keeper), keeper, ctx }
}

/** A copy of the section with every list in reverse order. */
function reversed(section: typeof exported) {
  return {
    ...section,
    last_validator_powers: [...section.last_validator_powers].reverse(),
    validators: [...section.validators].reverse(),
    delegations: [...section.delegations].reverse(),
    unbonding_delegations: [...section.unbonding_delegations].reverse(),
    redelegations: [...section.redelegations].reverse(),
  }
}

describe('staking ExportGenesis', () => {
  test('an imported section exports every record in key order, exported: true', async () => {
    const { json, updates } = await roundTrip(reversed(exported))
    expect(json).toEqual(exported)
    // Exported: the validator set for consensus is the last powers, as upstream.
    expect(updates).toEqual([{ pubKey: new Uint8Array(32).fill(101), power: 10n }])
  })

  test('the exported section imports into a fresh state and exports the same', async () => {
    const first = await roundTrip(exported)
    expect(first.json).toEqual(exported)
    const second = await roundTrip(JSON.parse(JSON.stringify(first.json)))
    expect(second.json).toEqual(first.json)
    // The indexes and queues InitGenesis rebuilds are there too.
    const store = second.ctx.state.store(MODULE_NAME)
    const c = second.keeper.c
    expect(await c.lastValidatorPower.get(store, bytes(1))).toBe(10n)
    expect(await c.unbondingDelegationsByValidator.has(store, [bytes(1), bytes(4)])).toBe(true)
    expect(await c.redelegationsBySource.has(store, [bytes(2), bytes(3), bytes(1)])).toBe(true)
    expect(await c.delegationsByValidator.has(store, [bytes(2), bytes(3)])).toBe(true)
  })

  test('a genesis not exported exports the last powers the set update made', async () => {
    const fresh = {
      ...exported,
      last_total_power: '0',
      last_validator_powers: [],
      exported: false,
    }
    const { json, updates } = await roundTrip(fresh)
    expect(updates).toEqual([{ pubKey: new Uint8Array(32).fill(101), power: 10n }])
    expect(json).toEqual(exported)
  })

  test('the module imports and exports through its keeper', async () => {
    const { keeper, auth } = keepers(BONDED, NOT_BONDED)
    const module = createStakingModule({ registry, keeper, auth })
    const ctx = genesisContext()
    const updates = await module.initGenesis!(ctx, reversed(exported))
    expect(updates).toEqual([{ pubKey: new Uint8Array(32).fill(101), power: 10n }])
    expect(await module.exportGenesis!(ctx.state as never)).toEqual(exported)
  })

  test('an empty store exports the default section, exported', async () => {
    const { keeper } = keepers(0n, 0n)
    expect(await exportStakingGenesis(genesisContext().state, keeper)).toEqual({
      ...exported,
      last_total_power: '0',
      last_validator_powers: [],
      validators: [],
      delegations: [],
      unbonding_delegations: [],
      redelegations: [],
    })
  })
})
