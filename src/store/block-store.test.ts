import { afterEach, describe, expect, test } from 'vitest'
import { type TempDir, tempDir } from '../../test/helpers/temp-dir.js'
import { BlockBuilder, type BlockId, EMPTY_BLOCK_ID } from '../block/block.js'
import { type Bytes, emptyBytes, toHex, uint64BE, utf8 } from '../codec/bytes.js'
import { createEd25519Signer } from '../codec/ed25519.js'
import { sha256 } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { consensusAddress, ed25519FromSeed } from '../config/validator-key.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import type { BatchWrite, StoreBackend } from './backend.js'
import { BlockStore, type StoredBlock } from './block-store.js'
import { FAMILY_TX_EVENT } from './keys.js'
import { createLevelBackend } from './level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'
import { legacyTxIndexOps, TX_HEIGHT_KEY, txIndexOps } from './tx-index.js'

const registry = protoRegistry()
const key = ed25519FromSeed(new Uint8Array(32).fill(7))
const builder = new BlockBuilder(
  registry,
  'blocks-1',
  {
    address: consensusAddress(key.pubKey),
    pubKey: key.pubKey,
    power: 10n,
    sign: createEd25519Signer(key.seed).sign,
  },
  { blockMaxBytes: 22020096n, blockMaxGas: -1n },
)

/** A database that can be reopened (a restart). */
interface Database {
  open(): Promise<StoreBackend>
  cleanup(): Promise<void>
}

const backends: [string, () => Database][] = [
  [
    'LevelDB',
    () => {
      let dir: TempDir | undefined
      return {
        async open() {
          dir ??= await tempDir('sdkd-blocks-')
          return createLevelBackend({ path: dir.dir })
        },
        async cleanup() {
          await dir?.cleanup()
        },
      }
    },
  ],
  [
    'memory',
    () => {
      const db = createMemoryDatabase()
      return { open: async () => createMemoryBackend(db), cleanup: async () => {} }
    },
  ],
]

/** Two txs per block, each with an indexed `message.sender` of its height. */
const txsOf = (height: number, round = 0): Bytes[] => [
  utf8(`tx ${height}/0 round ${round}`),
  utf8(`tx ${height}/1 round ${round}`),
]
const senderOf = (height: number) => `sdk1sender${height}`

/** A chain of blocks written the way the block producer writes them. */
async function openChain(db: Database) {
  let backend = await db.open()
  let blocks: BlockStore = await BlockStore.open({ backend, builder, registry, latestHeight: 0 })
  let lastBlockId: BlockId = EMPTY_BLOCK_ID
  const deferred: { ops: BatchWrite[]; publish(): void }[] = []
  return {
    /** Writes the deferred heights as one batch, in order, then publishes them. */
    async writeDeferred() {
      const batch = deferred.splice(0)
      await backend.write(batch.flatMap((p) => p.ops))
      for (const p of batch) p.publish()
    },
    get blocks() {
      return blocks
    },
    /** Prepares `height` without writing it (a burst queued for one batch); returns the write. */
    async prepareOnly(height: number, retainHeight: number) {
      const stored = await this.commit(height, { retainHeight, defer: true })
      return stored
    },
    async commit(
      height: number,
      options: { retainHeight?: number; round?: number; defer?: boolean; empty?: boolean } = {},
    ) {
      const txs = options.empty ? [] : txsOf(height, options.round)
      const block = builder.build({
        height,
        time: 1_700_000_000_000_000_000n + BigInt(height) * 1_000_000_000n,
        lastBlockId,
        appHash: sha256(uint64BE(height)),
        lastResultsHash: emptyBytes(),
        txs,
      })
      const stored: StoredBlock = {
        block,
        results: txs.map(() => ({
          code: 0,
          data: emptyBytes(),
          log: '',
          info: '',
          gasWanted: 1n,
          gasUsed: 1n,
          events: [
            {
              type: 'message',
              attributes: [{ key: 'sender', value: senderOf(height), index: true }],
            },
          ],
          codespace: '',
        })),
        appHash: sha256(uint64BE(height)),
        beginBlockEvents: [],
        endBlockEvents: [],
        size: block.bytes.length,
      }
      const prepared = await blocks.prepareCommit(stored, options.retainHeight ?? 0)
      lastBlockId = block.blockId
      if (options.defer) {
        deferred.push(prepared)
        return stored
      }
      await backend.write(prepared.ops)
      prepared.publish()
      return stored
    },
    async rollBack(height: number) {
      const prepared = await blocks.prepareRollback(height)
      await backend.write(prepared.ops)
      prepared.apply()
      lastBlockId = blocks.latest?.block.blockId ?? EMPTY_BLOCK_ID
    },
    async reopen() {
      const latestHeight = blocks.latest?.block.header.height ?? 0
      await backend.close()
      backend = await db.open()
      blocks = await BlockStore.open({ backend, builder, registry, latestHeight })
    },
    close: () => backend.close(),
  }
}

