import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { signSecp256k1 } from '../client/keyring.js'
import { concatBytes, fromHex } from '../codec/bytes.js'
import { protoRegistry } from '../codec/proto.js'
import { decodeTx } from './decode.js'
import { checkMinGasPrices, parseDecCoins } from './fees.js'
import { verifySecp256k1 } from './secp256k1.js'

const registry = protoRegistry()
const enc = (type: string, v: Record<string, unknown>) => registry.encode(type, v)

const send = registry.packAny('/sdk.bank.v1beta1.MsgSend', {
  from_address: 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f',
  to_address: 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl',
  amount: [{ denom: 'stake', amount: '5' }],
})
const body = enc('sdk.tx.v1beta1.TxBody', { messages: [send], memo: 'hi' })
const authInfo = enc('sdk.tx.v1beta1.AuthInfo', {
  signer_infos: [{ mode_info: { single: { mode: 1 } }, sequence: '3' }],
  fee: { amount: [{ denom: 'stake', amount: '200' }], gas_limit: '100000' },
})
const raw = (b = body, a = authInfo, sigs = [new Uint8Array(64)]) =>
  enc('sdk.tx.v1beta1.TxRaw', { body_bytes: b, auth_info_bytes: a, signatures: sigs })

/** A length-delimited field (tag ‖ len ‖ bytes). */
const field = (num: number, bytes: Uint8Array, lenPrefix?: Uint8Array) =>
  concatBytes(Uint8Array.of((num << 3) | 2), lenPrefix ?? Uint8Array.of(bytes.length), bytes)

const parseError = (bytes: Uint8Array) => {
  try {
    decodeTx(registry, bytes)
  } catch (err) {
    return (err as Error).message
  }
  throw new Error('decoded')
}

