import { EventEmitter } from 'node:events'
import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import {
  type Block,
  type BlockBuilder,
  type BlockId,
  EMPTY_BLOCK_ID,
  type Header,
} from '../block/block.js'
import { EventManager } from '../block/events.js'
import type { BlockPipeline, PendingBlock } from '../block/pipeline.js'
import { type Bytes, emptyBytes, toHexUpper } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import type { ProtoRegistry } from '../codec/proto.js'
import {
  formatRfc3339Nano,
  nextBlockTime,
  nowNs,
  type TimeNs,
  timeToTimestamp,
} from '../codec/time.js'
import type { Genesis } from '../config/genesis.js'
import { ChainHaltError, ErrInvalidRequest } from '../errors.js'
import type { Logger } from '../logger.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import type { BlockStore, StoredBlock, TxResult } from '../store/block-store.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import type { StateBranch, StoreUpgrades } from '../store/types.js'
import type { VersionedStore } from '../store/versioned-store.js'
import type { TxExecutor } from '../tx/executor.js'
import { CommitQueue, type PendingCommit } from './commit-queue.js'
import { runBlock } from './run-block.js'

/** Source of txs for the next block (the mempool). */
export interface TxSource {
  /** Takes the txs for the next block out of the pool (they must not be reaped again). */
  reap(): Bytes[]
  /**
   * Called once the block at `height` is applied in memory, before the next block is built (upstream
   * Commit resets the check state then): recheck the rest against the new working state.
   */
  update(height: number, committed: readonly Bytes[], results: readonly TxResult[]): Promise<void>
  /** Txs waiting for a block. */
  readonly size: number
  /** Calls `listener` whenever a tx is admitted (instant mining makes a block for it). */
  onAdmitted(listener: () => void): void
}

/**
 * How blocks come: every `intervalMs` (CometBFT's timeout_commit; the default), as soon as a tx is
 * admitted (`instant`), or only when asked (`manual`: `produceBlocks`).
 */
export interface MiningMode {
  mode: 'interval' | 'instant' | 'manual'
  intervalMs: number
}

/** The block clock: the wall clock plus an offset, and a time set for the next block. */
export interface BlockClock {
  /** Added to the wall clock (nanoseconds); it only grows, so block times never go back. */
  offsetNs: bigint
  /** The time the next block takes, when one was set (time travel). */
  nextTime: TimeNs | undefined
}

/** Options of a burst of blocks (`produceBlocks`). */
export interface ProduceOptions {
  /** Each block's time is the previous one plus this (0: the block clock). */
  stepNs?: bigint
  /**
   * A change made in the first block after BeginBlock, before its txs (an out-of-band dev edit:
   * it commits with that block, so the app hash stays the block's).
   */
  edit?: (ctx: BlockContext) => Promise<void>
  /** Log each commit at debug and the burst as one info line (`mined blocks`). */
  quiet?: boolean
  /** Stop once the chain reaches this height, counting blocks the loop builds meanwhile. */
  toHeight?: number
}

/** How one block is built (internal to the producer). */
interface BuildOptions extends ProduceOptions {
  /** More blocks follow at once: its write may wait to share a batch with theirs. */
  hold?: boolean
}

export interface ProducerOptions {
  backend: StoreBackend
  store: VersionedStore
  blocks: BlockStore
  builder: BlockBuilder
  /**
   * Builds the empty blocks of a burst on another thread while this one runs the next heights
   * (absent: every block is built here).
   */
  pipeline?: BlockPipeline
  app: App
  registry: ProtoRegistry
  genesis: Genesis
  logger: Logger
  timeoutCommitMs: number
  haltHeight?: number
  haltTime?: number
  minRetainBlocks?: number
  txExecutor?: TxExecutor
  txSource?: TxSource
  /**
   * Store upgrades of the upgrade this start replays (upstream UpgradeStoreLoader): applied to the
   * branch of block `height` before PreBlock, so they commit with that block, and only once.
   */
  storeUpgrades?: { name: string; height: number; upgrades: StoreUpgrades }
}

