import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  GOV,
  type GovChain,
  genesisState,
  govChainPerTest,
  registry,
  S,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { bech32ToAddress } from '../../codec/address.js'
import { decFromString } from '../../codec/dec.js'
import type { ProtoMessage } from '../../codec/proto.js'
import { abciError, wrapTxError } from '../../tx/errors.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from '../bank/keeper.js'
import { StakingKeeper } from './keeper.js'
import { consAddrOfKey } from './validators.js'

/**
 * The staking messages on the real v1 app (in-process chain, blocks at chosen times): validator 9
 * holds 10 stake (power 10) self-delegated; Alice has 100 stake. Codes, texts and events as upstream.
 */
const ALICE = account(1)
const V9 = valoper(9)
const M = 1_000_000n
const UNBONDING_S = 1_814_400n
const MSG = '/sdk.staking.v1beta1'

const chains = govChainPerTest()

async function start(staking: Record<string, unknown> = {}) {
  const g = genesisState({
    balances: { [ALICE]: 100n * M, [account(9)]: 1n, [account(20)]: 50n * M },
    validators: [{ op: 9, tokens: 10n * M, delegations: { 9: 10n * M } }],
  })
  const s = g.staking as { params: Record<string, unknown> }
  s.params = { ...s.params, ...staking }
  return chains.create(g)
}

const coin = (amount: bigint) => ({ denom: 'stake', amount: amount.toString() })

async function run(c: GovChain, type: string, value: ProtoMessage) {
  const { results, endEvents } = await c.block([{ typeUrl: `${MSG}.${type}`, value }])
  return { r: results[0]!, endEvents }
}

/** The tx result of a refused message: `codespace/code: log`, as the tx path wraps it. */
async function refusal(c: GovChain, type: string, value: ProtoMessage): Promise<string> {
  let err: unknown
  try {
    const { r } = await run(c, type, value)
    expect(r.ok).toBe(false)
    err = r.error
  } catch (thrown) {
    // A plain error (upstream fmt.Errorf, code 1): the harness lets it through.
    err = thrown
  }
  const a = abciError(wrapTxError(err, 'failed to execute message; message index: 0'))
  return `${a.codespace}/${a.code}: ${a.log}`
}

async function validator(c: GovChain, op: string) {
  const r = await c.query('sdk.staking.v1beta1.Query/Validator', { validator_addr: op })
  return r.validator as Record<string, unknown>
}

async function pool(c: GovChain) {
  return (await c.query('sdk.staking.v1beta1.Query/Pool')).pool
}

function createMsg(op: number, amount: bigint, over: Record<string, unknown> = {}) {
  return {
    description: { moniker: `new${op}` },
    commission: { rate: '0.1', max_rate: '0.2', max_change_rate: '0.01' },
    min_self_delegation: '1',
    validator_address: valoper(op),
    pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', { key: new Uint8Array(32).fill(op) }),
    value: coin(amount),
    ...over,
  }
}

describe('MsgDelegate and MsgUndelegate', () => {
  test('behavior: a delegation to a bonded validator moves tokens to the bonded pool and issues shares; events as upstream', async () => {
    const c = await start()
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
    const c = await start()
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
    const c = await start({ max_entries: 1 })
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
    const c = await start()
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
    const c = await start({ min_commission_rate: '0.05' })
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
    const rates = (rate: string, max_rate: string, max_change_rate: string) =>
      createMsg(20, 2n * M, { commission: { rate, max_rate, max_change_rate } })
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
    expect(await refusal(c, 'MsgEditValidator', edit({ commission_rate: '0.11' }))).toBe(
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

describe('MsgBeginRedelegate, MsgCancelUnbondingDelegation, MsgUpdateParams', () => {
  test('behavior: a redelegation moves the shares now and matures after unbonding_time; a transitive one is refused', async () => {
    const c = await start()
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
    const c = await start()
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
    const c = await start()
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

describe('Keeper.Slash, Jail, Unjail (what x/slashing calls)', () => {
  test('behavior: a slash burns factor × power from the validator and from unbondings begun at or after the infraction; jail takes it out of the set at EndBlock', async () => {
    const c = await start()
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(10n * M),
    })
    const infraction = c.height
    await run(c, 'MsgUndelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(4n * M),
    })
    const auth = new AuthKeeper({ registry })
    const k = new StakingKeeper({ registry, bank: new BankKeeper({ registry, accounts: auth }) })
    const cons = consAddrOfKey(new Uint8Array(32).fill(9))
    // Power 20 at the infraction, factor 0.1: 2 stake nominal; 0.4 comes from the unbonding entry.
    const { value: burned, events } = await c.inBlock((ctx) =>
      k.slash(ctx, cons, infraction, 20n, decFromString('0.1')),
    )
    expect(burned).toBe(1_600_000n)
    expect(events.filter((e) => e.type === 'burn').map((e) => e.attributes[1]!.value)).toEqual([
      '400000stake',
      '1600000stake',
    ])
    expect(await validator(c, V9)).toMatchObject({ tokens: '14400000', jailed: false })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '3600000', bonded_tokens: '14400000' })
    const op = bech32ToAddress(V9, 'sdkvaloper')
    await c.inBlock((ctx) => k.jail(ctx, cons))
    expect(await validator(c, V9)).toMatchObject({ jailed: true, status: 'BOND_STATUS_UNBONDING' })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '18000000', bonded_tokens: '0' })
    await expect(c.inBlock((ctx) => k.jail(ctx, cons))).rejects.toThrow(
      'cannot jail already jailed validator',
    )
    await c.inBlock((ctx) => k.unjail(ctx, cons))
    expect(await validator(c, V9)).toMatchObject({ jailed: false, status: 'BOND_STATUS_BONDED' })
    expect((await k.validator(c.view(), op))?.jailed).toBe(false)
  })
})
