import {
  DirectSecp256k1Wallet,
  makeAuthInfoBytes,
  makeSignBytes,
  makeSignDoc,
  Registry,
} from '@cosmjs/proto-signing'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { addressToBech32 } from '../codec/address.js'
import { concatBytes, toBase64, toHexUpper, utf8 } from '../codec/bytes.js'
import { sha256, txHashHex } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { signBytes } from '../codec/sign-doc.js'
import { keyFromMnemonic, pubKeyToAddress, verifySecp256k1 } from './keyring.js'
import {
  createUnsignedTx,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  signTx,
  simulationTx,
  TxBuildError,
  txFromJsonText,
  txSigners,
  txToJson,
} from './tx-builder.js'

const registry = protoRegistry()
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const key = keyFromMnemonic(MNEMONIC)
const from = addressToBech32(pubKeyToAddress(key.pubKey))
const to = addressToBech32(new Uint8Array(20).fill(7))

/** Protobuf wire pieces written by hand, to check the library's encoding independently. */
const varint = (n: bigint): Uint8Array => {
  const out: number[] = []
  let v = n
  while (v >= 0x80n) {
    out.push(Number((v & 0x7fn) | 0x80n))
    v >>= 7n
  }
  out.push(Number(v))
  return Uint8Array.from(out)
}
const lenField = (field: number, bytes: Uint8Array) =>
  concatBytes(varint(BigInt((field << 3) | 2)), varint(BigInt(bytes.length)), bytes)
const varintField = (field: number, n: bigint) => concatBytes(varint(BigInt(field << 3)), varint(n))

function sendTx(memo = '') {
  return createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: from,
        to_address: to,
        amount: [{ denom: 'stake', amount: '10' }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: 200_000n },
    memo,
  })
}