export interface ProducerEvents {
  block: [StoredBlock]
  halt: [ChainHaltError]
  /** A height is applied in memory (not yet durable): ms spent building and executing it. */
  applied: [height: number, ms: number]
  /** An atomic batch is durable: the heights it holds and the seconds its write took. */
  batch: [heights: number, seconds: number]
}

/**
 * The block producer: the only writer of the node. It schedules heights, applies the halting rules
 * and the store upgrades of the upgrade being replayed, runs each height on a branch (`runBlock`)
 * and hands it to the commit queue, which writes it atomically (several heights per batch when the
 * disk lags) and publishes it once durable.
 */
export class BlockProducer extends EventEmitter<ProducerEvents> {
  private readonly log: Logger
  private running = false
  private timer: NodeJS.Timeout | undefined
  private building: Promise<PendingCommit> | undefined
  private readonly queue: CommitQueue
  private nextHeight: number
  private lastId: BlockId = EMPTY_BLOCK_ID
  /** The last block when it was handed to the pipeline and not yet collected. */
  private lastPending: PendingBlock | undefined
  private lastTime: TimeNs | undefined
  /** CometBFT gives the first block the empty tree's root (sha256 of nothing) after InitChain. */
  private lastResultsHash: Bytes = EMPTY_HASH
  private haltHeight: number
  private haltTime: number
  private storeUpgrades: ProducerOptions['storeUpgrades']
  private nextAt = 0
  private mining: MiningMode
  private readonly clock: BlockClock = { offsetNs: 0n, nextTime: undefined }

  constructor(private readonly o: ProducerOptions) {
    super()
    this.log = o.logger.child({ module: 'state' })
    this.haltHeight = o.haltHeight ?? 0
    this.haltTime = o.haltTime ?? 0
    this.storeUpgrades = o.storeUpgrades
    this.mining = { mode: 'interval', intervalMs: o.timeoutCommitMs }
    o.txSource?.onAdmitted(() => {
      if (
        this.running &&
        this.mining.mode === 'instant' &&
        this.timer === undefined &&
        !this.building
      )
        this.schedule(0)
    })
    this.queue = new CommitQueue({
      backend: o.backend,
      logger: this.log,
      onCommit: (stored) => this.emit('block', stored),
      onBatch: (heights, seconds) => this.emit('batch', heights, seconds),
      onHalt: (err) => {
        this.running = false
        this.emit('halt', err)
      },
    })
    this.nextHeight = o.genesis.initialHeight
    this.followLatest()
  }

  /** Takes the last block, id, time and results hash from the block store's latest block. */
  private followLatest(): void {
    const { blocks, builder, genesis } = this.o
    const latest = blocks.latest
    this.nextHeight = latest ? latest.block.header.height + 1 : genesis.initialHeight
    this.lastBlockId = latest ? latest.block.blockId : EMPTY_BLOCK_ID
    this.lastTime = latest?.block.header.time
    this.lastResultsHash = latest ? builder.resultsHash(latest.results) : EMPTY_HASH
  }

  /** The id of the last block built (collected from the pipeline first if it is out there). */
  private get lastBlockId(): BlockId {
    if (this.lastPending) {
      this.lastId = this.lastPending.complete().blockId
      this.lastPending = undefined
    }
    return this.lastId
  }

  private set lastBlockId(id: BlockId) {
    this.lastId = id
    this.lastPending = undefined
  }

  /** Last durable block height (0 before the first block). */
  get height(): number {
    return this.o.blocks.latest?.block.header.height ?? 0
  }

  /** Whether the block loop is running. */
  get isRunning(): boolean {
    return this.running
  }

