import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MempoolError } from '../../../src/chain/mempool-error.js'
import {
  createTxTestNode,
  stakeFee as fee,
  type TxTestNode as T,
  testAccount,
} from '../../helpers/tx-node.js'

let t: T

beforeAll(async () => {
  t = await createTxTestNode({ node: (n) => (n.mempool.maxTxBytes = 4096) })
  await t.block()
})
afterAll(() => t.close())

/** A send from alice at her current sequence (read from the chain), with overrides. */
async function aliceSend(o: Parameters<T['signed']>[2] = {}, amount = '10stake') {
  const acc = await t.node.app.version.txKeepers!.accounts.getAccount(
    t.node.store.view(),
    t.alice.addressBytes,
  )
  return t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, amount)], {
    sequence: acc!.sequence,
    fee: fee(200n),
    ...o,
  })
}

describe('CheckTx: the ante handler in upstream order, with upstream codes and logs', () => {
  test('behavior: a valid send passes with the gas it used and no events', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend())
    expect(r).toMatchObject({ code: 0, codespace: '', log: '', gasWanted: 200000n, events: [] })
    expect(r.gasUsed).toBeGreaterThan(30_000n)
    await t.block()
  })

  test('error: malformed bytes are a tx parse error (2)', async () => {
    const r = await t.tx.mempool.checkTx(Uint8Array.of(0x0a, 0x05, 0x01))
    expect(r).toMatchObject({ code: 2, codespace: 'sdk' })
    expect(r.log).toBe('invalid length; unexpected EOF: tx parse error')
  })

  test('error: a wrong signature is unauthorized (4) naming account number and chain id', async () => {
    const bytes = await aliceSend({
      edit: (tx) => ({ ...tx, signatures: [new Uint8Array(64).fill(7)] }),
    })
    const r = await t.tx.mempool.checkTx(bytes)
    expect(r).toMatchObject({ code: 4, codespace: 'sdk' })
    expect(r.log).toBe(
      'signature verification failed; please verify account number (0) and chain-id (tx-test): (unable to verify single signer signature): unauthorized',
    )
  })

  test('error: a signature for another chain id fails verification (4)', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ chainId: 'other-chain' }))
    expect(r.code).toBe(4)
    expect(r.log).toContain('chain-id (tx-test)')
  })

  test('error: a wrong account number fails verification (4)', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ accountNumber: 5n }))
    expect(r).toMatchObject({ code: 4, codespace: 'sdk' })
    // The log names the chain's account number (0), not the one signed over.
    expect(r.log).toBe(
      'signature verification failed; please verify account number (0) and chain-id (tx-test): (unable to verify single signer signature): unauthorized',
    )
  })

  test('error: a wrong sequence is 32 with the expected and received numbers', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ sequence: 9n }))
    expect(r).toMatchObject({ code: 32, codespace: 'sdk' })
    expect(r.log).toBe('account sequence mismatch, expected 1, got 9: incorrect account sequence')
  })

  test('error: a fee above the balance is insufficient funds (5)', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ fee: fee(5_000_000n) }))
    expect(r).toMatchObject({ code: 5, codespace: 'sdk' })
    expect(r.log).toBe(
      'spendable balance 999790stake is smaller than 5000000stake: insufficient funds: insufficient funds',
    )
  })

  test('error: too little gas is out of gas (11) with the location and the gas numbers', async () => {
    const r = await t.tx.mempool.checkTx(await aliceSend({ gas: 2500n }))
    expect(r).toMatchObject({ code: 11, codespace: 'sdk', gasWanted: 2500n })
    expect(r.gasUsed).toBeGreaterThan(2500n)
    expect(r.log).toBe(
      `out of gas in location: txSize; gasWanted: 2500, gasUsed: ${r.gasUsed}: out of gas`,
    )
  })

  test('error: a duplicate of a waiting tx is refused by the mempool cache (19)', async () => {
    const bytes = await aliceSend()
    expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
    const err = await t.tx.mempool.checkTx(bytes).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MempoolError)
    expect((err as MempoolError).message).toBe('tx already exists in cache')
    expect((err as MempoolError).refusal?.code).toBe(19)
    await t.block()
  })

  test('error: a Coin amount math.Int cannot decode is a parse error (2) with Go\'s text; "-1" decodes', async () => {
    const send = (amount: string) =>
      t.signed(t.alice, [
        t.registry.packAny('/sdk.bank.v1beta1.MsgSend', {
          from_address: t.alice.address,
          to_address: t.bob.address,
          amount: [{ denom: 'stake', amount }],
        }),
      ])
    const word = await t.tx.mempool.checkTx(await send('abc'))
    expect([word.code, word.codespace, word.log]).toEqual([
      2,
      'sdk',
      'math/big: cannot unmarshal "abc" into a *big.Int: tx parse error',
    ])
    // 80 digits: 266 bits, over math.Int's 256.
    const huge = await t.tx.mempool.checkTx(await send('9'.repeat(80)))
    expect([huge.code, huge.log]).toEqual([
      2,
      'integer out of range; got: 266, max: 256: tx parse error',
    ])
    const fee = await t.tx.mempool.checkTx(
      await aliceSend({ fee: [{ denom: 'stake', amount: 2n ** 256n }] }),
    )
    expect([fee.code, fee.log]).toEqual([
      2,
      'integer out of range; got: 257, max: 256: tx parse error',
    ])
    // A negative amount decodes, as upstream's big.Int reads it: the bank's msg server refuses it
    // when the tx runs (v0.50's MsgSend has no ValidateBasic), not the decoder.
    const negative = await t.tx.mempool.checkTx(await send('-1'))
    expect(negative.log).not.toContain('tx parse error')
  })

  test('error: an unknown type URL is a parse error (2); a non-Msg type cannot be a message', async () => {
    const unknown = t.signed(t.alice, [
      { type_url: '/sdk.bank.v1beta1.MsgBurn', value: new Uint8Array() },
    ])
    const r1 = await t.tx.mempool.checkTx(unknown)
    expect(r1).toMatchObject({ code: 2, codespace: 'sdk' })
    expect(r1.log).toBe('unable to resolve type URL /sdk.bank.v1beta1.MsgBurn: tx parse error')

    const notMsg = t.signed(t.alice, [
      t.registry.packAny('/sdk.bank.v1beta1.Input', { address: t.alice.address, coins: [] }),
    ])
    const r2 = await t.tx.mempool.checkTx(notMsg)
    expect(r2.code).toBe(2)
    expect(r2.log).toBe(
      'no concrete type registered for type URL /sdk.bank.v1beta1.Input against interface *types.Msg: tx parse error',
    )
  })

  test('error: no messages (18), a long memo (12), a passed timeout height (30), zero gas (11)', async () => {
    const none = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      edit: (tx) => ({ ...tx, body: { ...tx.body, messages: [] } }),
    })
    expect(await t.tx.mempool.checkTx(none)).toMatchObject({
      code: 18,
      log: 'must contain at least one message: invalid request',
    })
    expect(await t.tx.mempool.checkTx(await aliceSend({ memo: 'm'.repeat(300) }))).toMatchObject({
      code: 12,
      log: 'maximum number of characters is 256 but received 300 characters: memo too large',
    })
    const height = t.node.producer.height
    expect(await t.tx.mempool.checkTx(await aliceSend({ timeoutHeight: 1n }))).toMatchObject({
      code: 30,
      log: `block height: ${height}, timeout height: 1: tx timeout height`,
    })
    // As upstream: the first metered read (the auth params) already exceeds a zero limit.
    expect(await t.tx.mempool.checkTx(await aliceSend({ gas: 0n }))).toMatchObject({
      code: 11,
      log: 'out of gas in location: ReadFlat; gasWanted: 0, gasUsed: 1000: out of gas',
    })
  })

  test('error: a signer unknown to the chain cannot pay (9)', async () => {
    const carol = testAccount(3)
    const bytes = t.signed(carol, [t.msgSend(carol, t.bob.address, '1stake')], { fee: fee(1n) })
    expect(await t.tx.mempool.checkTx(bytes)).toMatchObject({
      code: 9,
      log: `fee payer address: ${carol.address} does not exist: unknown address`,
    })
  })

  test('error: an oversize tx is refused by the mempool before the app sees it', async () => {
    const bytes = await aliceSend({ memo: 'x'.repeat(5000) })
    const err = await t.tx.mempool.checkTx(bytes).catch((e: unknown) => e)
    expect((err as Error).message).toBe(`Tx too large. Max size is 4096, but got ${bytes.length}`)
    expect((err as MempoolError).refusal?.code).toBe(21)
  })

  test('behavior: rejected txs left nothing behind and blocks keep coming', async () => {
    const before = t.node.producer.height
    const block = await t.block()
    expect(block.block.header.height).toBe(before + 1)
    expect(t.tx.mempool.size).toBe(0)
  })
})
