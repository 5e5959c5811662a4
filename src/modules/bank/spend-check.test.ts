import { describe, expect, test } from 'vitest'
import { genesisState, govChainPerTest, registry } from '../../../test/helpers/gov-chain.js'
import { EventManager } from '../../block/events.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from './keeper.js'

// A module's sends checked, not made (spend-check.ts), against the sends themselves: call by call
// the same outcome and the same error text, and nothing written. And a send whose events are not
// kept (CheckTx's fee payment), against one whose are: the same coins moved.

const chains = govChainPerTest()
const MINT = moduleAddress('mint')
const FEE_COLLECTOR = moduleAddress('fee_collector')
const ALICE = new Uint8Array(20).fill(1)
const BOB = new Uint8Array(20).fill(2)

/** The sends of the comparison: funds run out part-way, within one send too. */
const SENDS: [to: Bytes, coins: Coin[]][] = [
  [ALICE, [{ denom: 'stake', amount: 30n }]],
  [
    BOB,
    [
      { denom: 'stake', amount: 50n },
      { denom: 'token', amount: 3n },
    ],
  ],
  // 20stake left: refused.
  [ALICE, [{ denom: 'stake', amount: 30n }]],
  // A blocked recipient is refused before any balance is looked at.
  [FEE_COLLECTOR, [{ denom: 'stake', amount: 1n }]],
  // The first coin is paid, the second refused: the payment of the first stands.
  [
    BOB,
    [
      { denom: 'stake', amount: 5n },
      { denom: 'token', amount: 9n },
    ],
  ],
  [ALICE, [{ denom: 'stake', amount: 16n }]],
  // To the module itself: it keeps what it pays.
  [MINT, [{ denom: 'token', amount: 2n }]],
  [ALICE, [{ denom: 'token', amount: 2n }]],
  [ALICE, [{ denom: 'token', amount: 1n }]],
  [BOB, [{ denom: 'stake', amount: 0n }]],
]

/** Each send's outcome, in order: `ok` or its error's text. */
async function outcomes(send: (to: Bytes, coins: Coin[]) => Promise<void>): Promise<string[]> {
  const out: string[] = []
  for (const [to, coins] of SENDS) {
    out.push(
      await send(to, coins).then(
        () => 'ok',
        (err: Error) => err.message,
      ),
    )
  }
  return out
}

/** A chain whose x/mint account holds `minted` (counted in the supply), and a bank keeper on it. */
async function chainWithMinted(minted: Coin[]) {
  const c = await chains.create(genesisState({ balances: {} }))
  const bank = new BankKeeper({ registry, accounts: new AuthKeeper({ registry }) })
  await c.edit(async (state) => {
    // Minted, as the supply counts them (x/bank's total-supply invariant).
    for (const coin of minted) {
      bank.setBalance(state, MINT, coin)
      bank.setSupply(state, {
        ...coin,
        amount: (await bank.supplyOf(state, coin.denom)) + coin.amount,
      })
    }
  })
  return { c, bank }
}

describe('bank: a module’s sends checked, not made', () => {
  test('each send is refused as the send itself refuses it, and nothing is written', async () => {
    const { c, bank } = await chainWithMinted([
      { denom: 'stake', amount: 100n },
      { denom: 'token', amount: 5n },
    ])
    await c.inBlock(async (ctx) => {
      const real = { ...ctx, state: ctx.state.branch(), events: new EventManager() }
      const sent = await outcomes((to, coins) =>
        bank.sendCoinsFromModuleToAccount(real, 'mint', to, coins),
      )
      const checked = { ...ctx, state: ctx.state.branch(), events: new EventManager() }
      const check = bank.moduleSendCheck(checked, 'mint')
      expect(await outcomes(check)).toEqual(sent)
      expect(sent).toEqual([
        'ok',
        'ok',
        'spendable balance 20stake is smaller than 30stake: insufficient funds',
        `${addressToBech32(FEE_COLLECTOR)} is not allowed to receive funds: unauthorized`,
        'spendable balance 2token is smaller than 9token: insufficient funds',
        'spendable balance 15stake is smaller than 16stake: insufficient funds',
        'ok',
        'ok',
        'spendable balance 0token is smaller than 1token: insufficient funds',
        'ok',
      ])
      // The real sends moved coins; the check wrote nothing and emitted nothing.
      expect(real.state.size).toBeGreaterThan(0)
      expect(checked.state.size).toBe(0)
      expect(checked.events.events()).toEqual([])
    })
  })

  test('a module account that does not exist is refused as its sends are', async () => {
    const c = await chains.create(genesisState({ balances: {} }))
    const auth = new AuthKeeper({ registry })
    const bank = new BankKeeper({ registry, accounts: auth })
    await c.inBlock(async (ctx) => {
      const err = (f: () => unknown) =>
        Promise.resolve()
          .then(f)
          .then(
            () => 'ok',
            (e: Error) => e.message,
          )
      expect(await err(() => bank.moduleSendCheck(ctx, 'nosuchmodule'))).toBe(
        await err(() => bank.sendCoinsFromModuleToAccount(ctx, 'nosuchmodule', ALICE, [])),
      )
    })
  })
})

describe('bank: a send whose events are not kept (CheckTx)', () => {
  test('moves the same coins and writes as much; only a kept send has the events, with their texts', async () => {
    const { c, bank } = await chainWithMinted([{ denom: 'stake', amount: 100n }])
    await c.inBlock(async (ctx) => {
      const kept = { ...ctx, state: ctx.state.branch(), events: new EventManager() }
      const dropped = { ...ctx, state: ctx.state.branch(), events: new EventManager(true) }
      expect([kept.events.keeps, dropped.events.keeps]).toEqual([true, false])
      for (const x of [kept, dropped]) {
        await bank.sendCoinsFromModuleToAccount(x, 'mint', ALICE, [{ denom: 'stake', amount: 30n }])
        expect(await bank.balance(x.state, ALICE, 'stake')).toBe(30n)
        expect(await bank.balance(x.state, MINT, 'stake')).toBe(70n)
      }
      expect(dropped.state.size).toBe(kept.state.size)
      expect(dropped.events.events()).toEqual([])
      const mint = addressToBech32(MINT)
      const alice = addressToBech32(ALICE)
      expect(
        kept.events.events().map((e) => [e.type, e.attributes.map((a) => `${a.key}=${a.value}`)]),
      ).toEqual([
        ['coin_spent', [`spender=${mint}`, 'amount=30stake']],
        ['coin_received', [`receiver=${alice}`, 'amount=30stake']],
        ['transfer', [`recipient=${alice}`, `sender=${mint}`, 'amount=30stake']],
        ['message', [`sender=${mint}`]],
      ])
    })
  })
})
