import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  type GovChain,
  govChainPerTest,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { moduleAddress } from '../../codec/address.js'
import { decFromString } from '../../codec/dec.js'
import type { DecCoin } from '../../codec/dec-coins.js'
import { allocateTokensToValidator } from './allocation.js'
import { acc, cons, dec, genesisWith, keepers, op, POWER } from './distribution.case.js'
import { calculateDelegationRewards, incrementValidatorPeriod } from './periods.js'

// Upstream x/distribution/keeper/delegation_test.go: one validator (operator 1, self-delegated)
// with 50% commission; rewards allocated and slashes made in blocks of the test chain.

const chains = govChainPerTest()
const stake = (amount: bigint): DecCoin[] => [{ denom: 'stake', amount }]
const HALF = decFromString('0.5')

async function setUp(tokens = 100n * POWER, balances: Record<string, bigint> = {}) {
  const c = await chains.create(
    genesisWith({
      balances,
      rates: { 1: '0.5' },
      validators: [{ op: 1, tokens, delegations: { 1: tokens } }],
    }),
  )
  return { c, ...keepers() }
}

type Setup = Awaited<ReturnType<typeof setUp>>

/** In a new block: closes the validator's period and returns delegator `d`'s rewards. */
async function rewardsOf({ c, k, staking }: Setup, d: number): Promise<DecCoin[]> {
  const { value } = await c.inBlock(async (ctx) => {
    const val = (await staking.validator(ctx.state, op(1)))!
    const del = (await staking.delegation(ctx.state, acc(d), op(1)))!
    const ending = await incrementValidatorPeriod(k, ctx.state, op(1), val)
    return calculateDelegationRewards(
      k,
      ctx.state,
      BigInt(ctx.height),
      op(1),
      acc(d),
      val,
      del,
      ending,
    )
  })
  return value
}

/**
 * Allocates `amount` to the validator, the coins minted to the distribution account first (as
 * upstream's tests fund it), so the module-account and total-supply invariants hold.
 */
async function allocate({ c, k, staking, bank }: Setup, amount: bigint): Promise<void> {
  await c.inBlock(async (ctx) => {
    await bank.addCoins(ctx.state, moduleAddress('distribution'), [{ denom: 'stake', amount }])
    const supply = await bank.supplyOf(ctx.state, 'stake')
    bank.setSupply(ctx.state, { denom: 'stake', amount: supply + amount })
    const val = (await staking.validator(ctx.state, op(1)))!
    await allocateTokensToValidator(k, ctx, val, stake(dec(amount)))
  })
}

async function slash({ c, staking }: Setup, power: bigint, times = 1): Promise<void> {
  await c.inBlock(async (ctx) => {
    for (let i = 0; i < times; i++) await staking.slash(ctx, cons(1), ctx.height, power, HALF)
  })
}

async function delegate(c: GovChain, d: number, amount: bigint): Promise<void> {
  await c.tx('/sdk.staking.v1beta1.MsgDelegate', {
    delegator_address: account(d),
    validator_address: valoper(1),
    amount: { denom: 'stake', amount: amount.toString() },
  })
}

describe('CalculateDelegationRewards (upstream delegation_test.go)', () => {
  test('TestCalculateRewardsBasic: nothing at first, then half of 10 (the rest is commission)', async () => {
    const s = await setUp()
    expect(await rewardsOf(s, 1)).toEqual([])
    await allocate(s, 10n)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(5n)))
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(dec(5n)))
  })

  test('TestCalculateRewardsAfterSlash: a 50% slash, then 10 power of rewards', async () => {
    const s = await setUp()
    await slash(s, 100n)
    const initial = 10n * POWER
    await allocate(s, initial)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(initial / 2n)))
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(dec(initial / 2n)))
  })

  test('TestCalculateRewardsAfterManySlashes: slash, reward, slash, reward', async () => {
    const s = await setUp()
    const initial = 10n * POWER
    await slash(s, 100n)
    await allocate(s, initial)
    await slash(s, 50n)
    await allocate(s, initial)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(initial)))
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(dec(initial)))
  })

  test('TestCalculateRewardsAfterManySlashesInSameBlock', async () => {
    const s = await setUp()
    const initial = 10n * POWER
    await allocate(s, initial)
    await s.c.inBlock(async (ctx) => {
      await s.staking.slash(ctx, cons(1), ctx.height, 100n, HALF)
      await s.staking.slash(ctx, cons(1), ctx.height, 50n, HALF)
    })
    await allocate(s, initial)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(initial)))
    const events = []
    for await (const e of s.k.slashEvents(s.c.view(), op(1))) events.push(e)
    // Two events at one height, told apart by their periods (2 and 3).
    expect(events.map((e) => [e.height, e.period])).toEqual([
      [2n, 2n],
      [2n, 3n],
    ])
  })

  test('TestCalculateRewardsMultiDelegator: 3/4 and 1/4 of 20', async () => {
    const s = await setUp(100n * POWER, { [account(2)]: 100n * POWER })
    await allocate(s, 20n)
    await delegate(s.c, 2, 100n * POWER)
    await allocate(s, 20n)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(15n)))
    // Rewards of the same (closed) period for the second delegator, read at the next height.
    expect(await rewardsOf(s, 2)).toEqual(stake(dec(5n)))
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(dec(20n)))
  })

  test('TestCalculateRewardsMultiDelegatorMultiSlash: 2/3 and 1/3 of 30 power', async () => {
    const s = await setUp(100n * POWER, { [account(2)]: 100n * POWER })
    const initial = 30n * POWER
    await allocate(s, initial)
    await slash(s, 100n)
    await delegate(s.c, 2, 100n * POWER)
    await allocate(s, initial)
    // 50 power of 150 burns: an effective fraction of 1/3.
    await slash(s, 100n)
    expect(await rewardsOf(s, 1)).toEqual(stake(dec(initial / 2n + initial / 6n)))
    expect(await rewardsOf(s, 2)).toEqual(stake(dec(initial / 3n)))
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(dec(initial)))
  })
})

