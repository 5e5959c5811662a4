import { type Bytes, equalBytes, fromUtf8, toHexUpper, utf8 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'
import { ErrConflict, ErrLogic } from '../errors.js'
import type { Logger } from '../logger.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import { ELEMENT_HASH_UNRECORDED, elementHashNamed } from '../store/lthash.js'
import {
  SNAPSHOT_FORMAT,
  type SnapshotFiles,
  type SnapshotInfo,
  type SnapshotWriter,
} from '../store/snapshot-files.js'
import { readSnapshot, type SnapshotContents, writeSnapshot } from '../store/snapshot-stream.js'
import type { StateReader } from '../store/types.js'
import type { VersionedStore } from '../store/versioned-store.js'

/** The extension that carries the snapshot height's block time (CheckTx runs with it). */
export const LAST_BLOCK_EXTENSION = 'sdkd_last_block'
/**
 * The extension that names the element hash of the source's app hash (lthash.ts), which the
 * restored home takes; a snapshot without it comes from a home of `shake256`.
 */
export const ELEMENT_HASH_EXTENSION = 'sdkd_element_hash'

/** A restore's outcome: the height now committed and its block's time, when the snapshot had it. */
export interface Restored {
  height: number
  appHash: Bytes
  time: TimeNs | undefined
}

/** Why a snapshot cannot be restored, as upstream sorts its errors for ABCI. */
export class SnapshotRefusal extends Error {
  constructor(
    readonly kind: 'format' | 'metadata' | 'chunk-hash' | 'other',
    message: string,
  ) {
    super(message)
  }
}

export interface StateSnapshotsOptions {
  store: VersionedStore
  backend: StoreBackend
  files: SnapshotFiles
  /** The stores the running app version mounts. */
  storeNames(): string[]
  /** sha256 of this home's genesis.json (written with a restored state, as with genesis). */
  genesisHash: Bytes
  logger: Logger
  /** app.toml `[state-sync]`. */
  interval: number
  keepRecent: number
  /** The writes that record the restored height's block time (under CometBFT, CheckTx's time). */
  lastBlockOps(height: number, time: TimeNs): BatchOp[]
}

/** A restore under way: the offered snapshot, its trusted app hash and the chunks so far. */
interface Restoring {
  snapshot: SnapshotInfo
  appHash: Bytes
  chunks: Bytes[]
}

/**
 * State sync snapshots, as upstream's snapshot manager: taken every `snapshot-interval` heights
 * after Commit (in the background; the newest `snapshot-keep-recent` kept), listed and served to
 * CometBFT's peers chunk by chunk, and restored from chunks CometBFT fetched into an empty store.
 * One operation at a time.
 */
export class StateSnapshots {
  private operation: 'snapshot' | 'restore' | undefined
  private restoring: Restoring | undefined
  private readonly log: Logger

  constructor(private readonly o: StateSnapshotsOptions) {
    this.log = o.logger.child({ module: 'snapshots' })
  }

  /** After each Commit: a snapshot of `height` when it is a multiple of the interval. */
  snapshotIfApplicable(height: number, time: TimeNs): void {
    const { interval, keepRecent } = this.o
    if (interval <= 0 || height % interval !== 0) return
    this.log.info({ height }, 'creating state snapshot')
    // Pruning keeps the height until the snapshot is written, as upstream's.
    const release = this.o.store.holds.hold(height)
    void this.create(this.o.store.view(height), time)
      .finally(release)
      .then(async (s) => {
        this.log.info({ height, format: s.format, chunks: s.chunks }, 'completed state snapshot')
        const pruned = await this.o.files.prune(keepRecent)
        if (pruned > 0) this.log.debug({ pruned }, 'pruned state snapshots')
      })
      .catch((err: Error) => {
        this.log.error({ height, err: err.message }, 'failed to create state snapshot')
      })
  }

  /** Writes a snapshot of `view` (refused when one of its height or a later one exists). */
  async create(view: StateReader, time: TimeNs | undefined): Promise<SnapshotInfo> {
    this.begin('snapshot')
    let writer: SnapshotWriter | undefined
    try {
      const latest = await this.o.files.latest()
      if (latest && latest.height >= view.height) {
        throw ErrConflict.wrap(`a more recent snapshot already exists at height ${latest.height}`)
      }
      writer = await this.o.files.begin(view.height, SNAPSHOT_FORMAT)
      const extensions = [
        { name: ELEMENT_HASH_EXTENSION, format: 1, payloads: [utf8(this.o.store.elementHash)] },
      ]
      if (time !== undefined) {
        const payloads = [lastBlockPayload(view.height, time)]
        extensions.push({ name: LAST_BLOCK_EXTENSION, format: 1, payloads })
      }
      await writeSnapshot(view, writer, extensions)
      return await writer.finish()
    } catch (err) {
      await writer?.abandon()
      throw err
    } finally {
      this.operation = undefined
    }
  }

  private begin(op: 'snapshot' | 'restore'): void {
    if (this.operation) throw ErrConflict.wrap(`a ${this.operation} operation is in progress`)
    this.operation = op
  }

  /** ABCI ListSnapshots. */
  list(): Promise<SnapshotInfo[]> {
    return this.o.files.list()
  }

  /** ABCI LoadSnapshotChunk: the chunk, empty when it is not here (upstream's nil). */
  async loadChunk(height: number, format: number, chunk: number): Promise<Bytes> {
    return (await this.o.files.loadChunk(height, format, chunk)) ?? new Uint8Array()
  }

  /**
   * ABCI OfferSnapshot: checks the metadata and the format and begins a restore into the store,
   * which must hold no state (a node state-syncs from nothing).
   */
  offer(snapshot: SnapshotInfo, appHash: Bytes): void {
    if (snapshot.chunks === 0) throw new SnapshotRefusal('metadata', 'no chunks')
    if (snapshot.chunkHashes.length !== snapshot.chunks) {
      throw new SnapshotRefusal(
        'metadata',
        `snapshot has ${snapshot.chunkHashes.length} chunk hashes, but ${snapshot.chunks} chunks`,
      )
    }
    if (snapshot.format !== SNAPSHOT_FORMAT) {
      throw new SnapshotRefusal('format', `snapshot format ${snapshot.format}`)
    }
    if (snapshot.height === 0) {
      throw new SnapshotRefusal('other', 'cannot restore snapshot at height 0')
    }
    if (this.o.store.latestHeight >= 0) {
      throw new SnapshotRefusal(
        'other',
        `cannot restore a snapshot: this app's data already holds height ${this.o.store.latestHeight}`,
      )
    }
    // A new offer replaces a restore that did not finish.
    if (this.operation !== 'restore') this.begin('restore')
    this.restoring = { snapshot, appHash, chunks: [] }
    this.log.info(
      { height: snapshot.height, format: snapshot.format, chunks: snapshot.chunks },
      'restoring state snapshot',
    )
  }

  /**
   * ABCI ApplySnapshotChunk: checks the chunk's hash; with the last one, restores the state and
   * returns what was committed.
   */
  async applyChunk(chunk: Bytes): Promise<Restored | undefined> {
    const r = this.restoring
    if (!r) throw new SnapshotRefusal('other', 'no restore operation in progress')
    const index = r.chunks.length
    const expected = r.snapshot.chunkHashes[index]
    if (!expected) throw new SnapshotRefusal('other', 'received unexpected chunk')
    const hash = sha256(chunk)
    if (!equalBytes(hash, expected)) {
      throw new SnapshotRefusal(
        'chunk-hash',
        `expected ${toHexUpper(expected)}, got ${toHexUpper(hash)}`,
      )
    }
    r.chunks.push(chunk)
    if (r.chunks.length < r.snapshot.chunks) return undefined
    this.restoring = undefined
    this.operation = undefined
    return this.restore(r.snapshot.height, readSnapshot(r.chunks))
  }

  /**
   * Commits `contents` as the state of `height` into the empty store, in one synced batch with the
   * genesis hash and the block time it carries. The stores must be the running app version's.
   */
  async restore(height: number, contents: SnapshotContents): Promise<Restored> {
    const { store } = this.o
    const mounted = this.o.storeNames()
    for (const name of contents.stores.keys()) {
      if (!mounted.includes(name)) {
        throw ErrLogic.wrap(
          `store ${name} not found: this app version does not mount it; state-sync with the app version the chain ran at height ${height}`,
        )
      }
    }
    for (const name of mounted) {
      if (!contents.stores.has(name)) {
        throw ErrLogic.wrap(
          `the snapshot has no store ${name}, which this app version mounts: state-sync with the app version the chain ran at height ${height}`,
        )
      }
    }
    // The source's element hash, so that the restored accumulators give its app hash.
    const element = contents.extensions.get(ELEMENT_HASH_EXTENSION)?.payloads[0]
    store.useElementHash(
      element ? elementHashNamed(fromUtf8(element), 'the snapshot') : ELEMENT_HASH_UNRECORDED,
    )
    const branch = store.branch()
    await branch.upgradeStores({ added: [...contents.stores.keys()] })
    for (const [name, entries] of contents.stores) {
      const kv = branch.store(name)
      for (const [key, value] of entries) kv.set(key, value)
    }
    const prepared = store.prepareCommit(branch, height, true)
    const time = lastBlockTime(contents, height)
    const ops: BatchOp[] = [
      ...prepared.ops,
      { type: 'put', key: META_GENESIS_HASH, value: this.o.genesisHash },
      ...(time === undefined ? [] : this.o.lastBlockOps(height, time)),
    ]
    try {
      await this.o.backend.write(ops, { sync: true })
    } catch (err) {
      store.abortCommit()
      throw err
    }
    prepared.apply()
    prepared.publish()
    this.log.info({ height, app_hash: toHexUpper(prepared.appHash) }, 'restored state snapshot')
    return { height, appHash: prepared.appHash, time }
  }
}

function lastBlockPayload(height: number, time: TimeNs): Bytes {
  return utf8(JSON.stringify({ height, time: time.toString() }))
}

function lastBlockTime(contents: SnapshotContents, height: number): TimeNs | undefined {
  const ext = contents.extensions.get(LAST_BLOCK_EXTENSION)
  const payload = ext?.payloads[0]
  if (!payload) return undefined
  const rec = JSON.parse(fromUtf8(payload)) as { height: number; time: string }
  return rec.height === height ? BigInt(rec.time) : undefined
}
