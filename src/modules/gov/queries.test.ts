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
  valoper,
} from '../../../test/helpers/gov-chain.js'
import type { ChainError } from '../../errors.js'

const ALICE = account(1)
const VAL = account(9)
const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'

const chains = govChainPerTest()

async function start(extra: Record<string, unknown> = {}) {
  return chains.create({
    ...genesisState({
      balances: { [ALICE]: 100_000_000n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    }),
    ...extra,
  })
}

const submit = (c: GovChain, deposit = '10000000') =>
  c.tx(SUBMIT, {
    messages: [],
    initial_deposit: [{ denom: 'stake', amount: deposit }],
    proposer: ALICE,
    metadata: 'ipfs://x',
    title: 'T',
    summary: 'S',
  })

/** The gRPC code and message a query fails with. */
async function queryError(c: GovChain, method: string, req: Record<string, unknown>) {
  try {
    await c.query(method, req)
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage() }
  }
  throw new Error('query succeeded')
}

describe('gov queries', () => {
  test('error: the upstream query errors and their statuses', async () => {
    const c = await start()
    await submit(c)
    expect(await queryError(c, 'sdk.gov.v1.Query/Proposal', { proposal_id: 0 })).toEqual({
      code: 3,
      message: 'proposal id can not be 0',
    })
    expect(await queryError(c, 'sdk.gov.v1.Query/Proposal', { proposal_id: 9 })).toEqual({
      code: 5,
      message: "proposal 9 doesn't exist",
    })
    expect(await queryError(c, 'sdk.gov.v1.Query/TallyResult', { proposal_id: 9 })).toEqual({
      code: 5,
      message: "proposal 9 doesn't exist",
    })
    expect(await queryError(c, 'sdk.gov.v1.Query/Vote', { proposal_id: 1, voter: '' })).toEqual({
      code: 3,
      message: 'empty voter address',
    })
    expect(await queryError(c, 'sdk.gov.v1.Query/Vote', { proposal_id: 1, voter: ALICE })).toEqual({
      code: 3,
      message: `voter: ${ALICE} not found for proposal: 1`,
    })
    expect(
      await queryError(c, 'sdk.gov.v1.Query/Deposit', { proposal_id: 1, depositor: VAL }),
    ).toEqual({
      code: 5,
      message: `collections: not found: key '("1", "${VAL}")' of type github.com/cosmos/gogoproto/sdk.gov.v1.Deposit`,
    })
    expect(await queryError(c, 'sdk.gov.v1.Query/Params', { params_type: 'bogus' })).toEqual({
      code: 3,
      message: 'unknown params type: bogus',
    })
  })

  test('behavior: params by type carry the matching deprecated block; the others are null', async () => {
    const c = await start()
    await c.block()
    const tallying = await c.query('sdk.gov.v1.Query/Params', { params_type: 'tallying' })
    expect(tallying.tally_params).toEqual({
      quorum: '0.334000000000000000',
      threshold: '0.500000000000000000',
      veto_threshold: '0.334000000000000000',
    })
    expect(tallying.voting_params).toBeNull()
    expect(tallying.deposit_params).toBeNull()
    const deposit = await c.query('sdk.gov.v1.Query/Params', { params_type: 'deposit' })
    expect(deposit.deposit_params).toEqual({
      min_deposit: [{ denom: 'stake', amount: '10000000' }],
      max_deposit_period: '10s',
    })
    expect((deposit.params as Record<string, unknown>).voting_period).toBe('5s')
  })

  test('behavior: proposals filter by status and depositor and paginate', async () => {
    const c = await start()
    await submit(c)
    await submit(c, '100000')
    await submit(c)
    const ids = (json: Record<string, unknown>) =>
      (json.proposals as { id: string }[]).map((p) => p.id)
    expect(ids(await c.query('sdk.gov.v1.Query/Proposals'))).toEqual(['1', '2', '3'])
    expect(ids(await c.query('sdk.gov.v1.Query/Proposals', { proposal_status: 1 }))).toEqual(['2'])
    expect(ids(await c.query('sdk.gov.v1.Query/Proposals', { proposal_status: 2 }))).toEqual([
      '1',
      '3',
    ])
    expect(ids(await c.query('sdk.gov.v1.Query/Proposals', { depositor: VAL }))).toEqual([])
    const page = await c.query('sdk.gov.v1.Query/Proposals', {
      pagination: { limit: 2, count_total: true },
    })
    expect(ids(page)).toEqual(['1', '2'])
    expect((page.pagination as { total: string }).total).toBe('3')
    const deposits = await c.query('sdk.gov.v1.Query/Deposits', { proposal_id: 2 })
    expect(deposits.deposits).toEqual([
      { proposal_id: '2', depositor: ALICE, amount: [{ denom: 'stake', amount: '100000' }] },
    ])
  })

  test('behavior: proposals page as upstream CollectionFilteredPaginate: past the end, by key and counting with a filter', async () => {
    const c = await start()
    await submit(c)
    await submit(c, '100000')
    await submit(c)
    const P = 'sdk.gov.v1.Query/Proposals'
    const ids = (json: Record<string, unknown>) =>
      (json.proposals as { id: string }[]).map((p) => p.id)
    const key = (id: number) => Buffer.from([0, 0, 0, 0, 0, 0, 0, id]).toString('base64')
    // An offset past the end: an empty page response, whether counting or not.
    for (const pagination of [{ offset: 4 }, { offset: 4, limit: 1, count_total: true }]) {
      expect(await c.query(P, { pagination })).toEqual({
        proposals: [],
        pagination: { next_key: null, total: '0' },
      })
    }
    // Exactly at the end, counting: the offset.
    expect((await c.query(P, { pagination: { offset: 3 } })).pagination).toEqual({
      next_key: null,
      total: '3',
    })
    // Voting period (2) keeps 1 and 3. From key 2 with limit 1, proposal 2 is read (left out) and
    // fills the limit: no proposal, proposal 3 next.
    const byKey = await c.query(P, { proposal_status: 2, pagination: { key: key(2), limit: 1 } })
    expect([ids(byKey), byKey.pagination]).toEqual([[], { next_key: key(3), total: '0' }])
    // Counting, each proposal read after a full page is the next key until one is kept.
    const counted = await c.query(P, {
      proposal_status: 2,
      pagination: { limit: 1, count_total: true },
    })
    expect([ids(counted), counted.pagination]).toEqual([['1'], { next_key: key(3), total: '2' }])
    const uncounted = await c.query(P, { proposal_status: 2, pagination: { limit: 1 } })
    expect(uncounted.pagination).toEqual({ next_key: key(2), total: '0' })
  })

  test('behavior: the staking queries show the bonded validator and pool', async () => {
    const c = await start()
    await c.block()
    const pool = await c.query('sdk.staking.v1beta1.Query/Pool')
    expect(pool).toEqual({ pool: { not_bonded_tokens: '0', bonded_tokens: '10000000' } })
    const v = await c.query('sdk.staking.v1beta1.Query/Validator', { validator_addr: valoper(9) })
    expect((v.validator as Record<string, unknown>).tokens).toBe('10000000')
    expect((v.validator as Record<string, unknown>).status).toBe('BOND_STATUS_BONDED')
    const d = await c.query('sdk.staking.v1beta1.Query/DelegatorDelegations', {
      delegator_addr: VAL,
    })
    expect(d.delegation_responses).toEqual([
      {
        delegation: {
          delegator_address: VAL,
          validator_address: valoper(9),
          shares: '10000000.000000000000000000',
        },
        balance: { denom: 'stake', amount: '10000000' },
      },
    ])
  })
})

