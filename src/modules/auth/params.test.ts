import { describe, expect, test } from 'vitest'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'
import { msgSigners } from '../../codec/signers.js'
import { defaultAuthGenesis, parseAuthGenesis, validateAuthGenesis } from './genesis.js'
import { AuthKeeper, defaultAuthParams } from './keeper.js'
import { validateAuthParams } from './msg-server.js'

describe('x/auth params checks (upstream Params.Validate)', () => {
  test('error: each zero param is refused with its text, in upstream order; the defaults pass', () => {
    const p = defaultAuthParams()
    expect(() => validateAuthParams(p)).not.toThrow()
    const zero = (field: keyof typeof p) => () => validateAuthParams({ ...p, [field]: '0' })
    expect(zero('tx_sig_limit')).toThrow(/^invalid tx signature limit: 0$/)
    expect(zero('sig_verify_cost_ed25519')).toThrow(
      /^invalid ED25519 signature verification cost: 0$/,
    )
    expect(zero('sig_verify_cost_secp256k1')).toThrow(
      /^invalid SECK256k1 signature verification cost: 0$/,
    )
    expect(zero('max_memo_characters')).toThrow(/^invalid max memo characters: 0$/)
    expect(zero('tx_size_cost_per_byte')).toThrow(/^invalid tx size cost per byte: 0$/)
    // Unset params are all zero: the first check speaks.
    expect(() => validateAuthParams({})).toThrow(/^invalid tx signature limit: 0$/)
  })

  test('MsgUpdateParams is cosmos-sdk/x/auth/MsgUpdateParams, signed by its authority', () => {
    const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
    const type = cosmos.type('sdk.auth.v1beta1.MsgUpdateParams')
    expect(type.options?.['(amino.name)']).toBe('cosmos-sdk/x/auth/MsgUpdateParams')
    const gov = moduleAddress('gov')
    const sdk = ProtoRegistry.load(PROTO_DIR, 'sdk')
    for (const msg of [
      'sdk.auth.v1beta1.MsgUpdateParams',
      'sdk.bank.v1beta1.MsgUpdateParams',
      'sdk.bank.v1beta1.MsgSetSendEnabled',
    ])
      expect(msgSigners(sdk.type(msg), { authority: addressToBech32(gov) }), msg).toEqual([gov])
  })

  test('error: validate-genesis refuses a zero param with the same text', () => {
    const registry = ProtoRegistry.load(PROTO_DIR, 'sdk')
    const keeper = new AuthKeeper({ registry })
    const g = defaultAuthGenesis()
    const check = (genesis: unknown) => () =>
      validateAuthGenesis(keeper, parseAuthGenesis(registry, genesis))
    expect(check(g)).not.toThrow()
    expect(check({ ...g, params: { ...g.params, tx_size_cost_per_byte: '0' } })).toThrow(
      /^invalid tx size cost per byte: 0$/,
    )
  })
})