describe('decodeTx', () => {
  test('behavior: decodes the exact bytes with messages, fee and signer infos', () => {
    const tx = decodeTx(registry, raw())
    expect(tx.bodyBytes).toEqual(body)
    expect(tx.authInfoBytes).toEqual(authInfo)
    expect(tx.msgs.map((m) => m.typeUrl)).toEqual(['/sdk.bank.v1beta1.MsgSend'])
    expect(tx.memo).toBe('hi')
    expect(tx.fee).toEqual({
      amount: [{ denom: 'stake', amount: '200' }],
      gasLimit: 100000n,
      payer: '',
      granter: '',
    })
    expect(tx.signerInfos).toMatchObject([
      { mode: 1, sequence: 3n, publicKey: undefined, multisig: undefined },
    ])
    expect(tx.signerInfos[0]!.modeInfo?.single?.mode).toBe(1)
    // The whole TxBody and AuthInfo messages, as a GetTx answer shows them
    expect(registry.type('sdk.tx.v1beta1.TxBody').toObject(tx.body as never)).toMatchObject({
      memo: 'hi',
      messages: [{ type_url: '/sdk.bank.v1beta1.MsgSend' }],
    })
    expect(registry.encode('sdk.tx.v1beta1.TxBody', tx.body)).toEqual(body)
    expect(registry.encode('sdk.tx.v1beta1.AuthInfo', tx.authInfo)).toEqual(authInfo)
    expect(String(tx.authInfo.fee?.gas_limit)).toBe('100000')
  })

  test('behavior: the hash is the sha256 of the exact bytes; no fee in AuthInfo decodes as none', () => {
    const bytes = raw()
    const tx = decodeTx(registry, bytes)
    expect(tx.hash).toEqual(sha256(bytes))
    expect(tx.hash).toBe(tx.hash)
    const noFee = enc('sdk.tx.v1beta1.AuthInfo', {
      signer_infos: [{ mode_info: { single: { mode: 1 } }, sequence: '0' }],
    })
    const bare = decodeTx(registry, raw(body, noFee))
    expect(bare.fee).toBeUndefined()
    expect(bare.signerInfos[0]?.publicKey).toBeUndefined()
    expect(bare.hash).toEqual(sha256(raw(body, noFee)))
  })

  test('error: TxRaw must follow ADR-027 (field order, minimal length prefixes)', () => {
    const swapped = concatBytes(field(2, authInfo), field(1, body.subarray(0, 100)))
    expect(parseError(swapped)).toBe(
      'txRaw must follow ADR-027, got tagNum 1 after tagNum 2: tx parse error',
    )
    const padded = field(1, Uint8Array.of(1), Uint8Array.of(0x81, 0x00))
    expect(parseError(padded)).toBe(
      'length prefix varint for tagNum 1 is not as short as possible, read 2, only need 1: tx parse error',
    )
    expect(parseError(Uint8Array.of(0x08, 0x01))).toBe(
      'expected 2 wire type, got 0: tx parse error',
    )
  })

  test('error: unknown fields are refused in TxRaw and AuthInfo; TxBody allows non-critical ones', () => {
    const extra = concatBytes(raw(), field(4, Uint8Array.of(1)))
    expect(parseError(extra)).toBe(
      'errUnknownField "*tx.TxRaw": {TagNum: 4, WireType:"bytes"}: tx parse error',
    )
    const badAuth = concatBytes(authInfo, Uint8Array.of(0x28, 0x01))
    expect(parseError(raw(body, badAuth))).toBe(
      'errUnknownField "*tx.AuthInfo": {TagNum: 5, WireType:"varint"}: tx parse error',
    )
    const critical = concatBytes(body, Uint8Array.of(0x20, 0x01)) // field 4
    expect(parseError(raw(critical))).toBe(
      'errUnknownField "*tx.TxBody": {TagNum: 4, WireType:"varint"}: tx parse error',
    )
    // field 1025 has the non-critical bit (1024) set: accepted in the body
    const nonCritical = concatBytes(body, Uint8Array.of(0x88, 0x40, 0x01))
    expect(decodeTx(registry, raw(nonCritical)).msgs).toHaveLength(1)
  })

  test('error: unknown fields inside a message Any and unresolvable type URLs are refused', () => {
    const badMsg = {
      type_url: send.type_url,
      value: concatBytes(send.value, Uint8Array.of(0x20, 0x01)),
    }
    expect(parseError(raw(enc('sdk.tx.v1beta1.TxBody', { messages: [badMsg] })))).toBe(
      'errUnknownField "*types.MsgSend": {TagNum: 4, WireType:"varint"}: tx parse error',
    )
    const pk = { type_url: '/cosmos.crypto.secp256k1.PubKey', value: new Uint8Array() }
    const auth = enc('sdk.tx.v1beta1.AuthInfo', { signer_infos: [{ public_key: pk }] })
    expect(parseError(raw(body, auth))).toBe(
      'unable to resolve type URL /cosmos.crypto.secp256k1.PubKey: tx parse error',
    )
  })

  test('behavior: an Any is walked where it lies: the last type URL counts, fields past its end are not its own', () => {
    const anyOf = (...fields: Uint8Array[]) => concatBytes(...fields)
    // a length-delimited field whose length may take more than one byte
    const varint = (n: number) =>
      n < 0x80 ? Uint8Array.of(n) : Uint8Array.of((n & 0x7f) | 0x80, n >> 7)
    const lenField = (num: number, bytes: Uint8Array) => field(num, bytes, varint(bytes.length))
    const url = (u: string) => lenField(1, new TextEncoder().encode(u))
    const bodyWith = (msgAny: Uint8Array) =>
      concatBytes(lenField(1, msgAny), lenField(2, Uint8Array.of(0x68, 0x69)))
    // type_url twice: the last one is resolved, as a decoder keeps the last
    const twice = anyOf(url('/nope.Nothing'), url(send.type_url), lenField(2, send.value))
    expect(decodeTx(registry, raw(bodyWith(twice))).msgs).toHaveLength(1)
    expect(
      parseError(
        raw(bodyWith(anyOf(url(send.type_url), url('/nope.Nothing'), lenField(2, send.value)))),
      ),
    ).toBe('unable to resolve type URL /nope.Nothing: tx parse error')
    // a non-critical field (1025) inside the message's Any is allowed in the body, and skipped
    const nonCritical = anyOf(
      url(send.type_url),
      Uint8Array.of(0x88, 0x40, 0x01),
      lenField(2, send.value),
    )
    expect(decodeTx(registry, raw(bodyWith(nonCritical))).msgs).toHaveLength(1)
    // a coin whose length runs past the end of its MsgSend (though not past the tx's bytes)
    const coin = enc('sdk.base.v1beta1.Coin', { denom: 'stake', amount: '5' })
    const longCoin = concatBytes(Uint8Array.of((3 << 3) | 2, coin.length + 4), coin)
    const badSend = anyOf(url(send.type_url), lenField(2, longCoin))
    expect(parseError(raw(bodyWith(badSend)))).toBe(
      'could not consume field value for tagNum: 3, wireType: "bytes"; unexpected EOF: tx parse error',
    )
    // a type URL that is not UTF-8 is refused, not read loosely
    const badUrl = anyOf(lenField(1, Uint8Array.of(0x2f, 0xff, 0xfe)), lenField(2, send.value))
    expect(parseError(raw(bodyWith(badUrl)))).toMatch(/: tx parse error$/)
  })

  test('error: garbage bytes fail with a parse error, never a crash', () => {
    for (const hex of ['ff', '0a', '0aff', '12050a0301', '1a80808080808080808001']) {
      expect(parseError(fromHex(hex))).toMatch(/: tx parse error$/)
    }
  })
})

