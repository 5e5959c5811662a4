import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  govChainPerTest,
  S,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import {
  ALICE,
  coin,
  createMsg,
  M,
  pool,
  refusal,
  run,
  start,
  UNBONDING_S,
  V9,
  validator,
} from './msgs.case.js'

/** MsgBeginRedelegate, MsgCancelUnbondingDelegation, MsgUpdateParams on the in-process chain (msgs.case.ts). */
const chains = govChainPerTest()
const begin = (staking: Record<string, unknown> = {}) => start(chains, staking)

describe('MsgBeginRedelegate, MsgCancelUnbondingDelegation, MsgUpdateParams', () => {
  test('behavior: a redelegation moves the shares now and matures after unbonding_time; a transitive one is refused', async () => {
    const c = await begin()
    await run(c, 'MsgCreateValidator', createMsg(20, 2n * M))
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(5n * M),
    })
    const red = (src: string, dst: string, amount = 2n * M) => ({
      delegator_address: ALICE,
      validator_src_address: src,
      validator_dst_address: dst,
      amount: coin(amount),
    })
    expect(await refusal(c, 'MsgBeginRedelegate', red(V9, V9))).toBe(
      'staking/29: failed to execute message; message index: 0: cannot redelegate to the same validator',
    )
    const { r } = await run(c, 'MsgBeginRedelegate', red(V9, valoper(20)))
    expect(r.ok).toBe(true)
    const done = c.time + UNBONDING_S * S
    expect(r.response).toEqual({ completion_time: { seconds: String(done / S), nanos: 0 } })
    expect(eventOf(r.events, 'redelegate')).toMatchObject({
      source_validator: V9,
      destination_validator: valoper(20),
      amount: '2000000stake',
    })
    expect(await validator(c, valoper(20))).toMatchObject({ tokens: '4000000' })
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: valoper(20),
      amount: coin(M),
    })
    expect(await refusal(c, 'MsgBeginRedelegate', red(valoper(20), V9, M))).toBe(
      'staking/32: failed to execute message; message index: 0: redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation',
    )
    const { endEvents } = await c.block([], done)
    expect(eventOf(endEvents, 'complete_redelegation')).toEqual({
      amount: '2000000stake',
      delegator: ALICE,
      source_validator: V9,
      destination_validator: valoper(20),
    })
    expect((await run(c, 'MsgBeginRedelegate', red(valoper(20), V9, M))).r.ok).toBe(true)
  })

  test('behavior: cancelling an unbonding delegates its tokens back; refusals as upstream', async () => {
    const c = await begin()
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(5n * M),
    })
    await run(c, 'MsgUndelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(2n * M),
    })
    const height = c.height
    const cancel = (over: Record<string, unknown>) => ({
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(M),
      creation_height: height,
      ...over,
    })
    expect(await refusal(c, 'MsgCancelUnbondingDelegation', cancel({ creation_height: 1 }))).toBe(
      'sdk/38: failed to execute message; message index: 0: unbonding delegation entry is not found at block height 1: not found',
    )
    expect(await refusal(c, 'MsgCancelUnbondingDelegation', cancel({ amount: coin(3n * M) }))).toBe(
      'sdk/18: failed to execute message; message index: 0: amount is greater than the unbonding delegation entry balance: invalid request',
    )
    expect(
      await refusal(c, 'MsgCancelUnbondingDelegation', cancel({ delegator_address: account(20) })),
    ).toBe(
      `undefined/1: failed to execute message; message index: 0: rpc error: code = NotFound desc = unbonding delegation with delegator ${account(20)} not found for validator ${V9}`,
    )
    const { r } = await run(c, 'MsgCancelUnbondingDelegation', cancel({}))
    expect(r.ok).toBe(true)
    expect(eventOf(r.events, 'cancel_unbonding_delegation')).toEqual({
      amount: '1000000stake',
      validator: V9,
      delegator: ALICE,
      creation_height: String(height),
    })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '1000000', bonded_tokens: '14000000' })
  })

  test('error: MsgUpdateParams needs the gov authority (gov 13) and valid params (code 1)', async () => {
    const c = await begin()
    const params = {
      unbonding_time: { seconds: '60', nanos: 0 },
      max_validators: 5,
      max_entries: 7,
      historical_entries: 10,
      bond_denom: 'stake',
      min_commission_rate: '0',
    }
    expect(await refusal(c, 'MsgUpdateParams', { authority: ALICE, params })).toBe(
      `gov/13: failed to execute message; message index: 0: invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    expect(
      await refusal(c, 'MsgUpdateParams', {
        authority: GOV,
        params: { ...params, max_validators: 0 },
      }),
    ).toBe(
      'undefined/1: failed to execute message; message index: 0: max validators must be positive: 0',
    )
    expect((await run(c, 'MsgUpdateParams', { authority: GOV, params })).r.ok).toBe(true)
    expect((await c.query('sdk.staking.v1beta1.Query/Params')).params).toMatchObject({
      unbonding_time: '60s',
      max_validators: 5,
    })
  })
})