  /** Commits genesis state (InitChain) if nothing is committed yet. */
  async initChain(): Promise<void> {
    const { store, app, genesis } = this.o
    if (store.latestHeight >= 0) return
    const branch = store.branch()
    await branch.upgradeStores({ added: app.storeNames() })
    const header = this.syntheticHeader(genesis.initialHeight, genesis.genesisTime)
    const ctx = this.context(branch, header, new EventManager())
    await app.initChain(ctx, genesis.appState)
    const prepared = store.prepareCommit(branch, genesis.initialHeight - 1)
    try {
      await this.o.backend.write([
        ...prepared.ops,
        { type: 'put', key: META_GENESIS_HASH, value: genesis.hash },
      ])
    } catch (err) {
      store.abortCommit()
      throw err
    }
    prepared.apply()
    prepared.publish()
    this.log.info(
      { chain_id: genesis.chainId, app_hash: toHexUpper(prepared.appHash) },
      'initialized chain from genesis',
    )
  }

  /** Starts producing blocks as the mining mode says (every timeout_commit by default). */
  start(): void {
    if (this.running) return
    this.running = true
    this.resume()
  }

  /** Schedules the next block of the loop for the current mode. */
  private resume(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const { mode } = this.mining
    if (mode === 'interval' || (mode === 'instant' && (this.o.txSource?.size ?? 0) > 0))
      this.schedule(0)
  }

  /** The mining mode. */
  get miningMode(): MiningMode {
    return { ...this.mining }
  }

  /** Changes how blocks come; takes effect from the next block. */
  setMining(mining: MiningMode): void {
    this.mining = { ...mining }
    if (this.running && !this.building) this.resume()
  }

  /** The block clock (offset and a time set for the next block). */
  get blockClock(): BlockClock {
    return { ...this.clock }
  }

  /** Puts back a block clock (a dev revert restores the snapshot's). */
  restoreClock(clock: BlockClock): void {
    this.clock.offsetNs = clock.offsetNs
    this.clock.nextTime =
      clock.nextTime !== undefined && clock.nextTime > this.lastBlockTime
        ? clock.nextTime
        : undefined
  }

  /** The time of the last block (the genesis time before the first). */
  get lastBlockTime(): TimeNs {
    return this.lastTime ?? this.o.genesis.genesisTime
  }

  /**
   * Sets the next block's time (time travel). It must be after the last block's: block times are
   * strictly increasing. Later blocks continue from it.
   */
  setNextBlockTime(time: TimeNs): void {
    const last = this.lastBlockTime
    if (time <= last) {
      throw ErrInvalidRequest.wrap(
        `block time ${formatRfc3339Nano(time)} is not after the last block time ${formatRfc3339Nano(last)}`,
      )
    }
    this.clock.nextTime = time
  }

  /** Stops the loop; the block being built is finished and every built block is written. */
  async stop(): Promise<void> {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.building?.catch(() => undefined)
    await this.drain()
  }

  /** Resolves once every built block is durable. */
  async drain(): Promise<void> {
    await this.queue.drain()
  }

  /** When the next block is due to start (Unix ms), while the loop waits for it. */
  get nextBlockAtMs(): number | undefined {
    return this.timer === undefined || this.mining.mode !== 'interval' ? undefined : this.nextAt
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    this.nextAt = Date.now() + delayMs
    const run = () => {
      this.timer = undefined
      if (!this.running) return
      this.step().then(
        () => {
          if (this.mining.mode === 'interval') this.schedule(this.mining.intervalMs)
          else if (this.mining.mode === 'instant' && (this.o.txSource?.size ?? 0) > 0)
            this.schedule(0)
        },
        (err: unknown) => {
          this.running = false
          void this.drain().then(() => this.emit('halt', toHalt(err)))
        },
      )
    }
    // With timeout 0, still yield to I/O between blocks so queries are served.
    this.timer =
      delayMs > 0 ? setTimeout(run, delayMs) : (setImmediate(run) as unknown as NodeJS.Timeout)
  }

