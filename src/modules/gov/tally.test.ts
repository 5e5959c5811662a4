import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  type GovChain,
  genesisState,
  govChainPerTest,
  S,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'
import type { ProtoMessage } from '../../codec/proto.js'

/**
 * Tally rules as upstream: validator A (byte 11) has 60 tokens, 40 of them self-delegated and 20
 * delegated by D (byte 13); validator B (byte 12) has 40 self-delegated. Total bonded: 100.
 */
const A = account(11)
const B = account(12)
const D = account(13)
const ALICE = account(1)

const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'
const VOTE = '/sdk.gov.v1.MsgVote'
const WEIGHTED = '/sdk.gov.v1.MsgVoteWeighted'
const YES = 1
const ABSTAIN = 2
const NO = 3
const VETO = 4

const chains = govChainPerTest()

async function start(gov: Record<string, unknown> = {}) {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 1_000_000_000n, [A]: 1n, [B]: 1n, [D]: 1n },
      validators: [
        { op: 11, tokens: 60n, delegations: { 11: 40n, 13: 20n } },
        { op: 12, tokens: 40n, delegations: { 12: 40n } },
      ],
      gov: {
        voting_period: '5s',
        max_deposit_period: '10s',
        expedited_voting_period: '2s',
        ...gov,
      },
    }),
  )
}

/** A signalling proposal (metadata only, no messages) submitted with the full deposit. */
async function submit(c: GovChain, expedited = false) {
  await c.tx(SUBMIT, {
    messages: [],
    initial_deposit: [{ denom: 'stake', amount: expedited ? '50000000' : '10000000' }],
    proposer: ALICE,
    metadata: 'ipfs://signal',
    title: 'Signal',
    summary: 'A text proposal',
    expedited,
  })
}

const vote = (voter: string, option: number): { typeUrl: string; value: ProtoMessage } => ({
  typeUrl: VOTE,
  value: { proposal_id: 1, voter, option, metadata: '' },
})

/** Votes in one block, then ends the voting period; returns the proposal and the EndBlock events. */
async function decide(c: GovChain, votes: { typeUrl: string; value: ProtoMessage }[]) {
  const { results } = await c.block(votes)
  for (const r of results) expect(r.error?.message).toBeUndefined()
  const live = await c.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 1 })
  const { endEvents } = await c.block([], c.time + 5n * S)
  const p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
    string,
    unknown
  >
  return { p, endEvents, live: live.tally }
}

