import { describe, expect, test } from 'vitest'
import { MEMPOOL_CACHE_SIZE, Mempool, type MempoolRunner } from '../../../src/chain/mempool.js'
import { MempoolError } from '../../../src/chain/mempool-error.js'
import { toHexUpper } from '../../../src/codec/bytes.js'
import { sha256 } from '../../../src/codec/hash.js'
import { createLogger } from '../../../src/logger.js'
import { stakeFee as fee, type TxTestNode as T, txNodePerTest } from '../../helpers/tx-node.js'

const node = txNodePerTest()

const sha256Hex = (bytes: Uint8Array) => toHexUpper(sha256(bytes))

/** `n` consecutive sends from alice, sequences 0…n-1. */
function sends(t: T, n: number, amount = '1stake', feeAmount = 1n) {
  return Array.from({ length: n }, (_, i) =>
    t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, amount)], {
      sequence: BigInt(i),
      fee: fee(feeAmount),
    }),
  )
}

describe('mempool', () => {
  test('behavior: CheckTx follows the pending state: consecutive sequences are accepted before any block', async () => {
    const t = await node()
    for (const tx of sends(t, 5)) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    expect(t.tx.mempool.size).toBe(5)
    const block = await t.block()
    expect(block.results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0])
    expect(t.tx.mempool.size).toBe(0)
  })

  test('behavior: blocks built back to back (timeout 0) keep CheckTx on the newest state', async () => {
    const t = await node()
    const before = t.node.producer.height
    const txs = sends(t, 6)
    for (const tx of txs.slice(0, 3)) await t.tx.mempool.checkTx(tx)
    // two blocks built ahead of the disk while more txs arrive at the next sequences
    const pending = t.node.producer.produceBlocks(2)
    for (const tx of txs.slice(3)) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    await pending
    await t.block()
    const codes: number[] = []
    for (let h = before + 1; h <= t.node.producer.height; h++) {
      codes.push(...(await t.node.blocks.get(h))!.results.map((r) => r.code))
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 0])
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_006n)
  })

  test('behavior: max_block_txs splits the pool over blocks; what is left is rechecked and invalid txs dropped', async () => {
    const t = await node({ node: (n) => (n.mempool.maxBlockTxs = 1) })
    // the first spends nearly everything; the second is valid only before the first runs
    const [a] = sends(t, 1, '999000stake', 500n)
    const b = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 1n,
      fee: fee(600n),
    })
    const c = t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '1stake')], { fee: fee(1n) })
    for (const tx of [a!, b, c]) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    const first = await t.block()
    expect(first.block.txs).toHaveLength(1)
    // b cannot pay its fee any more: dropped by the recheck; c stays
    expect(t.tx.mempool.size).toBe(1)
    const second = await t.block()
    expect(second.block.txs).toHaveLength(1)
    expect(second.results[0]!.code).toBe(0)
  })

  test('behavior: one block takes 6,000 sends (more index writes than one call can pass as arguments), commits them and rolls them back', async () => {
    const n = 6_000
    const t = await node({
      app: (a) => (a.mempool.maxTxs = n),
      node: (c) => (c.mempool.size = n),
    })
    const txs = sends(t, n)
    for (const tx of txs) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    const block = await t.block()
    expect(block.block.txs.length).toBe(n)
    expect(block.results.every((r) => r.code === 0)).toBe(true)
    expect(t.tx.mempool.size).toBe(0)
    // committed: balances, the tx by its hash, and its indexed events
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n + BigInt(n))
    const height = t.node.producer.height
    const last = await t.node.blocks.txLocation(sha256(txs[n - 1]!))
    expect(last).toEqual({ height, index: n - 1 })
    const sent: number[] = []
    for await (const found of t.node.blocks.indexedTxs('message.sender', {
      value: t.alice.address,
    }))
      sent.push(found.index)
    expect(sent).toEqual(txs.map((_, i) => i))
    // the next block builds on it
    await t.block()
    expect(t.node.producer.height).toBe(height + 1)
    // and rolling back below it deletes its txs and their index entries as one batch
    await t.node.producer.rollbackTo(height - 1)
    expect(t.node.producer.height).toBe(height - 1)
    expect(await t.node.blocks.txLocation(sha256(txs[n - 1]!))).toBeUndefined()
    const left: unknown[] = []
    for await (const found of t.node.blocks.indexedTxs('message.sender', {
      value: t.alice.address,
    }))
      left.push(found)
    expect(left).toEqual([])
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n)
  }, 60_000)

  test('behavior: CheckTx is answered while a long block runs, against the state before it; what it admitted is rechecked after the block', async () => {
    const n = 1_500
    const t = await node({
      app: (a) => (a.mempool.maxTxs = n + 1),
      node: (c) => (c.mempool.size = n + 1),
    })
    // The block: alice sends most of her stake away first, then n - 1 small sends (a block that
    // runs far longer than the few ms after which it gives the event loop a turn).
    const drain = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '900000stake')], {
      fee: fee(1n),
    })
    const txs = [drain, ...sends(t, n).slice(1)]
    for (const tx of txs) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    // Her next tx pays a fee she can pay only before the block: the check state holds the pending
    // txs' fees and sequences, not their messages.
    const probe = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: BigInt(n),
      fee: fee(200_000n),
    })
    const block = t.block()
    // Sent once the event loop gets a turn: while the block runs, or (were it not to give turns)
    // after it, when her balance could no longer pay the fee (code 5, insufficient funds).
    const answer = await new Promise<{ code: number; log: string }>((resolve, reject) =>
      setImmediate(() => t.tx.mempool.checkTx(probe).then(resolve, reject)),
    )
    expect({ code: answer.code, log: answer.log }).toEqual({ code: 0, log: '' })
    const stored = await block
    expect(stored.block.txs).toHaveLength(n)
    expect(stored.results.every((r) => r.code === 0)).toBe(true)
    // Rechecked against the state after the block: it can no longer pay its fee, and is dropped.
    expect(t.tx.mempool.size).toBe(0)
    expect(t.tx.mempool.has(sha256Hex(probe))).toBe(false)
    const again = await t.tx.mempool.checkTx(probe)
    expect({ code: again.code, log: again.log }).toEqual({
      code: 5,
      log: 'spendable balance 97001stake is smaller than 200000stake: insufficient funds: insufficient funds',
    })
  }, 60_000)

  test('behavior: a block’s txs stay unconfirmed until its height is durable, so an empty mempool means queries see them', async () => {
    const t = await node()
    const txs = sends(t, 3)
    for (const tx of txs) expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    const pool = t.tx.mempool
    const bytes = txs.reduce((n, tx) => n + tx.length, 0)
    expect([pool.unconfirmedSize, pool.unconfirmedBytes]).toEqual([3, bytes])
    // The disk write of the next height waits until the test lets it go.
    const backend = t.node.backend
    const write = backend.write.bind(backend)
    let letGo!: () => void
    const gate = new Promise<void>((resolve) => (letGo = resolve))
    let writing!: () => void
    const writeStarted = new Promise<void>((resolve) => (writing = resolve))
    backend.write = async (ops) => {
      writing()
      await gate
      return write(ops)
    }
    const next = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 3n,
      fee: fee(1n),
    })
    const before = t.node.producer.height
    const block = t.block()
    try {
      await writeStarted
      // Applied in memory, not yet durable: none waits for a block, all three are still unconfirmed
      // (CometBFT's mempool keeps them until Update, after Commit), and a query still reads the
      // height before them.
      expect(pool.size).toBe(0)
      expect([pool.unconfirmedSize, pool.unconfirmedBytes]).toEqual([3, bytes])
      expect(pool.unconfirmedTxs().map(sha256Hex)).toEqual(txs.map(sha256Hex))
      expect(pool.unconfirmedTxs(2)).toHaveLength(2)
      expect(t.node.producer.height).toBe(before)
      // CheckTx already follows the block: alice's next sequence is 3.
      expect((await pool.checkTx(next)).code).toBe(0)
      expect(pool.unconfirmedSize).toBe(4)
    } finally {
      letGo()
      backend.write = write
    }
    const stored = await block
    expect(stored.block.txs).toHaveLength(3)
    expect(t.node.producer.height).toBe(before + 1)
    expect(pool.unconfirmedTxs().map(sha256Hex)).toEqual([sha256Hex(next)])
    expect([pool.unconfirmedSize, pool.unconfirmedBytes]).toEqual([1, next.length])
  })

  test('behavior: block byte and gas limits bound a block', async () => {
    const t = await node({ block: { max_gas: '450000' } })
    for (const tx of sends(t, 3)) await t.tx.mempool.checkTx(tx)
    // 200000 gas wanted each: two fit into 450000
    expect((await t.block()).block.txs).toHaveLength(2)
    expect((await t.block()).block.txs).toHaveLength(1)

    const u = await node({ node: (n) => (n.mempool.maxBlockBytes = 400) })
    for (const tx of sends(u, 3)) await u.tx.mempool.checkTx(tx)
    expect((await u.block()).block.txs).toHaveLength(1)
  })

  test("error: a full mempool refuses with CometBFT's message; a committed tx stays a duplicate", async () => {
    const t = await node({ node: (n) => (n.mempool.size = 1) })
    const [a, b] = sends(t, 2)
    await t.tx.mempool.checkTx(a!)
    const err = await t.tx.mempool.checkTx(b!).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MempoolError)
    expect((err as MempoolError).message).toBe(
      `mempool is full: number of txs 1 (max: 1), total txs bytes ${a!.length} (max: 1073741824)`,
    )
    expect((err as MempoolError).refusal?.code).toBe(20)
    await t.block()
    const again = await t.tx.mempool.checkTx(a!).catch((e: unknown) => e)
    expect((again as Error).message).toBe('tx already exists in cache')
  })

  test('behavior: a tx that failed CheckTx leaves the cache and may be sent again', async () => {
    const t = await node()
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 1n,
      fee: fee(1n),
    })
    expect((await t.tx.mempool.checkTx(tx)).code).toBe(32)
    // after alice's sequence 0 is used, the same bytes become valid
    const [first] = sends(t, 1)
    await t.tx.mempool.checkTx(first!)
    expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
  })

  test('behavior: checkNew (the RPC’s check_tx) runs CheckTx on the check state without admitting the tx: its sequence bump holds until the next block', async () => {
    const t = await node()
    const [first, second] = sends(t, 2)
    expect((await t.tx.mempool.checkNew(first!)).code).toBe(0)
    expect([t.tx.mempool.size, t.tx.mempool.has(sha256Hex(first!))]).toEqual([0, false])
    // Not in the cache either; the same tx now meets the sequence its check bumped.
    const again = await t.tx.mempool.checkTx(first!)
    expect([again.code, again.codespace, again.log]).toEqual([
      32,
      'sdk',
      'account sequence mismatch, expected 1, got 0: incorrect account sequence',
    ])
    // The sequence after it passes and waits; in the block it fails, the chain still at 0.
    expect((await t.tx.mempool.checkTx(second!)).code).toBe(0)
    const block = await t.block()
    expect(block.results.map((r) => r.code)).toEqual([32])
    // The block started the check state afresh: the bump is gone.
    expect((await t.tx.mempool.checkTx(first!)).code).toBe(0)
  })

  test('behavior: dryCheck keeps nothing: the same tx checks the same twice', async () => {
    const t = await node()
    const [first] = sends(t, 1)
    expect((await t.tx.mempool.dryCheck(first!)).code).toBe(0)
    expect((await t.tx.mempool.dryCheck(first!)).code).toBe(0)
    expect((await t.tx.mempool.checkTx(first!)).code).toBe(0)
  })
})

