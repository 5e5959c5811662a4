import { describe, expect, test } from 'vitest'
import {
  account,
  GOV,
  genesisState,
  govChainPerTest,
  registry,
} from '../../../test/helpers/gov-chain.js'
import { moduleAddress } from '../../codec/address.js'
import { aminoJsonOfAny } from '../../codec/amino-json.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'
import { msgSigners } from '../../codec/signers.js'
import { crisisCollections, MODULE_NAME } from './keys.js'

// x/crisis's Msg service on the real v1 app over the in-memory store (GovChain): the checks of
// upstream v0.50's msg server, the stored constant fee, amino JSON and signers. The CLI and a
// broken invariant on a real node: test/e2e/crisis.test.ts.

const VERIFY = '/sdk.crisis.v1beta1.MsgVerifyInvariant'
const UPDATE = '/sdk.crisis.v1beta1.MsgUpdateParams'
const ALICE = account(1)

const chains = govChainPerTest()

async function chain() {
  const c = await chains.create(genesisState({ balances: { [ALICE]: 100_000n } }))
  await c.block()
  return c
}

async function storedFee(c: Awaited<ReturnType<typeof chain>>) {
  return crisisCollections(registry).constantFee.get(c.view().store(MODULE_NAME))
}

describe('MsgVerifyInvariant', () => {
  test('behavior: a holding invariant of each module: code 0 and `invariant{route}`', async () => {
    const c = await chain()
    for (const [module, route] of [
      ['bank', 'total-supply'],
      ['distribution', 'can-withdraw'],
      ['staking', 'delegator-shares'],
      ['gov', 'module-account'],
    ]) {
      const r = await c.tx(VERIFY, {
        sender: ALICE,
        invariant_module_name: module,
        invariant_route: route,
      })
      const invariant = r.events.find((e) => e.type === 'invariant')!
      expect(invariant.attributes.map((a) => [a.key, a.value])).toEqual([['route', route]])
    }
    expect(await c.balance(ALICE)).toBe(String(100_000 - 4 * 1000))
  })

  test('error: the sender checked first, then the fee paid, then the route', async () => {
    const c = await chain()
    const refused = async (value: Record<string, string>) =>
      (await c.block([{ typeUrl: VERIFY, value }])).results[0]!.error!.message
    const route = { invariant_module_name: 'bank', invariant_route: 'total-supply' }
    expect(await refused({ sender: '', ...route })).toBe(
      'empty address string is not allowed: invalid address',
    )
    expect(await refused({ sender: 'sdk1nope', ...route })).toMatch(
      /^invalid sender address: decoding bech32 failed: .*: invalid address$/,
    )
    // An account that cannot pay the constant fee: x/bank's refusal.
    expect(await refused({ sender: account(7), ...route })).toBe(
      'spendable balance 0stake is smaller than 1000stake: insufficient funds',
    )
    expect(
      await refused({ sender: ALICE, invariant_module_name: 'bank', invariant_route: 'nope' }),
    ).toBe('unknown invariant')
  })
})

describe('MsgUpdateParams', () => {
  test('behavior: the gov account sets the constant fee; zero is allowed', async () => {
    const c = await chain()
    await c.tx(UPDATE, { authority: GOV, constant_fee: { denom: 'token', amount: '25' } })
    expect(await storedFee(c)).toEqual({ denom: 'token', amount: '25' })
    await c.tx(UPDATE, { authority: GOV, constant_fee: { denom: 'stake', amount: '0' } })
    expect(await storedFee(c)).toEqual({ denom: 'stake', amount: '0' })
  })

  test('error: another authority, or a fee that is no valid coin', async () => {
    const c = await chain()
    const refused = async (value: Record<string, unknown>) =>
      (await c.block([{ typeUrl: UPDATE, value }])).results[0]!.error!.message
    expect(await refused({ authority: ALICE, constant_fee: { denom: 'stake', amount: '1' } })).toBe(
      `invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    for (const fee of [
      { denom: 'stake', amount: '-1' },
      { denom: '1x', amount: '5' },
      { denom: 'stake', amount: '' },
    ]) {
      expect(await refused({ authority: GOV, constant_fee: fee })).toBe(
        'invalid constant fee: invalid coins',
      )
    }
    expect(await storedFee(c)).toEqual({ denom: 'stake', amount: '1000' })
  })
})

describe('amino JSON and signers', () => {
  test('behavior: sdk/MsgVerifyInvariant and sdk/x/crisis/MsgUpdateParams, cosmos-sdk/… under the cosmos brand', () => {
    const sdk = ProtoRegistry.load(PROTO_DIR, 'sdk')
    const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
    const verify = {
      sender: 'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du',
      invariant_module_name: 'bank',
      invariant_route: 'total-supply',
    }
    const value =
      '"value":{"invariant_module_name":"bank","invariant_route":"total-supply","sender":"cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du"}'
    expect(aminoJsonOfAny(sdk, sdk.packAny(VERIFY, verify))).toBe(
      `{"type":"sdk/MsgVerifyInvariant",${value}}`,
    )
    expect(aminoJsonOfAny(cosmos, cosmos.packAny(VERIFY, verify))).toBe(
      `{"type":"cosmos-sdk/MsgVerifyInvariant",${value}}`,
    )
    const update = { authority: GOV, constant_fee: { denom: 'stake', amount: '0' } }
    expect(aminoJsonOfAny(cosmos, cosmos.packAny(UPDATE, update))).toBe(
      `{"type":"cosmos-sdk/x/crisis/MsgUpdateParams","value":{"authority":"${GOV}","constant_fee":{"amount":"0","denom":"stake"}}}`,
    )
    expect(
      msgSigners(sdk.type('sdk.crisis.v1beta1.MsgVerifyInvariant'), { sender: ALICE }),
    ).toEqual([new Uint8Array(20).fill(1)])
    expect(msgSigners(sdk.type('sdk.crisis.v1beta1.MsgUpdateParams'), { authority: GOV })).toEqual([
      moduleAddress('gov'),
    ])
  })
})
