import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GovChain,
  genesisState,
  registry,
  S,
  T0,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { parseStakingGenesis } from './genesis.js'

/**
 * Staking genesis beyond validators and delegations: an unbonding delegation in genesis is queued and
 * completes at its time; the not-bonded pool must hold exactly the unbonding balances.
 */
const ALICE = account(1)
const M = 1_000_000n

function withUnbonding(notBondedPool: bigint) {
  const g = genesisState({
    balances: { [ALICE]: M },
    validators: [{ op: 9, tokens: 10n * M, delegations: { 9: 10n * M } }],
  })
  const done = T0 + 10n * S
  const staking = g.staking as Record<string, unknown>
  staking.unbonding_delegations = [
    {
      delegator_address: ALICE,
      validator_address: valoper(9),
      entries: [
        {
          creation_height: '0',
          completion_time: new Date(Number(done / 1_000_000n)).toISOString(),
          initial_balance: '3000000',
          balance: '3000000',
          unbonding_id: '1',
        },
      ],
    },
  ]
  const bank = g.bank as { balances: { address: string; coins: unknown[] }[] }
  if (notBondedPool > 0n) {
    bank.balances.push({
      address: addressToBech32(moduleAddress('not_bonded_tokens_pool')),
      coins: [{ denom: 'stake', amount: notBondedPool.toString() }],
    })
  }
  return { g, done }
}

describe('staking genesis', () => {
  test('behavior: a genesis unbonding delegation is queued and returns its tokens at its completion time', async () => {
    const { g, done } = withUnbonding(3n * M)
    expect(parseStakingGenesis(registry, g.staking).unbondingDelegations).toHaveLength(1)
    const c = await GovChain.create(g)
    try {
      const early = await c.block([], done - S)
      expect(eventOf(early.endEvents, 'complete_unbonding')).toBeUndefined()
      const { endEvents } = await c.block([], done)
      expect(eventOf(endEvents, 'complete_unbonding')).toEqual({
        amount: '3000000stake',
        validator: valoper(9),
        delegator: ALICE,
      })
      expect(await c.balance(ALICE)).toBe(String(4n * M))
    } finally {
      await c.destroy()
    }
  })

  test('error: the not-bonded pool must hold exactly the unbonding balances (upstream text)', async () => {
    const { g } = withUnbonding(0n)
    await expect(GovChain.create(g)).rejects.toThrow(
      'app_state.staking.validators: not bonded pool balance is different from not bonded coins:  <-> 3000000stake',
    )
  })
})
