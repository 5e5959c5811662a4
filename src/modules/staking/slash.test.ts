import { describe, expect, test } from 'vitest'
import {
  govChainPerTest,
  stakingKeeperWithHooks,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { bech32ToAddress } from '../../codec/address.js'
import { decFromString } from '../../codec/dec.js'
import { ALICE, coin, createMsg, M, pool, run, start, V9, validator } from './msgs.case.js'
import { consAddrOfKey } from './validators.js'

/** Keeper.Slash, Jail and Unjail as x/slashing calls them, on the in-process chain (msgs.case.ts). */
const chains = govChainPerTest()
const begin = (staking: Record<string, unknown> = {}) => start(chains, staking)

describe('Keeper.Slash, Jail, Unjail (what x/slashing calls)', () => {
  test('behavior: a slash burns factor × power from the validator and from unbondings begun at or after the infraction; jail takes it out of the set at EndBlock', async () => {
    const c = await begin()
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
    const k = stakingKeeperWithHooks()
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

  test('behavior: a slash reaches a redelegation begun after the infraction: the shares it gave at the destination are unbonded and burned there', async () => {
    const c = await begin()
    await run(c, 'MsgCreateValidator', createMsg(20, 2n * M))
    await run(c, 'MsgDelegate', {
      delegator_address: ALICE,
      validator_address: V9,
      amount: coin(5n * M),
    })
    const infraction = c.height
    await run(c, 'MsgBeginRedelegate', {
      delegator_address: ALICE,
      validator_src_address: V9,
      validator_dst_address: valoper(20),
      amount: coin(2n * M),
    })
    const k = stakingKeeperWithHooks()
    const cons = consAddrOfKey(new Uint8Array(32).fill(9))
    // Power 15 at the infraction, factor 0.1: 1.5 stake nominal, 0.2 of it from the redelegation.
    const { value: burned } = await c.inBlock((ctx) =>
      k.slash(ctx, cons, infraction, 15n, decFromString('0.1')),
    )
    expect(burned).toBe(1_300_000n)
    expect(await validator(c, V9)).toMatchObject({ tokens: '11700000' })
    expect(await validator(c, valoper(20))).toMatchObject({ tokens: '3800000' })
    const d = await c.query('sdk.staking.v1beta1.Query/DelegatorDelegations', {
      delegator_addr: ALICE,
    })
    const byValidator = Object.fromEntries(
      (
        d.delegation_responses as {
          delegation: { validator_address: string }
          balance: { amount: string }
        }[]
      ).map((x) => [x.delegation.validator_address, x.balance.amount]),
    )
    // Alice's 3 stake left at 9 lose 10% with it (11.7 tokens for 13 shares).
    expect(byValidator).toEqual({ [V9]: '2700000', [valoper(20)]: '1800000' })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '0', bonded_tokens: '15500000' })
  })
})
