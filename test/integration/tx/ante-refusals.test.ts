import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signSecp256k1 } from '../../../src/client/keyring.js'
import {
  createUnsignedTx,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  pubKeyAny,
  type TxObject,
} from '../../../src/client/tx-builder.js'
import type { AnyMessage } from '../../../src/codec/proto.js'
import { signBytes } from '../../../src/codec/sign-doc.js'
import { CHAIN_ID, createTxTestNode, type TestAccount, testAccount } from '../../helpers/tx-node.js'

// The ante handler's refusals (docs/transactions.md, "The ante handler") as CheckTx answers them:
// code, codespace and log. One node for the file: minimum-gas-prices 0.01stake (a fee must be
// ≥ ⌈0.01 × gas⌉), consensus block max_gas 1000000, and eight funded accounts (signature limit).

type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T

/** Eight genesis accounts, with account numbers 0 to 7 in this order. */
const accounts = [1, 2, 3, 4, 5, 6, 7, 8].map(testAccount)
const alice = accounts[0]!
const bob = accounts[1]!
const accountNumber = (a: TestAccount) => BigInt(accounts.indexOf(a))

beforeAll(async () => {
  t = await createTxTestNode({
    funded: accounts.map((account) => ({ account, coins: '1000000stake' })),
    app: (a) => (a.minimumGasPrices = '0.01stake'),
    block: { max_gas: '1000000' },
  })
  await t.block()
})
afterAll(() => t.close())

/** 0.01stake × the default 200000 gas. */
const FEE = [{ denom: 'stake', amount: 2000n }]

/**
 * A send from alice signed at sequence 0, with `edit` applied to the signed tx. Every refusal here
 * comes before the sequence check, so it holds after alice's sequence moved too.
 */
function aliceSend(o: { gas?: bigint; edit?: (tx: TxObject) => TxObject } = {}) {
  return t.signed(alice, [t.msgSend(alice, bob.address, '1stake')], {
    fee: FEE,
    ...(o.gas !== undefined ? { gas: o.gas } : {}),
    ...(o.edit ? { edit: o.edit } : {}),
  })
}

/** Sets one SIGN_MODE_DIRECT signer info per signer (sequence 0) and their signatures. */
function signAll(tx: TxObject, signers: TestAccount[]): TxObject {
  const auth_info = {
    ...tx.auth_info,
    signer_infos: signers.map((k) => ({
      public_key: pubKeyAny(t.registry, k.pubKey),
      mode_info: { single: { mode: 1 } },
      sequence: '0',
    })),
  }
  const next = { ...tx, auth_info }
  const bodyBytes = encodeTxBody(t.registry, next)
  const authInfoBytes = encodeAuthInfo(t.registry, next)
  const signatures = signers.map((k) =>
    signSecp256k1(
      k.privateKey,
      signBytes(t.registry, {
        bodyBytes,
        authInfoBytes,
        chainId: CHAIN_ID,
        accountNumber: accountNumber(k),
      }),
    ),
  )
  return { ...next, signatures }
}

/** A tx whose messages (and fee payer) need `signers`, signed by each of them. */
function multiSigned(
  messages: AnyMessage[],
  signers: TestAccount[],
  fee: { amount: typeof FEE; gasLimit: bigint; payer?: string } = {
    amount: FEE,
    gasLimit: 200_000n,
  },
): TxObject {
  return signAll(createUnsignedTx({ messages, fee }), signers)
}

/** Code, codespace and log of CheckTx. */
async function check(bytes: Uint8Array) {
  const r = await t.tx.mempool.checkTx(bytes)
  return { code: r.code, codespace: r.codespace, log: r.log }
}

