import { describe, expect, test } from 'vitest'
import { account, eventOf, GOV, govChainPerTest, valoper } from '../../../test/helpers/gov-chain.js'
import type { ChainError } from '../../errors.js'
import { DISTRIBUTION, dec, genesisWith, keepers, POWER } from './distribution.case.js'

// The msg server's checks in upstream v0.50's order, with its codes and texts (§ messages).

const chains = govChainPerTest()
const M = '/sdk.distribution.v1beta1'
const PARAMS = {
  community_tax: '20000000000000000',
  base_proposer_reward: '0',
  bonus_proposer_reward: '0',
  withdraw_addr_enabled: true,
}

async function chain() {
  return chains.create(
    genesisWith({
      balances: { [account(2)]: 1000n },
      validators: [{ op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } }],
    }),
  )
}

/** The ABCI code, codespace and log a failing message gets. */
async function refusal(c: Awaited<ReturnType<typeof chain>>, type: string, msg: object) {
  const err = (await c.tx(`${M}.${type}`, msg).catch((e: unknown) => e)) as ChainError
  return err.abci()
}

describe('distribution msg server', () => {
  test('MsgSetWithdrawAddress: addresses (sdk 7), a blocked address (sdk 4), disabled (8); then the event and the record', async () => {
    const c = await chain()
    const { k } = keepers()
    expect(
      await refusal(c, 'MsgSetWithdrawAddress', {
        delegator_address: 'bad',
        withdraw_address: account(3),
      }),
    ).toMatchObject({
      code: 7,
      codespace: 'sdk',
      log: expect.stringMatching(/^invalid delegator address: /),
    })
    expect(
      await refusal(c, 'MsgSetWithdrawAddress', {
        delegator_address: account(2),
        withdraw_address: DISTRIBUTION,
      }),
    ).toEqual({
      code: 4,
      codespace: 'sdk',
      log: `${DISTRIBUTION} is not allowed to receive external funds: unauthorized`,
    })
    const ok = await c.tx(`${M}.MsgSetWithdrawAddress`, {
      delegator_address: account(2),
      withdraw_address: account(3),
    })
    expect(eventOf(ok.events, 'set_withdraw_address')).toEqual({ withdraw_address: account(3) })
    expect(await k.withdrawAddress(c.view(), new Uint8Array(20).fill(2))).toEqual(
      new Uint8Array(20).fill(3),
    )
    await c.tx(`${M}.MsgUpdateParams`, {
      authority: GOV,
      params: { ...PARAMS, withdraw_addr_enabled: false },
    })
    expect(
      await refusal(c, 'MsgSetWithdrawAddress', {
        delegator_address: account(2),
        withdraw_address: account(4),
      }),
    ).toEqual({ code: 8, codespace: 'distribution', log: 'set withdraw address disabled' })
  })

  test('MsgWithdrawDelegatorReward: no validator (staking 3), no delegation (staking 19)', async () => {
    const c = await chain()
    expect(
      await refusal(c, 'MsgWithdrawDelegatorReward', {
        delegator_address: account(2),
        validator_address: valoper(5),
      }),
    ).toEqual({ code: 3, codespace: 'staking', log: 'validator does not exist' })
    expect(
      await refusal(c, 'MsgWithdrawDelegatorReward', {
        delegator_address: account(2),
        validator_address: valoper(1),
      }),
    ).toEqual({
      code: 19,
      codespace: 'staking',
      log: 'no delegation for (address, validator) tuple',
    })
  })

  test('MsgWithdrawValidatorCommission: nothing accrued is distribution 7', async () => {
    const c = await chain()
    expect(
      await refusal(c, 'MsgWithdrawValidatorCommission', { validator_address: valoper(1) }),
    ).toEqual({ code: 7, codespace: 'distribution', log: 'no validator commission to withdraw' })
  })

  test('MsgFundCommunityPool then MsgCommunityPoolSpend: amounts (sdk 10), the pool (9), blocked recipients (sdk 4)', async () => {
    const c = await chain()
    const { k } = keepers()
    expect(await refusal(c, 'MsgFundCommunityPool', { depositor: account(2), amount: [] })).toEqual(
      { code: 10, codespace: 'sdk', log: 'amount cannot be nil: invalid coins' },
    )
    await c.tx(`${M}.MsgFundCommunityPool`, {
      depositor: account(2),
      amount: [{ denom: 'stake', amount: '300' }],
    })
    expect(await k.communityPool(c.view())).toEqual([{ denom: 'stake', amount: dec(300n) }])
    expect(await c.balance(DISTRIBUTION)).toBe('300')
    const spend = (amount: string, recipient = account(4)) => ({
      authority: GOV,
      recipient,
      amount: [{ denom: 'stake', amount }],
    })
    expect(
      await refusal(c, 'MsgCommunityPoolSpend', { ...spend('1'), authority: account(2) }),
    ).toMatchObject({ code: 13, codespace: 'gov' })
    expect(await refusal(c, 'MsgCommunityPoolSpend', spend('1', DISTRIBUTION))).toMatchObject({
      code: 4,
    })
    // A malformed recipient: upstream's address codec error as it is (code 1, no code text after it).
    expect(await refusal(c, 'MsgCommunityPoolSpend', spend('1', 'nobody'))).toEqual({
      code: 1,
      codespace: 'undefined',
      log: 'decoding bech32 failed: invalid bech32 string length 6',
    })
    expect(await refusal(c, 'MsgCommunityPoolSpend', spend('301'))).toEqual({
      code: 9,
      codespace: 'distribution',
      log: 'community pool does not have sufficient coins to distribute',
    })
    await c.tx(`${M}.MsgCommunityPoolSpend`, spend('120'))
    expect(await c.balance(account(4))).toBe('120')
    expect(await k.communityPool(c.view())).toEqual([{ denom: 'stake', amount: dec(180n) }])
  })

  test('MsgUpdateParams: authority (gov 13), the deprecated rewards (sdk 18), the tax (code 1)', async () => {
    const c = await chain()
    expect(await refusal(c, 'MsgUpdateParams', { authority: account(2), params: PARAMS })).toEqual({
      code: 13,
      codespace: 'gov',
      log: `invalid authority; expected ${GOV}, got ${account(2)}: expected gov account as only signer for proposal message`,
    })
    expect(
      await refusal(c, 'MsgUpdateParams', {
        authority: GOV,
        params: { ...PARAMS, base_proposer_reward: '10000000000000000' },
      }),
    ).toEqual({
      code: 18,
      codespace: 'sdk',
      log: 'cannot update base or bonus proposer reward because these are deprecated fields: invalid request',
    })
    expect(
      await refusal(c, 'MsgUpdateParams', {
        authority: GOV,
        params: { ...PARAMS, community_tax: '2000000000000000000' },
      }),
    ).toEqual({
      code: 1,
      codespace: 'undefined',
      log: 'community tax too large: 2.000000000000000000',
    })
  })
})
