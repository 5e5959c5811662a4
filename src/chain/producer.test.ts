import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, expectTypeOf, test } from 'vitest'
import { App } from '../app/app.js'
import type { AppModule, AppVersion, BlockContext } from '../app/types.js'
import { BlockBuilder } from '../block/block.js'
import { fromUtf8, toHexUpper, uint64BE, utf8 } from '../codec/bytes.js'
import { createEd25519Signer } from '../codec/ed25519.js'
import { protoRegistry } from '../codec/proto.js'
import { defaultConsensusParams, readGenesis } from '../config/genesis.js'
import { ed25519FromSeed } from '../config/validator-key.js'
import { ChainHaltError } from '../errors.js'
import { createSilentLogger } from '../logger.js'
import type { StoreBackend } from '../store/backend.js'
import { BlockStore } from '../store/block-store.js'
import { createLevelBackend } from '../store/level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from '../store/memory-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { BlockProducer } from './producer.js'

const registry = protoRegistry()
const key = ed25519FromSeed(new Uint8Array(32).fill(3))

function genesisFor(appState: Record<string, unknown> = {}, initialHeight = 1) {
  return readGenesis('genesis.json', {
    chain_id: 'lifecycle-1',
    genesis_time: '2026-01-01T00:00:00Z',
    initial_height: initialHeight,
    app_state: appState,
    consensus: {
      params: defaultConsensusParams(),
      validators: [
        {
          pub_key: {
            type: 'tendermint/PubKeyEd25519',
            value: Buffer.from(key.pubKey).toString('base64'),
          },
          power: '10',
        },
      ],
    },
  })
}

/** A module that records its hooks and writes the height into its store at each phase. */
function recorder(
  name: string,
  calls: string[],
  options: { failEndBlockAt?: number } = {},
): AppModule {
  return {
    name,
    consensusVersion: 1,
    async initGenesis(ctx, genesis) {
      calls.push(`${name}.initGenesis`)
      ctx.state.store(name).set(utf8('genesis'), utf8(JSON.stringify(genesis ?? null)))
    },
    async preBlock(ctx) {
      calls.push(`${name}.preBlock@${ctx.height}`)
    },
    async beginBlock(ctx) {
      calls.push(`${name}.beginBlock@${ctx.height}`)
      ctx.state.store(name).set(utf8('begin'), uint64BE(ctx.height))
    },
    async endBlock(ctx) {
      calls.push(`${name}.endBlock@${ctx.height}`)
      if (options.failEndBlockAt === ctx.height) throw new Error(`boom at ${ctx.height}`)
      ctx.state.store(name).set(utf8('end'), uint64BE(ctx.height))
      ctx.events.emit('recorded', { module: name })
    },
  }
}

/** A database the chain can be reopened on (a restart): LevelDB in a temp dir, or the memory twin. */
interface Disk {
  open(): Promise<StoreBackend>
  cleanup(): Promise<void>
}

const disks: { name: string; make(): Disk }[] = [
  {
    name: 'LevelDB',
    make() {
      let dir: string | undefined
      return {
        async open() {
          dir ??= await mkdtemp(join(tmpdir(), 'sdkd-producer-'))
          return createLevelBackend({ path: dir })
        },
        async cleanup() {
          if (dir) await rm(dir, { recursive: true, force: true })
        },
      }
    },
  },
  {
    name: 'memory',
    make() {
      const db = createMemoryDatabase()
      return { open: async () => createMemoryBackend(db), cleanup: async () => {} }
    },
  },
]

interface ChainOptions {
  genesis?: ReturnType<typeof genesisFor>
  /** Wraps the opened backend (e.g. a disk that refuses writes). */
  wrap?: (backend: StoreBackend) => StoreBackend
  haltHeight?: number
}

/**
 * Opens a chain on `disk` the way the node does: the versioned store and the block store over one
 * backend, the producer over both, InitChain if nothing is committed.
 */
async function openChain(version: AppVersion, disk: Disk, options: ChainOptions = {}) {
  const genesis = options.genesis ?? genesisFor({ a: { x: 1 } })
  const opened = await disk.open()
  const backend = options.wrap ? options.wrap(opened) : opened
  const store = await VersionedStore.open({ backend })
  const builder = new BlockBuilder(
    registry,
    genesis.chainId,
    {
      address: genesis.validators[0]!.address,
      pubKey: key.pubKey,
      power: 10n,
      sign: createEd25519Signer(key.seed).sign,
    },
    { blockMaxBytes: genesis.blockMaxBytes, blockMaxGas: genesis.blockMaxGas },
  )
  const blocks = await BlockStore.open({
    backend,
    builder,
    registry,
    latestHeight: store.latestHeight,
  })
  const producer = new BlockProducer({
    backend,
    store,
    blocks,
    builder,
    app: new App(version, registry),
    registry,
    genesis,
    logger: createSilentLogger(),
    timeoutCommitMs: 0,
    ...(options.haltHeight ? { haltHeight: options.haltHeight } : {}),
  })
  await producer.initChain()
  return {
    store,
    blocks,
    producer,
    backend,
    /** Stops the producer (every built block written) and closes the database. */
    async close() {
      await producer.stop()
      await opened.close()
    },
  }
}

function version(modules: AppModule[], order?: Partial<AppVersion['order']>): AppVersion {
  const names = modules.map((m) => m.name)
  return {
    name: 'test',
    modules,
    order: {
      initGenesis: names,
      preBlockers: names,
      beginBlockers: names,
      endBlockers: [...names].reverse(),
      ...order,
    },
    upgrades: [],
  }
}

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
    expect(b1.endBlockEvents).toEqual([
      { type: 'recorded', attributes: [{ key: 'module', value: 'a', index: true }] },
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
