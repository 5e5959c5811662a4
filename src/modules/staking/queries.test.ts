import { afterEach, describe, expect, test } from 'vitest'
import {
  account,
  GovChain,
  genesisState,
  registry,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { addressToBech32 } from '../../codec/address.js'
import type { ChainError } from '../../errors.js'
import { stakingCollections } from './keys.js'

const Q = 'sdk.staking.v1beta1.Query'
const c = stakingCollections(registry)
const bytes = (n: number) => new Uint8Array(20).fill(n)

let chain: GovChain | undefined
afterEach(async () => {
  await chain?.destroy()
  chain = undefined
})

/**
 * Validator 9: 10,000,000 tokens for 9,000,000 shares (so balances are shares × 10/9, truncated),
 * delegated by itself and by account 1; validator 8: 5,000,000 tokens, delegated by 8 and 1. Then
 * one block writes an unbonding delegation (1 from 9), a redelegation (1 from 9 to 8) and the
 * historical info of height 1, with their indexes, as the state machine lays them out.
 */
async function start(): Promise<GovChain> {
  chain = await GovChain.create(
    genesisState({
      balances: { [account(1)]: 1_000_000n },
      validators: [
        { op: 9, tokens: 10_000_000n, delegations: { 9: 6_000_000n, 1: 3_000_000n } },
        { op: 8, tokens: 5_000_000n, delegations: { 8: 4_000_000n, 1: 1_000_000n } },
      ],
    }),
  )
  await chain.edit((state) => {
    const s = state.store('staking')
    c.unbondingDelegations.set(s, [bytes(1), bytes(9)], {
      delegator_address: account(1),
      validator_address: valoper(9),
      entries: [
        {
          creation_height: 3,
          completion_time: { seconds: 1_800_000_000, nanos: 0 },
          initial_balance: '500',
          balance: '400',
          unbonding_id: 1,
        },
      ],
    })
    c.unbondingDelegationsByValidator.set(s, [bytes(9), bytes(1)], true)
    c.redelegations.set(s, [bytes(1), bytes(9), bytes(8)], {
      delegator_address: account(1),
      validator_src_address: valoper(9),
      validator_dst_address: valoper(8),
      entries: [
        {
          creation_height: 4,
          completion_time: { seconds: 1_800_000_000, nanos: 0 },
          initial_balance: '300',
          shares_dst: '300000000000000000000',
          unbonding_id: 2,
          unbonding_on_hold_ref_count: 1,
        },
      ],
    })
    c.redelegationsBySource.set(s, [bytes(9), bytes(1), bytes(8)], true)
    c.redelegationsByDestination.set(s, [bytes(8), bytes(1), bytes(9)], true)
    c.historicalInfo.set(s, 1n, { header: { chain_id: 'gov-test', height: 1 }, valset: [] })
  })
  return chain
}

/** The gRPC code and message a query fails with. */
async function queryError(method: string, req: Record<string, unknown>) {
  try {
    await chain!.query(`${Q}/${method}`, req)
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage() }
  }
  throw new Error('query succeeded')
}

