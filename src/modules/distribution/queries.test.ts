import { afterEach, describe, expect, test } from 'vitest'
import {
  account,
  GovChain,
  genesisState,
  registry,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import type { ModuleConfigurator, QueryContext, RoutedQueryHandler } from '../../app/types.js'
import type { DecCoin } from '../../codec/dec-coins.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { ProtoMessage } from '../../codec/proto.js'
import type { ChainError } from '../../errors.js'
import { stakingCollections } from '../staking/keys.js'
import {
  addDecCoins,
  type DistributionQueryKeeper,
  registerDistributionQueries,
} from './queries.js'

const Q = 'sdk.distribution.v1beta1.Query'
const E18 = 10n ** 18n
const bytes = (n: number) => new Uint8Array(20).fill(n)

/**
 * The distribution query handlers over the real staking state of a test chain (validators 9 and 8;
 * account 1 delegates to both, 9 and 8 to themselves, validator 7 has no self-delegation) and a
 * keeper that answers fixed amounts: what the handlers check, in which order, and how they shape
 * the keeper's answers.
 */
let chain: GovChain | undefined
afterEach(async () => {
  await chain?.destroy()
  chain = undefined
})

const keeper: DistributionQueryKeeper = {
  rawParams: async () =>
    registry.type('sdk.distribution.v1beta1.Params').fromObject({
      community_tax: (2n * 10n ** 16n).toString(),
      base_proposer_reward: '0',
      bonus_proposer_reward: '0',
      withdraw_addr_enabled: true,
    }) as never,
  communityPool: async () => [{ denom: 'stake', amount: 15n * 10n ** 17n }],
  outstandingRewards: async (_s, op) => [{ denom: 'stake', amount: BigInt(op[0]!) * E18 }],
  accumulatedCommission: async (_s, op) =>
    op[0] === 8 ? [] : [{ denom: 'stake', amount: E18 / 2n }],
  withdrawAddress: async (_s, del) => (del[0] === 1 ? bytes(2) : del),
  delegationRewards: async (_s, op, del): Promise<DecCoin[]> => [
    { denom: 'stake', amount: BigInt(op[0]!) * E18 + BigInt(del[0]!) },
    ...(op[0] === 8 ? [{ denom: 'atom', amount: 1n }] : []),
  ],
  delegatorValidators: async (_s, del) => (del[0] === 1 ? [bytes(8), bytes(9)] : []),
}

async function start(): Promise<Map<string, RoutedQueryHandler>> {
  chain = await GovChain.create(
    genesisState({
      balances: { [account(1)]: 1_000_000n },
      validators: [
        { op: 9, tokens: 10_000_000n, delegations: { 9: 6_000_000n, 1: 3_000_000n } },
        { op: 8, tokens: 5_000_000n, delegations: { 8: 4_000_000n, 1: 1_000_000n } },
        { op: 7, tokens: 1_000_000n, delegations: { 1: 1_000_000n } },
      ],
    }),
  )
  // Genesis is height 0, which no view serves: queries read the first block's state.
  await chain.edit(() => {})
  const handlers = new Map<string, RoutedQueryHandler>()
  const cfg = {
    registerQuery: (method: string, h: RoutedQueryHandler) => handlers.set(method, h),
    registerMsg: () => {},
    registerMigration: () => {},
  } as unknown as ModuleConfigurator
  const c = stakingCollections(registry)
  registerDistributionQueries(cfg, keeper, {
    validator: (state, operator) => c.validators.get(state.store('staking'), operator),
    delegation: (state, delegator, operator) =>
      c.delegations.get(state.store('staking'), [delegator, operator]),
  })
  return handlers
}

/** Runs one handler at the latest height; its response as the gateway writes it. */
async function query(
  handlers: Map<string, RoutedQueryHandler>,
  method: string,
  request: ProtoMessage = {},
): Promise<Record<string, unknown>> {
  const m = registry.service(Q).methods[method]!
  m.resolve()
  const ctx: QueryContext = { height: chain!.height, state: chain!.view(), registry }
  const req = m.resolvedRequestType!.fromObject(request) as ProtoMessage
  const response = await handlers.get(`${Q}/${method}`)!(req, ctx)
  const resType = m.resolvedResponseType!
  return messageToJson(registry, resType, resType.fromObject(response) as ProtoMessage) as Record<
    string,
    unknown
  >
}

async function queryError(
  handlers: Map<string, RoutedQueryHandler>,
  method: string,
  request: ProtoMessage,
) {
  try {
    await query(handlers, method, request)
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage() }
  }
  throw new Error('query succeeded')
}

