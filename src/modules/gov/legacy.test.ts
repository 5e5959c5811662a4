import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  GovChain,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
  S,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'
import type { ChainError } from '../../errors.js'

/** gov v1beta1 (upstream v0.50's legacy wrappers): one v1 store, seen and written through v1beta1. */
const ALICE = account(1)
const BOB = account(2)
const VAL = account(9)
const SUBMIT = '/sdk.gov.v1beta1.MsgSubmitProposal'
const SUBMIT_V1 = '/sdk.gov.v1.MsgSubmitProposal'
const TEXT = '/sdk.gov.v1beta1.TextProposal'
const EXEC = '/sdk.gov.v1.MsgExecLegacyContent'
const UPGRADE = '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade'
const Q = 'sdk.gov.v1beta1.Query'
/** Go's zero time, which v1beta1 shows for times a proposal has not reached. */
const ZERO_TIME = '0001-01-01T00:00:00Z'

const chains = govChainPerTest()

/** A chain whose blocks are 1 s apart from 2026-01-01T00:00:00Z; VAL holds all the voting power. */
async function start() {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [BOB]: 1_000_000n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    }),
  )
}

const text = (title = 'Fund the docs', description = 'Signal only') => ({
  type_url: TEXT,
  value: GovChain.encode(TEXT, { title, description }),
})

const submitText = (c: GovChain, deposit = '10000000', content = text()) =>
  c.tx(SUBMIT, {
    content,
    initial_deposit: [{ denom: 'stake', amount: deposit }],
    proposer: ALICE,
  })

/** `codespace/code: message` of a message's failure. */
async function msgError(c: GovChain, typeUrl: string, value: Record<string, unknown>) {
  const { results } = await c.block([{ typeUrl, value }])
  expect(results[0]!.ok).toBe(false)
  const e = results[0]!.error!
  return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
}

/** The gRPC code, the status message and the ABCI code of a query's failure. */
async function queryError(c: GovChain, method: string, req: Record<string, unknown>) {
  try {
    await c.query(method, req)
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage(), abci: e.abci().code }
  }
  throw new Error('query succeeded')
}

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

describe('gov v1beta1 queries', () => {
  test('behavior: a single-message v1 proposal shows its message as the v1beta1 content', async () => {
    const c = await start()
    await c.tx(SUBMIT_V1, {
      messages: [
        {
          type_url: UPGRADE,
          value: GovChain.encode(UPGRADE, { authority: GOV, plan: { name: 'v2', height: '1000' } }),
        },
      ],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: ALICE,
      title: 'Upgrade to v2',
      summary: 'v1 to v2',
    })
    const p = (await c.query(`${Q}/Proposal`, { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.content).toEqual({
      '@type': UPGRADE,
      authority: GOV,
      plan: {
        name: 'v2',
        time: ZERO_TIME,
        height: '1000',
        info: '',
        upgraded_client_state: null,
      },
    })
  })

  test('error: a v1 proposal with no or several messages cannot be shown (sdk 29); a page holding one fails whole', async () => {
    const c = await start()
    await submitText(c)
    await c.tx(SUBMIT_V1, {
      messages: [],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: ALICE,
      metadata: 'ipfs://signal',
      title: 'Metadata only',
      summary: 'No messages',
    })
    const two = {
      type_url: EXEC,
      value: GovChain.encode(EXEC, { content: text(), authority: GOV }),
    }
    await c.tx(SUBMIT_V1, {
      messages: [two, two],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: ALICE,
      title: 'Two',
      summary: 'Two messages',
    })
    const cannot = {
      code: 3,
      message:
        "codespace sdk code 29: invalid type: can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one",
      abci: 29,
    }
    expect(await queryError(c, `${Q}/Proposal`, { proposal_id: 2 })).toEqual(cannot)
    expect(await queryError(c, `${Q}/Proposal`, { proposal_id: 3 })).toEqual(cannot)
    expect(await queryError(c, `${Q}/Proposals`, {})).toEqual(cannot)
    // The page with only the text proposal is fine; v1 shows all three.
    const first = (await c.query(`${Q}/Proposals`, { pagination: { limit: 1 } })) as {
      proposals: { proposal_id: string }[]
    }
    expect(first.proposals.map((p) => p.proposal_id)).toEqual(['1'])
    const v1 = (await c.query('sdk.gov.v1.Query/Proposals')) as { proposals: unknown[] }
    expect(v1.proposals).toHaveLength(3)
  })

  test('behavior: params by type: the requested group is real, the other two zero', async () => {
    const c = await start()
    await c.block()
    const zeroTally = {
      quorum: '0.000000000000000000',
      threshold: '0.000000000000000000',
      veto_threshold: '0.000000000000000000',
    }
    expect(await c.query(`${Q}/Params`, { params_type: 'voting' })).toEqual({
      voting_params: { voting_period: '5s' },
      deposit_params: { min_deposit: [], max_deposit_period: '0s' },
      tally_params: zeroTally,
    })
    expect(await c.query(`${Q}/Params`, { params_type: 'deposit' })).toEqual({
      voting_params: { voting_period: '0s' },
      deposit_params: {
        min_deposit: [{ denom: 'stake', amount: '10000000' }],
        max_deposit_period: '10s',
      },
      tally_params: zeroTally,
    })
    expect(await c.query(`${Q}/Params`, { params_type: 'tallying' })).toEqual({
      voting_params: { voting_period: '0s' },
      deposit_params: { min_deposit: [], max_deposit_period: '0s' },
      tally_params: {
        quorum: '0.334000000000000000',
        threshold: '0.500000000000000000',
        veto_threshold: '0.334000000000000000',
      },
    })
  })

  test('error: the upstream query errors, the v1 ones passed through', async () => {
    const c = await start()
    await submitText(c)
    expect(await queryError(c, `${Q}/Proposal`, { proposal_id: 0 })).toEqual({
      code: 3,
      message: 'proposal id can not be 0',
      abci: 18,
    })
    expect(await queryError(c, `${Q}/Proposal`, { proposal_id: 9 })).toEqual({
      code: 5,
      message: "proposal 9 doesn't exist",
      abci: 22,
    })
    expect(await queryError(c, `${Q}/TallyResult`, { proposal_id: 9 })).toEqual({
      code: 5,
      message: "proposal 9 doesn't exist",
      abci: 22,
    })
    expect(await queryError(c, `${Q}/Vote`, { proposal_id: 1, voter: '' })).toEqual({
      code: 3,
      message: 'empty voter address',
      abci: 18,
    })
    expect(await queryError(c, `${Q}/Vote`, { proposal_id: 1, voter: VAL })).toEqual({
      code: 3,
      message: `voter: ${VAL} not found for proposal: 1`,
      abci: 18,
    })
    expect(await queryError(c, `${Q}/Deposit`, { proposal_id: 1, depositor: '' })).toEqual({
      code: 3,
      message: 'empty depositor address',
      abci: 18,
    })
    expect(await queryError(c, `${Q}/Params`, { params_type: 'bogus' })).toEqual({
      code: 3,
      message: 'unknown params type: bogus',
      abci: 18,
    })
    expect(await queryError(c, `${Q}/Params`, { params_type: '' })).toEqual({
      code: 3,
      message: ' is not a valid parameter type',
      abci: 18,
    })
  })
})
