import { expect, test } from 'vitest'
import {
  account,
  genesisState,
  govChainPerTest,
  registry,
} from '../../../test/helpers/gov-chain.js'
import { promisesOnly } from '../../../test/helpers/promises-only.js'
import { EventManager } from '../../block/events.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { StateBranch } from '../../store/types.js'
import { GasMeter, meteredBranch } from '../../tx/gas.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from './keeper.js'

// A bank send and a fee payment whose reads memory answers run at once, without a promise (every
// tx makes two, in CheckTx and again in its block). Over a store that answers only through
// promises, the same calls move the same coins, emit the same events, charge the same gas and fail
// with the same error.

const chains = govChainPerTest()
const ALICE = bech32ToAddress(account(1))
const BOB = bech32ToAddress(account(2))
const stake = (amount: bigint) => [{ denom: 'stake', amount }]

test('behavior: a send and a fee at once from memory, and alike through promises: coins, events, gas, errors', async () => {
  const c = await chains.create(genesisState({ balances: { [account(1)]: 1_000n } }))
  const bank = new BankKeeper({ registry, accounts: new AuthKeeper({ registry }) })
  await c.inBlock(async (ctx) => {
    // Bob's account and the fee collector's are made by a first send and a first fee: an
    // account's creation is a promise.
    const base = ctx.state.branch()
    const first = { ...ctx, state: base, events: new EventManager() }
    await bank.send(first, ALICE, BOB, stake(1n))
    await bank.sendCoinsFromAccountToModule(first, ALICE, 'fee_collector', stake(1n))

    const run = (state: StateBranch) => {
      const meter = new GasMeter(undefined)
      return {
        meter,
        ctx: { ...ctx, state: meteredBranch(state, meter), events: new EventManager() },
      }
    }
    const now = run(base.branch())
    const later = run(promisesOnly(base.branch()))

    expect(bank.send(now.ctx, ALICE, BOB, stake(30n))).toBeUndefined()
    expect(
      bank.sendCoinsFromAccountToModule(now.ctx, ALICE, 'fee_collector', stake(2n)),
    ).toBeUndefined()
    const sent = bank.send(later.ctx, ALICE, BOB, stake(30n))
    expect(sent).toBeInstanceOf(Promise)
    await sent
    await bank.sendCoinsFromAccountToModule(later.ctx, ALICE, 'fee_collector', stake(2n))

    expect(now.meter.consumed).toBeGreaterThan(0n)
    expect(later.meter.consumed).toBe(now.meter.consumed)
    expect(later.ctx.events.events()).toEqual(now.ctx.events.events())
    expect(now.ctx.events.events().map((e) => e.type)).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
    ])
    for (const x of [now, later]) {
      expect(await bank.balance(x.ctx.state, ALICE, 'stake')).toBe(1_000n - 2n - 32n)
      expect(await bank.balance(x.ctx.state, BOB, 'stake')).toBe(31n)
    }

    // More than Alice has: refused at once from memory, rejected through promises, alike.
    const meterAt = [now.meter.consumed, later.meter.consumed]
    expect(() => bank.send(now.ctx, ALICE, BOB, stake(5_000n))).toThrow(
      'spendable balance 966stake is smaller than 5000stake: insufficient funds',
    )
    await expect(bank.send(later.ctx, ALICE, BOB, stake(5_000n))).rejects.toThrow(
      'spendable balance 966stake is smaller than 5000stake: insufficient funds',
    )
    expect(later.meter.consumed - meterAt[1]!).toBe(now.meter.consumed - meterAt[0]!)
  })
})