async function senders(blocks: BlockStore): Promise<string[]> {
  const out: string[] = []
  for await (const tx of blocks.indexedTxs('message.sender', {})) {
    out.push(`${tx.value}@${tx.height}/${tx.index}`)
  }
  return out
}

async function heightsIndexed(blocks: BlockStore): Promise<number[]> {
  const out = new Set<number>()
  for await (const tx of blocks.indexedTxs(TX_HEIGHT_KEY, {})) out.add(tx.height)
  return [...out]
}

/** `stored` is found (kept) or not by its height and by its hash. */
async function expectBlockLookups(blocks: BlockStore, stored: StoredBlock, kept: boolean) {
  const { hash } = stored.block.blockId
  const height = stored.block.header.height
  expect(toHex((await blocks.get(height))?.block.blockId.hash ?? emptyBytes())).toBe(
    kept ? toHex(hash) : '',
  )
  expect(await blocks.heightOfHash(hash)).toBe(kept ? height : undefined)
}

for (const [name, makeDatabase] of backends) {
  describe(`block store rollback (${name})`, () => {
    const cleanups: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
    })
    const setup = async () => {
      const db = makeDatabase()
      cleanups.push(() => db.cleanup())
      const chain = await openChain(db)
      cleanups.push(() => chain.close())
      return chain
    }

    test('behavior: blocks, hash and tx lookups and tx search above the height are gone, below intact', async () => {
      const chain = await setup()
      const stored: StoredBlock[] = []
      for (let h = 1; h <= 5; h++) stored.push(await chain.commit(h))
      await chain.rollBack(3)

      const check = async (blocks: BlockStore) => {
        expect(blocks.latest?.block.header.height).toBe(3)
        expect(blocks.base).toBe(1)
        for (let h = 1; h <= 5; h++) {
          const { block } = stored[h - 1]!
          const kept = h <= 3
          await expectBlockLookups(blocks, stored[h - 1]!, kept)
          expect(await blocks.txLocation(sha256(block.txs[1]!))).toEqual(
            kept ? { height: h, index: 1 } : undefined,
          )
          const found: string[] = []
          for await (const tx of blocks.indexedTxs('message.sender', { value: senderOf(h) })) {
            found.push(`${tx.height}/${tx.index}`)
          }
          expect(found).toEqual(kept ? [`${h}/0`, `${h}/1`] : [])
        }
        expect(await heightsIndexed(blocks)).toEqual([1, 2, 3])
      }
      await check(chain.blocks)
      await chain.reopen()
      await check(chain.blocks)

      // The chain goes on from the height with other blocks at the old heights.
      const next = await chain.commit(4, { round: 1 })
      expect(chain.blocks.latest?.block.header.height).toBe(4)
      expect(await chain.blocks.heightOfHash(next.block.blockId.hash)).toBe(4)
      expect(await chain.blocks.txLocation(sha256(next.block.txs[0]!))).toEqual({
        height: 4,
        index: 0,
      })
      expect(await chain.blocks.txLocation(sha256(stored[3]!.block.txs[0]!))).toBeUndefined()
      expect(await heightsIndexed(chain.blocks)).toEqual([1, 2, 3, 4])
    })

    test('behavior: a rollback over empty blocks and blocks with txs removes both kinds, hashes and all', async () => {
      const chain = await setup()
      const stored: StoredBlock[] = []
      for (let h = 1; h <= 8; h++) stored.push(await chain.commit(h, { empty: h % 2 === 0 }))
      await chain.rollBack(3)
      const check = async (blocks: BlockStore) => {
        expect(blocks.latest?.block.header.height).toBe(3)
        for (let h = 1; h <= 8; h++) {
          const { block } = stored[h - 1]!
          const kept = h <= 3
          await expectBlockLookups(blocks, stored[h - 1]!, kept)
          if (block.txs.length > 0) {
            expect(await blocks.txLocation(sha256(block.txs[0]!))).toEqual(
              kept ? { height: h, index: 0 } : undefined,
            )
          }
        }
        expect(await heightsIndexed(blocks)).toEqual([1, 3])
      }
      await check(chain.blocks)
      await chain.reopen()
      await check(chain.blocks)
    })

    test('behavior: a rollback to before the first block empties the store', async () => {
      const chain = await setup()
      const first = await chain.commit(1)
      await chain.commit(2)
      await chain.rollBack(0)
      expect(chain.blocks.latest).toBeUndefined()
      expect(chain.blocks.base).toBe(0)
      expect(await chain.blocks.get(1)).toBeUndefined()
      expect(await chain.blocks.heightOfHash(first.block.blockId.hash)).toBeUndefined()
      expect(await senders(chain.blocks)).toEqual([])
      await chain.reopen()
      expect(chain.blocks.latest).toBeUndefined()
      expect(chain.blocks.base).toBe(0)
      await chain.commit(1, { round: 1 })
      expect(chain.blocks.base).toBe(1)
      expect(await senders(chain.blocks)).toEqual([`${senderOf(1)}@1/0`, `${senderOf(1)}@1/1`])
    })

    test('behavior: heights queued for one batch prune blocks of the same batch by the retention rule', async () => {
      const chain = await setup()
      await chain.commit(1)
      const stored: StoredBlock[] = []
      for (let h = 2; h <= 12; h++) stored.push(await chain.prepareOnly(h, h - 3))
      expect(chain.blocks.base).toBe(1)
      await chain.writeDeferred()
      expect(chain.blocks.base).toBe(9)
      expect(chain.blocks.latest?.block.header.height).toBe(12)
      for (let h = 1; h < 9; h++) expect(await chain.blocks.get(h)).toBeUndefined()
      expect(await chain.blocks.heightOfHash(stored[0]!.block.blockId.hash)).toBeUndefined()
      expect(await chain.blocks.txLocation(sha256(stored[0]!.block.txs[0]!))).toBeUndefined()
      expect(await heightsIndexed(chain.blocks)).toEqual([9, 10, 11, 12])
      await chain.reopen()
      expect(chain.blocks.base).toBe(9)
      expect((await chain.blocks.get(9))?.block.blockId.hash).toEqual(stored[7]!.block.blockId.hash)
    })

    test('behavior: the base block (every /status shows it) follows pruning and a rollback below it', async () => {
      const chain = await setup()
      const first = await chain.commit(1)
      await chain.commit(2)
      expect((await chain.blocks.get(chain.blocks.base))?.block.blockId.hash).toEqual(
        first.block.blockId.hash,
      )
      const third = await chain.commit(3, { retainHeight: 3 })
      expect(chain.blocks.base).toBe(3)
      expect(await chain.blocks.get(1)).toBeUndefined()
      expect((await chain.blocks.get(chain.blocks.base))?.block.blockId.hash).toEqual(
        third.block.blockId.hash,
      )
      await chain.rollBack(3)
      const fourth = await chain.commit(4)
      expect((await chain.blocks.get(3))?.block.blockId.hash).toEqual(third.block.blockId.hash)
      expect((await chain.blocks.get(4))?.block.blockId.hash).toEqual(fourth.block.blockId.hash)

      const fresh = await setup()
      await fresh.commit(1)
      expect((await fresh.blocks.get(1))?.block.txs[0]).toEqual(txsOf(1, 0)[0])
      await fresh.rollBack(0)
      await fresh.commit(1, { round: 1 })
      expect((await fresh.blocks.get(fresh.blocks.base))?.block.txs[0]).toEqual(txsOf(1, 1)[0])
    })

    test("behavior: an older home's tx index (a key per attribute and tx) is searched beside the new one and deleted with its blocks", async () => {
      const chain = await setup()
      const stored: StoredBlock[] = []
      for (let h = 1; h <= 4; h++) stored.push(await chain.commit(h))
      // Heights 1-3 as an older sdkd wrote them: their entries in the old layout only.
      const backend = () => (chain.blocks as unknown as { backend: StoreBackend }).backend
      for (let h = 1; h <= 3; h++) {
        const results = stored[h - 1]!.results
        await backend().write([
          ...txIndexOps(h, results, 'del'),
          ...legacyTxIndexOps(h, results, 'put'),
        ])
      }
      const legacyKeys = async () => {
        const heights: number[] = []
        for await (const [k] of backend().entries({
          gte: Uint8Array.of(FAMILY_TX_EVENT),
          lt: Uint8Array.of(FAMILY_TX_EVENT + 1),
        }))
          heights.push(Number(Buffer.from(k).readBigUInt64BE(k.length - 12)))
        return [...new Set(heights)]
      }
      const all = ['1', '2', '3', '4'].flatMap((h) => [
        `sdk1sender${h}@${h}/0`,
        `sdk1sender${h}@${h}/1`,
      ])
      await chain.reopen()
      expect(await legacyKeys()).toEqual([1, 2, 3])
      expect((await senders(chain.blocks)).sort()).toEqual(all)
      expect(await heightsIndexed(chain.blocks)).toEqual([4, 1, 2, 3])
      // A rollback deletes height 3's old entries and height 4's new ones.
      await chain.rollBack(2)
      expect(await legacyKeys()).toEqual([1, 2])
      expect((await senders(chain.blocks)).sort()).toEqual(all.slice(0, 4))
      // Pruning deletes height 1's old entries; the new height 3 is in the new layout.
      await chain.commit(3, { round: 1, retainHeight: 2 })
      expect(await legacyKeys()).toEqual([2])
      expect((await senders(chain.blocks)).sort()).toEqual([...all.slice(2, 4), ...all.slice(4, 6)])
    })

    test('error: a rollback below pruned blocks or above the latest is refused and changes nothing', async () => {
      const chain = await setup()
      for (let h = 1; h <= 5; h++) await chain.commit(h, { retainHeight: h === 5 ? 3 : 0 })
      expect(chain.blocks.base).toBe(3)
      const before = await senders(chain.blocks)
      for (const [height, message] of [
        [2, 'cannot roll back to height 2: blocks are pruned below height 3: invalid request'],
        [0, 'cannot roll back to height 0: blocks are pruned below height 3: invalid request'],
        [6, 'cannot roll back to height 6: latest block height is 5: invalid request'],
        [
          -1,
          'cannot roll back to height -1: height must be a non-negative integer: invalid request',
        ],
      ] as const) {
        const err = await chain.blocks.prepareRollback(height).catch((e: unknown) => e)
        expect(ErrInvalidRequest.is(err)).toBe(true)
        expect((err as Error).message).toBe(message)
      }
      expect(chain.blocks.latest?.block.header.height).toBe(5)
      expect(await senders(chain.blocks)).toEqual(before)
      // The base itself can be rolled back to.
      await chain.rollBack(3)
      expect(chain.blocks.latest?.block.header.height).toBe(3)
      expect(chain.blocks.base).toBe(3)
      expect(await heightsIndexed(chain.blocks)).toEqual([3])
    })

    test('error: a rollback while a block is being written is a logic error', async () => {
      const chain = await setup()
      await chain.commit(1)
      const block = builder.build({
        height: 2,
        time: 1_800_000_000_000_000_000n,
        lastBlockId: chain.blocks.latest!.block.blockId,
        appHash: emptyBytes(),
        lastResultsHash: emptyBytes(),
        txs: [],
      })
      await chain.blocks.prepareCommit(
        {
          block,
          results: [],
          appHash: emptyBytes(),
          beginBlockEvents: [],
          endBlockEvents: [],
          size: block.bytes.length,
        },
        0,
      )
      const err = await chain.blocks.prepareRollback(1).catch((e: unknown) => e)
      expect(ErrLogic.is(err)).toBe(true)
      expect((err as Error).message).toBe(
        'cannot roll back while block 2 is being written: internal logic error',
      )
    })
  })
}

describe('block store earliest block', () => {
  test('behavior: a base pruned while it is read gives the new base, never nothing', async () => {
    const memory = createMemoryDatabase()
    // Reads of block 1 wait for the test to let them go: pruning lands in between.
    let gate: Promise<void> | undefined
    const gated: Database = {
      open: async () => {
        const backend = createMemoryBackend(memory)
        return new Proxy(backend, {
          get(target, prop, receiver) {
            if (prop !== 'get') return Reflect.get(target, prop, receiver)
            return async (key: Bytes) => {
              if (gate) await gate
              return target.get(key)
            }
          },
        })
      },
      cleanup: async () => {},
    }
    const chain = await openChain(gated)
    for (let h = 1; h <= 3; h++) await chain.commit(h)
    expect(chain.blocks.base).toBe(1)
    await chain.prepareOnly(4, 3)
    let open!: () => void
    gate = new Promise((resolve) => {
      open = resolve
    })
    const earliest = chain.blocks.earliest()
    await chain.writeDeferred()
    expect(chain.blocks.base).toBe(3)
    open()
    gate = undefined
    expect((await earliest)?.block.header.height).toBe(3)
    await chain.close()
  })
})
