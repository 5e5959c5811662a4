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

/** Passed proposals run their messages with the gov account as signer (upstream §4.6, §5.5). */
const VAL = account(9)
const ALICE = account(1)
const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'
const UPGRADE = '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade'
const CANCEL = '/sdk.upgrade.v1beta1.MsgCancelUpgrade'

const chains = govChainPerTest()

async function start() {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    }),
  )
}

const upgrade = (height: number, name = 'v2', authority = GOV) => ({
  type_url: UPGRADE,
  value: GovChain.encode(UPGRADE, {
    authority,
    plan: { name, height: String(height), info: '{}' },
  }),
})
const cancel = () => ({ type_url: CANCEL, value: GovChain.encode(CANCEL, { authority: GOV }) })

/** Submits a proposal with these messages, votes yes with all the power, ends the voting period. */
async function pass(c: GovChain, messages: { type_url: string; value: Uint8Array }[]) {
  const r = await c.tx(SUBMIT, {
    messages,
    initial_deposit: [{ denom: 'stake', amount: '10000000' }],
    proposer: ALICE,
    title: 'Upgrade',
    summary: 'Upgrade proposal',
  })
  const id = Number(r.response!.proposal_id)
  await c.tx('/sdk.gov.v1.MsgVote', { proposal_id: id, voter: VAL, option: 1 })
  const { endEvents } = await c.block([], c.time + 5n * S)
  const p = (await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: id })).proposal as Record<
    string,
    unknown
  >
  return { p, endEvents }
}

async function currentPlan(c: GovChain) {
  return (await c.query('sdk.upgrade.v1beta1.Query/CurrentPlan')).plan as Record<
    string,
    unknown
  > | null
}

describe('passed proposals', () => {
  test('behavior: MsgSoftwareUpgrade schedules the plan; a second one moves its height; MsgCancelUpgrade removes it', async () => {
    const c = await start()
    const first = await pass(c, [upgrade(1000)])
    expect(first.p.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(first.p.failed_reason).toBe('')
    expect(eventOf(first.endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_passed',
      proposal_log: 'passed',
    })
    expect(await currentPlan(c)).toEqual({
      name: 'v2',
      time: '0001-01-01T00:00:00Z',
      height: '1000',
      info: '{}',
      upgraded_client_state: null,
    })
    // The upgrade module emits no events of its own, as upstream's.
    expect(first.endEvents.map((e) => e.type)).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'active_proposal',
    ])

    await pass(c, [upgrade(500)])
    expect((await currentPlan(c))?.height).toBe('500')
    expect(await c.query('sdk.upgrade.v1beta1.Query/AppliedPlan', { name: 'v2' })).toEqual({
      height: '0',
    })

    const third = await pass(c, [cancel()])
    expect(third.p.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await currentPlan(c)).toBeNull()

    // Cancelling with nothing scheduled passes too.
    const fourth = await pass(c, [cancel()])
    expect(fourth.p.status).toBe('PROPOSAL_STATUS_PASSED')
  })

  test('behavior: a plan whose height has passed by execution fails the proposal with the upstream reason; deposits come back', async () => {
    const c = await start()
    // Submit at block 1, vote at 2, tally at 3: a plan at 2 is in the past by then.
    const { p, endEvents } = await pass(c, [upgrade(2)])
    expect(c.height).toBe(3)
    expect(p.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(p.failed_reason).toBe('upgrade cannot be scheduled in the past: invalid request')
    expect(p.final_tally_result).toMatchObject({ yes_count: '10000000' })
    expect(eventOf(endEvents, 'active_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_failed',
      proposal_log:
        'passed, but msg 0 (/sdk.upgrade.v1beta1.MsgSoftwareUpgrade) failed on execution: upgrade cannot be scheduled in the past: invalid request',
    })
    expect(await currentPlan(c)).toBeNull()
    expect(await c.balance(ALICE)).toBe('100000000')
    expect(
      c.logs.some(
        (l) =>
          l.msg === 'proposal tallied' &&
          l.status === 'PROPOSAL_STATUS_FAILED' &&
          l.module === 'x/gov',
      ),
    ).toBe(true)
  })

  test('behavior: a plan at the execution height itself is accepted (due at the next PreBlock)', async () => {
    const c = await start()
    const { p } = await pass(c, [upgrade(3)])
    expect(c.height).toBe(3)
    expect(p.status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await currentPlan(c))?.height).toBe('3')
  })

  test('behavior: nameless and zero-height plans are accepted at submit and fail at execution', async () => {
    const c = await start()
    const nameless = await pass(c, [upgrade(1000, '')])
    expect(nameless.p.failed_reason).toBe('name cannot be empty: invalid request')
    const zero = await pass(c, [upgrade(0)])
    expect(zero.p.failed_reason).toBe('height must be greater than 0: invalid request')
  })

  test('behavior: when one message fails, none of the proposal’s messages is written', async () => {
    const c = await start()
    const { p } = await pass(c, [upgrade(1000, 'first'), upgrade(1, 'second')])
    expect(p.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(p.failed_reason).toBe('upgrade cannot be scheduled in the past: invalid request')
    expect(await currentPlan(c)).toBeNull()
  })
})

describe('upgrade msgs outside governance', () => {
  test('error: MsgSoftwareUpgrade and MsgCancelUpgrade from any other account fail with upgrade code 6', async () => {
    const c = await start()
    const { results } = await c.block([
      { typeUrl: UPGRADE, value: { authority: ALICE, plan: { name: 'v2', height: '1000' } } },
      { typeUrl: CANCEL, value: { authority: ALICE } },
    ])
    for (const r of results) {
      expect(r.ok).toBe(false)
      expect(r.error!.abci()).toEqual({
        code: 6,
        codespace: 'upgrade',
        log: `expected ${GOV} got ${ALICE}: expected authority account as only signer for proposal message`,
      })
    }
    expect(await currentPlan(c)).toBeNull()
  })
})
