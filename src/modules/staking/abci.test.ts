import { describe, expect, test } from 'vitest'
import { govChainPerTest, registry } from '../../../test/helpers/gov-chain.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from '../bank/keeper.js'
import { beginBlock } from './abci.js'
import { StakingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { start, V9 } from './msgs.case.js'

/** Staking's BeginBlocker: historical info of the last `historical_entries` heights. */
const chains = govChainPerTest()

describe('x/staking BeginBlocker', () => {
  test('behavior: each height stores its header and bonded set; entries older than historical_entries are pruned', async () => {
    const c = await start(chains, { historical_entries: 2 })
    const k = new StakingKeeper({
      registry,
      bank: new BankKeeper({ registry, accounts: new AuthKeeper({ registry }) }),
    })
    for (let i = 0; i < 4; i++) await c.inBlock(async (ctx) => beginBlock(k, ctx))
    const store = c.view().store(MODULE_NAME)
    const heights: bigint[] = []
    for await (const [h] of k.c.historicalInfo.iterate(store)) heights.push(h)
    // Blocks 1–4 ran; at 4 the entries up to 4 − 2 = 2 were pruned.
    expect(heights).toEqual([3n, 4n])
    const info = await k.c.historicalInfo.get(store, 4n)
    expect(info?.header?.chain_id).toBe('gov-test')
    expect(String(info?.header?.height)).toBe('4')
    expect(info?.valset.map((v) => v.operator_address)).toEqual([V9])
  })

  test('behavior: historical_entries 0 keeps none', async () => {
    const c = await start(chains, { historical_entries: 0 })
    const k = new StakingKeeper({
      registry,
      bank: new BankKeeper({ registry, accounts: new AuthKeeper({ registry }) }),
    })
    await c.inBlock(async (ctx) => beginBlock(k, ctx))
    const entries = []
    for await (const e of k.c.historicalInfo.iterate(c.view().store(MODULE_NAME))) entries.push(e)
    expect(entries).toEqual([])
  })
})
