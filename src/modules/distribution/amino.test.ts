import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import {
  MsgFundCommunityPool,
  MsgSetWithdrawAddress,
  MsgWithdrawDelegatorReward,
  MsgWithdrawValidatorCommission,
} from 'cosmjs-types/cosmos/distribution/v1beta1/tx'
import { describe, expect, test } from 'vitest'
import { createTestAminoTypes } from '../../../test/helpers/amino-converters.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { cosmos, FROM, GOV, pack, sdk, TO } from '../../codec/amino-json.case.js'
import { aminoJsonOfAny, aminoSignDocJson } from '../../codec/amino-json.js'
import { fromUtf8 } from '../../codec/bytes.js'

/**
 * The distribution messages' legacy amino JSON (what SIGN_MODE_LEGACY_AMINO_JSON signs): the same
 * sign bytes as cosmjs's own converters where cosmjs has them, upstream's JSON for the others, and
 * upstream's names (`cosmos-sdk/…` in brand cosmos, `sdk/…` in brand sdk).
 */
const VAL = addressToBech32(bech32ToAddress(FROM, 'cosmos'), 'cosmosvaloper')
const SIGN_DOC = {
  chainId: 'simnet-1',
  accountNumber: 12n,
  sequence: 34n,
  memo: 'rewards',
  timeoutHeight: 0n,
}
const FEE = { amount: [{ denom: 'stake', amount: '2500' }], gas: '180000' }

/** sdkd's sign doc of one message given as protobuf bytes. */
const ours = (typeUrl: string, value: Uint8Array) =>
  aminoSignDocJson(cosmos, {
    ...SIGN_DOC,
    msgs: [{ type_url: typeUrl, value }],
    fee: { amount: FEE.amount, gasLimit: 180_000n },
  })

describe('distribution amino JSON: the same sign bytes as cosmjs', () => {
  const aminoTypes = createTestAminoTypes()
  const theirs = (typeUrl: string, value: unknown) =>
    fromUtf8(
      serializeSignDoc(
        makeSignDoc(
          [aminoTypes.toAmino({ typeUrl, value })],
          FEE,
          SIGN_DOC.chainId,
          SIGN_DOC.memo,
          12,
          34,
        ),
      ),
    )

  test('MsgWithdrawDelegatorReward is cosmos-sdk/MsgWithdrawDelegationReward', () => {
    const url = '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward'
    const msg = MsgWithdrawDelegatorReward.fromPartial({
      delegatorAddress: FROM,
      validatorAddress: VAL,
    })
    const json = ours(url, MsgWithdrawDelegatorReward.encode(msg).finish())
    expect(json).toBe(theirs(url, msg))
    expect(json).toContain(
      `{"type":"cosmos-sdk/MsgWithdrawDelegationReward","value":{"delegator_address":"${FROM}","validator_address":"${VAL}"}}`,
    )
  })

  test('MsgSetWithdrawAddress is cosmos-sdk/MsgModifyWithdrawAddress', () => {
    const url = '/cosmos.distribution.v1beta1.MsgSetWithdrawAddress'
    const msg = MsgSetWithdrawAddress.fromPartial({ delegatorAddress: FROM, withdrawAddress: TO })
    expect(ours(url, MsgSetWithdrawAddress.encode(msg).finish())).toBe(theirs(url, msg))
  })

  test('MsgFundCommunityPool, with coins and with none (legacy_coins: `[]`)', () => {
    const url = '/cosmos.distribution.v1beta1.MsgFundCommunityPool'
    for (const amount of [
      [
        { denom: 'stake', amount: '100' },
        { denom: 'token', amount: '7' },
      ],
      [],
    ]) {
      const msg = MsgFundCommunityPool.fromPartial({ amount, depositor: FROM })
      expect(ours(url, MsgFundCommunityPool.encode(msg).finish())).toBe(theirs(url, msg))
    }
  })

  test('MsgWithdrawValidatorCommission: cosmjs value, upstream name cosmos-sdk/MsgWithdrawValCommission', () => {
    // cosmjs names this message cosmos-sdk/MsgWithdrawValidatorCommission, which upstream v0.50's
    // amino codec does not know; sdkd signs upstream's name (what simd and Ledger verify).
    const url = '/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission'
    const msg = MsgWithdrawValidatorCommission.fromPartial({ validatorAddress: VAL })
    expect(ours(url, MsgWithdrawValidatorCommission.encode(msg).finish())).toBe(
      theirs(url, msg).replace(
        '"cosmos-sdk/MsgWithdrawValidatorCommission"',
        '"cosmos-sdk/MsgWithdrawValCommission"',
      ),
    )
  })
})

