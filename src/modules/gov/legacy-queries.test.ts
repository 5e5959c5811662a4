import { describe, expect, test } from 'vitest'
import { GOV, GovChain } from '../../../test/helpers/gov-chain.js'
import {
  ALICE,
  EXEC,
  legacyChains,
  Q,
  queryError,
  SUBMIT_V1,
  submitText,
  text,
  UPGRADE,
  VAL,
  ZERO_TIME,
} from './legacy.case.js'

/** gov v1beta1 queries (upstream v0.50's legacy wrappers): one v1 store, seen and written through v1beta1. */

const start = legacyChains()

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