describe('tally', () => {
  test('behavior: a validator votes with its delegators’ power when they do not vote', async () => {
    const c = await start()
    await submit(c)
    const { p, endEvents, live } = await decide(c, [vote(A, YES)])
    expect(live).toEqual({
      yes_count: '60',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
    expect(p.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(p.final_tally_result).toEqual(live)
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_passed',
      proposal_log: 'passed',
    })
    // Deposits are refunded to the proposer; votes are gone after the tally.
    expect(await c.balance(ALICE)).toBe('1000000000')
    expect((await c.query('sdk.gov.v1.Query/Votes', { proposal_id: 1 })).votes).toEqual([])
  })

  test('behavior: a delegator’s own vote overrides its validator’s for its shares', async () => {
    const c = await start()
    await submit(c)
    const { p } = await decide(c, [vote(A, YES), vote(D, NO)])
    expect(p.final_tally_result).toEqual({
      yes_count: '40',
      abstain_count: '0',
      no_count: '20',
      no_with_veto_count: '0',
    })
    expect(p.status).toBe('PROPOSAL_STATUS_PASSED')
  })

  test('behavior: re-voting replaces the earlier vote', async () => {
    const c = await start()
    await submit(c)
    await c.block([vote(B, YES)])
    const { p } = await decide(c, [vote(B, NO), vote(A, YES)])
    expect(p.final_tally_result).toMatchObject({ yes_count: '60', no_count: '40' })
  })

  test('behavior: veto above 1/3 rejects and burns the deposits', async () => {
    const c = await start()
    await submit(c)
    const supplyBefore = await c.query('sdk.bank.v1beta1.Query/SupplyOf', { denom: 'stake' })
    const { p, endEvents } = await decide(c, [vote(A, YES), vote(B, VETO)])
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
    expect(p.failed_reason).toBe('proposal did not get enough votes to pass')
    expect(p.final_tally_result).toMatchObject({ yes_count: '60', no_with_veto_count: '40' })
    expect(eventOf(endEvents, 'burn')).toEqual({ burner: GOV, amount: '10000000stake' })
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_rejected',
      proposal_log: 'rejected',
    })
    expect(await c.balance(ALICE)).toBe('990000000')
    expect(await c.balance(GOV)).toBe('0')
    const supplyAfter = await c.query('sdk.bank.v1beta1.Query/SupplyOf', { denom: 'stake' })
    expect(
      BigInt((supplyBefore.amount as { amount: string }).amount) -
        BigInt((supplyAfter.amount as { amount: string }).amount),
    ).toBe(10_000_000n)
  })

  test('behavior: below quorum rejects and refunds (burn_vote_quorum is false)', async () => {
    const c = await start()
    await submit(c)
    const { p } = await decide(c, [vote(D, YES)])
    expect(p.final_tally_result).toMatchObject({ yes_count: '20' })
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
    expect(await c.balance(ALICE)).toBe('1000000000')
  })

  test('behavior: when everyone abstains the proposal is rejected', async () => {
    const c = await start()
    await submit(c)
    const { p } = await decide(c, [vote(A, ABSTAIN), vote(B, ABSTAIN)])
    expect(p.final_tally_result).toMatchObject({ abstain_count: '100' })
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
  })

  test('behavior: exactly half the non-abstaining power is not enough (threshold is strict)', async () => {
    const c = await start()
    await submit(c)
    const split = {
      typeUrl: WEIGHTED,
      value: {
        proposal_id: 1,
        voter: A,
        options: [
          { option: YES, weight: '0.5' },
          { option: NO, weight: '0.5' },
        ],
      },
    }
    const { p } = await decide(c, [split, vote(B, ABSTAIN)])
    expect(p.final_tally_result).toEqual({
      yes_count: '30',
      abstain_count: '40',
      no_count: '30',
      no_with_veto_count: '0',
    })
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
  })

  test('behavior: an expedited proposal that misses its 2/3 threshold becomes a regular one', async () => {
    const c = await start()
    await submit(c, true)
    let p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.voting_end_time).toBe('2026-01-01T00:00:03Z')
    const { results } = await c.block([vote(A, YES), vote(B, NO)])
    for (const r of results) expect(r.error?.message).toBeUndefined()
    // Both votes count: 60 yes of 100 is above 1/2 but below the expedited 2/3.
    const counted = { yes_count: '60', abstain_count: '0', no_count: '40', no_with_veto_count: '0' }
    expect((await c.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 1 })).tally).toEqual(
      counted,
    )
    const { endEvents } = await c.block([], c.time + S)
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'expedited_proposal_rejected',
      proposal_log: 'expedited proposal converted to regular',
    })
    p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect(p.expedited).toBe(false)
    expect(p.voting_end_time).toBe('2026-01-01T00:00:06Z')
    // The expedited tally is kept; the votes were deleted with it and must be cast again.
    expect(p.final_tally_result).toEqual(counted)
    expect((await c.query('sdk.gov.v1.Query/Votes', { proposal_id: 1 })).votes).toEqual([])
    expect((await c.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 1 })).tally).toEqual({
      yes_count: '0',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
    // The deposit stays with the proposal.
    expect(await c.balance(GOV)).toBe('50000000')
    // Cast again, the same votes pass it by the regular 1/2 threshold.
    const end = await decide(c, [vote(A, YES), vote(B, NO)])
    expect(end.live).toEqual(counted)
    expect(end.p.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(end.p.final_tally_result).toEqual(counted)
    expect(await c.balance(GOV)).toBe('0')
  })

  test('behavior: with nothing bonded no proposal can pass', async () => {
    const chain = await chains.create(
      genesisState({
        balances: { [ALICE]: 1_000_000_000n },
        gov: SHORT_PERIODS,
      }),
    )
    await submit(chain)
    const { p } = await decide(chain, [vote(ALICE, YES)])
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
  })
})