describe('secp256k1 verification', () => {
  const priv = new Uint8Array(32).fill(9)
  const pub = secp256k1.getPublicKey(priv, true)
  const msg = new TextEncoder().encode('sign bytes')

  test('behavior: a low-S signature over sha256(sign bytes) verifies; anything else does not', () => {
    const sig = signSecp256k1(priv, msg)
    expect(verifySecp256k1(pub, msg, sig)).toBe(true)
    expect(verifySecp256k1(pub, new TextEncoder().encode('other'), sig)).toBe(false)
    expect(verifySecp256k1(pub, msg, sig.subarray(0, 63))).toBe(false)
    expect(verifySecp256k1(pub.subarray(1), msg, sig)).toBe(false)
  })

  test('error: the high-S twin of a valid signature is refused (upstream low-S rule)', () => {
    const sig = signSecp256k1(priv, msg)
    const n = secp256k1.Point.CURVE().n
    const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString('hex')}`)
    const high = concatBytes(sig.subarray(0, 32), fromHex((n - s).toString(16).padStart(64, '0')))
    // the twin is mathematically valid ECDSA…
    expect(secp256k1.verify(high, sha256(msg), pub, { prehash: false, lowS: false })).toBe(true)
    // …but not accepted
    expect(verifySecp256k1(pub, msg, high)).toBe(false)
  })
})

describe('minimum gas prices', () => {
  test('behavior: DecCoins parse as upstream (sorted, zero dropped) and price × gas rounds up', () => {
    expect(parseDecCoins('0.025stake, 1token,0atom')).toEqual([
      { denom: 'stake', atoms: 25_000_000_000_000_000n },
      { denom: 'token', atoms: 1_000_000_000_000_000_000n },
    ])
    expect(parseDecCoins('0stake')).toEqual([])
    expect(() =>
      checkMinGasPrices(
        [{ denom: 'stake', amount: '2500' }],
        100_001n,
        parseDecCoins('0.025stake'),
      ),
    ).toThrow('insufficient fees; got: 2500stake required: 2501stake: insufficient fee')
    expect(() =>
      checkMinGasPrices(
        [{ denom: 'token', amount: '1' }],
        100_000n,
        parseDecCoins('0.025stake,0.00001token'),
      ),
    ).not.toThrow()
  })

  test('error: malformed prices name the expression', () => {
    expect(() => parseDecCoins('1.5')).toThrow(
      'invalid decimal coin expression: 1.5: invalid coins',
    )
    expect(() => parseDecCoins('1stake,2stake')).toThrow('duplicate denomination stake')
  })
})