  /** One loop step: build the next block; with a block time, wait until it is durable. */
  private async step(): Promise<void> {
    const wait = this.mining.mode !== 'interval' || this.mining.intervalMs > 0
    const pending = await this.build(wait ? {} : { hold: true })
    if (wait) await pending.durable
    else if (this.queue.isFull) await this.queue.whenNotFull()
  }

  /** Produces one block now; resolves when it is durable (the loop and callers never overlap). */
  async produceBlock(): Promise<StoredBlock> {
    return (await this.build()).durable
  }

  /** Produces `n` blocks back to back (grouped into few batches); resolves when all are durable. */
  async produceBlocks(n: number, options: ProduceOptions = {}): Promise<StoredBlock | undefined> {
    let last: PendingCommit | undefined
    const started = performance.now()
    const from = this.nextHeight
    let built = 0
    for (; built < n; built++) {
      if (options.toHeight !== undefined) {
        // The loop may build between our blocks: check under the same lock `build` takes.
        while (this.building) await this.building.catch(() => undefined)
        if (this.nextHeight > options.toHeight) break
      }
      const { edit, ...rest } = options
      const hold = built < n - 1
      last = await this.build(built === 0 && edit ? { ...rest, edit, hold } : { ...rest, hold })
      if (this.queue.isFull) await this.queue.whenNotFull()
    }
    this.queue.flushNow()
    const block = await last?.durable
    if (options.toHeight !== undefined) await this.drain()
    if (options.quiet && block) {
      const seconds = (performance.now() - started) / 1000
      this.log.info(
        {
          blocks: built,
          from,
          to: block.block.header.height,
          app_hash: toHexUpper(block.appHash),
          blocks_per_s: Math.round(built / seconds),
        },
        'mined blocks',
      )
    }
    return block
  }

  /**
   * Rolls the chain back to `height` (dev revert): waits for the block in progress and every
   * queued one, then writes the store's and the block store's rollback and `extraOps` as one
   * atomic batch — a restart afterwards stays rolled back. The loop resumes as it was.
   */
  async rollbackTo(height: number, extraOps: readonly BatchOp[] = []): Promise<void> {
    const wasRunning = this.running
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.building?.catch(() => undefined)
    await this.drain()
    if (this.queue.failed) throw this.queue.failed
    const { store, blocks, backend } = this.o
    let state: Awaited<ReturnType<VersionedStore['prepareRollback']>>
    let chain: Awaited<ReturnType<BlockStore['prepareRollback']>>
    try {
      state = await store.prepareRollback(height)
      chain = await blocks.prepareRollback(height)
      await backend.write([...state.ops, ...chain.ops, ...extraOps])
    } catch (err) {
      // Nothing was written: release the store and carry on from where the chain was.
      store.abortCommit()
      if (wasRunning) this.start()
      throw err
    }
    state.apply()
    chain.apply()
    this.followLatest()
    this.clock.nextTime = undefined
    this.log.info({ height, app_hash: toHexUpper(state.appHash) }, 'rolled back')
    if (wasRunning) this.start()
  }

  /** Writes metadata (not state) after every queued block is durable, e.g. a dev snapshot record. */
  async writeMeta(ops: readonly BatchOp[]): Promise<void> {
    await this.building?.catch(() => undefined)
    await this.drain()
    await this.o.backend.write(ops)
  }

  private async build(options: BuildOptions = {}): Promise<PendingCommit> {
    while (this.building) await this.building.catch(() => undefined)
    if (this.queue.failed) throw this.queue.failed
    const p = this.buildAndApply(options)
    this.building = p
    try {
      return await p
    } finally {
      this.building = undefined
    }
  }

