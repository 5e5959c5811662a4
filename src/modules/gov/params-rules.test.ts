import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  type GovChain,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
  S,
} from '../../../test/helpers/gov-chain.js'
import type { Event } from '../../block/events.js'
import type { ProtoMessage } from '../../codec/proto.js'

// Gov params that decide where deposits go (docs/governance.md, "Proposal lifecycle"):
// burn_proposal_deposit_prevote, burn_vote_quorum, proposal_cancel_ratio with and without
// proposal_cancel_dest; and the length limits of title, summary and metadata. Real v1 app on
// LevelDB (GovChain); periods: deposit 10s, voting 5s.

const ALICE = account(1)
const BOB = account(2)
const DEST = account(3)
const VAL = account(9)
const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'
const DEPOSIT = '/sdk.gov.v1.MsgDeposit'
const VOTE = '/sdk.gov.v1.MsgVote'
const CANCEL = '/sdk.gov.v1.MsgCancelProposal'

const chains = govChainPerTest()

/** ALICE and BOB hold 100000000stake; VAL is the only bonded validator (10000000stake). */
async function start(gov: Record<string, unknown> = {}): Promise<GovChain> {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [BOB]: 100_000_000n, [DEST]: 0n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: {
        voting_period: '5s',
        max_deposit_period: '10s',
        expedited_voting_period: '2s',
        ...gov,
      },
    }),
  )
}

const stake = (amount: bigint | number) => [{ denom: 'stake', amount: String(amount) }]

/** A signalling proposal by ALICE (metadata, no messages) with `deposit` and field overrides. */
const proposal = (deposit: bigint, over: Record<string, unknown> = {}): ProtoMessage => ({
  messages: [],
  initial_deposit: stake(deposit),
  proposer: ALICE,
  metadata: 'ipfs://signal',
  title: 'Signal',
  summary: 'A text proposal',
  ...over,
})

async function supply(c: GovChain): Promise<bigint> {
  const r = await c.query('sdk.bank.v1beta1.Query/SupplyOf', { denom: 'stake' })
  return BigInt((r.amount as { amount: string }).amount)
}

/** Every `transfer` event as its attribute map. */
const transfers = (events: readonly Event[]) =>
  events.filter((e) => e.type === 'transfer').map((e) => eventOf([e], 'transfer'))

async function proposalStatus(c: GovChain, id = 1): Promise<string> {
  const r = await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: id })
  return (r.proposal as { status: string }).status
}

/** `codespace/code: message` of a message that must fail. */
async function failure(c: GovChain, typeUrl: string, value: ProtoMessage): Promise<string> {
  const { results } = await c.block([{ typeUrl, value }])
  expect(results[0]!.ok).toBe(false)
  const { codespace, code } = results[0]!.error!.abci()
  return `${codespace}/${code}: ${results[0]!.error!.message}`
}

describe('burn_proposal_deposit_prevote', () => {
  test('behavior: true: a proposal whose deposit period ends without the minimum is deleted and every deposit burned', async () => {
    const c = await start({ burn_proposal_deposit_prevote: true })
    // Submitted at T0+1s with 1% of min_deposit; BOB adds 2%: still short, the period ends at T0+11s.
    await c.tx(SUBMIT, proposal(100_000n))
    await c.tx(DEPOSIT, { proposal_id: 1, depositor: BOB, amount: stake(200_000) })
    const before = await supply(c)
    const { endEvents } = await c.block([], c.time + 9n * S)
    expect(eventOf(endEvents, 'inactive_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_dropped',
    })
    expect(eventOf(endEvents, 'burn')).toEqual({ burner: GOV, amount: '300000stake' })
    expect(transfers(endEvents)).toEqual([])
    expect(await c.balance(ALICE)).toBe('99900000')
    expect(await c.balance(BOB)).toBe('99800000')
    expect(await c.balance(GOV)).toBe('0')
    expect(before - (await supply(c))).toBe(300_000n)
    await expect(c.query('sdk.gov.v1.Query/Proposal', { proposal_id: 1 })).rejects.toThrow(
      "proposal 1 doesn't exist",
    )
  })

  test('behavior: true does not change a cancellation: proposal_cancel_ratio is burned and the rest refunded', async () => {
    const c = await start({ burn_proposal_deposit_prevote: true })
    await c.tx(SUBMIT, proposal(1_000_000n))
    expect(await proposalStatus(c)).toBe('PROPOSAL_STATUS_DEPOSIT_PERIOD')
    const r = await c.tx(CANCEL, { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'burn')).toEqual({ burner: GOV, amount: '500000stake' })
    expect(await c.balance(ALICE)).toBe('99500000')
  })

  test('behavior: true does not touch proposals that reached their voting period: a rejected one is refunded', async () => {
    const c = await start({ burn_proposal_deposit_prevote: true })
    await c.tx(SUBMIT, proposal(10_000_000n))
    await c.block([{ typeUrl: VOTE, value: { proposal_id: 1, voter: VAL, option: 3 } }])
    const { endEvents } = await c.block([], c.time + 5n * S)
    expect(await proposalStatus(c)).toBe('PROPOSAL_STATUS_REJECTED')
    expect(eventOf(endEvents, 'burn')).toBeUndefined()
    expect(await c.balance(ALICE)).toBe('100000000')
  })
})

