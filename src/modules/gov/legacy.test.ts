import { describe, expect, test } from 'vitest'
import { eventOf, GOV, GovChain, S } from '../../../test/helpers/gov-chain.js'
import {
  ALICE,
  BOB,
  EXEC,
  legacyChains,
  msgError,
  Q,
  SUBMIT,
  SUBMIT_V1,
  submitText,
  TEXT,
  text,
  VAL,
  ZERO_TIME,
} from './legacy.case.js'

/** gov v1beta1 messages (upstream v0.50's legacy wrappers): one v1 store, seen and written through v1beta1. */

const start = legacyChains()

describe('gov v1beta1 messages', () => {
  test('behavior: a v1beta1 TextProposal is stored once, as a v1 proposal carrying MsgExecLegacyContent', async () => {
    const c = await start()
    const r = await submitText(c)
    expect(r.response).toEqual({ proposal_id: '1' })
    expect(eventOf(r.events, 'submit_proposal')).toEqual({
      proposal_id: '1',
      proposal_proposer: ALICE,
      proposal_messages: `,${EXEC}`,
    })
    const v1 = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(v1.messages).toEqual([
      {
        '@type': EXEC,
        content: { '@type': TEXT, title: 'Fund the docs', description: 'Signal only' },
        authority: GOV,
      },
    ])
    expect(v1).toMatchObject({
      title: 'Fund the docs',
      summary: 'Signal only',
      metadata: '',
      proposer: ALICE,
      expedited: false,
      status: 'PROPOSAL_STATUS_VOTING_PERIOD',
    })
    // Reference §4.2, in brand sdk: submitted at 00:00:01, voting 5 s, deposits 10 s.
    expect(await c.query(`${Q}/Proposal`, { proposal_id: 1 })).toEqual({
      proposal: {
        proposal_id: '1',
        content: { '@type': TEXT, title: 'Fund the docs', description: 'Signal only' },
        status: 'PROPOSAL_STATUS_VOTING_PERIOD',
        final_tally_result: { yes: '0', abstain: '0', no: '0', no_with_veto: '0' },
        submit_time: '2026-01-01T00:00:01Z',
        deposit_end_time: '2026-01-01T00:00:11Z',
        total_deposit: [{ denom: 'stake', amount: '10000000' }],
        voting_start_time: '2026-01-01T00:00:01Z',
        voting_end_time: '2026-01-01T00:00:06Z',
      },
    })
  })

  test('behavior: a proposal still in its deposit period shows Go zero times for voting', async () => {
    const c = await start()
    await submitText(c, '100000')
    const p = (await c.query(`${Q}/Proposal`, { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p).toMatchObject({
      status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
      voting_start_time: ZERO_TIME,
      voting_end_time: ZERO_TIME,
      total_deposit: [{ denom: 'stake', amount: '100000' }],
    })
    // The v1 view of the same proposal leaves them unset.
    const v1 = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(v1.voting_start_time).toBeNull()
  })

  test('behavior: a text proposal passes and executes, changing nothing — via v1beta1 and via v1', async () => {
    const c = await start()
    await submitText(c)
    await c.tx(SUBMIT_V1, {
      messages: [
        {
          type_url: EXEC,
          value: GovChain.encode(EXEC, { content: text('Second', 'By v1'), authority: GOV }),
        },
      ],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: ALICE,
      title: 'Second',
      summary: 'By v1',
    })
    await c.tx('/sdk.gov.v1beta1.MsgVote', { proposal_id: 1, voter: VAL, option: 1 })
    await c.tx('/sdk.gov.v1.MsgVote', { proposal_id: 2, voter: VAL, option: 1 })
    const { endEvents } = await c.block([], c.time + 5n * S)
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_passed',
      proposal_log: 'passed',
    })
    const { proposals } = (await c.query(`${Q}/Proposals`)) as {
      proposals: Record<string, unknown>[]
    }
    expect(proposals.map((p) => [p.proposal_id, p.status, p.final_tally_result])).toEqual([
      [
        '1',
        'PROPOSAL_STATUS_PASSED',
        { yes: '10000000', abstain: '0', no: '0', no_with_veto: '0' },
      ],
      [
        '2',
        'PROPOSAL_STATUS_PASSED',
        { yes: '10000000', abstain: '0', no: '0', no_with_veto: '0' },
      ],
    ])
    const v1 = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 2 })).proposal as Record<
      string,
      unknown
    >
    expect(v1.failed_reason).toBe('')
  })

  test('behavior: votes, weighted votes and deposits through v1beta1 land in the v1 store', async () => {
    const c = await start()
    await submitText(c, '5000000')
    await c.tx('/sdk.gov.v1beta1.MsgDeposit', {
      proposal_id: 1,
      depositor: BOB,
      amount: [{ denom: 'stake', amount: '100000' }],
    })
    await c.tx('/sdk.gov.v1beta1.MsgDeposit', {
      proposal_id: 1,
      depositor: ALICE,
      amount: [{ denom: 'stake', amount: '5000000' }],
    })
    // Weights travel as LegacyDec: the integer scaled by 10^18.
    await c.tx('/sdk.gov.v1beta1.MsgVoteWeighted', {
      proposal_id: 1,
      voter: VAL,
      options: [
        { option: 1, weight: '700000000000000000' },
        { option: 2, weight: '300000000000000000' },
      ],
    })
    await c.tx('/sdk.gov.v1beta1.MsgVote', { proposal_id: 1, voter: ALICE, option: 3 })
    expect(await c.query('sdk.gov.v1.Query/Vote', { proposal_id: 1, voter: VAL })).toEqual({
      vote: {
        proposal_id: '1',
        voter: VAL,
        options: [
          { option: 'VOTE_OPTION_YES', weight: '0.700000000000000000' },
          { option: 'VOTE_OPTION_ABSTAIN', weight: '0.300000000000000000' },
        ],
        metadata: '',
      },
    })
    expect(await c.query(`${Q}/Votes`, { proposal_id: 1 })).toEqual({
      votes: [
        {
          proposal_id: '1',
          voter: ALICE,
          option: 'VOTE_OPTION_UNSPECIFIED',
          options: [{ option: 'VOTE_OPTION_NO', weight: '1.000000000000000000' }],
        },
        {
          proposal_id: '1',
          voter: VAL,
          option: 'VOTE_OPTION_UNSPECIFIED',
          options: [
            { option: 'VOTE_OPTION_YES', weight: '0.700000000000000000' },
            { option: 'VOTE_OPTION_ABSTAIN', weight: '0.300000000000000000' },
          ],
        },
      ],
      pagination: { next_key: null, total: '2' },
    })
    expect(await c.query(`${Q}/Vote`, { proposal_id: 1, voter: ALICE })).toEqual({
      vote: {
        proposal_id: '1',
        voter: ALICE,
        option: 'VOTE_OPTION_UNSPECIFIED',
        options: [{ option: 'VOTE_OPTION_NO', weight: '1.000000000000000000' }],
      },
    })
    expect(await c.query(`${Q}/Deposit`, { proposal_id: 1, depositor: ALICE })).toEqual({
      deposit: {
        proposal_id: '1',
        depositor: ALICE,
        amount: [{ denom: 'stake', amount: '10000000' }],
      },
    })
    expect(await c.query(`${Q}/Deposits`, { proposal_id: 1 })).toEqual({
      deposits: [
        { proposal_id: '1', depositor: ALICE, amount: [{ denom: 'stake', amount: '10000000' }] },
        { proposal_id: '1', depositor: BOB, amount: [{ denom: 'stake', amount: '100000' }] },
      ],
      pagination: { next_key: null, total: '2' },
    })
    // Live tally while voting: VAL's 10000000 split 70/30; ALICE has no stake.
    expect(await c.query(`${Q}/TallyResult`, { proposal_id: 1 })).toEqual({
      tally: { yes: '7000000', abstain: '3000000', no: '0', no_with_veto: '0' },
    })
    expect(await c.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 1 })).toEqual({
      tally: {
        yes_count: '7000000',
        abstain_count: '3000000',
        no_count: '0',
        no_with_veto_count: '0',
      },
    })
  })

  test('error: submission refusals in upstream order; nothing is kept', async () => {
    const c = await start()
    expect(await msgError(c, SUBMIT, { initial_deposit: [], proposer: ALICE })).toBe(
      'gov/5: missing content: invalid proposal content',
    )
    expect(
      await msgError(c, SUBMIT, {
        content: { type_url: '/sdk.gov.v1beta1.Nope', value: new Uint8Array() },
        proposer: ALICE,
      }),
    ).toBe('sdk/2: unable to resolve type URL /sdk.gov.v1beta1.Nope: tx parse error')
    const send = { type_url: '/sdk.bank.v1beta1.MsgSend', value: new Uint8Array() }
    expect(await msgError(c, SUBMIT, { content: send, proposer: ALICE })).toBe(
      'sdk/2: no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *v1beta1.Content: tx parse error',
    )
    const submit = (content: { type_url: string; value: Uint8Array }) => ({
      content,
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: ALICE,
    })
    expect(await msgError(c, SUBMIT, submit(text('  ', 'd')))).toBe(
      'gov/5: proposal title cannot be blank: invalid proposal content',
    )
    expect(await msgError(c, SUBMIT, submit(text('é'.repeat(71), 'd')))).toBe(
      'gov/5: proposal title is longer than max length of 140: invalid proposal content',
    )
    expect(await msgError(c, SUBMIT, submit(text('t', '')))).toBe(
      'gov/5: proposal description cannot be blank: invalid proposal content',
    )
    expect(await msgError(c, SUBMIT, submit(text('t', 'd'.repeat(10_001))))).toBe(
      'gov/5: proposal description is longer than max length of 10000: invalid proposal content',
    )
    // x/upgrade's deprecated content is a Content, but no legacy handler serves it (as upstream).
    const legacyUpgrade = {
      type_url: '/sdk.upgrade.v1beta1.SoftwareUpgradeProposal',
      value: GovChain.encode('/sdk.upgrade.v1beta1.SoftwareUpgradeProposal', {
        title: 'Upgrade',
        description: 'to v2',
        plan: { name: 'v2', height: '100' },
      }),
    }
    expect(await msgError(c, SUBMIT, submit(legacyUpgrade))).toBe(
      'gov/9: upgrade: no handler exists for proposal type',
    )
    // The v1 checks come through unchanged.
    expect(await msgError(c, SUBMIT, { ...submit(text()), proposer: 'sdk1bad' })).toMatch(
      /^sdk\/7: invalid proposer address: decoding bech32 failed: /,
    )
    expect(
      await msgError(c, '/sdk.gov.v1beta1.MsgVoteWeighted', {
        proposal_id: 1,
        voter: VAL,
        options: [{ option: 1, weight: '0.7' }],
      }),
    ).toBe('sdk/2: math/big: cannot unmarshal "0.7" into a *big.Int: tx parse error')
    expect(await c.query(`${Q}/Proposals`)).toEqual({
      proposals: [],
      pagination: { next_key: null, total: '0' },
    })
    expect(await c.balance(ALICE)).toBe('100000000')
  })

  test('error: MsgExecLegacyContent runs only for the gov account and only a content the legacy router serves', async () => {
    const c = await start()
    expect(await msgError(c, EXEC, { content: text(), authority: ALICE })).toBe(
      `gov/13: expected ${GOV} got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    // At submission upstream dry-runs the content: a v1 proposal without one is refused.
    expect(
      await msgError(c, SUBMIT_V1, {
        messages: [{ type_url: EXEC, value: GovChain.encode(EXEC, { authority: GOV }) }],
        initial_deposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: ALICE,
        title: 'T',
        summary: 'S',
      }),
    ).toBe(
      'gov/5: expected *v1beta1.Content, got <nil>: invalid type: invalid proposal content: invalid proposal content',
    )
  })
})
