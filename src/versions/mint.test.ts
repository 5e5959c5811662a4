import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  genesisState,
  govChainPerTest,
  registry,
} from '../../test/helpers/gov-chain.js'
import { addressToBech32, moduleAddress } from '../codec/address.js'
import { createV1 } from './v1.js'
import { createV2 } from './v2.js'

/**
 * x/mint wired into the app versions: its place in the orders, and blocks that mint, with figures
 * worked out by hand from upstream's formula (LegacyDec rounding: `Quo` and `Mul` half to even,
 * `QuoInt` and `TruncateInt` truncating).
 */
const chains = govChainPerTest()
const FEE_COLLECTOR = addressToBech32(moduleAddress('fee_collector'))
const MINT = addressToBech32(moduleAddress('mint'))
const DISTRIBUTION = addressToBech32(moduleAddress('distribution'))

/** One block whose BeginBlock runs the app's BeginBlockers; returns its events. */
async function beginBlock(c: Awaited<ReturnType<typeof chains.create>>) {
  return (await c.inBlock((ctx) => c.app.beginBlock(ctx))).events
}

describe('x/mint in the app versions', () => {
  test('consensus version 2, genesis after gov, BeginBlocker first, in v1 and v2', () => {
    for (const v of [createV1({ registry }), createV2({ registry })]) {
      expect(v.modules.find((m) => m.name === 'mint')?.consensusVersion).toBe(2)
      const order = v.order.initGenesis
      expect(order.indexOf('mint')).toBe(order.indexOf('gov') + 1)
      expect(v.order.beginBlockers[0]).toBe('mint')
    }
  })

  test('a quarter bonded: two blocks mint 823890 each to the fee collector, inflation rising', async () => {
    // 30·10^12 liquid and 10·10^12 bonded: a bonded ratio of exactly 0.25.
    const c = await chains.create(
      genesisState({
        balances: { [account(1)]: 30_000_000_000_000n },
        validators: [
          { op: 11, tokens: 10_000_000_000_000n, delegations: { 11: 10_000_000_000_000n } },
        ],
      }),
    )
    // Block 1: 0.25/0.67 = 0.373134328358208955; (1 − it)·0.13 = 0.081492537313432836;
    // ÷ 6311520 = 0.000000012911713393; inflation 0.130000012911713393; × 40·10^12 supply =
    // 5200000516468.53572; ÷ 6311520 = 823890.1…, truncated.
    const first = await beginBlock(c)
    expect(eventOf(first, 'mint')).toEqual({
      bonded_ratio: '0.250000000000000000',
      inflation: '0.130000012911713393',
      annual_provisions: '5200000516468.535720000000000000',
      amount: '823890',
    })
    expect(eventOf(first, 'coinbase')).toEqual({ minter: MINT, amount: '823890stake' })
    expect(eventOf(first, 'transfer')).toEqual({
      recipient: FEE_COLLECTOR,
      sender: MINT,
      amount: '823890stake',
    })
    expect(await c.balance(FEE_COLLECTOR)).toBe('823890')
    expect(await c.balance(MINT)).toBe('0')
    // Block 2: the supply is 40000000823890, so the ratio is 10^31 / it, truncated.
    const second = await beginBlock(c)
    expect(eventOf(second, 'mint')).toEqual({
      bonded_ratio: '0.249999994850687606',
      inflation: '0.130000025823426944',
      annual_provisions: '5200001140042.799035663224892160',
      amount: '823890',
    })
    // Distribution's BeginBlocker (after mint's) took both provisions from the fee collector; with
    // no votes in the last commit they all went to the community pool.
    expect(await c.balance(FEE_COLLECTOR)).toBe('0')
    expect(await c.balance(DISTRIBUTION)).toBe('1647780')
    expect(await c.query('sdk.bank.v1beta1.Query/SupplyOf', { denom: 'stake' })).toEqual({
      amount: { denom: 'stake', amount: '40000001647780' },
    })
    expect(await c.query('sdk.mint.v1beta1.Query/Inflation')).toEqual({
      inflation: '0.130000025823426944',
    })
  })

  test('a provision that truncates to zero mints nothing but still sends empty coins, as upstream', async () => {
    const c = await chains.create(genesisState({ balances: { [account(1)]: 1_000_000n } }))
    const events = await beginBlock(c)
    // 0.13·10^6 ÷ 6311520 < 1: MintCoins is skipped (no coinbase); the send runs with "".
    expect(eventOf(events, 'coinbase')).toBeUndefined()
    expect(eventOf(events, 'transfer')).toEqual({
      recipient: FEE_COLLECTOR,
      sender: MINT,
      amount: '',
    })
    expect(eventOf(events, 'mint')).toMatchObject({
      bonded_ratio: '0.000000000000000000',
      amount: '0',
    })
    expect(await c.balance(FEE_COLLECTOR)).toBe('0')
  })

  test('MsgUpdateParams: gov only, checked by Params.Validate, then in force for the next block', async () => {
    const c = await chains.create(genesisState({ balances: { [account(1)]: 40_000_000_000_000n } }))
    const params = {
      mint_denom: 'stake',
      inflation_rate_change: '130000000000000000',
      inflation_max: '200000000000000000',
      inflation_min: '70000000000000000',
      goal_bonded: '670000000000000000',
      blocks_per_year: '1000',
    }
    const msg = '/sdk.mint.v1beta1.MsgUpdateParams'
    await expect(c.tx(msg, { authority: account(1), params })).rejects.toThrow(
      `invalid authority; expected ${GOV}, got ${account(1)}`,
    )
    await expect(
      c.tx(msg, { authority: GOV, params: { ...params, blocks_per_year: '0' } }),
    ).rejects.toThrow('blocks per year must be positive: 0')
    expect((await c.tx(msg, { authority: GOV, params })).ok).toBe(true)
    expect(await c.query('sdk.mint.v1beta1.Query/Params')).toMatchObject({
      params: { blocks_per_year: '1000' },
    })
    // Nothing bonded: inflation 0.13 + 0.13/1000 = 0.13013; × 4·10^13 ÷ 1000 = 5205200000 a block.
    expect(eventOf(await beginBlock(c), 'mint')).toMatchObject({
      inflation: '0.130130000000000000',
      amount: '5205200000',
    })
  })
})