describe('withdrawals (upstream TestWithdrawDelegationRewardsBasic and the msg server)', () => {
  test('a deposit to the rewards pool, then the delegator and the operator withdraw their halves', async () => {
    const s = await setUp(100n * POWER, { [account(1)]: 0n, [account(3)]: 1000n })
    const msgs = '/sdk.distribution.v1beta1'
    await s.c.tx(`${msgs}.MsgDepositValidatorRewardsPool`, {
      depositor: account(3),
      validator_address: valoper(1),
      amount: [{ denom: 'stake', amount: '101' }],
    })
    const r = await s.c.tx(`${msgs}.MsgWithdrawDelegatorReward`, {
      delegator_address: account(1),
      validator_address: valoper(1),
    })
    // 101 × 0.5 = 50.5 commission ; the delegator's 50.5 pays 50.
    expect(eventOf(r.events, 'withdraw_rewards')).toEqual({
      amount: '50stake',
      validator: valoper(1),
      delegator: account(1),
    })
    expect(await s.c.balance(account(1))).toBe('50')
    expect(await s.k.communityPool(s.c.view())).toEqual(stake(decFromString('0.5')))
    const w = await s.c.tx(`${msgs}.MsgWithdrawValidatorCommission`, {
      validator_address: valoper(1),
    })
    expect(eventOf(w.events, 'withdraw_commission')).toEqual({ amount: '50stake' })
    expect(await s.c.balance(account(1))).toBe('100')
    expect(await s.k.accumulatedCommission(s.c.view(), op(1))).toEqual(stake(decFromString('0.5')))
    // Nothing accrued since: a zero withdrawal reports 0stake.
    const again = await s.c.tx(`${msgs}.MsgWithdrawDelegatorReward`, {
      delegator_address: account(1),
      validator_address: valoper(1),
    })
    expect(eventOf(again.events, 'withdraw_rewards')?.amount).toBe('0stake')
    // Only the 0.5 of commission is left: it cannot be withdrawn as a coin.
    const none = await s.c.tx(`${msgs}.MsgWithdrawValidatorCommission`, {
      validator_address: valoper(1),
    })
    expect(eventOf(none.events, 'withdraw_commission')).toEqual({ amount: '' })
  })
})

describe('the read API queries use', () => {
  test('delegationRewards closes the period in a throw-away view: the same answer twice, the store untouched', async () => {
    const s = await setUp(100n * POWER, { [account(2)]: 100n * POWER })
    await delegate(s.c, 2, 100n * POWER)
    await allocate(s, 20n)
    const view = s.c.view()
    const before = await s.k.currentRewards(view, op(1))
    // Half of 20 is commission; the two equal delegations share the other 10.
    expect(await s.k.delegationRewards(view, op(1), acc(2))).toEqual(stake(dec(5n)))
    expect(await s.k.delegationRewards(view, op(1), acc(2))).toEqual(stake(dec(5n)))
    expect(await s.k.currentRewards(view, op(1))).toEqual(before)
    expect(await s.k.delegationRewards(view, op(1), acc(7))).toBeUndefined()
    expect(await s.k.delegationRewards(view, op(9), acc(2))).toBeUndefined()
    expect(await s.k.delegatorValidators(view, acc(2))).toEqual([op(1)])
    expect(await s.k.withdrawAddress(view, acc(2))).toEqual(acc(2))
  })

  test('slashEvents lists the slashes in key order', async () => {
    const s = await setUp()
    await slash(s, 100n)
    await slash(s, 50n)
    const events = []
    for await (const e of s.k.slashEvents(s.c.view(), op(1))) events.push(e)
    expect(events).toEqual([
      { height: 1n, period: 2n, validatorPeriod: 2n, fraction: HALF },
      { height: 2n, period: 3n, validatorPeriod: 3n, fraction: HALF },
    ])
  })
})