describe('tx builder', () => {
  it('behavior: body bytes are the canonical encoding of TxBody (messages, then memo)', () => {
    const tx = sendTx('hi')
    const msgSend = concatBytes(
      lenField(1, utf8(from)),
      lenField(2, utf8(to)),
      lenField(3, concatBytes(lenField(1, utf8('stake')), lenField(2, utf8('10')))),
    )
    const any = concatBytes(lenField(1, utf8('/sdk.bank.v1beta1.MsgSend')), lenField(2, msgSend))
    const expected = concatBytes(lenField(1, any), lenField(2, utf8('hi')))
    expect(toHexUpper(encodeTxBody(registry, tx))).toBe(toHexUpper(expected))
  })

  it('behavior: sign bytes are exactly the SignDoc encoding; zero account number is omitted', () => {
    const body = Uint8Array.of(1, 2, 3)
    const authInfo = Uint8Array.of(4, 5)
    const withNumber = signBytes(registry, {
      bodyBytes: body,
      authInfoBytes: authInfo,
      chainId: 'test-chain',
      accountNumber: 300n,
    })
    expect(toHexUpper(withNumber)).toBe(
      toHexUpper(
        concatBytes(
          lenField(1, body),
          lenField(2, authInfo),
          lenField(3, utf8('test-chain')),
          varintField(4, 300n),
        ),
      ),
    )
    const zero = signBytes(registry, {
      bodyBytes: body,
      authInfoBytes: authInfo,
      chainId: 'c',
      accountNumber: 0n,
    })
    expect(toHexUpper(zero)).toBe(
      toHexUpper(concatBytes(lenField(1, body), lenField(2, authInfo), lenField(3, utf8('c')))),
    )
  })

  it('behavior: the signature verifies over the SignDoc of the signed tx and is low-S', () => {
    const signed = signTx(registry, sendTx(), key, {
      chainId: 'test-chain',
      accountNumber: 7n,
      sequence: 3n,
    })
    const doc = signBytes(registry, {
      bodyBytes: encodeTxBody(registry, signed),
      authInfoBytes: encodeAuthInfo(registry, signed),
      chainId: 'test-chain',
      accountNumber: 7n,
    })
    const sig = signed.signatures![0] as Uint8Array
    expect(sig.length).toBe(64)
    expect(verifySecp256k1(key.pubKey, doc, sig)).toBe(true)
    const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString('hex')}`)
    expect(s <= secp256k1.Point.CURVE().n / 2n).toBe(true)
    // The signature binds chain id, account number and sequence.
    const otherChain = signBytes(registry, {
      bodyBytes: encodeTxBody(registry, signed),
      authInfoBytes: encodeAuthInfo(registry, signed),
      chainId: 'other-chain',
      accountNumber: 7n,
    })
    expect(verifySecp256k1(key.pubKey, otherChain, sig)).toBe(false)
    const json = txToJson(registry, signed) as any
    expect(json.auth_info.signer_infos).toEqual([
      {
        public_key: { '@type': '/sdk.crypto.secp256k1.PubKey', key: toBase64(key.pubKey) },
        mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } },
        sequence: '3',
      },
    ])
    expect(json.signatures).toEqual([toBase64(sig)])
  })

  it('behavior: byte-identical to @cosmjs/proto-signing — body, auth info, sign doc, signature, TxRaw', async () => {
    const cosmjs = new Registry([['/sdk.bank.v1beta1.MsgSend', MsgSend]])
    const bodyBytes = cosmjs.encodeTxBody({
      messages: [
        {
          typeUrl: '/sdk.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: to, amount: [{ denom: 'stake', amount: '10' }] },
        },
      ],
      memo: 'm',
    })
    const pubkey = {
      typeUrl: '/sdk.crypto.secp256k1.PubKey',
      value: PubKey.encode({ key: key.pubKey }).finish(),
    }
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey, sequence: 9n }],
      [{ denom: 'stake', amount: '200' }],
      200_000,
      undefined,
      undefined,
    )
    const doc = makeSignDoc(bodyBytes, authInfoBytes, 'test-chain', 42)
    const wallet = await DirectSecp256k1Wallet.fromKey(key.privateKey, 'sdk')
    const { signature } = await wallet.signDirect(from, doc)
    const theirs = TxRaw.encode({
      bodyBytes,
      authInfoBytes,
      signatures: [Buffer.from(signature.signature, 'base64')],
    }).finish()

    const ours = signTx(registry, sendTx('m'), key, {
      chainId: 'test-chain',
      accountNumber: 42n,
      sequence: 9n,
    })
    expect(toHexUpper(encodeTxBody(registry, ours))).toBe(toHexUpper(bodyBytes))
    expect(toHexUpper(encodeAuthInfo(registry, ours))).toBe(toHexUpper(authInfoBytes))
    expect(
      toHexUpper(
        signBytes(registry, {
          bodyBytes,
          authInfoBytes,
          chainId: 'test-chain',
          accountNumber: 42n,
        }),
      ),
    ).toBe(toHexUpper(makeSignBytes(doc)))
    // RFC 6979 signatures are deterministic: the same key and bytes give the same signature.
    expect(toBase64(ours.signatures![0])).toBe(signature.signature)
    expect(toHexUpper(encodeTxRaw(registry, ours))).toBe(toHexUpper(theirs))
  })

  it('behavior: unsigned tx JSON has the upstream Tx shape', () => {
    expect(txToJson(registry, sendTx())).toEqual({
      body: {
        messages: [
          {
            '@type': '/sdk.bank.v1beta1.MsgSend',
            from_address: from,
            to_address: to,
            amount: [{ denom: 'stake', amount: '10' }],
          },
        ],
        memo: '',
        timeout_height: '0',
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [],
        fee: {
          amount: [{ denom: 'stake', amount: '200' }],
          gas_limit: '200000',
          payer: '',
          granter: '',
        },
        tip: null,
      },
      signatures: [],
    })
  })

  it('behavior: JSON → tx → TxRaw bytes round trips byte for byte, signed or not', () => {
    for (const tx of [
      sendTx('memo'),
      signTx(registry, sendTx(), key, { chainId: 'c', accountNumber: 0n, sequence: 0n }),
    ]) {
      const bytes = encodeTxRaw(registry, tx)
      const text = JSON.stringify(txToJson(registry, tx))
      const back = txFromJsonText(registry, text)
      expect(toHexUpper(encodeTxRaw(registry, back))).toBe(toHexUpper(bytes))
      expect(JSON.stringify(txToJson(registry, decodeTxRaw(registry, bytes)))).toBe(text)
    }
  })

  it('behavior: a signature made from JSON read back still verifies (sign after a file round trip)', () => {
    const unsigned = txFromJsonText(registry, JSON.stringify(txToJson(registry, sendTx('x'))))
    const signed = signTx(registry, unsigned, key, {
      chainId: 'test-chain',
      accountNumber: 1n,
      sequence: 0n,
    })
    const raw = registry.decode('sdk.tx.v1beta1.TxRaw', encodeTxRaw(registry, signed))
    const doc = signBytes(registry, {
      bodyBytes: raw.body_bytes,
      authInfoBytes: raw.auth_info_bytes,
      chainId: 'test-chain',
      accountNumber: 1n,
    })
    expect(verifySecp256k1(key.pubKey, doc, raw.signatures[0])).toBe(true)
  })

  it('behavior: signing again appends a signer; --overwrite replaces', () => {
    const once = signTx(registry, sendTx(), key, { chainId: 'c', accountNumber: 1n, sequence: 2n })
    const twice = signTx(registry, once, key, { chainId: 'c', accountNumber: 1n, sequence: 2n })
    expect(twice.signatures).toHaveLength(2)
    expect(twice.auth_info!.signer_infos).toHaveLength(2)
    const replaced = signTx(
      registry,
      twice,
      key,
      { chainId: 'c', accountNumber: 1n, sequence: 5n },
      { overwrite: true },
    )
    expect(replaced.signatures).toHaveLength(1)
    expect(String(replaced.auth_info!.signer_infos![0].sequence)).toBe('5')
  })

  it('behavior: the tx hash is upper-case hex sha256 of the TxRaw bytes', () => {
    const bytes = encodeTxRaw(registry, sendTx())
    expect(txHashHex(bytes)).toBe(toHexUpper(sha256(bytes)))
    expect(txHashHex(bytes)).toMatch(/^[0-9A-F]{64}$/)
  })

  it('behavior: a simulation tx carries the public key and an empty signature', () => {
    const sim = simulationTx(registry, sendTx(), key.pubKey, 4n)
    const json = txToJson(registry, sim) as any
    expect(json.auth_info.signer_infos[0].sequence).toBe('4')
    expect(json.signatures).toEqual([null])
  })

  it('behavior: signers come from the (sdk.msg.v1.signer) fields', () => {
    expect(txSigners(registry, sendTx())).toEqual([from])
  })

  it('error: chain id is required to sign', () => {
    expect(() =>
      signTx(registry, sendTx(), key, { chainId: '', accountNumber: 0n, sequence: 0n }),
    ).toThrow('chain ID required but not specified')
  })

  it('error: malformed JSON, unknown type URLs and bad bytes are clear errors', () => {
    expect(() => txFromJsonText(registry, '{')).toThrow(/invalid tx JSON/)
    expect(() =>
      txFromJsonText(
        registry,
        JSON.stringify({ body: { messages: [{ '@type': '/sdk.nope.MsgNope' }] } }),
      ),
    ).toThrow(/unable to resolve type URL \/sdk.nope.MsgNope/)
    expect(() => txFromJsonText(registry, JSON.stringify({ signatures: [] }))).toThrow(
      /missing "body"/,
    )
    expect(() => decodeTxRaw(registry, Uint8Array.of(0x0a, 0x05, 1))).toThrow(TxBuildError)
    expect(() => decodeTxRaw(registry, Uint8Array.of(0x0a, 0x05, 1))).toThrow(/tx parse error/)
    expect(() => createUnsignedTx({ messages: [], fee: { amount: [], gasLimit: 1n } })).toThrow(
      /at least one message/,
    )
  })
})
