import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { type TempDir, tempDir } from '../../test/helpers/temp-dir.js'
import { fromUtf8, toHexUpper, utf8 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { createLogger } from '../logger.js'
import { META_ELEMENT_HASH, META_GENESIS_HASH } from '../store/keys.js'
import type { ElementHashName } from '../store/lthash.js'
import { createMemoryBackend, createMemoryDatabase } from '../store/memory-backend.js'
import { encodeChunkHashes, SnapshotFiles, type SnapshotInfo } from '../store/snapshot-files.js'
import { readSnapshot, writeSnapshot } from '../store/snapshot-stream.js'
import { VersionedStore } from '../store/versioned-store.js'
import { AbciSnapshots, APPLY, OFFER } from './abci-snapshots.js'
import { ELEMENT_HASH_EXTENSION, SnapshotRefusal, StateSnapshots } from './state-snapshots.js'

const b = utf8
const STORES = ['acc', 'bank', 'empty']
const dirs: TempDir[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await d.cleanup()
})

/** A store with `heights` commits over three stores (one left empty), and its snapshots' folder. */
async function chainOf(heights: number, element?: ElementHashName) {
  const backend = createMemoryBackend(createMemoryDatabase())
  const store = await VersionedStore.open({ backend })
  if (element) store.useElementHash(element)
  const dir = await tempDir('sdkd-snapshots-')
  dirs.push(dir)
  const files = new SnapshotFiles(join(dir.dir, 'snapshots'))
  if (heights < 0) return { backend, store, files }
  const genesis = store.branch()
  await genesis.upgradeStores({ added: STORES })
  for (let i = 0; i < 3000; i++) genesis.store('acc').set(b(`account/${i}`), b(`v${i}`.repeat(20)))
  await commit(backend, store, genesis, 0)
  for (let h = 1; h <= heights; h++) {
    const br = store.branch()
    br.store('bank').set(b(`balance/${h % 7}`), b(String(h)))
    br.store('acc').delete(b(`account/${h}`))
    await commit(backend, store, br, h)
  }
  return { backend, store, files }
}

async function commit(
  backend: ReturnType<typeof createMemoryBackend>,
  store: VersionedStore,
  branch: ReturnType<VersionedStore['branch']>,
  height: number,
) {
  const p = store.prepareCommit(branch, height)
  await backend.write(p.ops)
  p.apply()
  p.publish()
}

function managerOf(o: Awaited<ReturnType<typeof chainOf>>, storeNames = STORES) {
  return new StateSnapshots({
    store: o.store,
    backend: o.backend,
    files: o.files,
    storeNames: () => storeNames,
    genesisHash: b('genesis'),
    logger: createLogger({ level: 'silent' }),
    interval: 0,
    keepRecent: 2,
    lastBlockOps: (height, time) => [
      { type: 'put', key: b('last'), value: b(`${height}@${time}`) },
    ],
  })
}