describe('MsgCancelProposal and MsgUpdateParams', () => {
  test('behavior: the proposer cancels; half the deposit is burned (proposal_cancel_ratio), half refunded', async () => {
    const c = await start()
    await submit(c)
    const r = await c.tx('/sdk.gov.v1.MsgCancelProposal', { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'cancel_proposal')).toEqual({ sender: ALICE, proposal_id: '1' })
    expect(eventOf(r.events, 'burn')).toEqual({ burner: GOV, amount: '5000000stake' })
    expect(await c.balance(ALICE)).toBe('95000000')
    await expect(c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).rejects.toThrow(
      "proposal 1 doesn't exist",
    )
    const { results } = await c.block([
      { typeUrl: '/sdk.gov.v1.MsgCancelProposal', value: { proposal_id: 1, proposer: ALICE } },
    ])
    // Upstream returns the store's miss as is: a plain error (code 1, codespace undefined).
    expect(results[0]!.error!.abci()).toEqual({
      code: 1,
      codespace: 'undefined',
      log: "collections: not found: key '1' of type github.com/cosmos/gogoproto/sdk.gov.v1.Proposal",
    })
  })

  test('error: only the proposer may cancel, and only before voting ends', async () => {
    const c = await start()
    await submit(c)
    const cancel = (proposer: string) => ({
      typeUrl: '/sdk.gov.v1.MsgCancelProposal',
      value: { proposal_id: 1, proposer },
    })
    const failure = async (time?: bigint) => {
      const { results } = await c.block([cancel(ALICE)], time)
      const e = results[0]!.error!
      return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
    }
    const { results } = await c.block([cancel(VAL)])
    expect(results[0]!.error!.message).toBe(`invalid proposer ${VAL}: invalid proposer`)
    // Submitted at T0+1s, voting ends at T0+6s. In a block after that (before its EndBlock tallies)
    // the proposer is too late; once tallied, the proposal is no longer active.
    expect(await failure(c.time + 5n * S)).toBe(
      'gov/20: voting period is already ended for this proposal 1: voting period already ended',
    )
    expect(
      (
        (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).proposal as {
          status: string
        }
      ).status,
    ).toBe('PROPOSAL_STATUS_REJECTED')
    expect(await failure()).toBe(
      'gov/21: proposal should be in the deposit or voting period: invalid proposal',
    )
    // Nothing was charged: the tally refunded the whole deposit (burn_vote_quorum is false).
    expect(await c.balance(ALICE)).toBe('100000000')
  })

  test('behavior: MsgUpdateParams only from the gov authority, with validated params', async () => {
    const c = await start()
    await c.block()
    const params = (await c.query('sdk.gov.v1.Query/Params', { params_type: 'voting' }))
      .params as Record<string, unknown>
    const asProto = {
      ...params,
      voting_period: { seconds: 60 },
      max_deposit_period: { seconds: 10 },
      expedited_voting_period: { seconds: 2 },
    }
    const { results } = await c.block([
      { typeUrl: '/sdk.gov.v1.MsgUpdateParams', value: { authority: ALICE, params: asProto } },
      {
        typeUrl: '/sdk.gov.v1.MsgUpdateParams',
        value: { authority: GOV, params: { ...asProto, quorum: '1.5' } },
      },
      { typeUrl: '/sdk.gov.v1.MsgUpdateParams', value: { authority: GOV, params: asProto } },
    ])
    expect(results[0]!.error!.message).toBe(
      `invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    expect(results[1]!.error!.message).toBe('quorom too large: 1.5: invalid request')
    expect(results[2]!.ok).toBe(true)
    const after = await c.query('sdk.gov.v1.Query/Params', { params_type: 'voting' })
    expect(after.voting_params).toEqual({ voting_period: '60s' })
  })
})

describe('genesis', () => {
  test('behavior: proposals, deposits and votes in genesis are imported with their queues', async () => {
    const base = genesisState({
      balances: { [ALICE]: 1n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    })
    const bank = base.bank as { balances: unknown[] }
    bank.balances.push({ address: GOV, coins: [{ denom: 'stake', amount: '10000000' }] })
    const gov = base.gov as Record<string, unknown>
    gov.starting_proposal_id = '8'
    gov.proposals = [
      {
        id: '7',
        messages: [],
        status: 'PROPOSAL_STATUS_VOTING_PERIOD',
        submit_time: '2026-01-01T00:00:00Z',
        deposit_end_time: '2026-01-01T00:00:10Z',
        total_deposit: [{ denom: 'stake', amount: '10000000' }],
        voting_start_time: '2026-01-01T00:00:00Z',
        voting_end_time: '2026-01-01T00:00:05Z',
        metadata: 'm',
        title: 't',
        summary: 's',
        proposer: ALICE,
      },
    ]
    gov.deposits = [
      { proposal_id: '7', depositor: ALICE, amount: [{ denom: 'stake', amount: '10000000' }] },
    ]
    gov.votes = [
      { proposal_id: '7', voter: VAL, options: [{ option: 'VOTE_OPTION_YES', weight: '1' }] },
    ]
    const chain = await chains.create(base)
    await chain.block()
    const live = await chain.query('sdk.gov.v1.Query/TallyResult', { proposal_id: 7 })
    expect(live.tally).toMatchObject({ yes_count: '10000000' })
    await chain.block([], chain.time + 4n * S)
    const p = (await chain.query('sdk.gov.v1.Query/Proposal', { proposal_id: 7 }))
      .proposal as Record<string, unknown>
    expect(p.status).toBe('PROPOSAL_STATUS_PASSED')
    // The imported vote is what passed it.
    expect(p.final_tally_result).toEqual({
      yes_count: '10000000',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
    expect(await chain.balance(ALICE)).toBe('10000001')
  })

  test('error: a gov account balance that differs from the deposits is refused', async () => {
    const base = genesisState({ balances: { [GOV]: 5n } })
    await expect(GovChain.create(base)).rejects.toThrow(
      'app_state.gov: expected module account was 5stake but we got ',
    )
  })

  test('error: a bonded pool that does not hold the bonded tokens is refused', async () => {
    const base = genesisState({
      balances: {},
      validators: [{ op: 9, tokens: 10n, delegations: { 9: 10n } }],
    })
    ;(base.bank as { balances: unknown[] }).balances = []
    await expect(GovChain.create(base)).rejects.toThrow(
      'bonded pool balance is different from bonded coins:  <-> 10stake',
    )
  })

  test('error: invalid gov params and staking records name the field', async () => {
    const bad = genesisState({ balances: {} })
    ;(bad.gov as { params: Record<string, unknown> }).params.voting_period = '0s'
    await expect(GovChain.create(bad)).rejects.toThrow(
      'app_state.gov: params: voting period must be positive: invalid request',
    )
    const jailed = genesisState({
      balances: {},
      validators: [{ op: 9, tokens: 10n, delegations: { 9: 10n } }],
    })
    ;(jailed.staking as { validators: Record<string, unknown>[] }).validators[0]!.jailed = true
    await expect(GovChain.create(jailed)).rejects.toThrow(
      `app_state.staking.validators[0]: validator is bonded and jailed in genesis state: moniker val9, address ${valoper(9)}`,
    )
  })
})
