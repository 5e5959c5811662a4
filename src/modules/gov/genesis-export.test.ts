import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { addressToBech32 } from '../../codec/address.js'
import { parseCoins } from '../../codec/coins.js'
import { protoRegistry } from '../../codec/proto.js'
import { parseRfc3339 } from '../../codec/time.js'
import type { GovBankKeeper, GovDistributionKeeper, GovStakingKeeper } from './expected-keepers.js'
import { exportGovGenesis, initGovGenesis, parseGovGenesis } from './genesis.js'
import { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { createGovModule } from './module.js'

// x/gov ExportGenesis (upstream x/gov/genesis.go v0.50): what InitGenesis stored comes back in
// genesis JSON form, proposals in id order, deposits and votes in (proposal id, address) order.

const registry = protoRegistry()
const ALICE = addressToBech32(new Uint8Array(20).fill(1))
const BOB = addressToBech32(new Uint8Array(20).fill(2))
const CAROL = addressToBech32(new Uint8Array(20).fill(3))

/** A keeper whose gov account holds `held` (InitGenesis checks it against the deposits). */
function keeperHolding(held: string) {
  const bank = { balances: async () => parseCoins(held) } as unknown as GovBankKeeper
  return new GovKeeper({
    registry,
    bank,
    staking: {} as GovStakingKeeper,
    distribution: {} as GovDistributionKeeper,
  })
}

const GOV = keeperHolding('').authority

const tally = (yes: string, abstain: string, no: string, veto: string) => ({
  yes_count: yes,
  abstain_count: abstain,
  no_count: no,
  no_with_veto_count: veto,
})

/** The exported section, written out: every record kind, in upstream's order. */
const exported = {
  starting_proposal_id: '5',
  deposits: [
    { proposal_id: '1', depositor: ALICE, amount: [{ denom: 'stake', amount: '100' }] },
    { proposal_id: '2', depositor: ALICE, amount: [{ denom: 'stake', amount: '7000000' }] },
    {
      proposal_id: '2',
      depositor: BOB,
      amount: [
        { denom: 'atom', amount: '5' },
        { denom: 'stake', amount: '3000000' },
      ],
    },
  ],
  votes: [
    {
      proposal_id: '2',
      voter: ALICE,
      options: [{ option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' }],
      metadata: '',
    },
    {
      proposal_id: '2',
      voter: BOB,
      options: [
        { option: 'VOTE_OPTION_YES', weight: '0.600000000000000000' },
        { option: 'VOTE_OPTION_NO_WITH_VETO', weight: '0.400000000000000000' },
      ],
      metadata: 'split',
    },
    {
      proposal_id: '2',
      voter: CAROL,
      options: [{ option: 'VOTE_OPTION_ABSTAIN', weight: '1.000000000000000000' }],
      metadata: '',
    },
  ],
  proposals: [
    {
      id: '1',
      messages: [
        {
          '@type': '/sdk.bank.v1beta1.MsgSend',
          from_address: GOV,
          to_address: ALICE,
          amount: [{ denom: 'stake', amount: '1' }],
        },
      ],
      status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
      final_tally_result: tally('0', '0', '0', '0'),
      submit_time: '2026-01-01T00:00:00Z',
      deposit_end_time: '2026-01-03T00:00:00Z',
      total_deposit: [{ denom: 'stake', amount: '100' }],
      voting_start_time: null,
      voting_end_time: null,
      metadata: 'ipfs://one',
      title: 'Pay Alice',
      summary: 'Still collecting deposits',
      proposer: ALICE,
      expedited: false,
      failed_reason: '',
    },
    {
      id: '2',
      messages: [],
      status: 'PROPOSAL_STATUS_VOTING_PERIOD',
      final_tally_result: tally('0', '0', '0', '0'),
      submit_time: '2026-01-01T00:00:01Z',
      deposit_end_time: '2026-01-03T00:00:01Z',
      total_deposit: [
        { denom: 'atom', amount: '5' },
        { denom: 'stake', amount: '10000000' },
      ],
      voting_start_time: '2026-01-01T00:00:02.500Z',
      voting_end_time: '2026-01-03T00:00:02.500Z',
      metadata: '',
      title: 'Signal',
      summary: 'A text proposal in its voting period',
      proposer: BOB,
      expedited: false,
      failed_reason: '',
    },
    {
      id: '3',
      messages: [
        {
          '@type': '/sdk.gov.v1.MsgExecLegacyContent',
          content: {
            '@type': '/sdk.gov.v1beta1.TextProposal',
            title: 'Legacy',
            description: 'Signal only',
          },
          authority: GOV,
        },
      ],
      status: 'PROPOSAL_STATUS_PASSED',
      final_tally_result: tally('90', '1', '2', '0'),
      submit_time: '2025-12-01T00:00:00Z',
      deposit_end_time: '2025-12-03T00:00:00Z',
      total_deposit: [{ denom: 'stake', amount: '50000000' }],
      voting_start_time: '2025-12-01T00:00:00Z',
      voting_end_time: '2025-12-02T00:00:00Z',
      metadata: '',
      title: 'Legacy',
      summary: 'Passed, expedited',
      proposer: ALICE,
      expedited: true,
      failed_reason: '',
    },
    {
      id: '4',
      messages: [
        {
          '@type': '/sdk.bank.v1beta1.MsgSend',
          from_address: GOV,
          to_address: BOB,
          amount: [{ denom: 'stake', amount: '999999999999' }],
        },
      ],
      status: 'PROPOSAL_STATUS_FAILED',
      final_tally_result: tally('100', '0', '0', '0'),
      submit_time: '2025-12-05T00:00:00Z',
      deposit_end_time: '2025-12-07T00:00:00Z',
      total_deposit: [{ denom: 'stake', amount: '10000000' }],
      voting_start_time: '2025-12-05T00:00:00Z',
      voting_end_time: '2025-12-07T00:00:00Z',
      metadata: '',
      title: 'Pay Bob',
      summary: 'Passed, then failed',
      proposer: BOB,
      expedited: false,
      failed_reason:
        'spendable balance 0stake is smaller than 999999999999stake: insufficient funds',
    },
  ],
  deposit_params: null,
  voting_params: null,
  tally_params: null,
  params: {
    min_deposit: [{ denom: 'stake', amount: '10000000' }],
    max_deposit_period: '172800s',
    voting_period: '172800s',
    quorum: '0.400000000000000000',
    threshold: '0.500000000000000000',
    veto_threshold: '0.334000000000000000',
    min_initial_deposit_ratio: '0.000000000000000000',
    proposal_cancel_ratio: '0.500000000000000000',
    proposal_cancel_dest: '',
    expedited_voting_period: '86400s',
    expedited_threshold: '0.667000000000000000',
    expedited_min_deposit: [{ denom: 'stake', amount: '50000000' }],
    burn_vote_quorum: false,
    burn_proposal_deposit_prevote: false,
    burn_vote_veto: true,
    min_deposit_ratio: '0.010000000000000000',
  },
  constitution: 'Be excellent to each other.',
}

/** The deposits exported: what the gov account must hold. */
const HELD = '5atom,10000100stake'

/** The same records in another order, without the deprecated groups (as a hand-written genesis). */
const shuffled = (() => {
  const { deposit_params, voting_params, tally_params, ...rest } = exported
  return {
    ...rest,
    deposits: [...exported.deposits].reverse(),
    votes: [exported.votes[2], exported.votes[0], exported.votes[1]],
    proposals: [...exported.proposals].reverse(),
  }
})()

async function imported(section: unknown) {
  const k = keeperHolding(HELD)
  const ctx = genesisContext()
  await initGovGenesis(ctx, k, parseGovGenesis(registry, section))
  return { k, ctx }
}

describe('gov ExportGenesis', () => {
  test('import then export gives the section in key order, every record kind included', async () => {
    const { k, ctx } = await imported(shuffled)
    expect(await exportGovGenesis(ctx.state, k)).toEqual(exported)
  })

  test('the export imports back: the same section, the open proposals in their queues', async () => {
    const first = await imported(shuffled)
    const section = await exportGovGenesis(first.ctx.state, first.k)
    const { k, ctx } = await imported(JSON.parse(JSON.stringify(section)))
    expect(await exportGovGenesis(ctx.state, k)).toEqual(exported)
    const later = parseRfc3339('2027-01-01T00:00:00Z')
    const due = async (queue: 'active' | 'inactive') =>
      (await k.dueProposals(ctx.state, queue, later)).map(({ time, id }) => [time, id])
    expect(await due('inactive')).toEqual([[parseRfc3339('2026-01-03T00:00:00Z'), 1n]])
    expect(await due('active')).toEqual([[parseRfc3339('2026-01-03T00:00:02.5Z'), 2n]])
    const voting = []
    for await (const [id] of k.c.votingPeriodProposals.iterate(ctx.state.store(MODULE_NAME)))
      voting.push(id)
    expect(voting).toEqual([2n])
  })

  test('the module exports through its keeper; a fresh state exports the default section', async () => {
    const { k, ctx } = await imported(shuffled)
    const module = createGovModule({ registry, keeper: k })
    expect(await module.exportGenesis!(ctx.state as never)).toEqual(exported)
    const fresh = await exportGovGenesis(genesisContext().state, keeperHolding(''))
    expect(fresh).toEqual({
      ...(module.defaultGenesis!() as object),
      deposit_params: null,
      voting_params: null,
      tally_params: null,
    })
  })
})
