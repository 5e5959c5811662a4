import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { BlockProducer } from '../../chain/producer.js'
import { type Bytes, toHexUpper } from '../../codec/bytes.js'
import type { Logger } from '../../logger.js'
import type { StoredBlock } from '../../store/block-store.js'
import type { QueryObserver, QueryRouter, QueryTransport, RoutedMethod } from '../query/router.js'
import { type ChainFacts, readChainFacts } from './chain-facts.js'
import { FastHistogram, type HistogramChild } from './histogram.js'
import { VALIDATOR_GAUGES, ValidatorFigures, type ValidatorSetOf } from './validator-figures.js'

/** Prometheus' default buckets (CometBFT's block_interval_seconds). */
const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** CometBFT mempool tx_size_bytes: ExponentialBuckets(1, 3, 7). */
const TX_SIZE_BUCKETS = [1, 3, 9, 27, 81, 243, 729]
/** CometBFT state block_processing_time (ms): LinearBuckets(1, 10, 10). */
const PROCESSING_MS_BUCKETS = [1, 11, 21, 31, 41, 51, 61, 71, 81, 91]
/** Query latencies: a cached answer takes tens of microseconds, a past-height scan milliseconds. */
const QUERY_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
]
/** A LevelDB batch write: a fraction of a millisecond to a slow disk's hundreds. */
const COMMIT_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
]
/** Heights per atomic batch: 1 at a block time, up to the commit queue's 64 when mining. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64]
/** gov v1 ProposalStatus values a chain can hold (0 is unspecified). */

/** The mempool as the metrics read it (sizes at a scrape, a callback per CheckTx). */
export interface MetricsMempool {
  /** Unconfirmed txs: waiting, or in a block not yet durable (CometBFT updates the gauge then). */
  readonly unconfirmedSize: number
  readonly unconfirmedBytes: number
  onChecked(listener: (tx: Bytes, code: number) => void): void
}

export interface NodeMetricsOptions {
  chainId: string
  /** config.toml `instrumentation.namespace`: the prefix of the CometBFT names. */
  namespace: string
  /** The app version ("binary") this node runs, and the sdkd build. */
  appVersion: string
  version: string
  /** This node's validator (its power at start; the metrics read the sets for later heights). */
  validator: { address: Bytes; power: bigint }
  /** The validator set of a height, in commit order (undefined: not known). */
  validatorSet?: ValidatorSetOf
  /** The latest committed block, read at a scrape. */
  latest(): StoredBlock | undefined
  /** The query router (built on first use: its queries are timed here). */
  router(): QueryRouter
  logger: Logger
}

/**
 * The node's Prometheus metrics: CometBFT's names (reference §6; every series has `chain_id` and
 * appears after its first update) and sdkd's own under `sdkd_`. Events of the chain only bump plain
 * numbers or a FastHistogram; gauges are read from the node when Prometheus scrapes, so the commit
 * path and the query path pay a few nanoseconds, and nothing here can throw into them.
 */
export class NodeMetrics {
  readonly registry = new Registry()
  private readonly figures: ValidatorFigures
  private readonly labels: { chain_id: string }
  private readonly log: Logger
  private lastBlock: StoredBlock | undefined
  private lastTime: bigint | undefined
  private totalTxs = 0
  private chainSize = 0
  private readonly blockInterval: HistogramChild
  private readonly processingTime: HistogramChild
  private readonly commitDuration: HistogramChild
  private readonly batchHeights: HistogramChild
  private readonly txSize: HistogramChild
  private failedTxs = 0
  private readonly devCalls: Counter<'chain_id' | 'method'>
  private readonly queryDuration: FastHistogram<'chain_id' | 'transport' | 'method' | 'height'>
  /** Query series by method, transport and height kind, resolved on first use. */
  private readonly querySeries = new WeakMap<RoutedMethod, HistogramChild[]>()
  private facts: Promise<ChainFacts> | undefined
  private mempool: MetricsMempool | undefined

