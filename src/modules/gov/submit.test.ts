import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  GovChain,
  genesisState,
  govChainPerTest,
  S,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'

const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'
const DEPOSIT = '/sdk.gov.v1.MsgDeposit'
const LEGACY_DEPOSIT = '/sdk.gov.v1beta1.MsgDeposit'
const ALICE = account(1)
const BOB = account(2)

const upgradeMsg = (height: number | string, name = 'v2') => ({
  type_url: '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
  value: GovChain.encode('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
    authority: GOV,
    plan: { name, height: String(height), info: '' },
  }),
})

function proposal(over: Record<string, unknown> = {}) {
  return {
    messages: [upgradeMsg(1000)],
    initial_deposit: [{ denom: 'stake', amount: '10000000' }],
    proposer: ALICE,
    metadata: '',
    title: 'Upgrade to v2',
    summary: 'Moves the chain to v2',
    expedited: false,
    ...over,
  }
}

const chains = govChainPerTest()

async function start() {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [BOB]: 5n },
      validators: [{ op: 9, tokens: 100n, delegations: { 9: 100n } }],
      gov: SHORT_PERIODS,
    }),
  )
}

async function submitError(over: Record<string, unknown>): Promise<string> {
  const c = chains.current ?? (await start())
  const { results } = await c.block([{ typeUrl: SUBMIT, value: proposal(over) }])
  expect(results[0]!.ok).toBe(false)
  const e = results[0]!.error!
  return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
}

