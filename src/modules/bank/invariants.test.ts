import { describe, expect, test } from 'vitest'
import { govChainPerTest } from '../../../test/helpers/gov-chain.js'
import { ChainHaltError } from '../../errors.js'
import { account, genesisWith, keepers, POWER } from '../distribution/distribution.case.js'

// The app asserts x/bank's invariants after every block's EndBlock (a devnet's default, as upstream
// x/crisis with --inv-check-period 1): a block that breaks one is refused.

const chains = govChainPerTest()

async function chain() {
  return chains.create(
    genesisWith({
      balances: { [account(2)]: 1000n },
      validators: [{ op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } }],
    }),
  )
}

describe('bank invariants', () => {
  test('a balance no supply accounts for is refused, with both sums; the committed state stays', async () => {
    const c = await chain()
    await c.block()
    const { bank } = keepers()
    const height = c.height
    const err = await c
      .inBlock(async (ctx) => {
        bank.setBalance(ctx.state, new Uint8Array(20).fill(2), { denom: 'stake', amount: 1005n })
        bank.setBalance(ctx.state, new Uint8Array(20).fill(2), { denom: 'token', amount: 3n })
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    const json = await c.query('sdk.bank.v1beta1.Query/SupplyOf', { denom: 'stake' })
    const supply = (json.amount as { amount: string }).amount
    expect((err as ChainHaltError).message).toBe(
      'invariant broken: bank: total supply invariant\n' +
        `\tsum of accounts coins: ${BigInt(supply) + 5n}stake,3token\n` +
        `\tsupply.Total:          ${supply}stake\n\n` +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken bank total-supply',
    )
    expect(c.height).toBe(height)
    expect(await c.balance(account(2))).toBe('1000')
  })

  test('a negative balance is refused first, naming the account', async () => {
    const c = await chain()
    const { bank } = keepers()
    const err = await c
      .inBlock(async (ctx) => {
        bank.setBalance(ctx.state, new Uint8Array(20).fill(2), { denom: 'token', amount: -4n })
      })
      .catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      'invariant broken: bank: nonnegative-outstanding invariant\n' +
        'amount of negative balances found 1\n' +
        `\t${account(2)} has a negative balance of -4token\n\n` +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken bank nonnegative-outstanding',
    )
  })

  test('coins moved by a send keep both invariants', async () => {
    const c = await chain()
    const { bank } = keepers()
    await c.inBlock(async (ctx) => {
      await bank.sendCoins(ctx.state, new Uint8Array(20).fill(2), new Uint8Array(20).fill(3), [
        { denom: 'stake', amount: 400n },
      ])
    })
    expect(await c.balance(account(3))).toBe('400')
  })
})