describe('ante handler refusals (CheckTx)', () => {
  test('error: a gas limit above the consensus block max gas is invalid gas limit (41)', async () => {
    expect(await check(aliceSend({ gas: 1_000_001n }))).toEqual({
      code: 41,
      codespace: 'sdk',
      log: 'tx gas limit 1000001 exceeds block max gas 1000000: invalid gas limit',
    })
  })

  test('error: the gas meter step runs first: a tx over the block max gas with no signatures is still 41', async () => {
    const r = await check(aliceSend({ gas: 2_000_000n, edit: (tx) => ({ ...tx, signatures: [] }) }))
    expect(r).toEqual({
      code: 41,
      codespace: 'sdk',
      log: 'tx gas limit 2000000 exceeds block max gas 1000000: invalid gas limit',
    })
  })

  test('error: a critical extension option is unknown extension options (31); a non-critical one is ignored', async () => {
    const option = t.registry.packAny('/sdk.bank.v1beta1.MsgSend', {
      from_address: alice.address,
      to_address: bob.address,
      amount: [],
    })
    const critical = t.signed(alice, [t.msgSend(alice, bob.address, '1stake')], {
      fee: FEE,
      edit: (tx) => ({ ...tx, body: { ...tx.body, extension_options: [option] } }),
    })
    expect(await check(critical)).toEqual({
      code: 31,
      codespace: 'sdk',
      log: 'unknown extension options',
    })
    // Non-critical options are part of the signed body like everything else.
    const tx = createUnsignedTx({
      messages: [t.msgSend(alice, bob.address, '1stake')],
      fee: { amount: FEE, gasLimit: 200_000n },
    })
    tx.body!.non_critical_extension_options = [option]
    const resigned = encodeTxRaw(t.registry, signAll(tx, [alice]))
    expect(await check(resigned)).toEqual({ code: 0, codespace: '', log: '' })
    await t.block()
  })

  test('error: an extension option whose type URL does not resolve is a tx parse error (2)', async () => {
    const bytes = aliceSend({
      edit: (tx) => ({
        ...tx,
        body: {
          ...tx.body,
          extension_options: [{ type_url: '/x.y.ExtensionOption', value: new Uint8Array() }],
        },
      }),
    })
    expect(await check(bytes)).toEqual({
      code: 2,
      codespace: 'sdk',
      log: 'unable to resolve type URL /x.y.ExtensionOption: tx parse error',
    })
  })

  test('error: an AuthInfo without a fee is `missing fee`: code 1, which upstream reports in codespace `undefined`', async () => {
    const bytes = aliceSend({
      edit: (tx) => {
        const { fee: _fee, ...authInfo } = tx.auth_info!
        return { ...tx, auth_info: authInfo }
      },
    })
    expect(await check(bytes)).toEqual({ code: 1, codespace: 'undefined', log: 'missing fee' })
  })

  test('error: with minimum-gas-prices set, a tx with no fee coins is insufficient fee (13) naming the required fee', async () => {
    const bytes = t.signed(alice, [t.msgSend(alice, bob.address, '1stake')], { fee: [] })
    expect(await check(bytes)).toEqual({
      code: 13,
      codespace: 'sdk',
      log: 'insufficient fees; got:  required: 2000stake: insufficient fee',
    })
  })

  test('error: a negative fee amount is invalid fee provided (13)', async () => {
    const bytes = aliceSend({
      edit: (tx) => ({
        ...tx,
        auth_info: {
          ...tx.auth_info,
          fee: { ...tx.auth_info!.fee, amount: [{ denom: 'stake', amount: '-5' }] },
        },
      }),
    })
    expect(await check(bytes)).toEqual({
      code: 13,
      codespace: 'sdk',
      log: 'invalid fee provided: -5stake: insufficient fee',
    })
  })

  test('error: a tx without signatures is no signatures supplied (15)', async () => {
    expect(await check(aliceSend({ edit: (tx) => ({ ...tx, signatures: [] }) }))).toEqual({
      code: 15,
      codespace: 'sdk',
      log: 'no signatures supplied',
    })
  })

  test('error: fewer signatures than signers is wrong number of signers (4)', async () => {
    // alice sends, bob pays the fee: two signers; only alice's signature is attached.
    const tx = multiSigned([t.msgSend(alice, bob.address, '1stake')], [alice, bob], {
      amount: FEE,
      gasLimit: 200_000n,
      payer: bob.address,
    })
    const oneSignature = { ...tx, signatures: [tx.signatures![0]] }
    expect(await check(encodeTxRaw(t.registry, oneSignature))).toEqual({
      code: 4,
      codespace: 'sdk',
      log: 'wrong number of signers; expected 2, got 1: unauthorized',
    })
  })

  test('error: a public key that is not the signer’s is invalid pubkey (8) naming the signer and its index', async () => {
    const bytes = aliceSend({
      edit: (tx) => ({
        ...tx,
        auth_info: {
          ...tx.auth_info,
          signer_infos: [
            { ...tx.auth_info!.signer_infos![0], public_key: pubKeyAny(t.registry, bob.pubKey) },
          ],
        },
      }),
    })
    expect(await check(bytes)).toEqual({
      code: 8,
      codespace: 'sdk',
      log: `pubKey does not match signer address ${alice.address} with signer index: 0: invalid pubkey`,
    })
  })

  test('error: more signers than tx_sig_limit (7) is too many signatures (14); seven pass', async () => {
    const sendsFrom = (signers: TestAccount[]) =>
      signers.map((s) => t.msgSend(s, alice.address, '1stake'))
    const eight = multiSigned(sendsFrom(accounts), accounts)
    expect(await check(encodeTxRaw(t.registry, eight))).toEqual({
      code: 14,
      codespace: 'sdk',
      log: 'signatures: 8, limit: 7: maximum number of signatures exceeded',
    })
    // Seven signers need more gas (each signer info is stored and verified): 600000 at 0.01stake.
    const seven = multiSigned(sendsFrom(accounts.slice(1)), accounts.slice(1), {
      amount: [{ denom: 'stake', amount: 6000n }],
      gasLimit: 600_000n,
    })
    expect(await check(encodeTxRaw(t.registry, seven))).toEqual({
      code: 0,
      codespace: '',
      log: '',
    })
    const { results } = await t.block()
    expect(results.map((r) => r.code)).toEqual([0])
  })
})
