import type { BlockBuilder } from '../block/block.js'
import { txHashesOf } from '../block/header.js'
import { type Bytes, readUint32BE, readUint64BE, uint64BE } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrInvalidRequest, ErrLogic } from '../errors.js'
import {
  appendOps,
  type BatchOp,
  type BatchWrite,
  type PreparedWrites,
  type StoreBackend,
} from './backend.js'
import { type TxResult, txLocation } from './block-record.js'
import { BlockResults } from './block-results.js'
import {
  blockHashKey,
  blockKey,
  FAMILY_TX_EVENT,
  FAMILY_TX_POSTING,
  META_BLOCK_BASE,
  prefixEnd,
  txHashKey,
} from './keys.js'
import { PendingBlocks } from './pending-blocks.js'
import { BlockRecordCodec, type StoredBlock } from './stored-block.js'
import {
  type IndexedTx,
  legacyTxIndexOps,
  parseLegacyTxEventKey,
  parseTxPosting,
  txEventPrefix,
  txIndexOps,
} from './tx-index.js'
import { txIndexSteps } from './tx-index-encoded.js'

export type { StoredValidatorUpdate, TxResult } from './block-record.js'
export { eventToProto, txResultToProto } from './block-record.js'
export type { StoredBlock } from './stored-block.js'

/**
 * The result of the tx at `index` of a stored block: from its compact form when it has one (only
 * that result is decoded: a broadcast_tx_commit or a `tx` query reads one), else from its list.
 */
export function txResultOf(stored: StoredBlock, index: number): TxResult | undefined {
  const compact = stored.compactResults
  if (!compact) return stored.results[index]
  return index >= 0 && index < compact.length ? compact.get(index) : undefined
}

/** Where a tx landed. */
export interface TxLocation {
  height: number
  index: number
}

/** Most blocks pruned in one commit (bounded work per height). */
const MAX_PRUNE_PER_COMMIT = 1000

/** The block store: blocks, results and hash indexes, written in the same batch as the state. */
export class BlockStore {
  private readonly records: BlockRecordCodec
  private latestBlock: StoredBlock | undefined
  private baseHeight = 0
  /** Base after the commits prepared so far (some may not be durable yet). */
  private plannedBase = 0
  /** Height of the last block prepared (above the latest while commits are being written). */
  private preparedHeight = 0
  /**
   * Blocks a prepared commit deletes while they are still visible (below the published base only once
   * that commit is published): a reader that chose a height before the batch landed still gets it.
   */
  private readonly retiring = new Map<number, StoredBlock>()
  /** Blocks prepared and not yet published (a burst writes many heights in one batch). */
  private readonly unpublished = new PendingBlocks<StoredBlock>()
  /** The base block, once read (every /status shows it; it changes only when the base moves). */
  private baseBlock: StoredBlock | undefined

  private constructor(
    private readonly backend: StoreBackend,
    builder: BlockBuilder,
    registry: ProtoRegistry,
    /** config.toml tx_index.indexer = "kv": tx events are indexed for searches. */
    readonly indexTxEvents: boolean,
    /**
     * The database holds tx index entries in the layout of older homes (one key per attribute and
     * tx): searches read them too, and a block's are deleted with it.
     */
    private readonly legacyIndex: boolean,
  ) {
    this.records = new BlockRecordCodec(registry, builder)
  }

  /** Opens the block store; `latestHeight` is the last committed height of the node. */
  static async open(options: {
    backend: StoreBackend
    builder: BlockBuilder
    registry: ProtoRegistry
    latestHeight: number
    /** Index tx events for searches (default true; CometBFT's `tx_index.indexer = "null"` is false). */
    indexTxEvents?: boolean
  }): Promise<BlockStore> {
    let legacyIndex = false
    for await (const _ of options.backend.entries({ ...familyRange(FAMILY_TX_EVENT), limit: 1 }))
      legacyIndex = true
    const bs = new BlockStore(
      options.backend,
      options.builder,
      options.registry,
      options.indexTxEvents ?? true,
      legacyIndex,
    )
    const base = await options.backend.get(META_BLOCK_BASE)
    if (base) bs.baseHeight = readUint64BE(base)
    bs.plannedBase = bs.baseHeight
    bs.preparedHeight = Math.max(options.latestHeight, 0)
    if (options.latestHeight > 0) bs.latestBlock = await bs.load(options.latestHeight)
    return bs
  }

  /** Lowest retained block height (0 before the first block). */
  get base(): number {
    return this.baseHeight
  }

  /** The latest committed block. */
  get latest(): StoredBlock | undefined {
    return this.latestBlock
  }

  /** The block at `height`, if retained. */
  async get(height: number): Promise<StoredBlock | undefined> {
    if (this.latestBlock && height === this.latestBlock.block.header.height) return this.latestBlock
    if (height < this.baseHeight) return undefined
    if (height === this.baseHeight) {
      if (this.baseBlock?.block.header.height === height) return this.baseBlock
      const block = await this.load(height)
      // Keep it only if the base did not move (or roll back) while it was read.
      if (block && height === this.baseHeight) this.baseBlock = block
      return block
    }
    return this.retiring.get(height) ?? this.load(height)
  }