describe('staking queries', () => {
  test('delegations by validator and by pair carry the balance TokensFromShares truncated', async () => {
    const ch = await start()
    const byVal = await ch.query(`${Q}/ValidatorDelegations`, { validator_addr: valoper(9) })
    expect(byVal.delegation_responses).toEqual([
      {
        delegation: {
          delegator_address: account(1),
          validator_address: valoper(9),
          shares: '3000000.000000000000000000',
        },
        balance: { denom: 'stake', amount: '3333333' },
      },
      {
        delegation: {
          delegator_address: account(9),
          validator_address: valoper(9),
          shares: '6000000.000000000000000000',
        },
        balance: { denom: 'stake', amount: '6666666' },
      },
    ])
    expect(byVal.pagination).toEqual({ next_key: null, total: '2' })
    const paged = await ch.query(`${Q}/ValidatorDelegations`, {
      validator_addr: valoper(9),
      pagination: { limit: 1 },
    })
    expect(paged.pagination).toEqual({
      next_key: Buffer.from(bytes(9)).toString('base64'),
      total: '0',
    })
    const one = await ch.query(`${Q}/Delegation`, {
      delegator_addr: account(1),
      validator_addr: valoper(8),
    })
    expect(one.delegation_response).toEqual({
      delegation: {
        delegator_address: account(1),
        validator_address: valoper(8),
        shares: '1000000.000000000000000000',
      },
      balance: { denom: 'stake', amount: '1000000' },
    })
    const vals = await ch.query(`${Q}/DelegatorValidators`, { delegator_addr: account(1) })
    expect(
      (vals.validators as { operator_address: string }[]).map((v) => v.operator_address),
    ).toEqual([valoper(8), valoper(9)])
    const dv = await ch.query(`${Q}/DelegatorValidator`, {
      delegator_addr: account(1),
      validator_addr: valoper(9),
    })
    expect((dv.validator as { tokens: string }).tokens).toBe('10000000')
  })

  test('Validators page as upstream GenericFilteredPaginate (offsets and total count the kept); delegations as Paginate past the end', async () => {
    const ch = await start()
    // An unbonded validator between 8 and 9 in key order (8 … 8 9).
    const between = bytes(8)
    between[19] = 9
    await ch.edit(async (state) => {
      const s = state.store('staking')
      const v8 = await c.validators.get(s, bytes(8))
      c.validators.set(s, between, {
        ...v8!,
        operator_address: addressToBech32(between, 'sdkvaloper'),
        status: 1,
      })
    })
    const ops = (json: Record<string, unknown>) =>
      (json.validators as { operator_address: string }[]).map((v) => v.operator_address)
    const bonded = (pagination: Record<string, unknown>) =>
      ch.query(`${Q}/Validators`, { status: 'BOND_STATUS_BONDED', pagination })
    const key9 = Buffer.from([20, ...bytes(9)]).toString('base64')
    const first = await bonded({ limit: 1 })
    expect([ops(first), first.pagination]).toEqual([[valoper(8)], { next_key: key9, total: '0' }])
    // The offset skips kept validators only: two bonded, so offset 2 is the end.
    expect(await bonded({ offset: 2 })).toEqual({
      validators: [],
      pagination: { next_key: null, total: '2' },
    })
    const second = await bonded({ offset: 1, count_total: true })
    expect([ops(second), second.pagination]).toEqual([[valoper(9)], { next_key: null, total: '2' }])
    expect((await bonded({ offset: 7, limit: 1 })).pagination).toEqual({
      next_key: null,
      total: '0',
    })
    // Delegations (Paginate): past the end the count when counting.
    const dels = await ch.query(`${Q}/DelegatorDelegations`, {
      delegator_addr: account(1),
      pagination: { offset: 5, count_total: true, limit: 1 },
    })
    expect(dels).toEqual({ delegation_responses: [], pagination: { next_key: null, total: '2' } })
  })

  test('unbonding delegations and redelegations read the records the state machine writes', async () => {
    const ch = await start()
    const entry = {
      creation_height: '3',
      completion_time: '2027-01-15T08:00:00Z',
      initial_balance: '500',
      balance: '400',
      unbonding_id: '1',
      unbonding_on_hold_ref_count: '0',
    }
    const ubd = { delegator_address: account(1), validator_address: valoper(9), entries: [entry] }
    expect(
      await ch.query(`${Q}/UnbondingDelegation`, {
        delegator_addr: account(1),
        validator_addr: valoper(9),
      }),
    ).toEqual({ unbond: ubd })
    expect(
      (await ch.query(`${Q}/ValidatorUnbondingDelegations`, { validator_addr: valoper(9) }))
        .unbonding_responses,
    ).toEqual([ubd])
    expect(
      (await ch.query(`${Q}/DelegatorUnbondingDelegations`, { delegator_addr: account(1) }))
        .unbonding_responses,
    ).toEqual([ubd])
    expect(
      (await ch.query(`${Q}/ValidatorUnbondingDelegations`, { validator_addr: valoper(8) }))
        .unbonding_responses,
    ).toEqual([])

    // Destination 8 has 5,000,000 tokens for 5,000,000 shares: the balance is the shares.
    const response = {
      redelegation: {
        delegator_address: account(1),
        validator_src_address: valoper(9),
        validator_dst_address: valoper(8),
        entries: [],
      },
      entries: [
        {
          redelegation_entry: {
            creation_height: '4',
            completion_time: '2027-01-15T08:00:00Z',
            initial_balance: '300',
            shares_dst: '300.000000000000000000',
            unbonding_id: '2',
            unbonding_on_hold_ref_count: '0',
          },
          balance: '300',
        },
      ],
    }
    const byDel = await ch.query(`${Q}/Redelegations`, { delegator_addr: account(1) })
    expect(byDel.redelegation_responses).toEqual([response])
    const bySrc = await ch.query(`${Q}/Redelegations`, { src_validator_addr: valoper(9) })
    expect(bySrc.redelegation_responses).toEqual([response])
    const exact = await ch.query(`${Q}/Redelegations`, {
      delegator_addr: account(1),
      src_validator_addr: valoper(9),
      dst_validator_addr: valoper(8),
    })
    expect(exact).toEqual({ redelegation_responses: [response], pagination: null })
    const hist = await ch.query(`${Q}/HistoricalInfo`, { height: 1 })
    expect((hist.hist as { header: { chain_id: string } }).header.chain_id).toBe('gov-test')
  })

  test('error: upstream codes and texts', async () => {
    await start()
    const d1 = account(1)
    const v9 = valoper(9)
    expect(await queryError('ValidatorDelegations', { validator_addr: '' })).toEqual({
      code: 3,
      message: 'validator address cannot be empty',
    })
    expect(await queryError('Delegation', { delegator_addr: '', validator_addr: v9 })).toEqual({
      code: 3,
      message: 'delegator address cannot be empty',
    })
    expect(
      await queryError('Delegation', { delegator_addr: account(7), validator_addr: v9 }),
    ).toEqual({
      code: 5,
      message: `delegation with delegator ${account(7)} not found for validator ${v9}`,
    })
    expect(
      await queryError('UnbondingDelegation', { delegator_addr: d1, validator_addr: valoper(8) }),
    ).toEqual({
      code: 5,
      message: `unbonding delegation with delegator ${d1} not found for validator ${valoper(8)}`,
    })
    expect(
      await queryError('DelegatorValidator', { delegator_addr: account(7), validator_addr: v9 }),
    ).toEqual({ code: 5, message: 'no delegation for (address, validator) tuple' })
    expect(
      await queryError('Redelegations', {
        delegator_addr: d1,
        src_validator_addr: valoper(8),
        dst_validator_addr: v9,
      }),
    ).toEqual({
      code: 5,
      message: `redelegation not found for delegator address ${d1} from validator address ${valoper(8)}`,
    })
    expect(await queryError('Redelegations', {})).toEqual({
      code: 3,
      message: 'empty address string is not allowed',
    })
    expect(await queryError('HistoricalInfo', { height: -1 })).toEqual({
      code: 3,
      message: 'height cannot be negative',
    })
    expect(await queryError('HistoricalInfo', { height: 2 })).toEqual({
      code: 5,
      message: 'historical info for height 2 not found',
    })
    // A bad address is the address codec's error as upstream returns it: a prefix mismatch is
    // its ErrLogic, whose status text names the codespace and code (sdkd keeps InvalidArgument).
    expect(await queryError('ValidatorDelegations', { validator_addr: d1 })).toEqual({
      code: 3,
      message:
        "codespace sdk code 35: internal logic error: hrp does not match bech32 prefix: expected 'sdkvaloper' got 'sdk'",
    })
    expect(
      await queryError('DelegatorDelegations', {
        delegator_addr: d1,
        pagination: { offset: 1, key: 'AA==' },
      }),
    ).toEqual({ code: 3, message: 'invalid request, either offset or key is expected, got both' })
  })
})