describe('MsgVote and MsgVoteWeighted', () => {
  test('behavior: voting power is shares × tokens ÷ shares in 18-digit decimals, each count truncated', async () => {
    // Validator E (byte 16) has 10 tokens for 3 shares (1 of F, byte 14; 2 of G, byte 15), as after
    // a slash: F's share is worth 3.333333333333333333 tokens, E's remaining 2 shares 6.666666666666666667.
    const c = await chains.create(
      genesisState({
        balances: { [ALICE]: 1_000_000_000n, [account(14)]: 1n, [account(16)]: 1n },
        validators: [{ op: 16, tokens: 10n, delegations: { 14: 1n, 15: 2n } }],
        gov: SHORT_PERIODS,
      }),
    )
    await submit(c)
    const half = '0.500000000000000000'
    const { p } = await decide(c, [
      vote(account(16), NO),
      {
        typeUrl: WEIGHTED,
        value: {
          proposal_id: 1,
          voter: account(14),
          options: [
            { option: YES, weight: half },
            { option: ABSTAIN, weight: half },
          ],
          metadata: '',
        },
      },
    ])
    // Half of 3.333333333333333333 is 1.6666666666666666665, rounded to even at the 18th digit;
    // truncated, yes and abstain show 1 each and no 6: the counts need not add up to the 10 bonded.
    expect(p.final_tally_result).toEqual({
      yes_count: '1',
      abstain_count: '1',
      no_count: '6',
      no_with_veto_count: '0',
    })
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
  })

  test('behavior: burn_vote_quorum burns the deposits of a proposal that misses quorum', async () => {
    const c = await start({ burn_vote_quorum: true })
    await submit(c)
    const { p, endEvents } = await decide(c, [vote(D, YES)])
    expect(p.status).toBe('PROPOSAL_STATUS_REJECTED')
    expect(eventOf(endEvents, 'burn')).toEqual({ burner: GOV, amount: '10000000stake' })
    expect(await c.balance(ALICE)).toBe('990000000')
  })

  test('behavior: the vote event carries the weighted options as JSON; the vote is queryable', async () => {
    const c = await start()
    await submit(c)
    const r = await c.tx(VOTE, { proposal_id: 1, voter: A, option: YES, metadata: 'why' })
    expect(eventOf(r.events, 'proposal_vote')).toEqual({
      voter: A,
      option: '[{"option":1,"weight":"1.000000000000000000"}]',
      proposal_id: '1',
    })
    expect(await c.query('sdk.gov.v1.Query/Vote', { proposal_id: 1, voter: A })).toEqual({
      vote: {
        proposal_id: '1',
        voter: A,
        options: [{ option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' }],
        metadata: 'why',
      },
    })
    const list = await c.query('sdk.gov.v1.Query/Proposals', { voter: A })
    expect((list.proposals as unknown[]).length).toBe(1)
    const none = await c.query('sdk.gov.v1.Query/Proposals', { voter: B })
    expect(none.proposals).toEqual([])
  })

  test('error: inactive proposal, invalid options and weights', async () => {
    const c = await start()
    const run = async (typeUrl: string, value: Record<string, unknown>) => {
      const { results } = await c.block([{ typeUrl, value }])
      const e = results[0]!.error!
      return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
    }
    expect(await run(VOTE, { proposal_id: 1, voter: A, option: YES })).toBe(
      'gov/3: 1: inactive proposal',
    )
    await submit(c)
    expect(await run(VOTE, { proposal_id: 1, voter: A, option: 0 })).toBe(
      'gov/7: VOTE_OPTION_UNSPECIFIED: invalid vote option',
    )
    const weighted = (options: { option: number; weight: string }[]) =>
      run(WEIGHTED, { proposal_id: 1, voter: A, options })
    expect(
      await weighted([
        { option: YES, weight: '0.7' },
        { option: NO, weight: '0.7' },
      ]),
    ).toBe('gov/7: total weight overflow 1.00: invalid vote option')
    expect(await weighted([{ option: YES, weight: '0.5' }])).toBe(
      'gov/7: total weight lower than 1.00: invalid vote option',
    )
    expect(
      await weighted([
        { option: YES, weight: '0.5' },
        { option: YES, weight: '0.5' },
      ]),
    ).toBe('gov/7: duplicated vote option: invalid vote option')
    // Upstream's WeightedVoteOption.String(): gogoproto's compact text, each field followed by a
    // space, zero fields left out, strings quoted byte by byte.
    expect(await weighted([{ option: YES, weight: '1.5' }])).toBe(
      'gov/7: option:VOTE_OPTION_YES weight:"1.5" : invalid vote option',
    )
    expect(await weighted([{ option: NO, weight: '0.000000000000000000' }])).toBe(
      'gov/7: option:VOTE_OPTION_NO weight:"0.000000000000000000" : invalid vote option',
    )
    expect(await weighted([{ option: 0, weight: '1' }])).toBe(
      'gov/7: weight:"1" : invalid vote option',
    )
    expect(await weighted([{ option: 7, weight: 'é\n' }])).toBe(
      'gov/7: option:7 weight:"\\303\\251\\n" : invalid vote option',
    )
    expect(await weighted([{ option: 0, weight: '' }])).toBe('gov/7: : invalid vote option')
    // A vote on an id no proposal has is refused as not in its voting period (upstream AddVote).
    expect(
      await run(WEIGHTED, { proposal_id: 99, voter: A, options: [{ option: YES, weight: '1' }] }),
    ).toBe('gov/3: 99: inactive proposal')
    expect(await run(VOTE, { proposal_id: 99, voter: A, option: YES })).toBe(
      'gov/3: 99: inactive proposal',
    )
  })
})
