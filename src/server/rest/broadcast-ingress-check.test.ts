import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { multisigAddressOf, signMultisigTx } from '../../../test/helpers/multisig-ante-tx.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../client/tx-builder.js'
import { addressToBech32 } from '../../codec/address.js'
import { toBase64, toHexUpper } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import { protoRegistry } from '../../codec/proto.js'
import { SharedRing } from '../../threads/shared-ring.js'
import { AccountNumbers } from '../../tx/ingress-accounts.js'
import { chooseSecp256k1, DEFAULT_SECP256K1, secp256k1Address } from '../../tx/secp256k1.js'
import { type BroadcastCheckDeps, checkBroadcastBody } from './broadcast-ingress-check.js'
import {
  INGRESS_SLOT,
  outcomeStatus,
  publishBody,
  readBody,
  readChecked,
  STATUS,
  storeOutcome,
} from './broadcast-ingress-ring.js'

const registry = protoRegistry()
const privateKey = new Uint8Array(32).fill(3)
const pubKey = secp256k1.getPublicKey(privateKey, true)
const signer = secp256k1Address(pubKey)
const from = addressToBech32(signer)
const CHAIN_ID = 'ingress-check'

function deps(accounts = AccountNumbers.create(16)): BroadcastCheckDeps {
  return {
    registry,
    requestType: registry.type('sdk.tx.v1beta1.BroadcastTxRequest'),
    bodyField: '*',
    chainId: CHAIN_ID,
    verifier: chooseSecp256k1(DEFAULT_SECP256K1),
    accounts,
  }
}

/** The bytes of a send signed for account number `accountNumber`. */
function signed(accountNumber: bigint, signMode: 'direct' | 'amino-json' = 'direct') {
  const tx = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: from,
        to_address: from,
        amount: [{ denom: 'stake', amount: '1' }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 2n }], gasLimit: 100_000n },
  })
  const key = { privateKey, pubKey, address: from }
  return encodeTxRaw(
    registry,
    signTx(registry, tx, key, { chainId: CHAIN_ID, accountNumber, sequence: 0n }, { signMode }),
  )
}

const body = (o: unknown) => Buffer.from(JSON.stringify(o))

describe('a broadcast body checked off the node thread', () => {
  test('behavior: the tx bytes, mode and hash come back, its signature verified for the published account number', () => {
    const accounts = AccountNumbers.create(16)
    accounts.publish(signer, 4n)
    const tx = signed(4n)
    const checked = checkBroadcastBody(
      deps(accounts),
      body({ tx_bytes: toBase64(tx), mode: 'BROADCAST_MODE_ASYNC' }),
    )
    expect(checked).toBeDefined()
    expect(Buffer.from(checked!.txBytes).equals(Buffer.from(tx))).toBe(true)
    expect(checked!.mode).toBe(3)
    expect(toHexUpper(checked!.hash)).toBe(toHexUpper(sha256(tx)))
    expect(checked!.signers).toBe(1)
    expect(checked!.verified).toEqual([{ index: 0, accountNumber: 4n }])
  })

  test('behavior: a signature it cannot or does not find valid is left to the node (not reported)', () => {
    const accounts = AccountNumbers.create(16)
    // an account number not yet published
    const sync = (tx: Uint8Array, d = deps(accounts)) =>
      checkBroadcastBody(d, body({ tx_bytes: toBase64(tx), mode: 'BROADCAST_MODE_SYNC' }))
    expect(sync(signed(4n))?.verified).toEqual([])
    accounts.publish(signer, 4n)
    // signed for another account number, and signed in amino-json
    expect(sync(signed(5n))?.verified).toEqual([])
    expect(sync(signed(4n, 'amino-json'))?.verified).toEqual([])
    expect(sync(signed(4n))?.verified).toHaveLength(1)
  })

  test('behavior: a multisig-signed tx is decoded and handed on with no signature verified: the node verifies it', () => {
    const spec = {
      threshold: 1,
      members: [{ privateKey, pubKey, address: from, addressBytes: signer }],
    }
    const multisig = multisigAddressOf(spec)
    const accounts = AccountNumbers.create(16)
    accounts.publish(multisig, 4n)
    const unsigned = createUnsignedTx({
      messages: [
        registry.packAny('/sdk.bank.v1beta1.MsgSend', {
          from_address: addressToBech32(multisig),
          to_address: from,
          amount: [{ denom: 'stake', amount: '1' }],
        }),
      ],
      fee: { amount: [{ denom: 'stake', amount: 2n }], gasLimit: 100_000n },
    })
    const tx = encodeTxRaw(
      registry,
      signMultisigTx(registry, unsigned, spec, {
        signer: { chainId: CHAIN_ID, accountNumber: 4n, sequence: 0n },
        mode: 1,
      }),
    )
    const checked = checkBroadcastBody(
      deps(accounts),
      body({ tx_bytes: toBase64(tx), mode: 'BROADCAST_MODE_SYNC' }),
    )
    expect(checked).toMatchObject({ mode: 2, signers: 1, verified: [] })
    expect(toHexUpper(checked!.hash)).toBe(toHexUpper(sha256(tx)))
  })

  test('error: bodies the node answers itself come back undefined', () => {
    const tx = toBase64(signed(4n))
    for (const b of [
      Buffer.from('{"tx_bytes":'),
      Buffer.from(''),
      body({ tx_bytes: tx }),
      body({ tx_bytes: tx, mode: 'BROADCAST_MODE_BLOCK' }),
      body({ tx_bytes: '', mode: 'BROADCAST_MODE_SYNC' }),
      body({ tx_bytes: '!!!', mode: 'BROADCAST_MODE_SYNC' }),
      body({ tx_bytes: 'AAEC', mode: 'BROADCAST_MODE_SYNC' }),
      body({ mode: 'BROADCAST_MODE_SYNC' }),
    ]) {
      expect(checkBroadcastBody(deps(), b)).toBeUndefined()
    }
  })

  test('behavior: a slot carries a checked broadcast back whole; a body too large for a slot goes back unchecked', () => {
    const ring = SharedRing.create(2, INGRESS_SLOT)
    const tx = signed(4n)
    const b = body({ tx_bytes: toBase64(tx), mode: 'BROADCAST_MODE_SYNC' })
    let seq = publishBody(ring, 0, b)
    expect(Buffer.from(readBody(ring, 0)!).equals(b)).toBe(true)
    expect(outcomeStatus(ring, 0)).toBe(STATUS.pending)
    const checked = {
      txBytes: tx,
      mode: 2,
      hash: sha256(tx),
      signers: 2,
      verified: [{ index: 1, accountNumber: 2n ** 63n }],
    }
    storeOutcome(ring, 0, checked)
    expect(outcomeStatus(ring, 0)).toBe(STATUS.checked)
    const back = readChecked(ring, 0)
    expect(back.checked).toEqual(checked)
    expect(back.checked.txBytes.buffer).toBeInstanceOf(ArrayBuffer)
    expect(back.hashHex).toBe(toHexUpper(sha256(tx)))
    seq = publishBody(ring, seq, Buffer.alloc(INGRESS_SLOT))
    expect(readBody(ring, 1)).toBeUndefined()
    storeOutcome(ring, 1, undefined)
    expect(outcomeStatus(ring, 1)).toBe(STATUS.fallback)
    expect(seq).toBe(2)
  })
})