  /**
   * The earliest kept block (/status shows it): when pruning deletes the base while it is read, the
   * new base's.
   */
  async earliest(): Promise<StoredBlock | undefined> {
    for (;;) {
      const base = this.baseHeight
      const block = await this.get(base)
      if (block || this.baseHeight === base) return block
    }
  }

  /** Height of the block with this header hash. */
  async heightOfHash(hash: Bytes): Promise<number | undefined> {
    const v = await this.backend.get(blockHashKey(hash))
    return v ? readUint64BE(v) : undefined
  }

  /** Location of a tx by its hash. */
  async txLocation(hash: Bytes): Promise<TxLocation | undefined> {
    const v = await this.backend.get(txHashKey(hash))
    if (!v) return undefined
    return { height: readUint64BE(v), index: readUint32BE(v, 8) }
  }

  /**
   * Txs whose indexed attribute `compositeKey` (`message.sender`, `tx.height`) has a value within
   * [gte, lt) — or exactly `value` — in (height, index) order for an exact value, value order
   * otherwise. Only retained blocks are indexed.
   */
  async *indexedTxs(
    compositeKey: string,
    select: { value: string } | { gte?: string; lt?: string },
  ): AsyncIterable<IndexedTx> {
    for await (const [key, indexes] of this.backend.entries(
      indexRange(compositeKey, select, FAMILY_TX_POSTING),
    )) {
      yield* parseTxPosting(key, indexes, compositeKey)
    }
    if (!this.legacyIndex) return
    for await (const [key] of this.backend.entries(
      indexRange(compositeKey, select, FAMILY_TX_EVENT),
    )) {
      yield parseLegacyTxEventKey(key, compositeKey)
    }
  }

  /** Deletes of the tx index entries of the block at `height`, in either layout. */
  private indexDeletes(height: number, results: StoredBlock['results'], ops: BatchOp[]): void {
    txIndexOps(height, results, 'del', ops)
    if (this.legacyIndex) legacyTxIndexOps(height, results, 'del', ops)
  }

  private async load(height: number): Promise<StoredBlock | undefined> {
    const bytes = await this.backend.get(blockKey(height))
    if (!bytes) return undefined
    return this.records.decode(bytes)
  }

  /**
   * Writes for committing `stored`, and for pruning blocks below `retainHeight` (0 = keep all).
   * Reads the blocks to prune (their hashes and txs index entries go too; blocks prepared but not
   * yet written are read from memory). `publish()` makes the block visible once the writes are
   * durable.
   */
  prepareCommit(
    stored: StoredBlock,
    retainHeight: number,
  ): PreparedWrites | Promise<PreparedWrites> {
    const { block } = stored
    const height = block.header.height
    const compact = stored.compactResults ?? BlockResults.of(stored.results)
    const record = this.records.encode(stored, compact)
    const ops: BatchWrite[] = [
      { type: 'put', key: blockKey(height), value: record },
      { type: 'put', key: blockHashKey(block.blockId.hash), value: uint64BE(height) },
    ]
    // The hashes the block's data hash was made of (not made again).
    const txHashes = txHashesOf(block.txs)
    for (let i = 0; i < txHashes.length; i++) {
      ops.push({ type: 'put', key: txHashKey(txHashes[i]!), value: txLocation(height, i) })
    }
    // The tx index's keys are made as the batch is written, each put at once (see MoreOps).
    if (this.indexTxEvents && block.txs.length > 0) {
      ops.push({ type: 'more', write: (sink) => txIndexSteps(height, compact, 'put', sink) })
    }
    // Blocks up to the last one prepared may go: one not yet written is deleted by a later write
    // of the same or a later batch (batches are written in order), and read from memory meanwhile.
    // Only pruning reads the store: a commit that prunes nothing is prepared at once.
    const base = this.plannedBase === 0 ? height : this.plannedBase
    if (retainHeight > base && base <= this.preparedHeight)
      return this.prune(base, retainHeight).then((pruned) => {
        appendOps(ops, pruned.ops)
        return this.planned(stored, ops, pruned.base)
      })
    return this.planned(stored, ops, base)
  }

  /**
   * Deletes of the blocks below `retainHeight` from `base` (a bounded number per commit), and the
   * base after them.
   */
  private async prune(
    base: number,
    retainHeight: number,
  ): Promise<{ ops: BatchOp[]; base: number }> {
    const until = Math.min(retainHeight, base + MAX_PRUNE_PER_COMMIT, this.preparedHeight + 1)
    const ops: BatchOp[] = []
    for (let h = base; h < until; h++) {
      const old = this.unpublished.get(h) ?? (await this.load(h))
      ops.push({ type: 'del', key: blockKey(h) })
      if (!old) continue
      this.retiring.set(h, old)
      ops.push({ type: 'del', key: blockHashKey(old.block.blockId.hash) })
      for (const tx of old.block.txs) ops.push({ type: 'del', key: txHashKey(sha256(tx)) })
      if (old.block.txs.length > 0) this.indexDeletes(h, old.results, ops)
    }
    return { ops, base: until }
  }

