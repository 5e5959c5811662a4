import { describe, expect, test } from 'vitest'
import { aminoJsonOfAny } from '../../codec/amino-json.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'

/**
 * Amino JSON of x/bank's governance messages, as a proposal signed in amino JSON carries them. Names
 * are upstream's (x/bank/types/tx.pb.go): `cosmos-sdk/MsgSetSendEnabled`,
 * `cosmos-sdk/x/bank/MsgUpdateParams`.
 */
describe('bank amino JSON', () => {
  const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
  const gov = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn'

  test('MsgSetSendEnabled is cosmos-sdk/MsgSetSendEnabled; empty lists left out', () => {
    const any = cosmos.packAny('/sdk.bank.v1beta1.MsgSetSendEnabled', {
      authority: gov,
      send_enabled: [{ denom: 'token', enabled: false }],
      use_default_for: [],
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      `{"type":"cosmos-sdk/MsgSetSendEnabled","value":{"authority":"${gov}","send_enabled":[{"denom":"token"}]}}`,
    )
  })

  test('MsgUpdateParams is cosmos-sdk/x/bank/MsgUpdateParams; its params always written', () => {
    const any = cosmos.packAny('/sdk.bank.v1beta1.MsgUpdateParams', {
      authority: gov,
      params: { send_enabled: [], default_send_enabled: true },
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      `{"type":"cosmos-sdk/x/bank/MsgUpdateParams","value":{"authority":"${gov}","params":{"default_send_enabled":true}}}`,
    )
  })
})
