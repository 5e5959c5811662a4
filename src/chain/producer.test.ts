import { afterEach, describe, expect, expectTypeOf, test } from 'vitest'
import { collectGarbage } from '../../test/helpers/collect-garbage.js'
import {
  type ChainOptions,
  type Disk,
  disks,
  genesisFor,
  openChain,
  recorder,
  version,
} from '../../test/helpers/producer-chain.js'
import type { AppModule, AppVersion, BlockContext } from '../app/types.js'
import { fromUtf8, toHexUpper, uint64BE, utf8 } from '../codec/bytes.js'
import { ChainHaltError } from '../errors.js'
import { META_KEPT_BLOCK } from '../store/keys.js'
import { HOLD_HEIGHTS, MAX_PENDING } from './commit-queue.js'
import { keptBlockOps } from './kept-block.js'

describe.each(disks)('block lifecycle ($name)', ({ make }) => {
  const open: { close(): Promise<void> }[] = []
  const disksInUse: Disk[] = []
  afterEach(async () => {
    for (const c of open.splice(0).reverse()) await c.close().catch(() => {})
    for (const d of disksInUse.splice(0)) await d.cleanup()
  })
  /** A new, empty database (closed and removed after the test). */
  const newDisk = () => {
    const d = make()
    disksInUse.push(d)
    return d
  }
  /** A chain on `disk` (a new database by default), closed after the test. */
  const chain = async (v: AppVersion, disk: Disk = newDisk(), options: ChainOptions = {}) => {
    const c = await openChain(v, disk, options)
    open.push(c)
    return c
  }

  test('behavior: InitChain runs initGenesis in order; each block runs PreBlock → BeginBlock → EndBlock by the order lists', async () => {
    const calls: string[] = []
    const { producer, store } = await chain(version([recorder('a', calls), recorder('b', calls)]))
    expect(calls).toEqual(['a.initGenesis', 'b.initGenesis'])
    expect(store.latestHeight).toBe(0)
    calls.length = 0
    await producer.produceBlock()
    expect(calls).toEqual([
      'a.preBlock@1',
      'b.preBlock@1',
      'a.beginBlock@1',
      'b.beginBlock@1',
      'b.endBlock@1',
      'a.endBlock@1',
    ])
    expect(fromUtf8((await store.view(1).store('a').get(utf8('genesis')))!)).toBe('{"x":1}')
  })

  test('behavior: a block commits its state changes, its events and app hash together; the next header carries that app hash', async () => {
    const calls: string[] = []
    const { producer, store, blocks } = await chain(version([recorder('a', calls)]))
    const genesisHash = toHexUpper(store.appHash)
    const b1 = await producer.produceBlock()
    expect(toHexUpper(b1.block.header.appHash)).toBe(genesisHash)
    expect(toHexUpper(b1.appHash)).toBe(toHexUpper(store.appHash))
    // EndBlock's events end with upstream's `mode` attribute.
    expect(b1.endBlockEvents).toEqual([
      {
        type: 'recorded',
        attributes: [
          { key: 'module', value: 'a', index: true },
          { key: 'mode', value: 'EndBlock', index: true },
        ],
      },
    ])
    const b2 = await producer.produceBlock()
    expect(b2.block.header.appHash).toEqual(b1.appHash)
    expect(b2.block.header.lastBlockId).toEqual(b1.block.blockId)
    expect(b2.block.header.time > b1.block.header.time).toBe(true)
    expect((await blocks.get(1))!.block.blockId).toEqual(b1.block.blockId)
  })

  test('behavior: modules run with the execution header: the block header without the previous block id and commit hash', async () => {
    const seen: object[] = []
    const module: AppModule = {
      name: 'h',
      consensusVersion: 1,
      async beginBlock(ctx) {
        // The type says so too: BlockContext['header'] has no lastBlockId (see expectTypeOf below).
        seen.push(ctx.header)
      },
    }
    expectTypeOf<BlockContext['header']>().not.toHaveProperty('lastBlockId')
    expectTypeOf<BlockContext['header']>().not.toHaveProperty('lastCommitHash')
    const { producer } = await chain(version([module]))
    await producer.produceBlock()
    const b2 = await producer.produceBlock()
    const { lastBlockId: _id, lastCommitHash: _hash, ...rest } = b2.block.header
    expect(seen[1]).toEqual(rest)
  })

  test('behavior: a height that fails before it commits leaves no block behind: the next one follows the last committed block', async () => {
    const calls: string[] = []
    const { producer } = await chain(version([recorder('a', calls)]))
    const b1 = await producer.produceBlock()
    const failing = producer.produceBlocks(1, {
      edit: async () => {
        throw new RangeError('edit refused')
      },
    })
    await expect(failing).rejects.toThrow('edit refused')
    const b2 = await producer.produceBlock()
    expect(b2.block.header.height).toBe(2)
    expect(b2.block.header.lastBlockId).toEqual(b1.block.blockId)
  })

  test('error: a hook that throws commits nothing of that block and halts', async () => {
    const calls: string[] = []
    const { producer, store, blocks } = await chain(
      version([recorder('a', calls, { failEndBlockAt: 3 })]),
    )
    await producer.produceBlocks(2)
    const before = toHexUpper(store.appHash)
    await expect(producer.produceBlock()).rejects.toThrow('boom at 3')
    expect(store.latestHeight).toBe(2)
    expect(blocks.latest!.block.header.height).toBe(2)
    expect(toHexUpper(store.appHash)).toBe(before)
    expect(await store.view(2).store('a').get(utf8('end'))).toEqual(uint64BE(2))
  })

  test('behavior: a restart continues from the last committed height with the same hashes', async () => {
    const disk = newDisk()
    const first = await chain(version([recorder('a', [])]), disk)
    const produced = []
    for (let i = 0; i < 5; i++) produced.push(await first.producer.produceBlock())
    const appHash = toHexUpper(first.store.appHash)
    await first.close()
    const again = await chain(version([recorder('a', [])]), disk)
    expect(again.store.latestHeight).toBe(5)
    expect(toHexUpper(again.store.appHash)).toBe(appHash)
    expect(again.blocks.latest!.block.blockId).toEqual(produced[4]!.block.blockId)
    const b6 = await again.producer.produceBlock()
    expect(b6.block.header.height).toBe(6)
    expect(b6.block.header.lastBlockId).toEqual(produced[4]!.block.blockId)
    for (const p of produced) {
      const stored = await again.blocks.get(p.block.header.height)
      expect(stored!.block.blockId).toEqual(p.block.blockId)
      expect(stored!.appHash).toEqual(p.appHash)
    }
  })

  test('behavior: a rolled-back block that is kept is made again, the same block, after a restart; its record goes with that height, or with a later rollback', async () => {
    const disk = newDisk()
    const first = await chain(version([recorder('a', [])]), disk)
    const produced = []
    for (let i = 0; i < 4; i++) produced.push(await first.producer.produceBlock())
    const b4 = produced[3]!
    await first.producer.rollbackTo(3, keptBlockOps(b4))
    expect(first.store.latestHeight).toBe(3)
    await first.close()

    const again = await chain(version([recorder('a', [])]), disk)
    const remade = await again.producer.produceBlock()
    expect(remade.block.blockId).toEqual(b4.block.blockId)
    expect(remade.appHash).toEqual(b4.appHash)
    expect(await again.backend.get(META_KEPT_BLOCK)).toBeUndefined()
    const b5 = await again.producer.produceBlock()
    expect(b5.block.header.lastBlockId).toEqual(b4.block.blockId)

    // Kept again, then a rollback below it (a dev revert): the record goes, and height 5 is new.
    await again.producer.rollbackTo(4, keptBlockOps(b5))
    expect(await again.backend.get(META_KEPT_BLOCK)).toBeDefined()
    await again.producer.rollbackTo(3)
    expect(await again.backend.get(META_KEPT_BLOCK)).toBeUndefined()
    await again.producer.produceBlock()
    const other = await again.producer.produceBlock()
    expect(other.block.header.height).toBe(5)
    expect(other.block.blockId).not.toEqual(b5.block.blockId)
  })

  test('behavior: two chains from the same genesis produce the same app hashes', async () => {
    const a = await chain(version([recorder('a', [])]))
    const b = await chain(version([recorder('a', [])]))
    for (let i = 0; i < 3; i++) {
      const [x, y] = [await a.producer.produceBlock(), await b.producer.produceBlock()]
      expect(toHexUpper(x.appHash)).toBe(toHexUpper(y.appHash))
    }
    const c = await chain(version([recorder('a', [])]), newDisk(), {
      genesis: genesisFor({ a: { x: 2 } }),
    })
    expect(toHexUpper(c.store.appHash)).not.toBe(toHexUpper(a.store.appHash))
  })

  test('behavior: the first block is initial_height and has the genesis time', async () => {
    const genesis = genesisFor({}, 100)
    const { producer, store } = await chain(version([recorder('a', [])]), newDisk(), { genesis })
    const b = await producer.produceBlock()
    expect(b.block.header.height).toBe(100)
    expect(b.block.header.time).toBe(genesis.genesisTime)
    expect(store.earliestHeight).toBe(100)
  })

  test('behavior: produceBlocks groups heights into few batches, all durable and in order', async () => {
    let writes = 0
    const disk = newDisk()
    const c = await chain(version([recorder('a', [])]), disk, {
      // A write takes at least one turn of the event loop, as LevelDB's do (the memory twin would
      // answer in the same turn, leaving nothing to group).
      wrap: (real) => ({
        ...real,
        write: async (ops) => {
          writes++
          await new Promise((r) => setImmediate(r))
          return real.write(ops)
        },
      }),
    })
    const { producer, blocks } = c
    const before = writes
    const seen: number[] = []
    producer.on('block', (b) => seen.push(b.block.header.height))
    const last = await producer.produceBlocks(300)
    expect(last!.block.header.height).toBe(300)
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    // Few batches: several heights share one (at least 4 on average).
    expect(writes - before).toBeLessThanOrEqual(300 / 4)
    for (let h = 2; h <= 300; h++) {
      const [prev, cur] = [await blocks.get(h - 1), await blocks.get(h)]
      expect(cur!.block.header.lastBlockId).toEqual(prev!.block.blockId)
    }
    // Durable: a restart finds all 300.
    await c.close()
    const reopened = await chain(version([recorder('a', [])]), disk)
    expect(reopened.store.latestHeight).toBe(300)
    expect(reopened.blocks.latest!.block.blockId).toEqual(last!.block.blockId)
  })

  test('behavior: a burst to a height stops there, counting blocks built meanwhile (dev_mineTo with the loop on)', async () => {
    const { producer } = await chain(version([recorder('a', [])]))
    await producer.produceBlocks(3)
    // A block of the mining loop, built but not yet durable when the burst is asked for.
    const inFlight = producer.produceBlock()
    const target = 10
    // What dev_mineTo asks for: the count from the durable height (3), an upper bound.
    const last = await producer.produceBlocks(target - producer.height, { toHeight: target })
    expect((await inFlight).block.header.height).toBe(4)
    expect(last!.block.header.height).toBe(target)
    expect(producer.height).toBe(target)
  })

  test('error: a block batch the disk refuses halts the chain; nothing after it commits', async () => {
    const disk = newDisk()
    let refuse = false
    const first = await chain(version([recorder('a', [])]), disk, {
      wrap: (real) => ({
        ...real,
        write: (ops) => (refuse ? Promise.reject(new Error('disk full')) : real.write(ops)),
      }),
    })
    const { producer, blocks } = first
    await producer.produceBlocks(2)
    const halts: ChainHaltError[] = []
    producer.on('halt', (err) => halts.push(err))
    refuse = true
    await expect(producer.produceBlock()).rejects.toThrow('failed to write block batch: disk full')
    refuse = false
    await expect(producer.produceBlock()).rejects.toThrow('failed to write block batch: disk full')
    expect(halts.map((h) => [h.message, h.exitCode])).toEqual([
      ['failed to write block batch: disk full', 1],
    ])
    expect(blocks.latest!.block.header.height).toBe(2)
    await first.close()
    const reopened = await chain(version([recorder('a', [])]), disk)
    expect(reopened.store.latestHeight).toBe(2)
    expect(reopened.blocks.latest!.block.header.height).toBe(2)
  })

  test('error: halt-height stops before committing that height, with the upstream message', async () => {
    const { producer, store } = await chain(version([recorder('a', [])]), newDisk(), {
      haltHeight: 4,
    })
    const halted = new Promise<ChainHaltError>((resolve) => producer.once('halt', resolve))
    producer.start()
    const halt = await halted
    expect(halt).toBeInstanceOf(ChainHaltError)
    expect(halt.message).toBe('halt per configuration height 4 time 0')
    expect(halt.exitCode).toBe(0)
    expect(store.latestHeight).toBe(3)
  })
})