  constructor(private readonly o: NodeMetricsOptions) {
    const { registry } = this
    const labels = { chain_id: o.chainId }
    this.labels = labels
    this.log = o.logger.child({ module: 'metrics' })
    this.figures = new ValidatorFigures(o.validator.address, o.validator.power, o.validatorSet)
    const ns = o.namespace
    collectDefaultMetrics({ register: registry, labels })
    // Gauges named `_total` fail promtool's lint; nodejs_active_{handles,requests,resources} by type
    // stay and say the same.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      registry.removeSingleMetric(name)

    const gauge = <L extends string = 'chain_id'>(
      name: string,
      help: string,
      collect: (g: Gauge<L>) => void | Promise<void>,
      labelNames: readonly L[] = ['chain_id'] as unknown as L[],
    ) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          return collect(this)
        },
      })
    const histogram = (name: string, help: string, buckets: readonly number[]) =>
      new FastHistogram(name, help, ['chain_id'], buckets, registry).labels(labels)
    // A counter kept as a plain number on the hot path, handed to prom-client at a scrape.
    const counter = (name: string, help: string, read: () => number | undefined) =>
      new Counter({
        name,
        help,
        labelNames: ['chain_id'],
        registers: [registry],
        collect() {
          const n = read()
          if (n === undefined) return
          this.reset()
          this.inc(labels, n)
        },
      })

    // Consensus: the heights from the block store (set at start, as CometBFT's updateToState), the
    // rest from the blocks this process committed.
    const latestHeight = () => o.latest()?.block.header.height
    gauge(`${ns}_consensus_height`, 'Height of the chain.', (g) => {
      const h = latestHeight()
      if (h !== undefined) g.set(labels, h + 1)
    })
    gauge(`${ns}_consensus_latest_block_height`, 'The latest block height.', (g) => {
      const h = latestHeight()
      if (h !== undefined) g.set(labels, h)
    })
    const afterBlock = (name: string, help: string, value: (b: StoredBlock) => number) =>
      gauge(name, help, (g) => {
        if (this.lastBlock) g.set(labels, value(this.lastBlock))
      })
    afterBlock(`${ns}_consensus_num_txs`, 'Number of transactions.', (b) => b.block.txs.length)
    afterBlock(`${ns}_consensus_total_txs`, 'Total number of transactions.', () => this.totalTxs)
    afterBlock(`${ns}_consensus_block_size_bytes`, 'Size of the block.', (b) => b.size)
    // CometBFT's two counters without `_total` are gauges here: the names stay upstream's and
    // `promtool check metrics` passes (it wants every counter name to end in `_total`).
    afterBlock(
      `${ns}_consensus_chain_size_bytes`,
      'Size of the chain in bytes.',
      () => this.chainSize,
    )
    this.blockInterval = histogram(
      `${ns}_consensus_block_interval_seconds`,
      'Time between this and the last block.',
      DEFAULT_BUCKETS,
    )
    const validator = { ...labels, validator_address: toHexUpper(o.validator.address) }
    // A scrape reads the latest block's figures (its sets read if need be, once per height).
    for (const { name, help, value, ofValidator } of VALIDATOR_GAUGES) {
      gauge(
        `${ns}_consensus_${name}`,
        help,
        async (g) => {
          if (this.lastBlock)
            g.set(ofValidator ? validator : labels, value(await this.figures.values()))
        },
        ofValidator ? ['chain_id', 'validator_address'] : ['chain_id'],
      )
    }

    // Mempool, state, p2p, sync.
    gauge(`${ns}_mempool_size`, 'Number of uncommitted transactions in the mempool.', (g) => {
      if (this.mempool) g.set(labels, this.mempool.unconfirmedSize)
    })
    gauge(`${ns}_mempool_size_bytes`, 'Total size of the mempool in bytes.', (g) => {
      if (this.mempool) g.set(labels, this.mempool.unconfirmedBytes)
    })
    this.txSize = histogram(
      `${ns}_mempool_tx_size_bytes`,
      'Transaction sizes in bytes.',
      TX_SIZE_BUCKETS,
    )
    gauge(`${ns}_mempool_failed_txs`, 'Number of failed transactions.', (g) => {
      if (this.failedTxs > 0) g.set(labels, this.failedTxs)
    })
    this.processingTime = histogram(
      `${ns}_state_block_processing_time`,
      'Time spent processing FinalizeBlock',
      PROCESSING_MS_BUCKETS,
    )
    for (const [name, help] of [
      [`${ns}_p2p_peers`, 'Number of peers.'],
      [`${ns}_blocksync_syncing`, 'Whether or not a node is block syncing. 1 if yes, 0 if no.'],
      [`${ns}_statesync_syncing`, 'Whether or not a node is state syncing. 1 if yes, 0 if no.'],
    ] as const) {
      gauge(name, help, (g) => g.set(labels, 0))
    }

    // sdkd's own.
    this.queryDuration = new FastHistogram(
      'sdkd_query_duration_seconds',
      'Time to answer a query, by transport (rest, grpc, abci), gRPC method and height served (latest or historical).',
      ['chain_id', 'transport', 'method', 'height'],
      QUERY_BUCKETS,
      registry,
    )
    const cache = () => this.o.router().cache
    // Answers kept for a span of heights are the response cache's too.
    const hits = () => {
      const r = this.o.router()
      return r.cache.hits + r.spans.hits + r.byteSpans.hits
    }
    counter('sdkd_query_cache_hits_total', 'Queries answered from the response cache.', () =>
      hits() > 0 ? hits() : undefined,
    )
    counter('sdkd_query_cache_misses_total', 'Queries the response cache had to compute.', () =>
      cache().misses > 0 ? cache().misses : undefined,
    )
    this.commitDuration = histogram(
      'sdkd_commit_duration_seconds',
      'Time to write one atomic batch of heights to the database.',
      COMMIT_BUCKETS,
    )
    this.batchHeights = histogram(
      'sdkd_commit_batch_heights',
      'Heights written per atomic batch.',
      BATCH_BUCKETS,
    )
    gauge(
      'sdkd_app_version_info',
      'The app version ("binary") this node runs, and the sdkd build: always 1.',
      (g) => g.set({ ...labels, app_version: o.appVersion, version: o.version }, 1),
      ['chain_id', 'app_version', 'version'],
    )
    gauge(
      'sdkd_upgrade_scheduled_height',
      'Height of the scheduled upgrade plan (0 when none).',
      async (g) => {
        const facts = await this.chainFacts()
        if (facts?.upgradeHeight !== undefined) g.set(labels, facts.upgradeHeight)
      },
    )
    gauge(
      'sdkd_gov_proposals',
      'Governance proposals by status.',
      async (g) => {
        const proposals = (await this.chainFacts())?.proposals
        for (const [status, n] of proposals ?? []) g.set({ ...labels, status }, n)
      },
      ['chain_id', 'status'],
    )
    this.devCalls = new Counter({
      name: 'sdkd_dev_api_calls_total',
      help: 'Dev API calls served, by method.',
      labelNames: ['chain_id', 'method'],
      registers: [registry],
    })
  }

  /**
   * Drops the CometBFT-named metrics (`<namespace>_*`): under a real CometBFT they are its own, which
   * the metrics listener serves beside these.
   */
  dropConsensusMetrics(): void {
    const prefix = `${this.o.namespace}_`
    for (const m of this.registry.getMetricsAsArray()) {
      if (m.name.startsWith(prefix)) this.registry.removeSingleMetric(m.name)
    }
  }

  /** A height committed under CometBFT: its Commit's write (one height per batch). */
  observeAbciCommit(commitMs: number): void {
    this.commitDuration.observe(commitMs / 1000)
    this.batchHeights.observe(1)
  }

  /** Follows the producer's blocks and the mempool's CheckTx; returns the unsubscribe. */
  subscribe(producer: BlockProducer, mempool: MetricsMempool | undefined): () => void {
    this.mempool = mempool
    this.lastTime = producer.lastBlockTime
    const onBlock = (stored: StoredBlock) => this.guard(() => this.onBlock(stored))
    const onApplied = (_height: number, ms: number) => this.processingTime.observe(ms)
    const onBatch = (heights: number, seconds: number) => {
      this.commitDuration.observe(seconds)
      this.batchHeights.observe(heights)
    }
    producer.on('block', onBlock)
    producer.on('applied', onApplied)
    producer.on('batch', onBatch)
    // The mempool keeps its listeners; once unsubscribed this one does nothing.
    mempool?.onChecked((tx, code) => {
      if (this.mempool !== mempool) return
      if (code === 0) this.txSize.observe(tx.length)
      else this.failedTxs++
    })
    return () => {
      producer.off('block', onBlock)
      producer.off('applied', onApplied)
      producer.off('batch', onBatch)
      this.mempool = undefined
    }
  }

  /** Times the queries of every transport (QueryRouter `observer`). */
  readonly observeQuery: QueryObserver = (transport, method, latest, seconds) => {
    let series = this.querySeries.get(method)
    if (!series) {
      series = []
      this.querySeries.set(method, series)
    }
    const slot = TRANSPORT_SLOTS[transport] * 2 + (latest ? 0 : 1)
    let child = series[slot]
    if (!child) {
      child = this.queryDuration.labels({
        ...this.labels,
        transport,
        method: method.path,
        height: latest ? 'latest' : 'historical',
      })
      series[slot] = child
    }
    child.observe(seconds)
  }

  /** Counts a dev API call. */
  readonly onDevCall = (method: string): void => {
    this.guard(() => this.devCalls.inc({ ...this.labels, method }))
  }

  /** The exposition text (what `/metrics` serves). */
  metrics(): Promise<string> {
    return this.registry.metrics()
  }

  private onBlock(stored: StoredBlock): void {
    const { header } = stored.block
    if (this.lastTime !== undefined && header.time > this.lastTime) {
      this.blockInterval.observe(Number(header.time - this.lastTime) / 1e9)
    }
    this.lastTime = header.time
    this.lastBlock = stored
    this.totalTxs += stored.block.txs.length
    this.chainSize += stored.size
    this.figures.onBlock(stored.block)
  }

  private guard(fn: () => void): void {
    try {
      fn()
    } catch (err) {
      this.log.error({ err }, 'failed to update a metric')
    }
  }

  /**
   * The scheduled upgrade height and the proposals by status, through the query router at the
   * latest height: read at most once per height, whatever the scrape rate.
   */
  private chainFacts(): Promise<ChainFacts | undefined> {
    const height = this.o.latest()?.block.header.height
    if (height === undefined) return Promise.resolve(undefined)
    const cached = this.facts
    const next = (async (): Promise<ChainFacts> => {
      const previous = await cached?.catch(() => undefined)
      if (previous?.height === height) return previous
      return readChainFacts(this.o.router(), height)
    })()
    this.facts = next
    return next.catch((err: unknown) => {
      this.log.debug({ err, height }, 'cannot read the upgrade plan or proposals for metrics')
      return undefined
    })
  }
}

const TRANSPORT_SLOTS: Record<QueryTransport, number> = { rest: 0, grpc: 1, abci: 2 }