describe('state sync snapshots', () => {
  test('a snapshot restores into an empty store with the same app hash, height and reads', async () => {
    const source = await chainOf(10)
    const snapshots = managerOf(source)
    const info = await snapshots.create(source.store.view(10), 1_700_000_000_000_000_000n)
    expect(info).toMatchObject({ height: 10, format: 3, chunks: 1 })
    expect((await source.files.list()).map((s) => s.height)).toEqual([10])
    // A snapshot at or below the newest is refused, as upstream.
    await expect(snapshots.create(source.store.view(9), undefined)).rejects.toThrow(
      'a more recent snapshot already exists at height 10',
    )

    const target = await chainOf(-1)
    const restorer = managerOf(target)
    restorer.offer(info, source.store.appHash)
    const restored = await restorer.applyChunk(await snapshots.loadChunk(10, 3, 0))
    expect(restored?.height).toBe(10)
    const fresh = target.store
    expect(toHexUpper(fresh.appHash)).toBe(toHexUpper(source.store.appHash))
    expect(fresh.latestHeight).toBe(10)
    expect(fromUtf8((await fresh.view(10).store('bank').get(b('balance/3')))!)).toBe('10')
    expect(await fresh.view(10).store('acc').get(b('account/4'))).toBeUndefined()
    expect(fromUtf8((await fresh.view(10).store('acc').get(b('account/11')))!)).toBe(
      'v11'.repeat(20),
    )
    expect(fresh.storeNames()).toEqual(STORES)
    expect(fromUtf8((await target.backend.get(b('last')))!)).toBe('10@1700000000000000000')
    expect(fromUtf8((await target.backend.get(META_GENESIS_HASH))!)).toBe('genesis')
    expect(() => fresh.view(9)).toThrow('version does not exist')
    // A store that holds state takes no snapshot.
    expect(() => restorer.offer(info, source.store.appHash)).toThrow(
      "cannot restore a snapshot: this app's data already holds height 10",
    )
  })

  test("a snapshot takes its source's element hash: named in the snapshot, or shake256 when an older sdkd wrote none", async () => {
    const source = await chainOf(10, 'shake256')
    const snapshots = managerOf(source)
    const info = await snapshots.create(source.store.view(10), undefined)
    const chunk = (await snapshots.loadChunk(10, 3, 0))!
    const named = readSnapshot([chunk]).extensions.get(ELEMENT_HASH_EXTENSION)
    expect(named?.payloads.map(fromUtf8)).toEqual(['shake256'])
    const target = await chainOf(-1)
    const restorer = managerOf(target)
    restorer.offer(info, source.store.appHash)
    await restorer.applyChunk(chunk)
    expect(toHexUpper(target.store.appHash)).toBe(toHexUpper(source.store.appHash))
    expect(target.store.elementHash).toBe('shake256')
    expect(fromUtf8((await target.backend.get(META_ELEMENT_HASH))!)).toBe('shake256')

    // The same state in a snapshot without the extension, as an older sdkd wrote them.
    const older = await chainOf(11, 'shake256')
    const writer = await older.files.begin(11, 3)
    await writeSnapshot(older.store.view(11), writer, [])
    const olderInfo = await writer.finish()
    const into = await chainOf(-1)
    const olderRestorer = managerOf(into)
    olderRestorer.offer(olderInfo, older.store.appHash)
    await olderRestorer.applyChunk((await older.files.loadChunk(11, 3, 0))!)
    expect(toHexUpper(into.store.appHash)).toBe(toHexUpper(older.store.appHash))
    expect(into.store.elementHash).toBe('shake256')

    // A new home's snapshot names its element hash, and the restored home takes it.
    const fresh = await chainOf(10)
    const freshSnapshots = managerOf(fresh)
    const freshInfo = await freshSnapshots.create(fresh.store.view(10), undefined)
    const restored = await chainOf(-1)
    const freshRestorer = managerOf(restored)
    freshRestorer.offer(freshInfo, fresh.store.appHash)
    await freshRestorer.applyChunk((await freshSnapshots.loadChunk(10, 3, 0))!)
    expect(toHexUpper(restored.store.appHash)).toBe(toHexUpper(fresh.store.appHash))
    expect(restored.store.elementHash).toBe('sha256-chacha20')
    expect(toHexUpper(fresh.store.appHash)).not.toBe(toHexUpper(source.store.appHash))
  })

  test('a stream cut into many chunks reads back whole; a wrong chunk is refused by its hash', async () => {
    const source = await chainOf(10)
    const writer = await source.files.begin(10, 3)
    await writeSnapshot(
      source.store.view(10),
      writer,
      [
        { name: ELEMENT_HASH_EXTENSION, format: 1, payloads: [b('sha256-chacha20')] },
        { name: 'zz', format: 1, payloads: [b('one'), b('two')] },
      ],
      200,
    )
    const info = await writer.finish()
    expect(info.chunks).toBeGreaterThan(3)
    const names = (await readdir(source.files.pathSnapshot(10, 3))).sort()
    expect(names).toContain('_snapshot')
    expect(names.length).toBe(info.chunks + 1)
    const chunks = []
    for (let i = 0; i < info.chunks; i++) chunks.push((await source.files.loadChunk(10, 3, i))!)
    const contents = readSnapshot(chunks)
    expect([...contents.stores.keys()]).toEqual(STORES)
    expect(contents.stores.get('acc')!.length).toBe(2990)
    expect(contents.stores.get('empty')).toEqual([])
    expect(contents.extensions.get('zz')!.payloads.map(fromUtf8)).toEqual(['one', 'two'])

    const target = await chainOf(-1)
    const restorer = managerOf(target)
    restorer.offer(info, source.store.appHash)
    await restorer.applyChunk(chunks[0]!)
    const wrong = Uint8Array.from(chunks[1]!)
    wrong[0]! ^= 1
    const refusal = await restorer.applyChunk(wrong).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(SnapshotRefusal)
    expect((refusal as SnapshotRefusal).kind).toBe('chunk-hash')
    for (const c of chunks.slice(1)) await restorer.applyChunk(c)
    expect(toHexUpper(target.store.appHash)).toBe(toHexUpper(source.store.appHash))
  })

  test('refusals: metadata, format, and stores the app does not mount', async () => {
    const source = await chainOf(3)
    const info = await managerOf(source).create(source.store.view(3), undefined)
    const target = await chainOf(-1)
    const expectKind = (f: () => void, kind: string, text: string) => {
      const err = (() => {
        try {
          f()
        } catch (e) {
          return e
        }
        return undefined
      })() as SnapshotRefusal
      expect(err.kind).toBe(kind)
      expect(err.message).toBe(text)
    }
    const m = managerOf(target, ['acc', 'bank'])
    expectKind(() => m.offer({ ...info, chunks: 0 }, new Uint8Array()), 'metadata', 'no chunks')
    expectKind(
      () => m.offer({ ...info, chunks: 2 }, new Uint8Array()),
      'metadata',
      'snapshot has 1 chunk hashes, but 2 chunks',
    )
    expectKind(
      () => m.offer({ ...info, format: 2 }, new Uint8Array()),
      'format',
      'snapshot format 2',
    )
    m.offer(info, new Uint8Array())
    await expect(m.applyChunk((await source.files.loadChunk(3, 3, 0))!)).rejects.toThrow(
      'store empty not found: this app version does not mount it; state-sync with the app version the chain ran at height 3',
    )
    expect(target.store.latestHeight).toBe(-1)
    const more = managerOf(target, [...STORES, 'extra'])
    more.offer(info, new Uint8Array())
    await expect(more.applyChunk((await source.files.loadChunk(3, 3, 0))!)).rejects.toThrow(
      'the snapshot has no store extra, which this app version mounts: state-sync with the app version the chain ran at height 3',
    )
    expect(target.store.latestHeight).toBe(-1)
  })

  test('prune keeps the newest heights; an unfinished snapshot is not listed', async () => {
    const source = await chainOf(6)
    const m = managerOf(source)
    for (const h of [2, 4, 6]) await m.create(source.store.view(h), undefined)
    expect(await source.files.prune(2)).toBe(1)
    expect((await source.files.list()).map((s) => s.height)).toEqual([6, 4])
    const cut = await source.files.begin(7, 3)
    await cut.chunk(b('partial'))
    expect((await source.files.list()).map((s) => s.height)).toEqual([6, 4])
    expect(await source.files.loadChunk(7, 3, 0)).toBeUndefined()
  })
})

