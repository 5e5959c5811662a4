import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  type GovChain,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
} from '../../../test/helpers/gov-chain.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'

// MsgCancelProposal's charge (proposal_cancel_ratio of the deposits) where proposal_cancel_dest
// says: an account, the community pool (the distribution module account), or an account that may
// not receive funds.

const ALICE = account(1)
const VAL = account(9)

const chains = govChainPerTest()

/** A chain whose gov params send a cancelled proposal's charge to `dest`. */
const chainWithDest = (dest: string) =>
  chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: { voting_period: '5s', expedited_voting_period: '2s', proposal_cancel_dest: dest },
    }),
  )

const submit = (c: GovChain) =>
  c.tx('/sdk.gov.v1.MsgSubmitProposal', {
    messages: [],
    initial_deposit: [{ denom: 'stake', amount: '10000000' }],
    proposer: ALICE,
    metadata: 'ipfs://x',
    title: 'T',
    summary: 'S',
  })

describe('MsgCancelProposal with proposal_cancel_dest', () => {
  test('behavior: with proposal_cancel_dest set, the charge goes to that account instead of being burned', async () => {
    const c = await chainWithDest(VAL)
    await submit(c)
    const r = await c.tx('/sdk.gov.v1.MsgCancelProposal', { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'burn')).toBeUndefined()
    expect(
      r.events.filter((e) => e.type === 'transfer').map((e) => eventOf([e], 'transfer')),
    ).toEqual([
      { recipient: ALICE, sender: GOV, amount: '5000000stake' },
      { recipient: VAL, sender: GOV, amount: '5000000stake' },
    ])
    expect(await c.balance(ALICE)).toBe('95000000')
    expect(await c.balance(VAL)).toBe('5000001')
    expect(await c.balance(GOV)).toBe('0')
  })

  test('behavior: with proposal_cancel_dest the distribution module account, the charge funds the community pool (upstream FundCommunityPool)', async () => {
    const distribution = addressToBech32(moduleAddress('distribution'))
    const c = await chainWithDest(distribution)
    await submit(c)
    const before = await c.query('sdk.distribution.v1beta1.Query/CommunityPool')
    const r = await c.tx('/sdk.gov.v1.MsgCancelProposal', { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'burn')).toBeUndefined()
    // The refund, then FundCommunityPool's send from the gov account into the distribution account.
    expect(r.events.map((e) => [e.type, eventOf([e], e.type)])).toEqual([
      ['coin_spent', { spender: GOV, amount: '5000000stake' }],
      ['coin_received', { receiver: ALICE, amount: '5000000stake' }],
      ['transfer', { recipient: ALICE, sender: GOV, amount: '5000000stake' }],
      ['message', { sender: GOV }],
      ['coin_spent', { spender: GOV, amount: '5000000stake' }],
      ['coin_received', { receiver: distribution, amount: '5000000stake' }],
      ['transfer', { recipient: distribution, sender: GOV, amount: '5000000stake' }],
      ['message', { sender: GOV }],
      ['cancel_proposal', { sender: ALICE, proposal_id: '1' }],
    ])
    const pool = await c.query('sdk.distribution.v1beta1.Query/CommunityPool')
    const stake = (p: typeof pool) =>
      Number(
        (p.pool as { denom: string; amount: string }[]).find((x) => x.denom === 'stake')?.amount ??
          0,
      )
    expect(stake(pool) - stake(before)).toBe(5_000_000)
    expect(await c.balance(ALICE)).toBe('95000000')
    expect(await c.balance(GOV)).toBe('0')
  })

  test('error: a proposal_cancel_dest that may not receive funds (the fee collector) fails the cancellation, as upstream', async () => {
    const feeCollector = addressToBech32(moduleAddress('fee_collector'))
    const c = await chainWithDest(feeCollector)
    await submit(c)
    const { results } = await c.block([
      { typeUrl: '/sdk.gov.v1.MsgCancelProposal', value: { proposal_id: 1, proposer: ALICE } },
    ])
    expect(results[0]!.error!.message).toBe(
      `${feeCollector} is not allowed to receive funds: unauthorized`,
    )
    expect(await c.balance(ALICE)).toBe('90000000')
    expect(await c.balance(GOV)).toBe('10000000')
  })
})