describe('burn_vote_quorum', () => {
  test('behavior: true: a proposal below quorum is rejected and its deposits burned', async () => {
    const c = await start({ burn_vote_quorum: true })
    await c.tx(SUBMIT, proposal(10_000_000n))
    const before = await supply(c)
    // Nobody votes: turnout 0 < quorum 0.334. Submitted at T0+1s, voting ends at T0+6s.
    const { endEvents } = await c.block([], c.time + 5n * S)
    expect(await proposalStatus(c)).toBe('PROPOSAL_STATUS_REJECTED')
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_rejected',
      proposal_log: 'rejected',
    })
    expect(eventOf(endEvents, 'burn')).toEqual({ burner: GOV, amount: '10000000stake' })
    expect(await c.balance(ALICE)).toBe('90000000')
    expect(await c.balance(GOV)).toBe('0')
    expect(before - (await supply(c))).toBe(10_000_000n)
  })

  test('behavior: true burns only for a missed quorum: a quorate rejection is refunded', async () => {
    const c = await start({ burn_vote_quorum: true })
    await c.tx(SUBMIT, proposal(10_000_000n))
    await c.block([{ typeUrl: VOTE, value: { proposal_id: 1, voter: VAL, option: 3 } }])
    const { endEvents } = await c.block([], c.time + 5n * S)
    expect(await proposalStatus(c)).toBe('PROPOSAL_STATUS_REJECTED')
    expect(eventOf(endEvents, 'burn')).toBeUndefined()
    expect(transfers(endEvents)).toEqual([
      { recipient: ALICE, sender: GOV, amount: '10000000stake' },
    ])
    expect(await c.balance(ALICE)).toBe('100000000')
  })
})

describe('proposal_cancel_ratio and proposal_cancel_dest', () => {
  test('behavior: a cancellation in the deposit period charges the ratio of each deposit (truncated) and burns it', async () => {
    const c = await start({ proposal_cancel_ratio: '0.250000000000000000' })
    await c.tx(SUBMIT, proposal(1_000_000n))
    await c.tx(DEPOSIT, { proposal_id: 1, depositor: BOB, amount: stake(1_000_003) })
    const before = await supply(c)
    const r = await c.tx(CANCEL, { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'cancel_proposal')).toEqual({ sender: ALICE, proposal_id: '1' })
    // ALICE: 1000000 × 0.25 = 250000 charged; BOB: 1000003 × 0.25 = 250000.75 → 250000 charged.
    expect(transfers(r.events)).toEqual([
      { recipient: ALICE, sender: GOV, amount: '750000stake' },
      { recipient: BOB, sender: GOV, amount: '750003stake' },
    ])
    expect(eventOf(r.events, 'burn')).toEqual({ burner: GOV, amount: '500000stake' })
    expect(await c.balance(ALICE)).toBe('99750000')
    expect(await c.balance(BOB)).toBe('99750000')
    expect(await c.balance(GOV)).toBe('0')
    expect(before - (await supply(c))).toBe(500_000n)
  })

  test('behavior: with proposal_cancel_dest set, the charges of every deposit go to that account', async () => {
    const c = await start({
      proposal_cancel_ratio: '0.250000000000000000',
      proposal_cancel_dest: DEST,
    })
    await c.tx(SUBMIT, proposal(1_000_000n))
    await c.tx(DEPOSIT, { proposal_id: 1, depositor: BOB, amount: stake(1_000_003) })
    const before = await supply(c)
    const r = await c.tx(CANCEL, { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'burn')).toBeUndefined()
    expect(transfers(r.events)).toEqual([
      { recipient: ALICE, sender: GOV, amount: '750000stake' },
      { recipient: BOB, sender: GOV, amount: '750003stake' },
      { recipient: DEST, sender: GOV, amount: '500000stake' },
    ])
    expect(await c.balance(DEST)).toBe('500000')
    expect(await c.balance(GOV)).toBe('0')
    expect(await supply(c)).toBe(before)
  })

  test('behavior: ratio 0 refunds everything; ratio 1 keeps everything (burned)', async () => {
    let c = await start({ proposal_cancel_ratio: '0.000000000000000000' })
    await c.tx(SUBMIT, proposal(1_000_000n))
    let r = await c.tx(CANCEL, { proposal_id: 1, proposer: ALICE })
    expect(eventOf(r.events, 'burn')).toBeUndefined()
    expect(transfers(r.events)).toEqual([{ recipient: ALICE, sender: GOV, amount: '1000000stake' }])
    expect(await c.balance(ALICE)).toBe('100000000')
    await c.destroy()

    c = await start({ proposal_cancel_ratio: '1.000000000000000000' })
    await c.tx(SUBMIT, proposal(1_000_000n))
    r = await c.tx(CANCEL, { proposal_id: 1, proposer: ALICE })
    expect(transfers(r.events)).toEqual([])
    expect(eventOf(r.events, 'burn')).toEqual({ burner: GOV, amount: '1000000stake' })
    expect(await c.balance(ALICE)).toBe('99000000')
  })
})

