import { toBech32 } from '@cosmjs/encoding'
import { describe, expect, test } from 'vitest'
import { aminoJsonOfAny } from '../../codec/amino-json.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'
import { msgSigners } from '../../codec/signers.js'

/**
 * Amino JSON of the slashing messages (what Ledger and amino-only wallets sign). Expected texts are
 * upstream's (x/slashing/types/tx.pb.go amino names, `(amino.field_name) = "address"`).
 */
describe('slashing amino JSON', () => {
  const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')

  test('MsgUnjail is cosmos-sdk/MsgUnjail with its operator under `address`', () => {
    const any = cosmos.packAny('/sdk.slashing.v1beta1.MsgUnjail', {
      validator_addr: 'cosmosvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du',
    })
    expect(aminoJsonOfAny(cosmos, any)).toBe(
      '{"type":"cosmos-sdk/MsgUnjail","value":{"address":"cosmosvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du"}}',
    )
  })

  test('MsgUpdateParams is cosmos-sdk/x/slashing/MsgUpdateParams', () => {
    const type = cosmos.type('sdk.slashing.v1beta1.MsgUpdateParams')
    expect(type.options?.['(amino.name)']).toBe('cosmos-sdk/x/slashing/MsgUpdateParams')
  })
})

describe('MsgUnjail signer', () => {
  test('the operator account signs: validator_addr decodes to the account bytes', () => {
    const registry = ProtoRegistry.load(PROTO_DIR, 'sdk')
    const bytes = new Uint8Array(20).fill(7)
    const valoper = toBech32('sdkvaloper', bytes)
    const type = registry.type('sdk.slashing.v1beta1.MsgUnjail')
    expect(msgSigners(type, { validator_addr: valoper })).toEqual([bytes])
  })
})