describe('distribution queries', () => {
  test('params, community pool, outstanding rewards and commission as upstream shapes them', async () => {
    const h = await start()
    expect(await query(h, 'Params')).toEqual({
      params: {
        community_tax: '0.020000000000000000',
        base_proposer_reward: '0.000000000000000000',
        bonus_proposer_reward: '0.000000000000000000',
        withdraw_addr_enabled: true,
      },
    })
    expect(await query(h, 'CommunityPool')).toEqual({
      pool: [{ denom: 'stake', amount: '1.500000000000000000' }],
    })
    expect(
      await query(h, 'ValidatorOutstandingRewards', { validator_address: valoper(9) }),
    ).toEqual({ rewards: { rewards: [{ denom: 'stake', amount: '9.000000000000000000' }] } })
    expect(await query(h, 'ValidatorCommission', { validator_address: valoper(8) })).toEqual({
      commission: { commission: [] },
    })
  })

  test('rewards of one delegation, of all, the validators and the withdraw address', async () => {
    const h = await start()
    expect(
      await query(h, 'DelegationRewards', {
        delegator_address: account(1),
        validator_address: valoper(9),
      }),
    ).toEqual({ rewards: [{ denom: 'stake', amount: '9.000000000000000001' }] })
    expect(await query(h, 'DelegationTotalRewards', { delegator_address: account(1) })).toEqual({
      rewards: [
        {
          validator_address: valoper(8),
          reward: [
            { denom: 'stake', amount: '8.000000000000000001' },
            { denom: 'atom', amount: '0.000000000000000001' },
          ],
        },
        {
          validator_address: valoper(9),
          reward: [{ denom: 'stake', amount: '9.000000000000000001' }],
        },
      ],
      total: [
        { denom: 'atom', amount: '0.000000000000000001' },
        { denom: 'stake', amount: '17.000000000000000002' },
      ],
    })
    expect(await query(h, 'DelegationTotalRewards', { delegator_address: account(3) })).toEqual({
      rewards: [],
      total: [],
    })
    expect(await query(h, 'DelegatorValidators', { delegator_address: account(1) })).toEqual({
      validators: [valoper(8), valoper(9)],
    })
    expect(await query(h, 'DelegatorWithdrawAddress', { delegator_address: account(1) })).toEqual({
      withdraw_address: account(2),
    })
    expect(await query(h, 'DelegatorWithdrawAddress', { delegator_address: account(3) })).toEqual({
      withdraw_address: account(3),
    })
  })

  test('validator distribution info: the account address, self-bond rewards and commission', async () => {
    const h = await start()
    expect(await query(h, 'ValidatorDistributionInfo', { validator_address: valoper(9) })).toEqual({
      operator_address: account(9),
      self_bond_rewards: [{ denom: 'stake', amount: '9.000000000000000009' }],
      commission: [{ denom: 'stake', amount: '0.500000000000000000' }],
    })
    // Validator 7 exists but has no self-delegation: staking's ErrNoDelegation, as upstream.
    expect(
      await queryError(h, 'ValidatorDistributionInfo', { validator_address: valoper(7) }),
    ).toEqual({
      code: 5,
      message: 'codespace staking code 19: no delegation for (address, validator) tuple',
    })
  })

  test('errors: empty and bad addresses, unknown validator, missing delegation, in upstream order', async () => {
    const h = await start()
    const empty = { code: 3, message: 'empty validator address' }
    for (const m of [
      'ValidatorDistributionInfo',
      'ValidatorOutstandingRewards',
      'ValidatorCommission',
      'ValidatorSlashes',
    ]) {
      expect(await queryError(h, m, {})).toEqual(empty)
    }
    for (const m of ['DelegationTotalRewards', 'DelegatorValidators', 'DelegatorWithdrawAddress']) {
      expect(await queryError(h, m, {})).toEqual({ code: 3, message: 'empty delegator address' })
    }
    // DelegationRewards checks the delegator's presence first, then the validator.
    expect(await queryError(h, 'DelegationRewards', { validator_address: valoper(9) })).toEqual({
      code: 3,
      message: 'empty delegator address',
    })
    expect(await queryError(h, 'DelegationRewards', { delegator_address: account(1) })).toEqual(
      empty,
    )
    const unknown = { code: 5, message: 'codespace staking code 3: validator does not exist' }
    for (const m of [
      'ValidatorDistributionInfo',
      'ValidatorOutstandingRewards',
      'ValidatorCommission',
    ]) {
      expect(await queryError(h, m, { validator_address: valoper(6) })).toEqual(unknown)
    }
    expect(
      await queryError(h, 'DelegationRewards', {
        delegator_address: account(1),
        validator_address: valoper(6),
      }),
    ).toEqual(unknown)
    expect(
      await queryError(h, 'DelegationRewards', {
        delegator_address: account(3),
        validator_address: valoper(9),
      }),
    ).toEqual({
      code: 5,
      message: 'codespace staking code 19: no delegation for (address, validator) tuple',
    })
    // A bad validator address is the address codec's text; ValidatorSlashes says upstream's own.
    const bad = await queryError(h, 'ValidatorCommission', { validator_address: 'sdkvaloper1xyz' })
    expect(bad.code).toBe(3)
    expect(bad.message).toMatch(/^decoding bech32 failed/)
    expect(
      await queryError(h, 'ValidatorSlashes', { validator_address: account(9), ending_height: 1 }),
    ).toEqual({ code: 3, message: 'invalid validator address' })
    expect(
      (await queryError(h, 'DelegatorValidators', { delegator_address: valoper(9) })).code,
    ).toBe(3)
  })

  test('slashes: ending below starting is refused before the address is read', async () => {
    const h = await start()
    expect(
      await queryError(h, 'ValidatorSlashes', {
        validator_address: 'not-an-address',
        starting_height: 10,
        ending_height: 1,
      }),
    ).toEqual({ code: 3, message: 'starting height greater than ending height (10 > 1)' })
    expect(
      await query(h, 'ValidatorSlashes', { validator_address: valoper(9), ending_height: 100 }),
    ).toEqual({ slashes: [], pagination: { next_key: null, total: '0' } })
  })
})

describe('addDecCoins', () => {
  test('sums per denom, sorted, dropping zeros', () => {
    expect(
      addDecCoins(
        [
          { denom: 'b', amount: 1n },
          { denom: 'c', amount: 2n },
        ],
        [
          { denom: 'a', amount: 3n },
          { denom: 'c', amount: -2n },
        ],
      ),
    ).toEqual([
      { denom: 'a', amount: 3n },
      { denom: 'b', amount: 1n },
    ])
  })
})
