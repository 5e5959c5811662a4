import { describe, expect, test } from 'vitest'
import { eventOf, govChainPerTest, registry, S, valoper } from '../../../test/helpers/gov-chain.js'
import {
  ALICE,
  atoms,
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

/** MsgDelegate, MsgUndelegate, MsgCreateValidator, MsgEditValidator on the in-process chain (msgs.case.ts). */
const chains = govChainPerTest()
const begin = (staking: Record<string, unknown> = {}) => start(chains, staking)

describe('MsgDelegate and MsgUndelegate', () => {
  test('behavior: a delegation to a bonded validator moves tokens to the bonded pool and issues shares; events as upstream', async () => {
    const c = await begin()
    const { r } = await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(5n * M),
    })
    expect(r.ok).toBe(true)
    expect(r.events.map((e) => e.type)).toEqual(['coin_spent', 'coin_received', 'delegate'])
    expect(eventOf(r.events, 'delegate')).toEqual({
      validator: V9,
      delegator: ALICE,
      amount: '5000000stake',
      new_shares: '5000000.000000000000000000',
    })
    expect(await c.balance(ALICE)).toBe(String(95n * M))
    expect(await validator(c, V9)).toMatchObject({
      tokens: '15000000',
      status: 'BOND_STATUS_BONDED',
    })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '0', bonded_tokens: '15000000' })
  })

  test('behavior: undelegate queues the tokens until block time + unbonding_time; EndBlock at that time returns them (complete_unbonding)', async () => {
    const c = await begin()
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(5n * M),
    })
    const { r } = await run(c, 'MsgUndelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(2n * M),
    })
    expect(r.ok).toBe(true)
    const done = c.time + UNBONDING_S * S
    expect(r.response).toMatchObject({
      completion_time: { seconds: String(done / S), nanos: 0 },
      amount: coin(2n * M),
    })
    expect(eventOf(r.events, 'unbond')).toEqual({
      validator: V9,
      delegator: ALICE,
      amount: '2000000stake',
      completion_time: new Date(Number(done / 1_000_000n)).toISOString().replace('.000', ''),
    })
    // Bonded validator: the tokens leave the bonded pool for the not-bonded pool at once.
    expect(await pool(c)).toEqual({ not_bonded_tokens: '2000000', bonded_tokens: '13000000' })
    expect(await c.balance(ALICE)).toBe(String(95n * M))
    const early = await c.block([], done - S)
    expect(eventOf(early.endEvents, 'complete_unbonding')).toBeUndefined()
    const { endEvents } = await c.block([], done)
    expect(eventOf(endEvents, 'complete_unbonding')).toEqual({
      amount: '2000000stake',
      validator: V9,
      delegator: ALICE,
    })
    expect(await c.balance(ALICE)).toBe(String(97n * M))
    expect(await pool(c)).toEqual({ not_bonded_tokens: '0', bonded_tokens: '13000000' })
  })

  test('error: refusals with upstream codes and texts, in upstream order', async () => {
    const c = await begin({ max_entries: 1 })
    const del = (over: Record<string, unknown>) => ({
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(M),
      ...over,
    })
    expect(await refusal(c, 'MsgDelegate', del({ validator_address: valoper(7) }))).toBe(
      'staking/3: failed to execute message; message index: 0: validator does not exist',
    )
    expect(await refusal(c, 'MsgDelegate', del({ amount: { denom: 'token', amount: '1' } }))).toBe(
      'sdk/18: failed to execute message; message index: 0: invalid coin denomination: got token, expected stake: invalid request',
    )
    expect(await refusal(c, 'MsgDelegate', del({ amount: coin(0n) }))).toBe(
      'sdk/18: failed to execute message; message index: 0: invalid delegation amount: invalid request',
    )
    expect(await refusal(c, 'MsgDelegate', del({ amount: coin(1000n * M) }))).toBe(
      'sdk/5: failed to execute message; message index: 0: failed to delegate; 100000000stake is smaller than 1000000000stake: insufficient funds',
    )
    expect(await refusal(c, 'MsgUndelegate', del({}))).toBe(
      'staking/19: failed to execute message; message index: 0: no delegation for (address, validator) tuple',
    )
    await run(c, 'MsgDelegate', del({ amount: coin(3n * M) }))
    expect(await refusal(c, 'MsgUndelegate', del({ amount: coin(4n * M) }))).toBe(
      'sdk/18: failed to execute message; message index: 0: invalid shares amount: invalid request',
    )
    expect((await run(c, 'MsgUndelegate', del({}))).r.ok).toBe(true)
    expect(await refusal(c, 'MsgUndelegate', del({}))).toBe(
      'staking/27: failed to execute message; message index: 0: too many unbonding delegation entries for (delegator, validator) tuple',
    )
  })
})

