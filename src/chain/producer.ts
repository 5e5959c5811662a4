import { EventEmitter } from 'node:events'
import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import { type Bytes, emptyBytes, toHexUpper } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { Genesis } from '../config/genesis.js'
import type { Logger } from '../logger.js'
import type { StoreBackend } from '../store/backend.js'
import type { BlockStore, StoredBlock, TxResult } from '../store/block-store.js'
import type { StateBranch } from '../store/types.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { type BlockBuilder, type BlockId, EMPTY_BLOCK_ID, type Header } from './block.js'
import { EventManager } from './events.js'
import { nextBlockTime, type TimeNs, timeToTimestamp } from './time.js'

/**
 * Stops the chain. `exitCode` is what the process exits with: 0 for a configured halt, 2 for an
 * upgrade halt (as a Go panic), 1 for other failures.
 */
export class ChainHaltError extends Error {
  override readonly name = 'ChainHaltError'

  constructor(
    message: string,
    readonly exitCode: number,
    options?: { cause?: unknown; logged?: boolean },
  ) {
    super(message, options)
    this.logged = options?.logged ?? false
  }

  /** Whether the message was already logged where it arose. */
  readonly logged: boolean
}

/** Executes the txs of a block (the tx pipeline plugs in here). */
export interface TxExecutor {
  deliverTx(ctx: BlockContext, tx: Bytes, index: number): Promise<TxResult>
}

/** Source of txs for the next block. */
export interface TxSource {
  reap(): Bytes[]
  /** Told which txs were committed (removed from the pool, others rechecked). */
  update(height: number, committed: readonly Bytes[]): Promise<void>
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
}

export interface ProducerEvents {
  block: [StoredBlock]
  halt: [ChainHaltError]
}

/**
 * The block producer: the only writer of the node. Each height runs
 * PreBlock → BeginBlock → txs → EndBlock → Commit on a branch, then writes the state changes, the
 * block, its results and the new latest height in one atomic LevelDB batch.
 */
export class BlockProducer extends EventEmitter<ProducerEvents> {
  private readonly log: Logger
  private running = false
  private timer: NodeJS.Timeout | undefined
  private inFlight: Promise<StoredBlock> | undefined
  private lastBlockId: BlockId = EMPTY_BLOCK_ID
  private lastTime: TimeNs | undefined
  private lastResultsHash: Bytes = emptyBytes()
  private haltHeight: number
  private haltTime: number

  constructor(private readonly o: ProducerOptions) {
    super()
    this.log = o.logger.child({ module: 'state' })
    this.haltHeight = o.haltHeight ?? 0
    this.haltTime = o.haltTime ?? 0
    const latest = o.blocks.latest
    if (latest) {
      this.lastBlockId = latest.block.blockId
      this.lastTime = latest.block.header.time
      this.lastResultsHash = o.builder.resultsHash(latest.results)
    }
  }

  /** Last committed block height (0 before the first block). */
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
      await this.o.backend.write(prepared.ops)
    } catch (err) {
      store.abortCommit()
      throw err
    }
    prepared.apply()
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

  /** Stops the loop; waits for the block in progress to commit or be dropped. */
  async stop(): Promise<void> {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.inFlight?.catch(() => undefined)
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    const run = () => {
      this.timer = undefined
      if (!this.running) return
      this.produceBlock().then(
        () => this.schedule(this.o.timeoutCommitMs),
        (err: unknown) => {
          this.running = false
          this.emit('halt', toHalt(err))
        },
      )
    }
    // With timeout 0, still yield to I/O between blocks so queries are served.
    this.timer = delayMs > 0 ? setTimeout(run, delayMs) : (setImmediate(run) as unknown as NodeJS.Timeout)
  }

  /** Produces and commits one block now (the loop and on-demand callers never overlap). */
  async produceBlock(): Promise<StoredBlock> {
    while (this.inFlight) await this.inFlight.catch(() => undefined)
    const p = this.buildAndCommit()
    this.inFlight = p
    try {
      return await p
    } finally {
      this.inFlight = undefined
    }
  }

  private async buildAndCommit(): Promise<StoredBlock> {
    const started = performance.now()
    const { store, blocks, builder, app, genesis } = this.o
    const height = blocks.latest ? blocks.latest.block.header.height + 1 : genesis.initialHeight
    if (this.haltHeight > 0 && height >= this.haltHeight) {
      throw new ChainHaltError(`halt per configuration height ${this.haltHeight} time ${this.haltTime}`, 0)
    }
    const time = height === genesis.initialHeight ? genesis.genesisTime : nextBlockTime(this.lastTime)
    if (this.haltTime > 0 && BigInt(timeToTimestamp(time).seconds) >= BigInt(this.haltTime)) {
      throw new ChainHaltError(`halt per configuration height ${this.haltHeight} time ${this.haltTime}`, 0)
    }
    const txs = this.o.txSource?.reap() ?? []
    const block = builder.build({
      height,
      time,
      lastBlockId: this.lastBlockId,
      appHash: store.appHash,
      lastResultsHash: this.lastResultsHash,
      txs,
    })

    const branch = store.branch()
    const beginEvents = new EventManager()
    const beginCtx = this.context(branch, block.header, beginEvents)
    await app.preBlock(beginCtx)
    await app.beginBlock(beginCtx)
    const results: TxResult[] = []
    for (let i = 0; i < txs.length; i++) {
      const txCtx = this.context(branch, block.header, new EventManager())
      results.push(await this.o.txExecutor!.deliverTx(txCtx, txs[i]!, i))
    }
    const endEvents = new EventManager()
    await app.endBlock(this.context(branch, block.header, endEvents))

    const prepared = store.prepareCommit(branch, height)
    try {
      const stored: StoredBlock = {
        block,
        results,
        appHash: prepared.appHash,
        beginBlockEvents: beginEvents.events(),
        endBlockEvents: endEvents.events(),
        size: block.bytes.length,
      }
      const bp = await blocks.prepareCommit(stored, this.retainHeight(height))
      await this.o.backend.write(prepared.ops.concat(bp.ops))
      prepared.apply()
      bp.apply()
      this.lastBlockId = block.blockId
      this.lastTime = time
      this.lastResultsHash = builder.resultsHash(results)
      this.log.info(
        {
          height,
          txs: txs.length,
          app_hash: toHexUpper(prepared.appHash),
          ms: Math.round((performance.now() - started) * 1000) / 1000,
        },
        'committed block',
      )
      await this.o.txSource?.update(height, txs)
      this.emit('block', stored)
      return stored
    } catch (err) {
      store.abortCommit()
      throw err
    }
  }

  /** Upstream GetBlockRetentionHeight: min non-zero of (h - max_age_num_blocks, h - min-retain-blocks). */
  private retainHeight(height: number): number {
    const minRetain = this.o.minRetainBlocks ?? 0
    if (minRetain === 0) return 0
    const candidates = [height - this.o.genesis.evidenceMaxAgeNumBlocks, height - minRetain].filter((x) => x !== 0)
    const retain = Math.min(...candidates)
    return retain <= 0 ? 0 : retain
  }

  /** A block context over `state`. */
  context(state: StateBranch, header: Header, events: EventManager, mode: BlockContext['mode'] = 'deliver'): BlockContext {
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
      appHash: this.o.store.appHash,
      lastResultsHash: this.lastResultsHash,
      evidenceHash: emptyBytes(),
      proposerAddress: b.signer.address,
    }
  }
}

function toHalt(err: unknown): ChainHaltError {
  if (err instanceof ChainHaltError) return err
  return new ChainHaltError(err instanceof Error ? err.message : String(err), 1, { cause: err })
}
