import { describe, expect, test } from 'vitest'
import { eventOf, govChainPerTest } from '../../../test/helpers/gov-chain.js'
import { BlockIdFlag } from '../../app/types.js'
import { decFromString } from '../../codec/dec.js'
import { allocateTokens } from './allocation.js'
import {
  cons,
  DISTRIBUTION,
  dec,
  FEE_COLLECTOR,
  genesisWith,
  keepers,
  op,
  POWER,
} from './distribution.case.js'

const chains = govChainPerTest()
const stake = (amount: bigint) => [{ denom: 'stake', amount }]
const vote = (n: number, power: bigint, signed = true) => ({
  address: cons(n),
  power,
  blockIdFlag: signed ? BlockIdFlag.COMMIT : BlockIdFlag.ABSENT,
})

describe('AllocateTokens (upstream allocation_test.go)', () => {
  test('TestAllocateTokensToManyValidators: 100stake, two of power 100, 2% tax', async () => {
    const c = await chains.create(
      genesisWith({
        balances: {},
        fees: 100n,
        rates: { 1: '0.5' },
        validators: [
          { op: 1, tokens: 100n * POWER, delegations: { 1: 100n * POWER } },
          { op: 2, tokens: 100n * POWER, delegations: { 2: 100n * POWER } },
        ],
      }),
    )
    const { k } = keepers()
    const { events } = await c.inBlock(async (ctx) =>
      allocateTokens(k, ctx, 200n, [vote(1, 100n), vote(2, 100n, false)]),
    )
    const state = c.view()
    // 100 × 0.98 = 98; half each (absent votes count too); the 2 of tax to the pool.
    expect(await k.outstandingRewards(state, op(1))).toEqual(stake(dec(49n)))
    expect(await k.outstandingRewards(state, op(2))).toEqual(stake(dec(49n)))
    expect(await k.communityPool(state)).toEqual(stake(dec(2n)))
    expect(await k.accumulatedCommission(state, op(1))).toEqual(stake(decFromString('24.5')))
    expect((await k.currentRewards(state, op(1)))?.rewards).toEqual(stake(decFromString('24.5')))
    expect(await k.accumulatedCommission(state, op(2))).toEqual([])
    expect((await k.currentRewards(state, op(2)))?.rewards).toEqual(stake(dec(49n)))
    expect(await c.balance(FEE_COLLECTOR)).toBe('0')
    expect(await c.balance(DISTRIBUTION)).toBe('100')
    expect(eventOf(events, 'transfer')).toEqual({
      recipient: DISTRIBUTION,
      sender: FEE_COLLECTOR,
      amount: '100stake',
    })
    expect(
      events.filter((e) => e.type === 'commission').map((e) => e.attributes[0]?.value),
    ).toEqual(['24.500000000000000000stake', ''])
  })

  test('TestAllocateTokensTruncation: powers 10, 10, 11 of 110 fees; dust to the pool', async () => {
    const c = await chains.create(
      genesisWith({
        balances: {},
        fees: 634195840n,
        rates: { 1: '0.1', 2: '0.1', 3: '0.1' },
        validators: [
          { op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } },
          { op: 2, tokens: 10n * POWER, delegations: { 2: 10n * POWER } },
          { op: 3, tokens: 11n * POWER, delegations: { 3: 11n * POWER } },
        ],
      }),
    )
    const { k } = keepers()
    await c.inBlock(async (ctx) =>
      allocateTokens(k, ctx, 31n, [vote(1, 11n), vote(2, 10n), vote(3, 10n)]),
    )
    const state = c.view()
    const out = [1, 2, 3].map(async (n) => (await k.outstandingRewards(state, op(n)))[0]!.amount)
    const sum = (await Promise.all(out)).reduce((a, b) => a + b, 0n)
    // Nothing is lost: the validators' shares plus the pool are the fees exactly.
    const pool = (await k.communityPool(state))[0]!.amount
    expect(sum + pool).toBe(dec(634195840n))
    expect(sum).toBeGreaterThan(0n)
  })

  test('a signer x/staking does not know (no gentx chain): its share stays for the community pool', async () => {
    const c = await chains.create(
      genesisWith({
        balances: {},
        fees: 100n,
        validators: [{ op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } }],
      }),
    )
    const { k } = keepers()
    await c.inBlock(async (ctx) => allocateTokens(k, ctx, 20n, [vote(1, 10n), vote(8, 10n)]))
    const state = c.view()
    expect(await k.outstandingRewards(state, op(1))).toEqual(stake(dec(49n)))
    expect(await k.communityPool(state)).toEqual(stake(dec(51n)))
  })

  test('no power in the last commit: everything to the community pool', async () => {
    const c = await chains.create(genesisWith({ balances: {}, fees: 7n }))
    const { k } = keepers()
    await c.inBlock(async (ctx) => allocateTokens(k, ctx, 0n, []))
    expect(await k.communityPool(c.view())).toEqual(stake(dec(7n)))
  })
})
