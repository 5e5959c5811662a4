import { describe, expect, test } from 'vitest'
import {
  account,
  genesisState,
  govChainPerTest,
  registry,
} from '../../../test/helpers/gov-chain.js'
import { ChainHaltError } from '../../errors.js'
import { govCollections, MODULE_NAME } from './keys.js'

// x/gov's invariant, asserted after every block's EndBlock with the other modules': the gov
// account holds at least the sum of the deposits.

const chains = govChainPerTest()

describe('gov invariants', () => {
  test('a deposit the gov account does not hold is refused, with both sums; the committed state stays', async () => {
    const c = await chains.create(genesisState({ balances: { [account(2)]: 1000n } }))
    await c.block()
    const height = c.height
    const deposits = govCollections(registry).deposits
    const err = await c
      .inBlock(async (ctx) => {
        deposits.set(ctx.state.store(MODULE_NAME), [1n, new Uint8Array(20).fill(2)], {
          proposal_id: 1n,
          depositor: account(2),
          amount: [{ denom: 'stake', amount: '10' }],
        })
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    expect((err as ChainHaltError).message).toBe(
      'invariant broken: gov: deposits invariant\n' +
        '\tgov ModuleAccount coins: \n' +
        '\tsum of deposit amounts:  10stake\n\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken gov module-account',
    )
    expect(c.height).toBe(height)
  })
})