  /**
   * The next block's time: the genesis time at the initial height (CometBFT requires it); else a
   * time set by time travel, else the previous time plus a step, else the block clock — always
   * strictly after the previous block.
   */
  private nextTimeOf(height: number, stepNs: bigint | undefined): TimeNs {
    const { genesis } = this.o
    if (height === genesis.initialHeight) return genesis.genesisTime
    const candidate =
      this.clock.nextTime ??
      (stepNs && stepNs > 0n && this.lastTime !== undefined
        ? this.lastTime + stepNs
        : nowNs() + this.clock.offsetNs)
    return nextBlockTime(this.lastTime, candidate)
  }

  private async buildAndApply(options: BuildOptions): Promise<PendingCommit> {
    const started = performance.now()
    const { store, blocks, builder, app, genesis } = this.o
    const height = this.nextHeight
    if (this.haltHeight > 0 && height >= this.haltHeight) throw this.configuredHalt()
    const time = this.nextTimeOf(height, options.stepNs)
    if (this.haltTime > 0 && BigInt(timeToTimestamp(time).seconds) >= BigInt(this.haltTime)) {
      throw this.configuredHalt()
    }
    const txs = this.o.txSource?.reap() ?? []
    const appHash = store.workingAppHash
    const { lastResultsHash } = this
    // An empty block with more to follow at once is hashed and signed on the pipeline's thread
    // while this one runs the height; the block is collected before its batch is written.
    const pipeline = this.o.pipeline
    let pending: PendingBlock | undefined
    let block: Block
    if (options.hold === true && txs.length === 0 && pipeline?.ready) {
      // Object literals, not spreads: the builder reads one shape of inputs (see the pipeline).
      pending = pipeline.submit({
        height,
        time,
        appHash,
        lastResultsHash,
        lastBlockId: this.lastPending ? undefined : this.lastBlockId,
      })
      block = pending.block
    } else {
      block = builder.build({
        height,
        time,
        lastBlockId: this.lastBlockId,
        appHash,
        lastResultsHash,
        txs,
      })
    }

    const branch = store.branch()
    const upgrades = this.storeUpgrades?.height === height ? this.storeUpgrades : undefined
    if (upgrades) {
      await applyStoreUpgrades(branch, upgrades)
      this.log.info(
        { upgrade: upgrades.name, height, ...upgrades.upgrades },
        'applying store upgrades',
      )
    }
    const { results, beginBlockEvents, endBlockEvents } = await runBlock(app, {
      branch,
      header: block.header,
      txs,
      txExecutor: this.o.txExecutor,
      context: (state, header, events) => this.context(state, header, events),
      ...(options.edit ? { edit: options.edit } : {}),
    })

    const prepared = store.prepareCommit(branch, height)
    const stored: StoredBlock = {
      block,
      results,
      appHash: prepared.appHash,
      beginBlockEvents,
      endBlockEvents,
      size: block.bytes.length,
    }
    prepared.apply()
    if (upgrades) this.storeUpgrades = undefined
    this.nextHeight = height + 1
    if (pending) this.lastPending = pending
    else this.lastBlockId = block.blockId
    this.lastTime = time
    this.lastResultsHash = builder.resultsHash(results)
    // Time travel is used up; the clock never runs behind the chain (a jump ahead stays ahead).
    if (height !== genesis.initialHeight) this.clock.nextTime = undefined
    const lag = time - nowNs()
    if (lag > this.clock.offsetNs) this.clock.offsetNs = lag

    try {
      this.emit('applied', height, performance.now() - started)
    } catch (err) {
      // An observer (metrics) must never break the commit path.
      this.log.error({ err, height }, 'a listener of applied blocks failed')
    }
    const retainHeight = this.retainHeight(height)
    const queued = this.queue.push(
      {
        stored,
        ops: prepared.ops,
        publish: () => prepared.publish(),
        // The block's own writes, made in height order when its batch is taken (the block is
        // finished by then: collected from the pipeline if it was built there).
        more: () => {
          const writes = () => {
            if (pending) {
              pending.complete()
              stored.size = block.bytes.length
            }
            return blocks.prepareCommit(stored, retainHeight)
          }
          // A block still on the worker is waited for without blocking this thread.
          return pending && !pending.isBuilt ? pending.built().then(writes) : writes()
        },
        started,
        ...(options.quiet ? { quiet: true } : {}),
      },
      options.hold === true,
    )
    try {
      await this.o.txSource?.update(height, txs, results)
    } catch (err) {
      // The block is applied and queued whatever the mempool thinks; a recheck bug must not halt it.
      this.log.error({ err, height }, 'mempool update failed')
    }
    return queued
  }