describe('ABCI state sync answers', () => {
  const log = createLogger({ level: 'silent' })
  const offerOf = (info: SnapshotInfo, over: Partial<Record<string, unknown>> = {}) =>
    ({
      snapshot: {
        height: info.height,
        format: info.format,
        chunks: info.chunks,
        hash: info.hash,
        metadata: encodeChunkHashes(info.chunkHashes),
        ...over,
      },
      app_hash: new Uint8Array(32),
    }) as never

  test('ListSnapshots, OfferSnapshot and ApplySnapshotChunk answer as upstream', async () => {
    const source = await chainOf(4)
    const info = await managerOf(source).create(source.store.view(4), undefined)
    const served = new AbciSnapshots(managerOf(source), log)
    const listed = await served.list()
    expect(listed.snapshots).toEqual([
      {
        height: 4,
        format: 3,
        chunks: 1,
        hash: info.hash,
        metadata: encodeChunkHashes(info.chunkHashes),
      },
    ])
    const chunk = (await served.loadChunk({ height: 4, format: 3, chunk: 0 } as never)).chunk
    expect(sha256(chunk)).toEqual(info.chunkHashes[0])
    expect((await served.loadChunk({ height: 4, format: 3, chunk: 1 } as never)).chunk).toEqual(
      new Uint8Array(),
    )
    // The source holds state: a restore into it aborts.
    expect(served.offer(offerOf(info))).toEqual({ result: OFFER.ABORT })

    const target = await chainOf(-1)
    const restoring = new AbciSnapshots(managerOf(target), log)
    expect(restoring.offer({ snapshot: null, app_hash: new Uint8Array() } as never)).toEqual({
      result: OFFER.REJECT,
    })
    expect(restoring.offer(offerOf(info, { format: 1 }))).toEqual({ result: OFFER.REJECT_FORMAT })
    expect(restoring.offer(offerOf(info, { metadata: Uint8Array.of(0xff) }))).toEqual({
      result: OFFER.REJECT,
    })
    expect(restoring.offer(offerOf(info))).toEqual({ result: OFFER.ACCEPT })
    const heard: number[] = []
    const onRestored = async (r: { height: number }) => void heard.push(r.height)
    const bad = Uint8Array.from(chunk)
    bad[3]! ^= 1
    expect(
      await restoring.applyChunk({ index: 0, chunk: bad, sender: 'peer1' } as never, onRestored),
    ).toEqual({ result: APPLY.RETRY, refetch_chunks: [0], reject_senders: ['peer1'] })
    expect(
      await restoring.applyChunk({ index: 0, chunk, sender: 'peer2' } as never, onRestored),
    ).toEqual({ result: APPLY.ACCEPT })
    expect(heard).toEqual([4])
    expect(toHexUpper(target.store.appHash)).toBe(toHexUpper(source.store.appHash))
    // Nothing is being restored any more.
    expect(
      await restoring.applyChunk({ index: 1, chunk, sender: 'peer2' } as never, onRestored),
    ).toEqual({ result: APPLY.ABORT })

    const none = new AbciSnapshots(undefined, log)
    expect(await none.list()).toEqual({ snapshots: [] })
    expect(none.offer(offerOf(info))).toEqual({ result: OFFER.ABORT })
  })
})

test('pruning keeps a height while a snapshot holds it', async () => {
  const backend = createMemoryBackend(createMemoryDatabase())
  const store = await VersionedStore.open({ backend, pruning: { keepRecent: 2, interval: 10 } })
  const genesis = store.branch()
  await genesis.upgradeStores({ added: ['bank'] })
  await commit(backend, store, genesis, 0)
  const next = async (h: number) => {
    const br = store.branch()
    br.store('bank').set(b('k'), b(String(h)))
    await commit(backend, store, br, h)
  }
  for (let h = 1; h <= 9; h++) await next(h)
  const release = store.holds.hold(5)
  for (let h = 10; h <= 20; h++) await next(h)
  expect(store.earliestHeight).toBe(5)
  expect(fromUtf8((await store.view(5).store('bank').get(b('k')))!)).toBe('5')
  release()
  for (let h = 21; h <= 30; h++) await next(h)
  expect(store.earliestHeight).toBe(28)
  expect(() => store.view(5)).toThrow('version does not exist')
})
