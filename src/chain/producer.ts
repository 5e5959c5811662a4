import { EventEmitter } from 'node:events'
import { type BlockContext, type CometInfo, EMPTY_COMET_INFO } from '../app/types.js'
import { EMPTY_BLOCK_ID } from '../block/block.js'
import type { BlockSource } from '../block/block-source.js'
import { EventManager } from '../block/events.js'
import { execHeaderOf } from '../block/exec-header.js'
import { dataHashOf, type ExecHeader } from '../block/header.js'
import { ThreadBlockSource } from '../block/thread-source.js'
import { type Bytes, emptyBytes, toHexUpper } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'
import { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import { appendOps, type BatchOp } from '../store/backend.js'
import type { StoredBlock } from '../store/block-store.js'
import type { StateBranch } from '../store/types.js'
import { applyHeight, type HeightHost } from './apply-height.js'
import { BlockClock, type BlockClockState } from './block-clock.js'
import { blockContext } from './block-context.js'
import { type BurstHost, runBurst } from './burst.js'
import { CommitQueue, type PendingCommit } from './commit-queue.js'
import { ConsensusParamsTracker } from './consensus-params.js'
import { ConsensusState } from './consensus-state.js'
import { genesisValidatorChanges } from './consensus-validators.js'
import { type ExecuteBlockOptions, executeBlock } from './execute-block.js'
import { HeightRules } from './height-rules.js'
import { initChain, initChainHeight } from './init-chain.js'
import { DELETE_KEPT_BLOCK, ReplayInputs } from './kept-block.js'
import { MiningLoop, type MiningMode } from './mining-loop.js'
import type { ProduceOptions, ProducerEvents, ProducerOptions } from './producer-options.js'
import { rollbackChain } from './rollback.js'

/** How one block is built. */
interface BuildOptions extends ProduceOptions {
  /** More blocks follow at once: its write may wait to share a batch with theirs. */
  hold?: boolean
}

/**
 * A block of txs gives the event loop a turn this often (ms): broadcasts are answered against the
 * state before the block while it runs, as CometBFT runs CheckTx beside FinalizeBlock, and the pool
 * is rechecked after it (`applyHeight`). Each turn lets in about one broadcast per waiting client,
 * each rechecked after the block: turns much more often cost more rechecks than they save waiting.
 */
const BLOCK_TURN_MS = 20

/**
 * The block producer: the simulated chain's source of blocks and the only writer of the node. It
 * decides each height's inputs (its time from the block clock, its txs from the mempool, when it
 * comes from the mining loop), applies the halting rules, runs the height (`executeBlock`, every
 * input in the request), submits its block to the block source, and hands the height to the commit
 * queue, which takes the block, writes the height atomically (several heights per batch when the
 * disk lags) and publishes it once durable.
 */
export class BlockProducer extends EventEmitter<ProducerEvents> {
  private readonly log: Logger
  private readonly source: BlockSource
  private readonly clock: BlockClock
  private readonly loop: MiningLoop
  private readonly queue: CommitQueue
  private readonly execution: ExecuteBlockOptions
  private building: Promise<PendingCommit> | undefined
  private nextHeight: number
  /** CometBFT gives the first block the empty tree's root (sha256 of nothing) after InitChain. */
  private lastResultsHash: Bytes = EMPTY_HASH
  private readonly rules: HeightRules
  /** The kept block and the store upgrades a height is made with (due again after a rollback). */
  private readonly replay: ReplayInputs
  /** Set by `stop`: a burst of `produceBlocks` ends after the block it is building. */
  private stopping = false
  /** The burst in progress (`produceBlocks`), which `stop` waits for, and what it drives. */
  private burst: Promise<unknown> | undefined
  private readonly burstHost: BurstHost
  private readonly heightHost: HeightHost
  /** The validator sets, the keys the node signs with and their records. */
  readonly consensus: ConsensusState
  /** The consensus params in effect for the next height. */
  readonly params: ConsensusParamsTracker

  constructor(private readonly o: ProducerOptions) {
    super()
    this.log = o.logger.child({ module: 'state' })
    this.rules = new HeightRules({
      haltHeight: o.haltHeight,
      haltTime: o.haltTime,
      minRetainBlocks: o.minRetainBlocks,
    })
    this.replay = new ReplayInputs(o.backend, o.storeUpgrades)
    this.consensus = ConsensusState.of(o)
    this.params = ConsensusParamsTracker.of(o)
    this.source = o.source ?? new ThreadBlockSource(o.builder)
    this.clock = new BlockClock(o.genesis)
    this.loop = new MiningLoop(
      {
        build: (options) => this.build(options),
        pendingTxs: () => o.txSource?.size ?? 0,
        roomInQueue: () => (this.queue.isFull ? this.queue.whenNotFull() : undefined),
        onFailure: (err) =>
          void this.drain().then(() => this.emit('halt', ChainHaltError.from(err))),
        onStall: (err) => this.emit('stall', err),
      },
      o.timeoutCommitMs,
    )
    this.on('stall', (err) => this.log.warn({ height: err.height }, err.message))
    o.txSource?.onAdmitted(() => this.loop.onTxAdmitted())
    this.queue = new CommitQueue({
      backend: o.backend,
      logger: this.log,
      onCommit: (stored) => this.emit('block', stored),
      onBatch: (heights, seconds) => this.emit('batch', heights, seconds),
      onHalt: (err) => {
        this.loop.stop()
        this.emit('halt', err)
      },
    })
    this.execution = {
      app: o.app,
      store: o.store,
      txExecutor: o.txExecutor,
      context: (state, header, events, comet) => this.context(state, header, events, comet),
      logger: this.log,
      yieldEveryMs: BLOCK_TURN_MS,
    }
    this.burstHost = {
      build: (options) => this.build(options),
      idle: async () => {
        while (this.building) await this.building.catch(() => undefined)
      },
      room: () => (this.queue.isFull ? this.queue.whenNotFull() : undefined),
      flush: () => this.queue.flushNow(),
      drain: () => this.drain(),
      nextHeight: () => this.nextHeight,
      height: () => this.height,
      stopping: () => this.stopping,
      log: this.log,
    }
    this.heightHost = {
      ...o,
      consensus: this.consensus,
      source: this.source,
      queue: this.queue,
      log: this.log,
      retainHeight: (h) => this.rules.retainHeight(h, this.params.current.json.evidence),
      advance: (ran) => {
        if (ran.upgrades) this.replay.upgradesApplied(ran.upgrades)
        this.nextHeight = ran.height + 1
        this.lastResultsHash = ran.executed.results.hash()
        this.clock.advance(ran.height, ran.time)
      },
      applied: (height, ms) => this.emit('applied', height, ms),
      followParams: () =>
        this.params.changed ? this.params.follow(this.o.store.branch()) : undefined,
      paramsAfter: () => this.params.current.json,
    }
    this.nextHeight = o.genesis.initialHeight
    this.followLatest()
  }

  /** Continues after the block store's latest block: its height, id, time and results hash. */
  private followLatest(): void {
    const { blocks, builder, genesis } = this.o
    const latest = blocks.latest
    this.nextHeight = latest ? latest.block.header.height + 1 : genesis.initialHeight
    this.source.follow(latest ? latest.block.blockId : EMPTY_BLOCK_ID)
    this.clock.follow(latest?.block.header.time)
    this.lastResultsHash = latest ? builder.resultsHash(latest.results) : EMPTY_HASH
  }

  /** Last durable block height (0 before the first block). */
  get height(): number {
    return this.o.blocks.latest?.block.header.height ?? 0
  }

  /** Whether the block loop is running. */
  get isRunning(): boolean {
    return this.loop.isRunning
  }

  /**
   * Commits genesis state (InitChain) if nothing is committed yet, with the first validator set;
   * else loads the validator sets after the latest height. `beforeWrite` runs once the first set is
   * known and before genesis is written: what it throws leaves nothing written.
   */
  async initChain(beforeWrite?: () => void): Promise<void> {
    const { genesis, store } = this.o
    const header = this.syntheticHeader(initChainHeight(genesis.initialHeight), genesis.genesisTime)
    const fromGenesis = genesisValidatorChanges(genesis)
    const ran = await initChain(
      { ...this.o, log: this.log },
      (branch) => this.context(branch, header, new EventManager()),
      (updates) => {
        const ops = this.consensus.initialize(genesis.initialHeight, fromGenesis, updates)
        beforeWrite?.()
        return ops
      },
    )
    if (!ran) await this.consensus.load(store.latestHeight, genesis.initialHeight, fromGenesis)
    await this.params.follow(store.branch(), true)
    await this.replay.load(this.nextHeight)
  }

  /** Starts producing blocks as the mining mode says (every timeout_commit by default). */
  start(): void {
    this.stopping = false
    this.loop.start()
  }

  /** The mining mode. */
  get miningMode(): MiningMode {
    return this.loop.mode
  }

  /** Changes how blocks come; takes effect from the next block. */
  setMining(mining: MiningMode): void {
    this.loop.setMode(mining)
  }

  /** The block clock (offset and a time set for the next block). */
  get blockClock(): BlockClockState {
    return this.clock.state
  }

  /** Puts back a block clock (a dev revert restores the snapshot's). */
  restoreClock(clock: BlockClockState): void {
    this.clock.restore(clock)
  }

  /** The time of the last block (the genesis time before the first). */
  get lastBlockTime(): TimeNs {
    return this.clock.lastBlockTime
  }

  /**
   * Sets the next block's time (time travel). It must be after the last block's: block times are
   * strictly increasing. Later blocks continue from it.
   */
  setNextBlockTime(time: TimeNs): void {
    this.clock.setNextBlockTime(time)
  }

  /**
   * Stops the loop and any burst of `produceBlocks` (it ends after the block it is building, with a
   * BurstStoppedError); the block being built is finished and every built block is written.
   */
  async stop(): Promise<void> {
    this.stopping = true
    this.loop.stop()
    await Promise.all([this.building, this.burst].map((p) => p?.catch(() => undefined)))
    await this.drain()
  }

  /** Resolves once every built block is durable. */
  async drain(): Promise<void> {
    await this.queue.drain()
  }

  /** Resolves once the block being built, if any, and every built block are durable (or failed). */
  async settle(): Promise<void> {
    await this.burstHost.idle()
    await this.drain()
  }

  /** When the next block is due to start (Unix ms), while the loop waits for it. */
  get nextBlockAtMs(): number | undefined {
    return this.loop.nextBlockAtMs
  }

  /** Produces one block now; resolves when it is durable (the loop and callers never overlap). */
  async produceBlock(): Promise<StoredBlock> {
    return (await this.build()).durable
  }

  /**
   * Produces `n` blocks back to back (grouped into few batches); resolves when all are durable. A
   * `stop` during the burst ends it after the block being built, with a BurstStoppedError.
   */
  async produceBlocks(n: number, options: ProduceOptions = {}): Promise<StoredBlock | undefined> {
    const burst = runBurst(this.burstHost, n, options)
    this.burst = burst
    try {
      return await burst
    } finally {
      if (this.burst === burst) this.burst = undefined
    }
  }

  /**
   * Rolls the chain back to `height` (dev revert): waits for the block in progress and every
   * queued one, then writes the rollback and `extraOps` as one atomic batch (`rollbackChain`). The
   * loop resumes as it was. A kept block's record goes with it, unless `extraOps` writes one.
   */
  async rollbackTo(height: number, extraOps: readonly BatchOp[] = []): Promise<void> {
    const wasRunning = this.loop.isRunning
    this.loop.stop()
    await this.building?.catch(() => undefined)
    await this.drain()
    if (this.queue.failed) throw this.queue.failed
    let appHash: Bytes
    try {
      appHash = await rollbackChain(this.o, height, [
        DELETE_KEPT_BLOCK,
        ...extraOps,
        ...this.consensus.rollbackOps(height),
      ])
    } catch (err) {
      // Nothing was written: carry on from where the chain was.
      if (wasRunning) this.start()
      throw err
    }
    this.followLatest()
    await this.consensus.reload(height)
    await this.params.follow(this.o.store.branch(), true)
    await this.replay.rolledBack(height, this.nextHeight)
    this.log.info({ height, app_hash: toHexUpper(appHash) }, 'rolled back')
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
   * The next height: its inputs, its execution, then its block (submitted to the source, taken
   * when its batch is written) and its place in the commit queue.
   */
  private async buildAndApply(options: BuildOptions): Promise<PendingCommit> {
    const started = performance.now()
    const { store, builder } = this.o
    const height = this.nextHeight
    if (this.rules.haltsAtHeight(height)) throw this.rules.halt()
    const stall = this.consensus.stallAt(height)
    if (stall) throw stall
    // A block a rollback kept is made again from its own time and txs (CometBFT's replay).
    const kept = this.replay.keptAt(height)
    const time = kept ? kept.time : this.clock.timeOf(height, options.stepNs)
    if (this.rules.haltsAtTime(time)) throw this.rules.halt()
    const txs = kept ? kept.txs : (this.o.txSource?.reap() ?? [])
    const appHash = store.workingAppHash
    const { lastResultsHash } = this
    const upgrades = this.replay.upgradesAt(height)
    const plan = this.consensus.plan()
    const { consensus } = plan
    const consensusHash = this.params.current.hash
    const inputs = { height, time, appHash, lastResultsHash, consensusHash }
    const header = execHeaderOf(builder, inputs, dataHashOf(txs), undefined, consensus)
    const executed = await executeBlock(this.execution, {
      header,
      txs,
      storeUpgrades: upgrades,
      edit: options.edit,
      comet: plan.comet,
    })
    if (kept) {
      appendOps(executed.prepared.ops, [DELETE_KEPT_BLOCK])
      this.replay.keptMade()
      this.log.info(
        { height, txs: txs.length, hash: kept.hash },
        'executed again the block a rollback kept',
      )
    }
    // From here until the pool is rechecked no CheckTx runs: one admitted while the block ran (it
    // gives the event loop turns) saw the state before it and is rechecked against the state after.
    const held = await this.o.txSource?.hold()
    try {
      const ran = { ...inputs, header, options, started, txs, executed, upgrades, consensus }
      return await applyHeight(this.heightHost, ran, held)
    } finally {
      held?.release()
    }
  }

  /** A block context over `state` (`blockContext`). */
  context(
    state: StateBranch,
    header: ExecHeader,
    events: EventManager,
    comet: CometInfo = EMPTY_COMET_INFO,
    mode: BlockContext['mode'] = 'deliver',
  ): BlockContext {
    return blockContext(this.o, state, header, events, comet, mode)
  }

  /**
   * The header CheckTx runs with (upstream check state): the last applied block's height and time,
   * or the initial height and genesis time before the first block.
   */
  checkHeader(): ExecHeader {
    const { genesis } = this.o
    const height = Math.max(this.nextHeight - 1, genesis.initialHeight)
    return this.syntheticHeader(height, this.clock.lastBlockTime)
  }

  /** The header of a height as far as it is known before its block (InitChain, CheckTx). */
  private syntheticHeader(height: number, time: TimeNs): ExecHeader {
    const inputs = {
      height,
      time,
      appHash: this.o.store.workingAppHash,
      lastResultsHash: this.lastResultsHash,
      consensusHash: this.params.current.hash,
    }
    return execHeaderOf(this.o.builder, inputs, emptyBytes(), emptyBytes())
  }
}