/**
 * The cache's bound with an app that accepts every tx: the mempool alone, so that more than
 * MEMPOOL_CACHE_SIZE (the 10,000 the docs name) distinct txs go through CheckTx in milliseconds.
 */
describe('mempool cache: the last MEMPOOL_CACHE_SIZE hashes', () => {
  const accepting: MempoolRunner = {
    checkTx: async () =>
      ({
        code: 0,
        codespace: '',
        log: '',
        data: new Uint8Array(),
        gasWanted: 1n,
        gasUsed: 1n,
        events: [],
        msgResponses: [],
      }) as never,
    simulate: async () => {
      throw new Error('not used')
    },
  }
  const pool = () =>
    new Mempool({
      runner: accepting,
      newCheckState: () => ({}) as never,
      checkContext: () => ({}) as never,
      limits: {
        size: 3 * MEMPOOL_CACHE_SIZE,
        maxTxBytes: 1_048_576,
        maxTxsBytes: 1_073_741_824,
        appMaxTxs: 0,
      },
      block: { maxBytes: -1, maxGas: -1n, maxTxs: 0, maxTxsBytes: 0 },
      logger: createLogger({ level: 'error' }),
    })
  /** Distinct tx bytes (the stand-in app takes anything). */
  const tx = (i: number) => new Uint8Array(new Uint32Array([i, 0xc0ffee]).buffer)
  const refusal = (m: Mempool, bytes: Uint8Array) =>
    m.checkTx(bytes).then(
      (r) => `code ${r.code}`,
      (e: Error) => e.message,
    )

  test.for([
    [MEMPOOL_CACHE_SIZE - 1, 'tx already exists in cache'],
    [MEMPOOL_CACHE_SIZE, 'code 0'],
  ] as const)(
    'behavior: a committed tx resent after %i other txs: %s',
    async ([others, answer]) => {
      expect(MEMPOOL_CACHE_SIZE).toBe(10_000)
      const m = pool()
      const first = tx(0)
      expect(await refusal(m, first)).toBe('code 0')
      expect(await refusal(m, first)).toBe('tx already exists in cache')
      // Committed successfully: out of the pool, still in the cache.
      const held = await m.hold()
      await held.update(1, [first], [{ code: 0 } as never])
      held.release()
      expect(m.size).toBe(0)
      for (let i = 1; i <= others; i++) await m.checkTx(tx(i))
      expect(await refusal(m, first)).toBe(answer)
    },
  )

  test('behavior: a tx still waiting whose hash left the cache is answered again but held once', async () => {
    const m = pool()
    for (let i = 0; i <= MEMPOOL_CACHE_SIZE; i++) await m.checkTx(tx(i))
    const size = m.size
    const bytes = m.totalBytes
    expect(await refusal(m, tx(0))).toBe('code 0')
    expect(m.size).toBe(size)
    expect(m.totalBytes).toBe(bytes)
    expect(m.txs().filter((t) => t[0] === 0 && t[1] === 0)).toHaveLength(1)
  })
})
