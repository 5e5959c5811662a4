import { describe, expect, test } from 'vitest'
import { bytesToLatin1, uint64BE, utf8 } from '../codec/bytes.js'
import { storageWriteError } from '../config/write-error.js'
import { ChainHaltError } from '../errors.js'
import { createSilentLogger } from '../logger.js'
import { type BatchOp, expandOps, type StoreBackend } from '../store/backend.js'
import type { StoredBlock } from '../store/block-store.js'
import { accumulatorKey } from '../store/keys.js'
import { createMemoryBackend, createMemoryDatabase } from '../store/memory-backend.js'
import { CommitQueue, HOLD_HEIGHTS, HOLD_MS, MAX_PENDING } from './commit-queue.js'

/** A memory database that records every batch written to it. */
function recordingBackend() {
  const db = createMemoryDatabase()
  const inner = createMemoryBackend(db)
  const batches: BatchOp[][] = []
  const backend: StoreBackend = {
    ...inner,
    async write(ops) {
      batches.push(expandOps(ops))
      await inner.write(ops)
    },
  }
  return { db, backend, batches }
}

const LATEST = utf8('latest')

/** The writes of one height: its own record, and the latest height every height rewrites. */
function entry(height: number, published: number[]) {
  const stored = {
    block: { header: { height }, txs: [] },
    appHash: new Uint8Array(32),
  } as unknown as StoredBlock
  return {
    finish: () => ({ stored, writes: { ops: [], publish: () => undefined } }),
    ops: [
      { type: 'put', key: utf8(`block/${height}/record/with/a/long/key`), value: uint64BE(height) },
      { type: 'put', key: LATEST, value: uint64BE(height) },
    ] as BatchOp[],
    publish: () => published.push(height),
    started: performance.now(),
    quiet: true,
  }
}

function queueOver(backend: StoreBackend) {
  return new CommitQueue({
    backend,
    logger: createSilentLogger(),
    onCommit: () => undefined,
    onHalt: (err) => {
      throw err
    },
  })
}

/** A queue over `backend` that records its halts. */
function haltingQueue(backend: StoreBackend) {
  const halts: ChainHaltError[] = []
  const queue = new CommitQueue({
    backend,
    logger: createSilentLogger(),
    onCommit: () => undefined,
    onHalt: (err) => halts.push(err),
  })
  return { queue, halts }
}