describe('title, summary and metadata lengths', () => {
  test('behavior: title and metadata of 255 bytes and a summary of 10200 bytes are accepted', async () => {
    const c = await start()
    const r = await c.tx(
      SUBMIT,
      proposal(10_000_000n, {
        title: 't'.repeat(255),
        summary: 's'.repeat(10_200),
        metadata: 'm'.repeat(255),
      }),
    )
    expect(String(r.response!.proposal_id)).toBe('1')
  })

  test('error: a title over 255 is metadata too long (gov 15); a summary over 10200 is summary too long (gov 22)', async () => {
    const c = await start()
    expect(await failure(c, SUBMIT, proposal(10_000_000n, { title: 't'.repeat(256) }))).toBe(
      'gov/15: got metadata with length 256: metadata too long',
    )
    expect(await failure(c, SUBMIT, proposal(10_000_000n, { summary: 's'.repeat(10_201) }))).toBe(
      'gov/22: got summary with length 10201: summary too long',
    )
    // Upstream checks metadata, then summary, then title.
    expect(
      await failure(
        c,
        SUBMIT,
        proposal(10_000_000n, { title: 't'.repeat(256), summary: 's'.repeat(10_201) }),
      ),
    ).toBe('gov/22: got summary with length 10201: summary too long')
    expect(
      await failure(
        c,
        SUBMIT,
        proposal(10_000_000n, { metadata: 'm'.repeat(300), summary: 's'.repeat(10_201) }),
      ),
    ).toBe('gov/15: got metadata with length 300: metadata too long')
    expect(await c.balance(ALICE)).toBe('100000000')
  })

  test('error: lengths are UTF-8 bytes, as Go’s len(): 128 × "é" is a 256-byte title', async () => {
    const c = await start()
    expect(await failure(c, SUBMIT, proposal(10_000_000n, { title: 'é'.repeat(128) }))).toBe(
      'gov/15: got metadata with length 256: metadata too long',
    )
    expect(await failure(c, SUBMIT, proposal(10_000_000n, { summary: '€'.repeat(3401) }))).toBe(
      'gov/22: got summary with length 10203: summary too long',
    )
    const r = await c.tx(SUBMIT, proposal(10_000_000n, { title: 'é'.repeat(127) }))
    expect(String(r.response!.proposal_id)).toBe('1')
  })

  test('error: a vote’s metadata over 255 bytes is metadata too long (gov 15)', async () => {
    const c = await start()
    await c.tx(SUBMIT, proposal(10_000_000n))
    expect(
      await failure(c, VOTE, { proposal_id: 1, voter: VAL, option: 1, metadata: 'v'.repeat(256) }),
    ).toBe('gov/15: got metadata with length 256: metadata too long')
  })
})