describe('distribution amino JSON: upstream legacy JSON of the messages cosmjs has no converter for', () => {
  test('MsgUpdateParams: every LegacyDec written, withdraw_addr_enabled omitted when false', () => {
    const params = {
      community_tax: '20000000000000000',
      base_proposer_reward: '0',
      bonus_proposer_reward: '0',
    }
    const any = (enabled: boolean) =>
      pack(cosmos, '/sdk.distribution.v1beta1.MsgUpdateParams', {
        authority: GOV,
        params: { ...params, withdraw_addr_enabled: enabled },
      })
    expect(aminoJsonOfAny(cosmos, any(true))).toBe(
      `{"type":"cosmos-sdk/distribution/MsgUpdateParams","value":{"authority":"${GOV}","params":{"base_proposer_reward":"0.000000000000000000","bonus_proposer_reward":"0.000000000000000000","community_tax":"0.020000000000000000","withdraw_addr_enabled":true}}}`,
    )
    expect(aminoJsonOfAny(cosmos, any(false))).toBe(
      `{"type":"cosmos-sdk/distribution/MsgUpdateParams","value":{"authority":"${GOV}","params":{"base_proposer_reward":"0.000000000000000000","bonus_proposer_reward":"0.000000000000000000","community_tax":"0.020000000000000000"}}}`,
    )
  })

  test('MsgCommunityPoolSpend is cosmos-sdk/distr/MsgCommunityPoolSpend', () => {
    const any = pack(cosmos, '/sdk.distribution.v1beta1.MsgCommunityPoolSpend', {
      authority: GOV,
      recipient: TO,
      amount: [{ denom: 'stake', amount: '5' }],
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      `{"type":"cosmos-sdk/distr/MsgCommunityPoolSpend","value":{"amount":[{"amount":"5","denom":"stake"}],"authority":"${GOV}","recipient":"${TO}"}}`,
    )
  })

  test('MsgDepositValidatorRewardsPool is cosmos-sdk/distr/MsgDepositValRewards', () => {
    const any = pack(cosmos, '/sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool', {
      depositor: FROM,
      validator_address: VAL,
      amount: [{ denom: 'stake', amount: '9' }],
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      `{"type":"cosmos-sdk/distr/MsgDepositValRewards","value":{"amount":[{"amount":"9","denom":"stake"}],"depositor":"${FROM}","validator_address":"${VAL}"}}`,
    )
  })

  test('brand sdk names them sdk/…', () => {
    const names = [
      ['MsgSetWithdrawAddress', 'sdk/MsgModifyWithdrawAddress'],
      ['MsgWithdrawDelegatorReward', 'sdk/MsgWithdrawDelegationReward'],
      ['MsgWithdrawValidatorCommission', 'sdk/MsgWithdrawValCommission'],
      ['MsgFundCommunityPool', 'sdk/MsgFundCommunityPool'],
      ['MsgUpdateParams', 'sdk/distribution/MsgUpdateParams'],
      ['MsgCommunityPoolSpend', 'sdk/distr/MsgCommunityPoolSpend'],
      ['MsgDepositValidatorRewardsPool', 'sdk/distr/MsgDepositValRewards'],
    ]
    for (const [msg, name] of names) {
      expect(sdk.type(`sdk.distribution.v1beta1.${msg}`).options?.['(amino.name)']).toBe(name)
    }
  })
})
