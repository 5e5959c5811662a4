import type { BlockContext } from '../app/types.js'
import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { ErrMempoolIsFull, ErrTxInMempoolCache, ErrTxTooLarge } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StateBranch } from '../store/types.js'
import type { SimulationResult, TxOutcome } from '../tx/executor.js'
import { type CheckTxResponse, failure, response } from './check-tx-response.js'
import { type MempoolError, refused } from './mempool-error.js'
import { type BlockTxLimits, maxDataBytes, protoSizeOfTx, TxList } from './mempool-txs.js'
import { codeAt, type HeldTxSource, type TxCodes, type TxSource } from './producer-options.js'

export type { CheckTxResponse }

/** CometBFT's default mempool cache size (recently seen tx hashes). */
export const MEMPOOL_CACHE_SIZE = 10_000

/** What the mempool runs txs with (the node's TxRunner). */
export interface MempoolRunner {
  /** Work that may run before the mempool is locked (signature verification off the main thread). */
  preverify?(bytes: Bytes, state: StateBranch): void | Promise<void>
  checkTx(ctx: BlockContext, bytes: Bytes, recheck: boolean): TxOutcome | Promise<TxOutcome>
  simulate(ctx: BlockContext, bytes: Bytes): Promise<SimulationResult>
}

export interface MempoolOptions {
  runner: MempoolRunner
  /** A fresh branch over the node's newest state (the working state, ahead of the disk). */
  newCheckState(): StateBranch
  /** The context CheckTx runs with over a state (height = last block, its time). */
  checkContext(state: StateBranch): BlockContext
  /** config.toml [mempool] size, max_tx_bytes, max_txs_bytes; app.toml [mempool] max-txs. */
  limits: { size: number; maxTxBytes: number; maxTxsBytes: number; appMaxTxs: number }
  block: BlockTxLimits
  cacheSize?: number
  logger: Logger
}

/** What a settled call leaves for the next on the mempool's lock: nothing (one function for all). */
const RELEASE = (): void => {}

/**
 * The mempool: CometBFT's CheckTx admission (size, cache, capacity), the app's CheckTx on a check
 * state that follows the node's working state, FIFO reaping within the block's byte, gas and count
 * limits, and a recheck of what is left after every block.
 */
export class Mempool implements TxSource {
  /** Txs waiting for a block. */
  private readonly pool = new TxList()
  /**
   * Txs reaped into a block that is not yet durable and published. CometBFT keeps a block's txs in
   * its mempool until Update, after Commit: until then they count as unconfirmed, so a client that
   * sees the mempool empty reads the state after them.
   */
  private readonly inBlocks = new TxList()
  private readonly cache = new Map<string, true>()
  /** The check state; created on first use (after genesis), renewed after every block. */
  private checkState: StateBranch | undefined
  private lock: Promise<unknown> = Promise.resolve()
  private readonly cacheSize: number
  /** Hashes of txs seen by CheckTx, by their bytes object (the block hands back the same bytes). */
  private readonly hashes = new WeakMap<Bytes, string>()

  constructor(private readonly o: MempoolOptions) {
    this.cacheSize = o.cacheSize ?? MEMPOOL_CACHE_SIZE
  }
  /**
   * The block's byte and gas limits from the next reap on (a governance proposal changed the
   * consensus params; the node's own max_block_bytes and max-block-txs stay).
   */
  setBlockLimits(limits: Pick<BlockTxLimits, 'maxBytes' | 'maxGas'>): void {
    this.o.block = { ...this.o.block, maxBytes: limits.maxBytes, maxGas: limits.maxGas }
  }

  private get state(): StateBranch {
    this.checkState ??= this.o.newCheckState()
    return this.checkState
  }

  /** Runs `fn` with the mempool to itself (CheckTx, recheck and simulation never interleave). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn)
    // The next call goes once this one settled, whether it succeeded or not.
    this.lock = run.then(RELEASE, RELEASE)
    return run
  }

  /** Number of txs waiting. */
  get size(): number {
    return this.pool.size
  }

  /** Total bytes of the txs waiting. */
  get totalBytes(): number {
    return this.pool.bytes
  }

  /** The txs waiting, oldest first (at most `limit`). */
  txs(limit = Number.POSITIVE_INFINITY): Bytes[] {
    return TxList.bytesOf(limit, this.pool)
  }

  /**
   * Unconfirmed txs as CometBFT's RPC counts them (`num_unconfirmed_txs`, `unconfirmed_txs`, the
   * mempool metrics): the ones waiting and the ones in a block not yet durable and published.
   */
  get unconfirmedSize(): number {
    return this.inBlocks.size + this.pool.size
  }

  /** Total bytes of the unconfirmed txs. */
  get unconfirmedBytes(): number {
    return this.inBlocks.bytes + this.pool.bytes
  }

