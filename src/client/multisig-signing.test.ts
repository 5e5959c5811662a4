import {
  createMultisigThresholdPubkey,
  encodeSecp256k1Pubkey,
  makeSignDoc,
  pubkeyToAddress,
  Secp256k1Wallet,
} from '@cosmjs/amino'
import { encodePubkey } from '@cosmjs/proto-signing'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { MultiSignature } from 'cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, test } from 'vitest'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import { toBase64, toHex, utf8 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { ProtoRegistry } from '../codec/proto.js'
import { PROTO_DIR } from '../codec/proto-sources.js'
import { type MultisigMember, secp256k1Member, sortedByAddress } from './keyring.js'
import {
  addMultisigSignature,
  emptyMultisig,
  multisigPubKeyAny,
  type SignatureDescriptor,
  signaturesFromJsonText,
  signaturesToJson,
  txSignatures,
  withSignatures,
} from './multisig-signing.js'
import { signatureFailure, verifyMemberSignature } from './multisig-verify.js'
import { createUnsignedTx, encodeTxBody, encodeTxRaw, signTx, txToJson } from './tx-builder.js'

// Brand cosmos, so that the type URLs are cosmjs's and the bytes can be compared with its own.
const registry = ProtoRegistry.load(PROTO_DIR, 'cosmos')
const members = ['alpha', 'beta', 'gamma'].map((n) => {
  const privateKey = sha256(utf8(`multisig member ${n}`))
  return { privateKey, pubKey: secp256k1.getPublicKey(privateKey, true) }
})
const keyOf = (m: MultisigMember) => (m.type === 'multisig' ? new Uint8Array(0) : m.key)
const pubKeys = sortedByAddress(members.map((m) => secp256k1Member(m.pubKey))).map(keyOf)
const memberKeys = pubKeys.map(secp256k1Member)
const byPubKey = (k: Uint8Array) => members.find((m) => toHex(m.pubKey) === toHex(k))!
const theirs = createMultisigThresholdPubkey(
  members.map((m) => encodeSecp256k1Pubkey(m.pubKey)),
  2,
)
const MULTI = pubkeyToAddress(theirs, 'cosmos')
const TO = 'cosmos1yxhvy6luqmcqgk5lqjfjxujqste42lyhcc4rl8'
const signer = { chainId: 'multi-1', accountNumber: 12n, sequence: 3n }

const unsigned = createUnsignedTx({
  messages: [
    registry.packAny('/sdk.bank.v1beta1.MsgSend', {
      from_address: MULTI,
      to_address: TO,
      amount: [{ denom: 'stake', amount: '1000' }],
    }),
  ],
  fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: 200_000n },
  memo: 'shared',
})

/** A member's signature of the tx for the multisig account, as `tx sign --multisig` makes it. */
function memberSignature(pubKey: Uint8Array): SignatureDescriptor {
  const signed = signTx(registry, unsigned, byPubKey(pubKey), signer, { signMode: 'amino-json' })
  return txSignatures(registry, signed)[0]!
}