describe('MsgSubmitProposal', () => {
  test('behavior: a proposal with the full deposit enters its voting period; the deposit moves to the gov account; events as upstream', async () => {
    const c = await start()
    const r = await c.tx(SUBMIT, proposal())
    expect(String(r.response!.proposal_id)).toBe('1')
    const types = r.events.map((e) => e.type)
    expect(types).toEqual([
      'submit_proposal',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'proposal_deposit',
      'submit_proposal',
    ])
    expect(eventOf(r.events, 'submit_proposal')).toEqual({
      proposal_id: '1',
      proposal_proposer: ALICE,
      proposal_messages: ',/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
    })
    expect(eventOf(r.events, 'proposal_deposit')).toEqual({
      depositor: ALICE,
      amount: '10000000stake',
      proposal_id: '1',
    })
    expect(eventOf(r.events, 'transfer')).toEqual({
      recipient: GOV,
      sender: ALICE,
      amount: '10000000stake',
    })
    expect(r.events.at(-1)).toEqual({
      type: 'submit_proposal',
      attributes: [{ key: 'voting_period_start', value: '1', index: true }],
    })
    expect(await c.balance(ALICE)).toBe('90000000')
    expect(await c.balance(GOV)).toBe('10000000')
    const p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect(p.submit_time).toBe('2026-01-01T00:00:01Z')
    expect(p.deposit_end_time).toBe('2026-01-01T00:00:11Z')
    expect(p.voting_start_time).toBe('2026-01-01T00:00:01Z')
    expect(p.voting_end_time).toBe('2026-01-01T00:00:06Z')
    expect(p.total_deposit).toEqual([{ denom: 'stake', amount: '10000000' }])
    expect(p.final_tally_result).toEqual({
      yes_count: '0',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
    expect(p.messages).toEqual([
      {
        '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
        authority: GOV,
        plan: {
          name: 'v2',
          time: '0001-01-01T00:00:00Z',
          height: '1000',
          info: '',
          upgraded_client_state: null,
        },
      },
    ])
    expect(p.proposer).toBe(ALICE)
    expect(p.failed_reason).toBe('')
  })

  test('behavior: a smaller deposit leaves it in the deposit period; a later MsgDeposit activates voting', async () => {
    const c = await start()
    await c.tx(SUBMIT, proposal({ initial_deposit: [{ denom: 'stake', amount: '4000000' }] }))
    let p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.status).toBe('PROPOSAL_STATUS_DEPOSIT_PERIOD')
    expect(p.voting_start_time).toBeNull()
    expect((await c.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 1 })).tally).toEqual({
      yes_count: '0',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
    const r = await c.tx(DEPOSIT, {
      proposal_id: 1,
      depositor: ALICE,
      amount: [{ denom: 'stake', amount: '6000000' }],
    })
    expect(r.events.at(-1)).toEqual({
      type: 'proposal_deposit',
      attributes: [{ key: 'voting_period_start', value: '1', index: true }],
    })
    p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as Record<
      string,
      unknown
    >
    expect(p.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect(p.total_deposit).toEqual([{ denom: 'stake', amount: '10000000' }])
    const deposit = await c.query('sdk.gov.v1.Query/Deposit', { proposal_id: 1, depositor: ALICE })
    expect(deposit).toEqual({
      deposit: {
        proposal_id: '1',
        depositor: ALICE,
        amount: [{ denom: 'stake', amount: '10000000' }],
      },
    })
  })

  test('error: the upstream checks, in order, with their codes and texts', async () => {
    await start()
    expect(await submitError({ title: '' })).toBe(
      'sdk/18: proposal title cannot be empty: invalid request',
    )
    expect(await submitError({ summary: '' })).toBe(
      'sdk/18: proposal summary cannot be empty: invalid request',
    )
    expect(await submitError({ proposer: 'sdk1bad' })).toMatch(
      /^sdk\/7: invalid proposer address: decoding bech32 failed: .*: invalid address: invalid address$/,
    )
    expect(await submitError({ messages: [] })).toBe(
      'gov/11: either metadata or Msgs length must be non-nil: no messages proposed',
    )
    expect(await submitError({ metadata: JSON.stringify({ title: 'Other', summary: 'x' }) })).toBe(
      "gov/5: metadata title 'Other' must equal proposal title 'Upgrade to v2': invalid proposal content",
    )
    expect(await submitError({ initial_deposit: [{ denom: 'token', amount: '5' }] })).toBe(
      'gov/23: deposited 5token, but gov accepts only the following denom(s): [stake]: invalid deposit denom',
    )
    expect(await submitError({ initial_deposit: [] })).toBe(
      'gov/16: received  but need at least one of the following: 100000stake: minimum deposit is too small',
    )
    expect(await submitError({ metadata: 'm'.repeat(256) })).toBe(
      'gov/15: got metadata with length 256: metadata too long',
    )
    const aliceMsg = {
      type_url: '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
      value: GovChain.encode('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
        authority: ALICE,
        plan: { name: 'v2', height: '100' },
      }),
    }
    expect(await submitError({ messages: [aliceMsg] })).toBe(
      `gov/13: ${ALICE}: expected gov account as only signer for proposal message`,
    )
    const legacy = {
      type_url: '/sdk.gov.v1.MsgExecLegacyContent',
      value: GovChain.encode('/sdk.gov.v1.MsgExecLegacyContent', { authority: GOV }),
    }
    // A legacy content is dry-run at submission: none at all is invalid content.
    expect(await submitError({ messages: [legacy] })).toBe(
      'gov/5: expected *v1beta1.Content, got <nil>: invalid type: invalid proposal content: invalid proposal content',
    )
    expect(await submitError({ proposer: BOB })).toBe(
      'sdk/5: spendable balance 5stake is smaller than 10000000stake: insufficient funds',
    )
    // Nothing of a refused proposal was kept.
    expect(await chains.current!.query('sdk.gov.v1.Query/Proposals')).toEqual({
      proposals: [],
      pagination: { next_key: null, total: '0' },
    })
    expect(await chains.current!.balance(ALICE)).toBe('100000000')
  })

  test('error: min_initial_deposit_ratio: the initial deposit must reach min_deposit × ratio, rounded half to even as RoundInt', async () => {
    const chain = await chains.create(
      genesisState({
        balances: { [ALICE]: 100n },
        validators: [{ op: 9, tokens: 100n, delegations: { 9: 100n } }],
        gov: {
          min_deposit: [{ denom: 'stake', amount: '10' }],
          min_initial_deposit_ratio: '0.250000000000000000',
        },
      }),
    )
    // 10 × 0.25 = 2.5, which RoundInt takes to 2 (half-up would ask for 3).
    expect(await submitError({ initial_deposit: [{ denom: 'stake', amount: '1' }] })).toBe(
      'gov/16: was (1stake), need (2stake): minimum deposit is too small',
    )
    const r = await chain.tx(
      SUBMIT,
      proposal({ initial_deposit: [{ denom: 'stake', amount: '2' }] }),
    )
    expect(String(r.response!.proposal_id)).toBe('1')
  })

  test('behavior: an invalid plan is accepted at submission (MsgSoftwareUpgrade has no ValidateBasic)', async () => {
    const c = await start()
    const r = await c.tx(SUBMIT, proposal({ messages: [upgradeMsg(0, '')] }))
    expect(String(r.response!.proposal_id)).toBe('1')
  })

  test('behavior: metadata that is not the JSON proposal format is accepted as is', async () => {
    const c = await start()
    await c.tx(SUBMIT, proposal({ metadata: 'ipfs://CID' }))
    await c.tx(SUBMIT, proposal({ metadata: '{"title": 5}' }))
    const list = await c.query('sdk.gov.v1.Query/Proposals')
    expect((list.proposals as { metadata: string }[]).map((p) => p.metadata)).toEqual([
      'ipfs://CID',
      '{"title": 5}',
    ])
  })
})

describe('MsgDeposit', () => {
  test('error: unknown proposal, bad coins, bad depositor', async () => {
    const c = await start()
    const run = async (value: Record<string, unknown>, typeUrl = DEPOSIT) => {
      const { results } = await c.block([{ typeUrl, value }])
      const e = results[0]!.error!
      return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
    }
    expect(
      await run({ proposal_id: 7, depositor: ALICE, amount: [{ denom: 'stake', amount: '1' }] }),
    ).toBe(
      "undefined/1: collections: not found: key '7' of type github.com/cosmos/gogoproto/sdk.gov.v1.Proposal",
    )
    // The legacy v1beta1 message runs the v1 handler: the same error.
    expect(
      await run(
        { proposal_id: 7, depositor: ALICE, amount: [{ denom: 'stake', amount: '1' }] },
        LEGACY_DEPOSIT,
      ),
    ).toBe(
      "undefined/1: collections: not found: key '7' of type github.com/cosmos/gogoproto/sdk.gov.v1.Proposal",
    )
    expect(await run({ proposal_id: 1, depositor: ALICE, amount: [] })).toBe(
      'sdk/10: : invalid coins',
    )
    expect(
      await run({ proposal_id: 1, depositor: '', amount: [{ denom: 'stake', amount: '1' }] }),
    ).toBe(
      'sdk/7: invalid depositor address: empty address string is not allowed: invalid address: invalid address',
    )
  })

  test('behavior: a deposit period that ends without the minimum deletes the proposal and refunds', async () => {
    const c = await start()
    await c.tx(SUBMIT, proposal({ initial_deposit: [{ denom: 'stake', amount: '100000' }] }))
    expect(await c.balance(ALICE)).toBe('99900000')
    // Submitted at T0+1s; the deposit period (10s) ends at T0+11s.
    const before = await c.block([], c.time + 9n * S)
    expect(eventOf(before.endEvents, 'inactive_proposal')).toBeUndefined()
    const { endEvents } = await c.block([], c.time + S)
    expect(eventOf(endEvents, 'inactive_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_dropped',
    })
    expect(eventOf(endEvents, 'transfer')).toEqual({
      recipient: ALICE,
      sender: GOV,
      amount: '100000stake',
    })
    expect(await c.balance(ALICE)).toBe('100000000')
    expect(await c.balance(GOV)).toBe('0')
    await expect(c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).rejects.toThrow(
      "proposal 1 doesn't exist",
    )
    expect(c.logs.some((l) => l.msg === 'proposal did not meet minimum deposit; deleted')).toBe(
      true,
    )
  })
})
