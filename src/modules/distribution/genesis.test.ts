import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { addressToBech32 } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import type { DistributionBankKeeper, DistributionStakingKeeper } from './expected-keepers.js'
import {
  defaultDistributionGenesis,
  exportDistributionGenesis,
  initDistributionGenesis,
  parseDistributionGenesis,
} from './genesis.js'
import { DistributionKeeper } from './keeper.js'

// Genesis of x/distribution: validation, and an import/export round trip of every record kind.

const registry = protoRegistry()
const val = addressToBech32(new Uint8Array(20).fill(1), 'sdkvaloper')
const del = addressToBech32(new Uint8Array(20).fill(2))
const withdraw = addressToBech32(new Uint8Array(20).fill(3))

function keeperHolding(balance: bigint) {
  const bank = {
    balances: async () => (balance > 0n ? [{ denom: 'stake', amount: balance }] : []),
    moduleAddress: () => new Uint8Array(20),
    ensureModuleAccount: async () => {},
  } as unknown as DistributionBankKeeper
  return new DistributionKeeper({
    registry,
    staking: {} as DistributionStakingKeeper,
    bank,
  })
}

const exported = {
  params: {
    community_tax: '0.030000000000000000',
    base_proposer_reward: '0.000000000000000000',
    bonus_proposer_reward: '0.000000000000000000',
    withdraw_addr_enabled: false,
  },
  fee_pool: { community_pool: [{ denom: 'stake', amount: '2.500000000000000000' }] },
  delegator_withdraw_infos: [{ delegator_address: del, withdraw_address: withdraw }],
  previous_proposer: addressToBech32(new Uint8Array(20).fill(9), 'sdkvalcons'),
  outstanding_rewards: [
    {
      validator_address: val,
      outstanding_rewards: [{ denom: 'stake', amount: '10.750000000000000000' }],
    },
  ],
  validator_accumulated_commissions: [
    {
      validator_address: val,
      accumulated: { commission: [{ denom: 'stake', amount: '1.075000000000000000' }] },
    },
  ],
  validator_historical_rewards: [
    {
      validator_address: val,
      period: '1',
      rewards: { cumulative_reward_ratio: [], reference_count: 2 },
    },
    {
      validator_address: val,
      period: '3',
      rewards: {
        cumulative_reward_ratio: [{ denom: 'stake', amount: '0.000000967500000000' }],
        reference_count: 1,
      },
    },
  ],
  validator_current_rewards: [{ validator_address: val, rewards: { rewards: [], period: '4' } }],
  delegator_starting_infos: [
    {
      delegator_address: del,
      validator_address: val,
      starting_info: { previous_period: '1', stake: '10000000.000000000000000000', height: '0' },
    },
  ],
  validator_slash_events: [
    {
      validator_address: val,
      height: '7',
      period: '3',
      validator_slash_event: { validator_period: '3', fraction: '0.010000000000000000' },
    },
  ],
}

describe('distribution genesis', () => {
  test("the default section is simd's", () => {
    expect(defaultDistributionGenesis().params).toEqual({
      community_tax: '0.020000000000000000',
      base_proposer_reward: '0.000000000000000000',
      bonus_proposer_reward: '0.000000000000000000',
      withdraw_addr_enabled: true,
    })
  })

  test('import then export gives the same section, every record kind included', async () => {
    // Holdings 2.5 + 10.75 = 13.25: the account must hold 13.
    const k = keeperHolding(13n)
    const ctx = genesisContext()
    await initDistributionGenesis(ctx, k, parseDistributionGenesis(registry, exported))
    expect(await exportDistributionGenesis(ctx.state, k)).toEqual(exported)
  })

  test('InitGenesis refuses an account that does not hold the whole coins of the holdings', async () => {
    const k = keeperHolding(12n)
    await expect(
      initDistributionGenesis(genesisContext(), k, parseDistributionGenesis(registry, exported)),
    ).rejects.toMatchObject({
      message:
        'distribution module balance does not match the module holdings: 12stake <-> 13stake',
    })
  })

  test('validation: the community tax, a negative pool, addresses', () => {
    const bad = (change: Record<string, unknown>) => () =>
      parseDistributionGenesis(registry, { ...defaultDistributionGenesis(), ...change })
    expect(
      bad({ params: { ...defaultDistributionGenesis().params, community_tax: '1.5' } }),
    ).toThrow('app_state.distribution.params: community tax too large: 1.500000000000000000')
    expect(bad({ fee_pool: { community_pool: [{ denom: 'stake', amount: '-1' }] } })).toThrow(
      'negative CommunityPool in distribution fee pool',
    )
    expect(
      bad({ delegator_withdraw_infos: [{ delegator_address: 'nope', withdraw_address: del }] }),
    ).toThrow('app_state.distribution.delegator_withdraw_infos[0].delegator_address')
  })
})