  /** The unconfirmed txs, oldest first (at most `limit`): those in a block, then those waiting. */
  unconfirmedTxs(limit = Number.POSITIVE_INFINITY): Bytes[] {
    return TxList.bytesOf(limit, this.inBlocks, this.pool)
  }

  /** The block with `txs` is durable and published: they are no longer unconfirmed. */
  published(txs: readonly Bytes[]): void {
    for (const tx of txs) {
      const hash = this.hashes.get(tx)
      if (hash !== undefined) this.inBlocks.remove(hash)
    }
  }

  private isFull(txSize: number): MempoolError | undefined {
    const { size, maxTxsBytes } = this.o.limits
    const { size: count, bytes } = this.pool
    if (count >= size || txSize + bytes > maxTxsBytes) {
      return refused(
        `mempool is full: number of txs ${count} (max: ${size}), total txs bytes ${bytes} (max: ${maxTxsBytes})`,
        ErrMempoolIsFull,
      )
    }
    return undefined
  }

  private pushCache(hash: string): boolean {
    if (this.cache.has(hash)) {
      // refresh its place (LRU)
      this.cache.delete(hash)
      this.cache.set(hash, true)
      return false
    }
    this.cache.set(hash, true)
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!)
    return true
  }

  private readonly admittedListeners: (() => void)[] = []

  /** Calls `listener` whenever a tx joins the pool (instant mining). */
  onAdmitted(listener: () => void): void {
    this.admittedListeners.push(listener)
  }

  private readonly checkedListeners: ((tx: Bytes, code: number) => void)[] = []

  /**
   * Calls `listener` with each new tx's CheckTx code once the app has answered: 0 when it joined
   * the pool (metrics). Rejections before the app (size, cache, capacity) are not reported.
   */
  onChecked(listener: (tx: Bytes, code: number) => void): void {
    this.checkedListeners.push(listener)
  }

  private checked(tx: Bytes, code: number): void {
    for (const listener of this.checkedListeners) {
      try {
        listener(tx, code)
      } catch (err) {
        this.o.logger.error({ err, module: 'mempool' }, 'a CheckTx listener failed')
      }
    }
  }

  /**
   * Empties the pool and the cache and admits `txs` again, in order, against the current state (a
   * dev revert restores the pool of its snapshot); the ones that no longer pass are dropped.
   */
  async reset(txs: readonly Bytes[]): Promise<void> {
    await this.exclusive(async () => {
      this.pool.clear()
      this.cache.clear()
      this.inBlocks.clear()
      this.checkState = this.o.newCheckState()
    })
    for (const tx of txs) await this.checkTx(tx).catch(() => undefined)
  }

  /**
   * Empties the pool and the cache, as CometBFT's Flush (`unsafe_flush_mempool`): the txs of a block
   * being committed stay until it is published, and the check state keeps what the flushed txs did
   * (their senders' sequences) until the next block renews it, as the app's check state does.
   */
  async flush(): Promise<void> {
    await this.exclusive(async () => {
      this.pool.clear()
      this.cache.clear()
    })
  }

  /**
   * CometBFT CheckTx: capacity, size and pre-checks (thrown as MempoolError), the cache (a tx seen
   * before: `tx already exists in cache`), then the app's CheckTx; a passing tx joins the pool.
   */
  checkTx(bytes: Bytes): Promise<CheckTxResponse> {
    // (a tx in the cache is refused below: nothing to verify ahead for it)
    const verified =
      this.o.runner.preverify &&
      bytes.length <= this.o.limits.maxTxBytes &&
      !this.cache.has(this.hashOf(bytes))
        ? this.o.runner.preverify(bytes, this.state)
        : undefined
    // Its failure is CheckTx's (awaited in turn below); handled now, so it is never "unhandled".
    // (Nothing to wait for where the broadcast's worker verified every signature already.)
    if (verified instanceof Promise) verified.catch(() => undefined)
    // The tx takes its place in the queue now, while its signatures are verified elsewhere: txs
    // reach CheckTx in arrival order (a sender's burst keeps its sequence order), however long
    // each one's verification takes.
    return this.exclusive(async () => {
      if (verified instanceof Promise) await verified
      const full = this.isFull(bytes.length)
      if (full) throw full
      const { maxTxBytes, appMaxTxs } = this.o.limits
      if (bytes.length > maxTxBytes) {
        throw refused(
          `Tx too large. Max size is ${maxTxBytes}, but got ${bytes.length}`,
          ErrTxTooLarge,
        )
      }
      const dataMax = maxDataBytes(this.o.block)
      if (protoSizeOfTx(bytes.length) > dataMax) {
        throw refused(
          `tx pre check: tx size is too big: ${protoSizeOfTx(bytes.length)}, max: ${dataMax}`,
        )
      }
      const hash = this.hashOf(bytes)
      if (!this.pushCache(hash)) throw refused('tx already exists in cache', ErrTxInMempoolCache)
      if (appMaxTxs > 0 && this.pool.size >= appMaxTxs) {
        this.cache.delete(hash)
        this.checked(bytes, 1)
        return failure(hash, 1, 'undefined', 'pool reached max tx capacity')
      }
      const checked = this.o.runner.checkTx(this.o.checkContext(this.state), bytes, false)
      const out = checked instanceof Promise ? await checked : checked
      if (out.code !== 0) {
        this.cache.delete(hash)
        this.checked(bytes, out.code)
        return response(hash, out)
      }
      // Still waiting, its hash pushed out of the cache by newer txs: held once, as CometBFT does
      // ("transaction already there, not adding it again").
      if (this.pool.has(hash)) return response(hash, out)
      const afterFull = this.isFull(bytes.length)
      if (afterFull) {
        this.cache.delete(hash)
        throw afterFull
      }
      this.pool.add(hash, { bytes, gasWanted: out.gasWanted })
      for (const listener of this.admittedListeners) listener()
      this.checked(bytes, 0)
      return response(hash, out)
    })
  }

  /**
   * The RPC's `check_tx`, as CometBFT's: the app's CheckTx (type New) on the check state, without
   * the mempool's admission (no size, cache or capacity checks; the tx is not added). What it
   * changes stays, as a broadcast tx's does: the ante handler's sequence bump makes the same tx
   * broadcast next fail with code 32, until the next block starts the check state afresh.
   */
  checkNew(bytes: Bytes): Promise<CheckTxResponse> {
    return this.exclusive(() => this.runCheck(this.state, bytes))
  }

  /** CheckTx on a branch of the check state that is dropped: what a tx would get, nothing kept. */
  dryCheck(bytes: Bytes): Promise<CheckTxResponse> {
    return this.exclusive(() => this.runCheck(this.state.branch(), bytes))
  }

  private async runCheck(state: StateBranch, bytes: Bytes): Promise<CheckTxResponse> {
    const out = await this.o.runner.checkTx(this.o.checkContext(state), bytes, false)
    return response(toHexUpper(sha256(bytes)), out)
  }

  /** Simulates a tx on top of the check state (pending txs included); nothing is kept. */
  simulate(bytes: Bytes): Promise<SimulationResult> {
    return this.exclusive(() =>
      this.o.runner.simulate(this.o.checkContext(this.state.branch()), bytes),
    )
  }

  /** The tx hash (upper-case hex), remembered per bytes object. */
  private hashOf(bytes: Bytes): string {
    let hash = this.hashes.get(bytes)
    if (hash === undefined) {
      hash = toHexUpper(sha256(bytes))
      this.hashes.set(bytes, hash)
    }
    return hash
  }

  /** Tells the mempool the hash (upper-case hex) of tx `bytes`, computed as the tx arrived. */
  knowHash(bytes: Bytes, hash: string): void {
    this.hashes.set(bytes, hash)
  }

  /** Whether a tx with this hash (upper-case hex) waits in the pool. */
  has(hash: string): boolean {
    return this.pool.has(hash)
  }

  /**
   * Takes the oldest txs that fit the block: data bytes (block.max_bytes or max_block_bytes), the
   * sum of their gas limits (block.max_gas) and max_block_txs.
   */
  reap(): Bytes[] {
    return this.pool.reapInto(this.inBlocks, this.o.block)
  }

  /** Holds the pool until `release` (`TxSource.hold`); waits for what holds it now. */
  hold(): Promise<HeldTxSource> {
    return new Promise((resolve) => {
      void this.exclusive(
        () =>
          new Promise<void>((release) => {
            resolve({ update: (h, c, r) => this.afterBlock(h, c, r), release: () => release() })
          }),
      )
    })
  }

  /**
   * After block `height` is applied, with the pool held: committed txs stay in the cache when they
   * passed (a replay is a duplicate) and leave it when they failed; the check state restarts from
   * the new state and every waiting tx is rechecked in order (signatures are not verified again),
   * failures dropped.
   */
  private async afterBlock(
    height: number,
    committed: readonly Bytes[],
    results: TxCodes,
  ): Promise<void> {
    // A fresh branch over the new state, made when first used.
    this.checkState = undefined
    // An empty block over an empty pool (a mined burst): only the check state moves on.
    if (committed.length === 0 && this.pool.size === 0) return
    committed.forEach((tx, i) => {
      const hash = this.hashOf(tx)
      this.pool.remove(hash)
      if (codeAt(results, i) === 0) this.pushCache(hash)
      else this.cache.delete(hash)
    })
    let dropped = 0
    for (const [hash, t] of this.pool.entries()) {
      const out = await this.o.runner.checkTx(this.o.checkContext(this.state), t.bytes, true)
      if (out.code === 0) continue
      this.pool.remove(hash)
      this.cache.delete(hash)
      dropped++
    }
    if (dropped > 0) {
      this.o.logger.debug(
        { module: 'mempool', height, dropped, remaining: this.pool.size },
        'rechecked mempool after block',
      )
    }
  }
}
