import { describe, expect, test } from 'vitest'
import { aminoJsonOfAny } from '../../codec/amino-json.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'

/**
 * Amino JSON of MsgCreateVestingAccount (what amino-only wallets sign): upstream's name
 * `cosmos-sdk/MsgCreateVestingAccount`, `end_time` as a string, `delayed` left out when false.
 */
describe('vesting amino JSON', () => {
  const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
  const FROM = 'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du'
  const TO = 'cosmos1qgpqyqszqgpqyqszqgpqyqszqgpqyqszrh8mx2'

  test('a continuous one', () => {
    const any = cosmos.packAny('/sdk.vesting.v1beta1.MsgCreateVestingAccount', {
      from_address: FROM,
      to_address: TO,
      amount: [{ denom: 'stake', amount: '5' }],
      end_time: '1700000000',
      delayed: false,
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      `{"type":"cosmos-sdk/MsgCreateVestingAccount","value":{"amount":[{"amount":"5","denom":"stake"}],"end_time":"1700000000","from_address":"${FROM}","to_address":"${TO}"}}`,
    )
  })

  test('a delayed one', () => {
    const any = cosmos.packAny('/sdk.vesting.v1beta1.MsgCreateVestingAccount', {
      from_address: FROM,
      to_address: TO,
      amount: [{ denom: 'stake', amount: '5' }],
      end_time: '1700000000',
      delayed: true,
    })
    expect(aminoJsonOfAny(cosmos, any)).toContain('"delayed":true')
  })

  test('a permanently locked one and a periodic one (upstream names MsgCreatePermLockedAccount, MsgCreatePeriodVestAccount)', () => {
    const locked = cosmos.packAny('/sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount', {
      from_address: FROM,
      to_address: TO,
      amount: [{ denom: 'stake', amount: '5' }],
    })
    expect(aminoJsonOfAny(cosmos, locked)).toBe(
      `{"type":"cosmos-sdk/MsgCreatePermLockedAccount","value":{"amount":[{"amount":"5","denom":"stake"}],"from_address":"${FROM}","to_address":"${TO}"}}`,
    )
    const periodic = cosmos.packAny('/sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount', {
      from_address: FROM,
      to_address: TO,
      start_time: '1700000000',
      vesting_periods: [{ length: '60', amount: [{ denom: 'stake', amount: '5' }] }],
    })
    expect(aminoJsonOfAny(cosmos, periodic)).toBe(
      `{"type":"cosmos-sdk/MsgCreatePeriodVestAccount","value":{"from_address":"${FROM}","start_time":"1700000000","to_address":"${TO}","vesting_periods":[{"amount":[{"amount":"5","denom":"stake"}],"length":"60"}]}}`,
    )
  })
})
