import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createUnsignedTx,
  encodeTxRaw,
  type SignModeName,
  signTx,
  type TxObject,
} from '../../../src/client/tx-builder.js'
import { createTxTestNode, type TestAccount } from '../../helpers/tx-node.js'

type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T

beforeAll(async () => {
  t = await createTxTestNode()
  await t.block()
})
afterAll(() => t.close())

/** The signer's sequence on the chain. */
async function sequenceOf(a: TestAccount): Promise<bigint> {
  const acc = await t.node.app.version.txKeepers!.accounts.getAccount(
    t.node.store.view(),
    a.addressBytes,
  )
  return acc!.sequence
}

/** A send from alice (account number 0) signed in `mode`, optionally edited after signing. */
async function aliceSend(
  o: {
    mode?: SignModeName
    memo?: string
    chainId?: string
    accountNumber?: bigint
    sequence?: bigint
    timeoutHeight?: bigint
    edit?: (tx: TxObject) => TxObject
  } = {},
) {
  const unsigned = createUnsignedTx({
    messages: [t.msgSend(t.alice, t.bob.address, '10stake')],
    fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: 200_000n },
    memo: o.memo ?? 'amino <signed> & sealed',
    ...(o.timeoutHeight !== undefined ? { timeoutHeight: o.timeoutHeight } : {}),
  })
  let tx = signTx(
    t.registry,
    unsigned,
    t.alice,
    {
      chainId: o.chainId ?? 'tx-test',
      accountNumber: o.accountNumber ?? 0n,
      sequence: o.sequence ?? (await sequenceOf(t.alice)),
    },
    { signMode: o.mode ?? 'amino-json' },
  )
  if (o.edit) tx = o.edit(tx)
  return encodeTxRaw(t.registry, tx)
}

describe('SIGN_MODE_LEGACY_AMINO_JSON in the ante handler', () => {
  test('behavior: an amino-signed send passes CheckTx, is included with code 0 and moves the coins', async () => {
    const before = await t.balance(t.bob.addressBytes)
    const seq = await sequenceOf(t.alice)
    const r = await t.tx.mempool.checkTx(await aliceSend({ timeoutHeight: 1000n }))
    expect(r).toMatchObject({ code: 0, log: '' })
    const block = await t.block()
    expect(block.results.map((x) => x.code)).toEqual([0])
    expect(await t.balance(t.bob.addressBytes)).toBe(before + 10n)
    expect(await sequenceOf(t.alice)).toBe(seq + 1n)
  })

  test('error: a tampered amino tx (memo changed after signing) is unauthorized (4), naming account number, sequence and chain id', async () => {
    const seq = await sequenceOf(t.alice)
    const bytes = await aliceSend({
      edit: (tx) => ({ ...tx, body: { ...tx.body, memo: 'amino <signed> & changed' } }),
    })
    const r = await t.tx.mempool.checkTx(bytes)
    expect(r).toMatchObject({ code: 4, codespace: 'sdk' })
    expect(r.log).toBe(
      `signature verification failed; please verify account number (0), sequence (${seq}) and chain-id (tx-test): unauthorized`,
    )
  })

  test('error: an amino signature over another chain id or account number fails the same way', async () => {
    const seq = await sequenceOf(t.alice)
    const expected = `signature verification failed; please verify account number (0), sequence (${seq}) and chain-id (tx-test): unauthorized`
    expect((await t.tx.mempool.checkTx(await aliceSend({ chainId: 'other' }))).log).toBe(expected)
    expect((await t.tx.mempool.checkTx(await aliceSend({ accountNumber: 3n }))).log).toBe(expected)
  })

  test('error: a direct signature under an amino signer info fails verification', async () => {
    const seq = await sequenceOf(t.alice)
    const direct = await aliceSend({ mode: 'direct' })
    const amino = await aliceSend()
    // The amino tx's body and auth info with the direct tx's signature.
    const raw = t.registry.decode('sdk.tx.v1beta1.TxRaw', amino)
    const sig = t.registry.decode('sdk.tx.v1beta1.TxRaw', direct).signatures
    const swapped = t.registry.encode('sdk.tx.v1beta1.TxRaw', { ...raw, signatures: sig })
    const r = await t.tx.mempool.checkTx(swapped)
    expect(r.code).toBe(4)
    expect(r.log).toBe(
      `signature verification failed; please verify account number (0), sequence (${seq}) and chain-id (tx-test): unauthorized`,
    )
  })

  test('behavior: a wrong sequence is still 32 before any signature is checked; direct mode is unchanged', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ sequence: 99n }))
    expect(r).toMatchObject({ code: 32, codespace: 'sdk' })
    expect(r.log).toMatch(
      /^account sequence mismatch, expected \d+, got 99: incorrect account sequence$/,
    )
    const direct = await t.tx.mempool.checkTx(await aliceSend({ mode: 'direct' }))
    expect(direct).toMatchObject({ code: 0 })
    await t.block()
  })
})
