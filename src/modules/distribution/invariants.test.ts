import { describe, expect, test } from 'vitest'
import { govChainPerTest, valoper } from '../../../test/helpers/gov-chain.js'
import { moduleAddress } from '../../codec/address.js'
import { ChainHaltError } from '../../errors.js'
import { DISTRIBUTION, genesisWith, keepers, op, POWER } from './distribution.case.js'

// The app asserts x/distribution's invariants after every block's EndBlock: a block that breaks
// one is refused (nothing of it is committed).

const chains = govChainPerTest()

async function chain() {
  return chains.create(
    genesisWith({
      balances: {},
      fees: 100n,
      rates: { 1: '0.1' },
      validators: [{ op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } }],
    }),
  )
}

describe('distribution invariants', () => {
  test('a block that leaves the distribution account short of its holdings is refused; the committed state stays', async () => {
    const c = await chain()
    await c.block()
    const { bank } = keepers()
    const height = c.height
    const err = await c
      .inBlock(async (ctx) => {
        // Out of band: coins appear in the distribution account that no record accounts for (the
        // supply follows, as `sdkd dev set-balance` does, so x/bank's total holds).
        bank.setBalance(ctx.state, moduleAddress('distribution'), { denom: 'stake', amount: 5n })
        const supply = await bank.supplyOf(ctx.state, 'stake')
        bank.setSupply(ctx.state, { denom: 'stake', amount: supply + 5n })
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    expect((err as ChainHaltError).message).toBe(
      'invariant broken: distribution: ModuleAccount coins invariant\n' +
        '\texpected ModuleAccount coins:     \n' +
        '\tdistribution ModuleAccount coins: 5stake\n\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution module-account',
    )
    expect(c.height).toBe(height)
    expect(await c.balance(DISTRIBUTION)).toBe('0')
  })

  test('a reference count out of step with the delegations is refused', async () => {
    const c = await chain()
    const { k } = keepers()
    const err = await c
      .inBlock(async (ctx) => {
        // A period record nothing refers to.
        k.setHistoricalRewards(ctx.state, op(1), 7n, { ratio: [], referenceCount: 1 })
      })
      .catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      'invariant broken: distribution: reference count invariant\n' +
        'expected historical reference count: 2 = 1 validators + 1 delegations + 0 slashes\n' +
        'total validator historical reference count: 3\n\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution reference-count',
    )
  })

  test('negative outstanding rewards are refused', async () => {
    const c = await chain()
    const { k } = keepers()
    const err = await c
      .inBlock(async (ctx) => {
        k.setOutstandingRewards(ctx.state, op(1), [{ denom: 'stake', amount: -1n }])
      })
      .catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      'invariant broken: distribution: nonnegative outstanding invariant\n' +
        'found 1 validators with negative outstanding rewards\n' +
        `\t${valoper(1)} has negative outstanding coins: -0.000000000000000001stake\n\n` +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution nonnegative-outstanding',
    )
  })

  test('rewards the distribution account cannot pay break can-withdraw with the payment’s refusal; the committed state stays', async () => {
    // The invariant checks its payments without making them (x/bank's moduleSendCheck): the refusal
    // is the send's own, word for word.
    const c = await chain()
    await c.block()
    await c.block()
    const { k } = keepers()
    const height = c.height
    const err = await c
      .inBlock(async (ctx) => {
        const current = (await k.currentRewards(ctx.state, op(1)))!
        k.setCurrentRewards(ctx.state, op(1), {
          rewards: [{ denom: 'stake', amount: 10n ** 30n }],
          period: current.period,
        })
        k.setOutstandingRewards(ctx.state, op(1), [{ denom: 'stake', amount: 10n ** 30n }])
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    expect((err as Error).message).toBe(
      'invariant broken: distribution: can withdraw invariant\n' +
        'withdrawing failed: spendable balance 0stake is smaller than 1000000000000stake: insufficient funds\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution can-withdraw',
    )
    expect(c.height).toBe(height)
  })

  test('rewards recorded with no coins behind them and nothing yet to withdraw: refused by module-account', async () => {
    // The genesis delegation starts at this block's height, so it has nothing to withdraw yet:
    // can-withdraw pays nothing and passes. The distribution account holds none of what is
    // outstanding.
    const c = await chain()
    const { k } = keepers()
    const err = await c
      .inBlock(async (ctx) => {
        k.setOutstandingRewards(ctx.state, op(1), [{ denom: 'stake', amount: 10n ** 24n }])
        k.setCurrentRewards(ctx.state, op(1), {
          rewards: [{ denom: 'stake', amount: 10n ** 24n }],
          period: 2n,
        })
      })
      .catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      'invariant broken: distribution: ModuleAccount coins invariant\n' +
        '\texpected ModuleAccount coins:     1000000stake\n' +
        '\tdistribution ModuleAccount coins: \n\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution module-account',
    )
  })
})