  /** The halt `halt-height` / `halt-time` ask for (upstream's message; exit code 0). */
  private configuredHalt(): ChainHaltError {
    return new ChainHaltError(
      `halt per configuration height ${this.haltHeight} time ${this.haltTime}`,
      0,
    )
  }

  /** Upstream GetBlockRetentionHeight: min non-zero of (h - max_age_num_blocks, h - min-retain-blocks). */
  private retainHeight(height: number): number {
    const minRetain = this.o.minRetainBlocks ?? 0
    if (minRetain === 0) return 0
    const candidates = [height - this.o.genesis.evidenceMaxAgeNumBlocks, height - minRetain].filter(
      (x) => x !== 0,
    )
    const retain = Math.min(...candidates)
    return Math.max(retain, 0)
  }

  /** A block context over `state`. */
  context(
    state: StateBranch,
    header: Header,
    events: EventManager,
    mode: BlockContext['mode'] = 'deliver',
  ): BlockContext {
    return {
      chainId: this.o.genesis.chainId,
      height: header.height,
      time: header.time,
      header,
      state,
      events,
      logger: this.o.logger,
      registry: this.o.registry,
      mode,
    }
  }

  /**
   * The header CheckTx runs with (upstream check state): the last applied block's height and time,
   * or the initial height and genesis time before the first block.
   */
  checkHeader(): Header {
    const { genesis } = this.o
    const height = Math.max(this.nextHeight - 1, genesis.initialHeight)
    return this.syntheticHeader(height, this.lastTime ?? genesis.genesisTime)
  }

  /** The header of the next block as far as it is known before building it (InitChain, CheckTx). */
  syntheticHeader(height: number, time: TimeNs): Header {
    const b = this.o.builder
    return {
      chainId: this.o.genesis.chainId,
      height,
      time,
      lastBlockId: this.lastBlockId,
      lastCommitHash: emptyBytes(),
      dataHash: emptyBytes(),
      validatorsHash: b.validatorsHash,
      nextValidatorsHash: b.validatorsHash,
      consensusHash: b.consensusHash,
      appHash: this.o.store.workingAppHash,
      lastResultsHash: this.lastResultsHash,
      evidenceHash: emptyBytes(),
      proposerAddress: b.signer.address,
    }
  }
}

/**
 * Applies the store upgrades of an upgrade. A store it adds that exists already means the data was
 * not made by the app version the upgrade starts from (e.g. an older binary was run on a newer
 * home): say so plainly and halt, instead of a logic error.
 */
async function applyStoreUpgrades(
  branch: StateBranch,
  upgrades: NonNullable<ProducerOptions['storeUpgrades']>,
): Promise<void> {
  for (const name of upgrades.upgrades.added ?? []) {
    if (branch.hasStore(name)) {
      throw new ChainHaltError(
        `upgrade "${upgrades.name}" at height ${upgrades.height} adds the store "${name}", but this chain's state already has it: ` +
          `the data in this home was not made by the app version the upgrade starts from (was an older app version run on a newer home?). ` +
          `Nothing was committed; start the chain over (sdkd devnet --reset, or sdkd comet unsafe-reset-all) with the app version it should start from`,
        1,
      )
    }
  }
  await branch.upgradeStores(upgrades.upgrades)
}

function toHalt(err: unknown): ChainHaltError {
  if (err instanceof ChainHaltError) return err
  return new ChainHaltError(err instanceof Error ? err.message : String(err), 1, { cause: err })
}
