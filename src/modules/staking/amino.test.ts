import { describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { cosmos, FROM, pack } from '../../codec/amino-json.case.js'
import { aminoJsonOfAny } from '../../codec/amino-json.js'

/**
 * The staking messages' legacy amino JSON (what SIGN_MODE_LEGACY_AMINO_JSON signs) in brand
 * cosmos: upstream's names, keys sorted, the coin written even when zero, the consensus key as
 * `tendermint/PubKeyEd25519`.
 */
const VAL = addressToBech32(bech32ToAddress(FROM, 'cosmos'), 'cosmosvaloper')

describe('staking amino JSON', () => {
  test('vector: MsgDelegate, MsgUndelegate, MsgBeginRedelegate', () => {
    const amount = { denom: 'stake', amount: '5' }
    expect(
      aminoJsonOfAny(
        cosmos,
        pack(cosmos, '/sdk.staking.v1beta1.MsgDelegate', {
          delegator_address: FROM,
          validator_address: VAL,
          amount,
        }),
      ),
    ).toBe(
      `{"type":"cosmos-sdk/MsgDelegate","value":{"amount":{"amount":"5","denom":"stake"},"delegator_address":"${FROM}","validator_address":"${VAL}"}}`,
    )
    expect(
      aminoJsonOfAny(
        cosmos,
        pack(cosmos, '/sdk.staking.v1beta1.MsgUndelegate', {
          delegator_address: FROM,
          validator_address: VAL,
          amount,
        }),
      ),
    ).toBe(
      `{"type":"cosmos-sdk/MsgUndelegate","value":{"amount":{"amount":"5","denom":"stake"},"delegator_address":"${FROM}","validator_address":"${VAL}"}}`,
    )
    expect(
      aminoJsonOfAny(
        cosmos,
        pack(cosmos, '/sdk.staking.v1beta1.MsgBeginRedelegate', {
          delegator_address: FROM,
          validator_src_address: VAL,
          validator_dst_address: VAL,
          amount,
        }),
      ),
    ).toBe(
      `{"type":"cosmos-sdk/MsgBeginRedelegate","value":{"amount":{"amount":"5","denom":"stake"},"delegator_address":"${FROM}","validator_dst_address":"${VAL}","validator_src_address":"${VAL}"}}`,
    )
  })

  test('vector: MsgCreateValidator writes its consensus key as tendermint/PubKeyEd25519', () => {
    const key = new Uint8Array(32).fill(1)
    const json = aminoJsonOfAny(
      cosmos,
      pack(cosmos, '/sdk.staking.v1beta1.MsgCreateValidator', {
        description: { moniker: 'm' },
        // The rates in their protobuf wire form: amino JSON writes them as decimal text.
        commission: {
          rate: '100000000000000000',
          max_rate: '200000000000000000',
          max_change_rate: '10000000000000000',
        },
        min_self_delegation: '1',
        validator_address: VAL,
        pubkey: cosmos.packAny('/sdk.crypto.ed25519.PubKey', { key }),
        value: { denom: 'stake', amount: '1' },
      }),
    )
    expect(JSON.parse(json)).toMatchObject({
      type: 'cosmos-sdk/MsgCreateValidator',
      value: {
        commission: {
          rate: '0.100000000000000000',
          max_rate: '0.200000000000000000',
          max_change_rate: '0.010000000000000000',
        },
        pubkey: { type: 'tendermint/PubKeyEd25519', value: Buffer.from(key).toString('base64') },
        validator_address: VAL,
        value: { amount: '1', denom: 'stake' },
      },
    })
  })
})