  /** The rest of preparing a commit, once the new base is known. */
  private planned(stored: StoredBlock, ops: BatchWrite[], newBase: number): PreparedWrites {
    const height = stored.block.header.height
    if (newBase !== this.plannedBase)
      ops.push({ type: 'put', key: META_BLOCK_BASE, value: uint64BE(newBase) })
    this.plannedBase = newBase
    this.preparedHeight = height
    this.unpublished.set(height, stored)
    return {
      ops,
      publish: () => {
        this.unpublished.delete(height)
        this.baseHeight = newBase
        this.latestBlock = stored
        for (const h of this.retiring.keys()) if (h < newBase) this.retiring.delete(h)
      },
    }
  }

  /**
   * Writes for rolling back to `toHeight` (dev revert): the blocks above it go with their block-hash,
   * tx-hash and tx-event index entries; the base stays. Rolling back to before the chain's first
   * block (0 on a chain starting at 1) empties the store. Nothing changes in memory until `apply()`,
   * called once the writes are durable.
   */
  async prepareRollback(toHeight: number): Promise<{ ops: BatchOp[]; apply(): void }> {
    const latest = this.latestBlock?.block.header.height ?? 0
    if (this.preparedHeight > latest) {
      throw ErrLogic.wrap(`cannot roll back while block ${this.preparedHeight} is being written`)
    }
    const refuse = (why: string) =>
      ErrInvalidRequest.wrap(`cannot roll back to height ${toHeight}: ${why}`)
    if (!Number.isSafeInteger(toHeight) || toHeight < 0) {
      throw refuse('height must be a non-negative integer')
    }
    if (toHeight > latest) throw refuse(`latest block height is ${latest}`)
    const base = this.baseHeight
    const ops: BatchOp[] = []
    let target: StoredBlock | undefined
    if (toHeight < base) {
      // Below the base is "before the first block" only if the base block is the chain's first.
      const first = await this.get(base)
      if (!first || first.block.header.lastBlockId.hash.length > 0) {
        throw refuse(`blocks are pruned below height ${base}`)
      }
      ops.push({ type: 'del', key: META_BLOCK_BASE })
    } else if (toHeight > 0) {
      target = await this.get(toHeight)
      if (!target) throw ErrLogic.wrap(`block ${toHeight} is missing from the block store`)
    }
    // Every block to go is durable (nothing is being written): one scan reads them all, and a
    // block without txs is not decoded beyond its hash (a revert may drop 100,000 mined blocks).
    const from = Math.max(toHeight + 1, base)
    for await (const [key, bytes] of this.backend.entries({
      gte: blockKey(from),
      lt: blockKey(latest + 1),
    })) {
      ops.push({ type: 'del', key })
      const record = this.records.fields(bytes)
      ops.push({ type: 'del', key: blockHashKey(new Uint8Array(record.block_hash)) })
      if (record.tx_results.length === 0) continue
      const old = this.records.stored(record)
      for (const tx of old.block.txs) ops.push({ type: 'del', key: txHashKey(sha256(tx)) })
      // Deleted whatever `indexTxEvents` says now: the entries may date from a run that indexed.
      this.indexDeletes(old.block.header.height, old.results, ops)
    }
    const newBase = toHeight < base ? 0 : base
    return {
      ops,
      apply: () => {
        this.latestBlock = target
        this.baseHeight = newBase
        this.plannedBase = newBase
        this.preparedHeight = toHeight < base ? 0 : toHeight
        for (const h of this.retiring.keys()) if (h > toHeight) this.retiring.delete(h)
        this.unpublished.clear()
        // Heights above toHeight will hold other blocks.
        if ((this.baseBlock?.block.header.height ?? 0) > toHeight) this.baseBlock = undefined
      },
    }
  }
}

/** The index entries of `compositeKey` in `family`: of one value, or of values within [gte, lt). */
function indexRange(
  compositeKey: string,
  select: { value: string } | { gte?: string; lt?: string },
  family: number,
): { gte: Bytes; lt: Bytes } {
  if ('value' in select) {
    const gte = txEventPrefix(compositeKey, select.value, family)
    return { gte, lt: afterPrefix(gte) }
  }
  const base = txEventPrefix(compositeKey, undefined, family)
  return {
    gte: select.gte === undefined ? base : txEventPrefix(compositeKey, select.gte, family),
    lt:
      select.lt === undefined ? afterPrefix(base) : txEventPrefix(compositeKey, select.lt, family),
  }
}

/** Every key of one family. */
function familyRange(family: number): { gte: Bytes; lt: Bytes } {
  return { gte: Uint8Array.of(family), lt: Uint8Array.of(family + 1) }
}

/** The first key after every key that starts with `prefix` (past the family when none is). */
function afterPrefix(prefix: Bytes): Bytes {
  return prefixEnd(prefix) ?? Uint8Array.of(0xff, 0xff)
}