describe('commit queue', () => {
  test("behavior: a batch of merged heights writes a store's accumulator once, the last height's", async () => {
    const { db, backend, batches } = recordingBackend()
    const queue = queueOver(backend)
    const published: number[] = []
    const n = HOLD_HEIGHTS * 2
    const pending = []
    for (let h = 1; h <= n; h++) {
      const e = entry(h, published)
      // Each height changes store 3, as a commit plan writes it: under the store's meta key.
      e.ops.push({ type: 'put', key: accumulatorKey(3), value: uint64BE(h) })
      pending.push(queue.push(e, h < n))
    }
    await pending.at(-1)!.durable
    await queue.drain()

    const acc = bytesToLatin1(accumulatorKey(3))
    expect(batches.length).toBeLessThan(n)
    for (const batch of batches) {
      expect(batch.filter((op) => bytesToLatin1(op.key) === acc)).toHaveLength(1)
    }
    expect(db.get(acc)).toEqual(uint64BE(n))
  })

  test('behavior: a held burst is written in a few batches, the latest height once per batch', async () => {
    const { db, backend, batches } = recordingBackend()
    const queue = queueOver(backend)
    const published: number[] = []
    const n = HOLD_HEIGHTS * 3 + 5
    const pending = []
    for (let h = 1; h <= n; h++) pending.push(queue.push(entry(h, published), h < n))
    await pending.at(-1)!.durable
    await queue.drain()

    expect(published).toEqual(Array.from({ length: n }, (_, i) => i + 1))
    // The writer starts once HOLD_HEIGHTS heights wait; what piles up meanwhile is the next batch.
    expect(batches[0]!.filter((op) => op.key.length > 16)).toHaveLength(HOLD_HEIGHTS)
    expect(batches.length).toBeLessThanOrEqual(4)
    for (const batch of batches) {
      expect(batch.filter((op) => bytesToLatin1(op.key) === 'latest')).toHaveLength(1)
    }
    // The database holds what writing every height on its own would have left.
    expect(db.get('latest')).toEqual(uint64BE(n))
    for (let h = 1; h <= n; h++) {
      expect(db.get(`block/${h}/record/with/a/long/key`)).toEqual(uint64BE(h))
    }
  })

  test('behavior: a full queue has room again once the writer takes its heights, before they are durable', async () => {
    const { backend, batches } = recordingBackend()
    // The disk holds every write until released.
    const releases: (() => void)[] = []
    const slow: StoreBackend = {
      ...backend,
      write: async (ops) => {
        await new Promise<void>((r) => releases.push(r))
        await backend.write(ops)
      },
    }
    const queue = queueOver(slow)
    const published: number[] = []
    let h = 0
    while (!queue.isFull) queue.push(entry(++h, published), true)
    // The writer holds the first HOLD_HEIGHTS in a write; MAX_PENDING more wait for the next.
    expect(h).toBe(HOLD_HEIGHTS + MAX_PENDING)
    let room = false
    const next = queue.whenNotFull().then(() => {
      room = true
    })
    await new Promise((r) => setTimeout(r, 5))
    expect(room).toBe(false)
    releases.shift()!()
    await next
    // Room as soon as the writer took the waiting heights; they are being written, not durable.
    expect(queue.isFull).toBe(false)
    expect(published).toHaveLength(HOLD_HEIGHTS)
    await new Promise((r) => setTimeout(r, 5))
    expect(releases).toHaveLength(1)
    expect(published).toHaveLength(HOLD_HEIGHTS)
    releases.shift()!()
    await queue.drain()
    expect(published).toHaveLength(h)
    expect(batches).toHaveLength(2)
  })

  test('behavior: a height is published only once its batch is durable', async () => {
    const { backend } = recordingBackend()
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    const slow: StoreBackend = {
      ...backend,
      async write(ops) {
        await gate
        await backend.write(ops)
      },
    }
    const queue = queueOver(slow)
    const published: number[] = []
    const first = queue.push(entry(1, published))
    queue.push(entry(2, published), true)
    await new Promise((r) => setTimeout(r, HOLD_MS * 5))
    expect(published).toEqual([])
    release()
    await first.durable
    await queue.drain()
    expect(published).toEqual([1, 2])
  })

  test('behavior: a held height alone is written within HOLD_MS, and drain writes held heights at once', async () => {
    const { backend, batches } = recordingBackend()
    const queue = queueOver(backend)
    const published: number[] = []
    const lone = queue.push(entry(1, published), true)
    expect(batches).toHaveLength(0)
    await lone.durable
    expect(published).toEqual([1])

    queue.push(entry(2, published), true)
    queue.push(entry(3, published), true)
    await queue.drain()
    expect(published).toEqual([1, 2, 3])
    expect(batches).toHaveLength(2)
  })

  test('behavior: without hold every height is written as soon as the writer is free', async () => {
    const { backend, batches } = recordingBackend()
    const queue = queueOver(backend)
    const published: number[] = []
    for (let h = 1; h <= 5; h++) await queue.push(entry(h, published)).durable
    expect(batches).toHaveLength(5)
    expect(published).toEqual([1, 2, 3, 4, 5])
  })

  test('behavior: durable settles whenever it is asked for: before or after the write, and after a failed one', async () => {
    const { backend } = recordingBackend()
    const queue = queueOver(backend)
    const published: number[] = []
    const asked = queue.push(entry(1, published), true)
    const early = asked.durable
    const late = queue.push(entry(2, published), true)
    await queue.drain()
    expect((await early).block.header.height).toBe(1)
    expect((await late.durable).block.header.height).toBe(2)
    expect(asked.durable).toBe(early)

    const halts: Error[] = []
    const failing = new CommitQueue({
      backend: {
        ...backend,
        write: async () => {
          throw new Error('disk full')
        },
      },
      logger: createSilentLogger(),
      onCommit: () => undefined,
      onHalt: (err) => halts.push(err),
    })
    const before = failing.push(entry(3, published))
    const waiting = before.durable
    const other = failing.push(entry(4, published))
    await failing.drain()
    await expect(waiting).rejects.toThrow('failed to write block batch: disk full')
    await expect(before.durable).rejects.toThrow('failed to write block batch: disk full')
    await expect(other.durable).rejects.toThrow('failed to write block batch: disk full')
    expect(halts).toHaveLength(1)
    expect(published).toEqual([1, 2])
  })

  test('error: a batch that fails before its first write (preparing its writes threw) halts the queue, and drain still returns', async () => {
    const { backend, batches } = recordingBackend()
    const { queue, halts } = haltingQueue(backend)
    const published: number[] = []
    const failing = queue.push({
      ...entry(1, published),
      finish: () => {
        throw new RangeError('Maximum call stack size exceeded')
      },
    })
    await queue.drain()
    await expect(failing.durable).rejects.toThrow(
      'failed to write block batch: Maximum call stack size exceeded',
    )
    expect(queue.failed?.message).toBe(
      'failed to write block batch: Maximum call stack size exceeded',
    )
    expect(halts).toHaveLength(1)
    // nothing more commits, and waiting for the queue never blocks
    const after = queue.push(entry(2, published))
    await queue.drain()
    await expect(after.durable).rejects.toThrow('failed to write block batch')
    expect(batches).toEqual([])
    expect(published).toEqual([])
  }, 5_000)

  test('error: a write the disk refuses names the heights, the file and the errno, and what to do when space is short', async () => {
    const { backend } = recordingBackend()
    const halts: Error[] = []
    const queue = new CommitQueue({
      backend: {
        ...backend,
        write: async () => {
          throw storageWriteError(
            new Error('IO error: /h/data/application.db/000003.log: No space left on device'),
            '/h/data/application.db',
          )
        },
      },
      logger: createSilentLogger(),
      onCommit: () => undefined,
      onHalt: (err) => halts.push(err),
    })
    const published: number[] = []
    queue.push(entry(66, published), true)
    queue.push(entry(67, published), true)
    await queue.drain()
    expect(halts.map((h) => h.message)).toEqual([
      'cannot write the blocks at heights 66-67 to /h/data/application.db/000003.log: no space left on device (ENOSPC); the chain is intact up to height 65: free space on that disk and start the node again',
    ])
    const readOnly = new CommitQueue({
      backend: {
        ...backend,
        write: async () => {
          throw storageWriteError(
            Object.assign(new Error('EROFS: read-only file system, write'), { code: 'EROFS' }),
            '/h/data/application.db',
          )
        },
      },
      logger: createSilentLogger(),
      onCommit: () => undefined,
      onHalt: (err) => halts.push(err),
    })
    readOnly.push(entry(9, published))
    await readOnly.drain()
    expect(halts[1]?.message).toBe(
      'cannot write the block at height 9 to /h/data/application.db: read-only file system (EROFS)',
    )
    expect(published).toEqual([])
  })

  test('error: a height whose finish halts (its invariants broken) ends the chain there: the heights before it in the batch are written and published, it and the ones after are not', async () => {
    const { db, backend } = recordingBackend()
    const { queue, halts } = haltingQueue(backend)
    const published: number[] = []
    const broken = new ChainHaltError('invariant broken: bank: total supply invariant\n', 1)
    const pending = []
    for (let h = 1; h <= 8; h++) {
      const e = entry(h, published)
      if (h === 5) e.finish = () => Promise.reject(broken) as never
      pending.push(queue.push(e, h < 8))
    }
    const outcomes = await Promise.allSettled(pending.map((p) => p.durable))
    await queue.drain()
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ])
    for (const o of outcomes.slice(4)) expect((o as PromiseRejectedResult).reason).toBe(broken)
    expect(halts).toEqual([broken])
    expect(queue.failed).toBe(broken)
    expect(published).toEqual([1, 2, 3, 4])
    expect(db.get(bytesToLatin1(LATEST))).toEqual(uint64BE(4))
    expect(db.get(bytesToLatin1(utf8('block/5/record/with/a/long/key')))).toBeUndefined()
    // Nothing commits after it.
    const later = queue.push(entry(9, published))
    await expect(later.durable).rejects.toBe(broken)
  })
})
