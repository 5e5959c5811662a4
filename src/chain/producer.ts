import { EventEmitter } from 'node:events'
import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import { type BlockBuilder, type BlockId, EMPTY_BLOCK_ID, type Header } from '../block/block.js'
import { EventManager } from '../block/events.js'
import { type Bytes, emptyBytes, toHexUpper } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { nextBlockTime, type TimeNs, timeToTimestamp } from '../codec/time.js'
import type { Genesis } from '../config/genesis.js'
import { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StoreBackend } from '../store/backend.js'
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
}

export interface ProducerOptions {
  backend: StoreBackend
  store: VersionedStore
  blocks: BlockStore
  builder: BlockBuilder
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
  private lastBlockId: BlockId = EMPTY_BLOCK_ID
  private lastTime: TimeNs | undefined
  private lastResultsHash: Bytes = emptyBytes()
  private haltHeight: number
  private haltTime: number
  private storeUpgrades: ProducerOptions['storeUpgrades']
  private nextAt = 0

  constructor(private readonly o: ProducerOptions) {
    super()
    this.log = o.logger.child({ module: 'state' })
    this.haltHeight = o.haltHeight ?? 0
    this.haltTime = o.haltTime ?? 0
    this.storeUpgrades = o.storeUpgrades
    this.queue = new CommitQueue({
      backend: o.backend,
      logger: this.log,
      onCommit: (stored) => this.emit('block', stored),
      onHalt: (err) => {
        this.running = false
        this.emit('halt', err)
      },
    })
    const latest = o.blocks.latest
    this.nextHeight = latest ? latest.block.header.height + 1 : o.genesis.initialHeight
    if (latest) {
      this.lastBlockId = latest.block.blockId
      this.lastTime = latest.block.header.time
      this.lastResultsHash = o.builder.resultsHash(latest.results)
    }
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

  /** Starts producing a block every timeout_commit. */
  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
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
    return this.timer === undefined ? undefined : this.nextAt
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    this.nextAt = Date.now() + delayMs
    const run = () => {
      this.timer = undefined
      if (!this.running) return
      this.step().then(
        () => this.schedule(this.o.timeoutCommitMs),
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
    const pending = await this.build()
    if (this.o.timeoutCommitMs > 0 || this.queue.isFull) await pending.durable
  }

  /** Produces one block now; resolves when it is durable (the loop and callers never overlap). */
  async produceBlock(): Promise<StoredBlock> {
    return (await this.build()).durable
  }

  /** Produces `n` blocks back to back (grouped into few batches); resolves when all are durable. */
  async produceBlocks(n: number): Promise<StoredBlock | undefined> {
    let last: PendingCommit | undefined
    for (let i = 0; i < n; i++) {
      last = await this.build()
      if (this.queue.isFull) await this.queue.oldestDurable()
    }
    return last?.durable
  }

  private async build(): Promise<PendingCommit> {
    while (this.building) await this.building.catch(() => undefined)
    if (this.queue.failed) throw this.queue.failed
    const p = this.buildAndApply()
    this.building = p
    try {
      return await p
    } finally {
      this.building = undefined
    }
  }

  private async buildAndApply(): Promise<PendingCommit> {
    const started = performance.now()
    const { store, blocks, builder, app, genesis } = this.o
    const height = this.nextHeight
    if (this.haltHeight > 0 && height >= this.haltHeight) throw this.configuredHalt()
    const time =
      height === genesis.initialHeight ? genesis.genesisTime : nextBlockTime(this.lastTime)
    if (this.haltTime > 0 && BigInt(timeToTimestamp(time).seconds) >= BigInt(this.haltTime)) {
      throw this.configuredHalt()
    }
    const txs = this.o.txSource?.reap() ?? []
    const block = builder.build({
      height,
      time,
      lastBlockId: this.lastBlockId,
      appHash: store.workingAppHash,
      lastResultsHash: this.lastResultsHash,
      txs,
    })

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
    let bp: Awaited<ReturnType<BlockStore['prepareCommit']>>
    try {
      bp = await blocks.prepareCommit(stored, this.retainHeight(height))
    } catch (err) {
      store.abortCommit()
      throw err
    }
    prepared.apply()
    if (upgrades) this.storeUpgrades = undefined
    this.nextHeight = height + 1
    this.lastBlockId = block.blockId
    this.lastTime = time
    this.lastResultsHash = builder.resultsHash(results)

    const pending = this.queue.push({
      stored,
      ops: prepared.ops.concat(bp.ops),
      publish: () => {
        prepared.publish()
        bp.publish()
      },
      started,
    })
    try {
      await this.o.txSource?.update(height, txs, results)
    } catch (err) {
      // The block is applied and queued whatever the mempool thinks; a recheck bug must not halt it.
      this.log.error({ err, height }, 'mempool update failed')
    }
    return pending
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