describe('multisig signatures', () => {
  test('behavior: a member signs the amino sign document as cosmjs`s amino wallet does, and the signature JSON is upstream`s', async () => {
    const sig = memberSignature(pubKeys[1]!)
    const wallet = await Secp256k1Wallet.fromKey(byPubKey(pubKeys[1]!).privateKey, 'cosmos')
    const [account] = await wallet.getAccounts()
    const doc = makeSignDoc(
      [
        {
          type: 'cosmos-sdk/MsgSend',
          value: {
            from_address: MULTI,
            to_address: TO,
            amount: [{ denom: 'stake', amount: '1000' }],
          },
        },
      ],
      { amount: [{ denom: 'stake', amount: '200' }], gas: '200000' },
      'multi-1',
      'shared',
      12,
      3,
    )
    const { signature } = await wallet.signAmino(account!.address, doc)
    expect(signaturesToJson(registry, [sig])).toEqual({
      signatures: [
        {
          public_key: { '@type': '/cosmos.crypto.secp256k1.PubKey', key: signature.pub_key.value },
          data: { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON', signature: signature.signature } },
          sequence: '3',
        },
      ],
    })
    // Read back, a signature made by cosmjs verifies for the multisig account.
    const read = signaturesFromJsonText(registry, JSON.stringify(signaturesToJson(registry, [sig])))
    expect(read).toEqual([sig])
    expect(() => verifyMemberSignature(registry, unsigned, signer, read[0]!)).not.toThrow()
  })

  test('behavior: the combined tx is cosmjs`s multisigned tx byte for byte, whatever order the signatures come in', () => {
    const multi = emptyMultisig(pubKeys.length)
    // The third member signs first: the signatures still go in member order.
    for (const k of [pubKeys[2]!, pubKeys[0]!])
      addMultisigSignature(registry, multi, memberSignature(k), memberKeys)
    const signed = withSignatures(registry, unsigned, [
      {
        publicKey: multisigPubKeyAny(registry, 2, memberKeys),
        data: { multi },
        sequence: signer.sequence,
      },
    ])
    const sigOf = (k: Uint8Array) => {
      const d = memberSignature(k).data!
      return 'single' in d ? d.single.signature : new Uint8Array(0)
    }
    // cosmjs's makeMultisignedTx, spelled out with its own encoders (its bech32 decoding of the
    // signer addresses does not run against this @scure/base).
    const authInfo = AuthInfo.encode(
      AuthInfo.fromPartial({
        signerInfos: [
          {
            publicKey: encodePubkey(theirs),
            modeInfo: {
              multi: {
                bitarray: { extraBitsStored: 3, elems: Uint8Array.of(0b1010_0000) },
                modeInfos: [0, 1].map(() => ({
                  single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON },
                })),
              },
            },
            sequence: 3n,
          },
        ],
        fee: { amount: [{ denom: 'stake', amount: '200' }], gasLimit: 200_000n },
      }),
    ).finish()
    const cosmjs = TxRaw.encode(
      TxRaw.fromPartial({
        bodyBytes: encodeTxBody(registry, unsigned),
        authInfoBytes: authInfo,
        signatures: [
          MultiSignature.encode({ signatures: [sigOf(pubKeys[0]!), sigOf(pubKeys[2]!)] }).finish(),
        ],
      }),
    ).finish()
    expect(toHex(encodeTxRaw(registry, signed))).toBe(toHex(cosmjs))
    // The tx JSON names the signers (bits 0 and 2 of 3: 0b101) and their modes.
    const info = (txToJson(registry, signed).auth_info as any).signer_infos[0]
    expect(info.mode_info).toEqual({
      multi: {
        bitarray: { extra_bits_stored: 3, elems: toBase64(Uint8Array.of(0b1010_0000)) },
        mode_infos: [
          { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' } },
          { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' } },
        ],
      },
    })
    expect(info.public_key.threshold).toBe(2)
    // Read back from the tx, the multisignature is the one combined.
    expect(txSignatures(registry, signed)[0]!.data).toEqual({ multi })
  })

  test('behavior: a nested multisig member`s multisignature is combined, read back from JSON and verified member by member', () => {
    const innerMembers = [memberKeys[1]!, memberKeys[2]!]
    const inner = { type: 'multisig' as const, threshold: 1, members: innerMembers }
    const outerMembers: MultisigMember[] = [memberKeys[0]!, inner]
    const innerMulti = emptyMultisig(2)
    addMultisigSignature(registry, innerMulti, memberSignature(pubKeys[2]!), innerMembers)
    const innerSig: SignatureDescriptor = {
      publicKey: multisigPubKeyAny(registry, 1, innerMembers),
      data: { multi: innerMulti },
      sequence: 0n,
    }
    // What `tx multisign --signature-only` prints for the inner key, and the outer one reads.
    const text = JSON.stringify(signaturesToJson(registry, [innerSig]))
    const [read] = signaturesFromJsonText(registry, text)
    expect(read).toEqual(innerSig)
    expect(() => verifyMemberSignature(registry, unsigned, signer, read!)).not.toThrow()
    const outer = emptyMultisig(2)
    addMultisigSignature(registry, outer, read!, outerMembers)
    addMultisigSignature(registry, outer, memberSignature(pubKeys[0]!), outerMembers)
    const outerSig = {
      publicKey: multisigPubKeyAny(registry, 2, outerMembers),
      data: { multi: outer },
      sequence: signer.sequence,
    }
    expect(signatureFailure(registry, unsigned, signer, outerSig)).toBeUndefined()
    const signed = withSignatures(registry, unsigned, [outerSig])
    expect(txSignatures(registry, signed)).toEqual([outerSig])
    // Signed for another sequence, the nested signature fails at its index in the outer key.
    expect(signatureFailure(registry, unsigned, { ...signer, sequence: 9n }, { ...outerSig })).toBe(
      'unable to verify signature at index 0',
    )
    expect(() =>
      verifyMemberSignature(registry, unsigned, { ...signer, sequence: 9n }, innerSig),
    ).toThrow(
      /^couldn't verify signature for address [a-z]+1[0-9a-z]+ unable to verify signature at index 1$/,
    )
  })

  test('behavior: a member signing again replaces its signature', () => {
    const multi = emptyMultisig(3)
    const first = memberSignature(pubKeys[1]!)
    addMultisigSignature(registry, multi, first, memberKeys)
    const again = structuredClone(first)
    const data = again.data as { single: { mode: number; signature: Uint8Array } }
    data.single.signature = Uint8Array.of(1, 2, 3)
    addMultisigSignature(registry, multi, again, memberKeys)
    expect(multi.signatures).toEqual([
      { single: { mode: SIGN_MODE_LEGACY_AMINO_JSON, signature: Uint8Array.of(1, 2, 3) } },
    ])
  })

  test('error: a signature of the wrong bytes, a key that is no member, and bad JSON, with upstream`s texts', () => {
    const sig = memberSignature(pubKeys[0]!)
    const otherSequence = { ...signer, sequence: 4n }
    expect(() => verifyMemberSignature(registry, unsigned, otherSequence, sig)).toThrow(
      /^couldn't verify signature for address [a-z]+1[0-9a-z]+ unable to verify single signer signature$/,
    )
    const stranger = secp256k1.getPublicKey(sha256(utf8('not a member')), true)
    const foreign = {
      ...sig,
      publicKey: registry.packAny('/sdk.crypto.secp256k1.PubKey', { key: stranger }),
    }
    expect(() => addMultisigSignature(registry, emptyMultisig(3), foreign, memberKeys)).toThrow(
      `provided key ${toHex(stranger).toUpperCase()} doesn't exist in pubkeys: \n${pubKeys.map((k) => toHex(k).toUpperCase()).join('\n')}`,
    )
    expect(() => signaturesFromJsonText(registry, '{')).toThrow(/^invalid signature JSON: /)
    expect(() =>
      signaturesFromJsonText(
        registry,
        '{"signatures":[{"public_key":{"@type":"/cosmos.crypto.secp256k1.PubKey","key":"AA=="},"data":{"single":{"mode":"SIGN_MODE_NONE","signature":"AA=="}}}]}',
      ),
    ).toThrow('signatures[0].data.single.mode: unknown sign mode "SIGN_MODE_NONE"')
  })
})