describe('MsgCreateValidator, MsgEditValidator', () => {
  test('behavior: a new validator starts Unbonded in the not-bonded pool and is Bonded after EndBlock', async () => {
    const c = await begin()
    const { r } = await run(c, 'MsgCreateValidator', createMsg(20, 2n * M))
    expect(r.ok).toBe(true)
    expect(eventOf(r.events, 'create_validator')).toEqual({
      validator: valoper(20),
      amount: '2000000stake',
    })
    // The tx's own events: the self-delegation into the not-bonded pool.
    expect(r.events.map((e) => e.type)).toEqual(['coin_spent', 'coin_received', 'create_validator'])
    // EndBlock of the same block bonded it: its tokens moved to the bonded pool.
    expect(await validator(c, valoper(20))).toMatchObject({
      status: 'BOND_STATUS_BONDED',
      tokens: '2000000',
      delegator_shares: '2000000.000000000000000000',
      min_self_delegation: '1',
    })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '0', bonded_tokens: '12000000' })
  })

  test('error: create and edit refusals as upstream', async () => {
    const c = await begin({ min_commission_rate: '0.05' })
    expect(await refusal(c, 'MsgCreateValidator', createMsg(9, 2n * M))).toBe(
      'staking/4: failed to execute message; message index: 0: validator already exist for this operator address; must use new validator operator address',
    )
    expect(
      await refusal(c, 'MsgCreateValidator', {
        ...createMsg(20, 2n * M),
        pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', { key: new Uint8Array(32).fill(9) }),
      }),
    ).toBe(
      'staking/5: failed to execute message; message index: 0: validator already exist for this pubkey; must use new validator pubkey',
    )
    // A key of the wrong size: upstream's Address() panics and runTx recovers (code 111222).
    const sized = (type: string, size: number) => ({
      ...createMsg(20, 2n * M),
      pubkey: registry.packAny(type, { key: new Uint8Array(size).fill(2) }),
    })
    expect(await refusal(c, 'MsgCreateValidator', sized('/sdk.crypto.ed25519.PubKey', 31))).toBe(
      'undefined/111222: recovered: pubkey is incorrect size: panic',
    )
    expect(await refusal(c, 'MsgCreateValidator', sized('/sdk.crypto.secp256k1.PubKey', 32))).toBe(
      'undefined/111222: recovered: length of pubkey is incorrect: panic',
    )
    expect(await refusal(c, 'MsgCreateValidator', sized('/sdk.crypto.secp256k1.PubKey', 33))).toBe(
      'staking/6: failed to execute message; message index: 0: got: secp256k1, expected: [ed25519]: validator pubkey type is not supported',
    )
    const rates = (rate: string, max_rate: string, max_change_rate: string) =>
      createMsg(20, 2n * M, {
        commission: {
          rate: atoms(rate),
          max_rate: atoms(max_rate),
          max_change_rate: atoms(max_change_rate),
        },
      })
    expect(await refusal(c, 'MsgCreateValidator', rates('0.3', '0.2', '0.01'))).toBe(
      'staking/11: failed to execute message; message index: 0: commission cannot be more than the max rate',
    )
    expect(await refusal(c, 'MsgCreateValidator', rates('0.01', '0.2', '0.01'))).toBe(
      'staking/40: failed to execute message; message index: 0: cannot set validator commission to less than minimum rate of 0.050000000000000000: commission cannot be less than min rate',
    )
    expect(
      await refusal(
        c,
        'MsgCreateValidator',
        createMsg(20, 2n * M, { min_self_delegation: '3000000' }),
      ),
    ).toBe(
      "staking/16: failed to execute message; message index: 0: validator's self delegation must be greater than their minimum self delegation",
    )
    expect(
      await refusal(
        c,
        'MsgCreateValidator',
        createMsg(20, 2n * M, { description: { moniker: 'm'.repeat(71) } }),
      ),
    ).toBe(
      'sdk/18: failed to execute message; message index: 0: invalid moniker length; got: 71, max: 70: invalid request',
    )
    expect((await run(c, 'MsgCreateValidator', createMsg(20, 2n * M))).r.ok).toBe(true)
    const edit = (over: Record<string, unknown>) => ({
      description: { moniker: '[do-not-modify]' },
      validator_address: valoper(20),
      commission_rate: '',
      min_self_delegation: '',
      ...over,
    })
    // The commission was set at creation: a change within 24 h is refused.
    expect(await refusal(c, 'MsgEditValidator', edit({ commission_rate: atoms('0.11') }))).toBe(
      'staking/12: failed to execute message; message index: 0: commission cannot be changed more than once in 24h',
    )
    expect(await refusal(c, 'MsgEditValidator', edit({ min_self_delegation: '1' }))).toBe(
      'staking/17: failed to execute message; message index: 0: minimum self delegation cannot be decrease',
    )
    const { r } = await run(
      c,
      'MsgEditValidator',
      edit({ description: { moniker: 'renamed' }, min_self_delegation: '2' }),
    )
    expect(r.ok).toBe(true)
    expect(eventOf(r.events, 'edit_validator')?.min_self_delegation).toBe('2')
    expect(await validator(c, valoper(20))).toMatchObject({
      description: { moniker: 'renamed' },
      min_self_delegation: '2',
    })
  })
})