describe('a burst and its writer', () => {
  test("behavior: a height's writes are let go once its batch has them, while the disk writes it", async () => {
    const disk = disks.find((d) => d.name === 'memory')!.make()
    // The writes of the held batch, weakly: what the node still holds of them shows in a collection.
    const taken: WeakRef<object>[] = []
    let release: (() => void) | undefined
    let hold = false
    const c = await openChain(version([recorder('a', [])]), disk, {
      wrap: (real) => ({
        ...real,
        write: (ops) => {
          const written = real.write(ops)
          if (!hold) return written
          for (const op of ops) if (op.type === 'put') taken.push(new WeakRef(op))
          // The batch is taken; it is durable only once the test lets it be.
          return new Promise<void>((resolve, reject) => {
            release = () => void written.then(resolve, reject)
          })
        },
      }),
    })
    try {
      await c.producer.produceBlocks(2)
      hold = true
      const third = c.producer.produceBlock()
      while (!release) await new Promise((r) => setImmediate(r))
      expect(taken.length).toBeGreaterThan(0)
      await collectGarbage()
      expect(taken.filter((w) => w.deref() !== undefined)).toEqual([])
      expect(c.store.latestHeight).toBe(2)
      release()
      expect((await third).block.header.height).toBe(3)
      expect(c.store.latestHeight).toBe(3)
    } finally {
      await c.close()
      await disk.cleanup()
    }
  })

  test('behavior: a burst goes on while its batches are written: none holds more than two batches of heights', async () => {
    // The memory database, whose write takes exactly one turn of the event loop (a LevelDB write
    // takes as many as its thread takes): the batches' sizes then depend on the burst alone.
    const disk = disks.find((d) => d.name === 'memory')!.make()
    const c = await openChain(version([recorder('a', [])]), disk, {
      // A write takes a turn of the event loop, as LevelDB's do.
      wrap: (real) => ({
        ...real,
        write: async (ops) => {
          await new Promise((r) => setImmediate(r))
          return real.write(ops)
        },
      }),
    })
    try {
      const batches: number[] = []
      c.producer.on('batch', (heights: number) => batches.push(heights))
      const last = await c.producer.produceBlocks(3 * MAX_PENDING)
      expect(last!.block.header.height).toBe(3 * MAX_PENDING)
      expect(batches.reduce((a, b) => a + b, 0)).toBe(3 * MAX_PENDING)
      // A burst builds its blocks in microtasks: without a turn of the event loop now and then,
      // the writer waited for MAX_PENDING heights, which lived (in memory) until then.
      expect(Math.max(...batches)).toBeLessThanOrEqual(2 * HOLD_HEIGHTS)
    } finally {
      await c.close()
      await disk.cleanup()
    }
  })
})
