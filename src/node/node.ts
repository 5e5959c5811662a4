import type { Hono } from 'hono'
import { App } from '../app/app.js'
import { loadUpgradePlugins, withPlugins } from '../app/plugins.js'
import type { RawAbciQuery } from '../app/types.js'
import type { BlockBuilder } from '../block/block.js'
import type { BlockProducer } from '../chain/producer.js'
import { useBrand } from '../codec/brand.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import type { LoadedHome } from '../config/home.js'
import { parseListenAddress } from '../config/listen-address.js'
import type { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import type { NodeMetrics } from '../server/metrics/node-metrics.js'
import { createNodeRouter } from '../server/query/node-router.js'
import type { QueryRouter } from '../server/query/router.js'
import { abciQuery, abciQueryRoutes } from '../server/rpc/abci-query.js'
import { chainRoutes } from '../server/rpc/chain-routes.js'
import { coreRoutes, type RpcNode } from '../server/rpc/core-routes.js'
import { devRoutes } from '../server/rpc/dev-routes.js'
import { listenRpc } from '../server/rpc/server.js'
import { txRoutes } from '../server/rpc/tx-routes.js'
import type { WebsocketTimings } from '../server/rpc/websocket-connection.js'
import type { StoreBackend } from '../store/backend.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { APP_VERSIONS, type AppVersionFactory } from '../versions/index.js'
import { restAppOf, startAppServers } from './app-servers.js'
import { routerTxParts } from './comet-queries.js'
import { DevControl } from './dev-control.js'
import { serveNodeMetrics } from './metrics-listener.js'
import { appVersionFactory, checkModuleGenesis, pruningOf, upgradeInfoOf } from './node-config.js'
import { type OpenedChain, openChain } from './open-chain.js'
import { nodeMetricsOf, rpcChainOf, rpcNodeOf } from './rpc-facts.js'
import { type RuntimeOptions, runtimeOptionsOf } from './runtime-options.js'
import type { TxPipeline } from './tx-pipeline.js'
import { serveWebsocket } from './websocket-endpoint.js'

/** Version of this sdkd build. */
export const SDKD_VERSION = '0.1.0'

export interface NodeOptions {
  /** The validated home, with flag overrides already applied to its config. */
  home: LoadedHome
  /** App version ("binary") to run. */
  appVersion: string
  logger: Logger
  /** x/upgrade: `--unsafe-skip-upgrades` heights and `--upgrade-plugin` files. */
  upgrade?: { skipHeights?: readonly number[]; plugins?: readonly string[] }
  /** App versions to choose from (default: the built-in ones). */
  appVersions?: Record<string, AppVersionFactory>
  /** The built-in app version `appVersions`' one wraps (a rehearsal's binary), for `builtInOf`. */
  builtInVersion?: string
  /** `/websocket` keep-alive and write deadlines (default CometBFT's; tests shorten them). */
  websocketTimings?: Partial<WebsocketTimings>
  /** The database; default LevelDB in the home (tests pass the in-memory twin). */
  backend?: StoreBackend
  /**
   * Where the node runs its work (the CLI reads them once, from app.toml and the environment).
   * Default: app.toml's `[runtime]` alone.
   */
  runtime?: RuntimeOptions
  /** Who makes the blocks (default the simulated producer; `cometbft`: `serveUnderCometbft`). */
  consensus?: 'simulated' | 'cometbft'
  /** `start --grpc-only`: nobody makes blocks; the services that need CometBFT are not served. */
  grpcOnly?: boolean
  /** `--inv-check-period`: the invariants are asserted every n blocks (0 never; default 1). */
  invCheckPeriod?: number
  /** `--x-crisis-skip-assert-invariants`: x/crisis's InitGenesis asserts no invariant. */
  skipGenesisInvariants?: boolean
  /**
   * Refuse a chain whose state lacks a store the app version owns (a home an older sdkd made);
   * `sdkd start` asks for it. Tests that run a real home with test-only modules do not.
   */
  checkStores?: boolean
}

/** A node: store, app, block producer and servers, wired together. */
export class Node {
  readonly registry: ProtoRegistry
  readonly producer: BlockProducer
  private listeners: { close(): Promise<void> }[] = []
  private queryRouter: QueryRouter | undefined
  private devControl: DevControl | undefined
  private stopping: Promise<void> | undefined
  private readonly haltPromise: Promise<ChainHaltError>
  /** The height an upgrade halted the chain at: its block was made but not applied. */
  private upgradeHaltHeight: number | undefined
  /** Addresses the servers actually listen on. */
  readonly addresses: { rpc?: string; api?: string; grpc?: string; metrics?: string } = {}
  /** Prometheus metrics (`[instrumentation] prometheus`). */
  readonly metrics: NodeMetrics | undefined
  readonly backend: StoreBackend
  readonly store: VersionedStore
  readonly blocks: BlockStore
  /** Transactions: the tx runner and the mempool (absent if the app version takes no txs). */
  readonly tx: TxPipeline | undefined
  /** Builds and signs blocks; the RPC signs the latest height's commit with it. */
  private readonly builder: BlockBuilder
  /** Store upgrades due with the next block (this binary after an upgrade halt). */
  readonly storeUpgrades: OpenedChain['storeUpgrades']

  private constructor(
    readonly options: NodeOptions,
    readonly app: App,
    registry: ProtoRegistry,
    chain: OpenedChain,
  ) {
    this.registry = registry
    this.backend = chain.backend
    this.store = chain.store
    this.blocks = chain.blocks
    this.tx = chain.tx
    this.builder = chain.builder
    this.storeUpgrades = chain.storeUpgrades
    const producer = chain.producer
    this.producer = producer
    this.listeners.push({ close: () => chain.source.close() })
    if (chain.invariants) this.listeners.push(chain.invariants)
    this.haltPromise = new Promise((resolve) => producer.once('halt', resolve))
    void this.haltPromise.then((halt) => {
      if (halt.exitCode === UPGRADE_HALT_EXIT_CODE) this.upgradeHaltHeight = producer.height + 1
    })
    this.metrics = options.home.node.instrumentation.prometheus
      ? nodeMetricsOf({
          home: options.home,
          logger: options.logger,
          app: this.app,
          producer,
          blocks: this.blocks,
          router: () => this.router,
          version: SDKD_VERSION,
          cometbft: options.consensus === 'cometbft',
        })
      : undefined
  }

  /** Opens the database and commits genesis if needed; serves nothing yet. */
  static async create(options: NodeOptions): Promise<Node> {
    const { home } = options
    // The home decides the process's brand: names, addresses and headers follow it.
    useBrand(home.brand)
    const registry = protoRegistry()
    const { factory, builtInVersion } = appVersionFactory(options, APP_VERSIONS)
    const skipHeights = options.upgrade?.skipHeights ?? []
    const plugins = await loadUpgradePlugins(options.upgrade?.plugins ?? [])
    // The producer exists once the chain is open; no height is made before then.
    let producer: { drain(): Promise<void> } | undefined
    const version = factory({
      registry,
      consensusParams: home.genesis.json.consensus.params,
      upgrade: {
        skipHeights,
        upgradeInfoPath: home.paths.upgradeInfo,
        earlierHeightsDurable: async () => await producer?.drain(),
      },
    })
    const app = new App(withPlugins(version, plugins), registry, {
      invCheckPeriod: options.invCheckPeriod ?? 1,
      skipGenesisInvariants: options.skipGenesisInvariants === true,
    })
    checkModuleGenesis(app, home)
    const chain = await openChain({
      home,
      logger: options.logger,
      runtime: options.runtime ?? runtimeOptionsOf(home.app.runtime),
      app,
      registry,
      pruning: pruningOf(home),
      upgradeInfo: await upgradeInfoOf(home),
      skipHeights,
      ...(options.backend ? { backend: options.backend } : {}),
      ...(options.consensus ? { consensus: options.consensus } : {}),
      ...(options.checkStores ? { checkStores: true } : {}),
      ...builtInVersion,
    })
    producer = chain.producer
    return new Node(options, app, registry, chain)
  }

  /** The node facts the RPC reports (`node_info`, `abci_info`, its height). */
  private rpcNode(): RpcNode {
    return rpcNodeOf({
      home: this.options.home,
      registry: this.registry,
      store: this.store,
      blocks: this.blocks,
      producer: this.producer,
      version: SDKD_VERSION,
      upgradeHaltHeight: () => this.upgradeHaltHeight,
    })
  }

  /** The dev API (mine, time travel, snapshots), when `dev.enable` is on. */
  get dev(): DevControl | undefined {
    if (!this.options.home.app.dev.enable) return undefined
    this.devControl ??= new DevControl({
      producer: this.producer,
      backend: this.backend,
      app: this.app,
      mempool: this.tx?.mempool,
      home: this.options.home,
      store: this.store,
      registry: this.app.registry,
      blocks: this.blocks,
      builder: this.builder,
      router: () => this.router,
      impersonation: this.tx?.runner.impersonation,
    })
    return this.devControl
  }

  /** The query router behind REST, gRPC and RPC abci_query (built on first use). */
  get router(): QueryRouter {
    this.queryRouter ??= createNodeRouter({
      registry: this.registry,
      app: this.app,
      store: this.store,
      blocks: this.blocks,
      // Assigned, not spread: the node's `validator` stays a getter, read at each request.
      node: Object.assign(this.rpcNode(), {
        version: SDKD_VERSION,
        appVersion: this.app.name,
        protocolVersion: async () => (await this.rpcNode().abciInfo()).appVersion,
        // The router is built by the time a query reaches this (it is the one asking).
        abciQuery: (req: RawAbciQuery) =>
          abciQuery(this.router, req, this.options.logger, (h) => this.store.view(h), SDKD_VERSION),
      }),
      // The tx and node services: sdkd's, or reaching CometBFT under --consensus cometbft.
      ...routerTxParts(this),
      ...(this.options.grpcOnly ? { grpcOnly: true } : {}),
      queryGasLimit: this.options.home.app.queryGasLimit,
      ...(this.metrics ? { observer: this.metrics.observeQuery } : {}),
      // Under CometBFT the app's last commit (genesis joins the first block's, so is never alone).
      ...(this.options.consensus === 'cometbft'
        ? { latestHeight: () => Math.max(this.store.latestHeight, 0) }
        : {}),
    })
    return this.queryRouter
  }

  /** Starts the RPC server, then blocks (after `beforeBlocks`), then the other servers. */
  async start(beforeBlocks?: () => void): Promise<void> {
    const { home, logger } = this.options
    try {
      if (this.metrics) {
        // A malformed address is a mistake to report before anything runs; only a failed bind is
        // tolerated (serveMetrics).
        parseListenAddress(home.node.instrumentation.prometheusListenAddr, {
          file: 'config/config.toml',
          field: 'instrumentation.prometheus_listen_addr',
        })
      }
      const rpcRoutes = {
        ...coreRoutes(this.rpcNode()),
        ...chainRoutes(
          rpcChainOf({
            home,
            registry: this.registry,
            blocks: this.blocks,
            builder: this.builder,
            producer: this.producer,
            store: this.store,
          }),
        ),
        // The router is built by the first query that needs it, not before the first block.
        ...abciQueryRoutes(
          () => this.router,
          logger,
          (h) => this.store.view(h),
          SDKD_VERSION,
        ),
        ...(this.tx
          ? txRoutes({
              mempool: this.tx.mempool,
              blocks: this.blocks,
              producer: this.producer,
              broadcastCommitTimeoutMs: home.node.rpc.timeoutBroadcastTxCommitMs,
              unsafe: home.node.rpc.unsafe,
            })
          : {}),
        ...devRoutes({
          api: this.dev,
          allowRemote: home.app.dev.allowRemote,
          logger,
          ...(this.metrics ? { onCall: this.metrics.onDevCall } : {}),
        }),
      }
      const rpc = await listenRpc(rpcRoutes, home.node.rpc)
      this.listeners.push(rpc)
      this.addresses.rpc = rpc.address
      this.listeners.push(
        serveWebsocket(rpc.server, {
          routes: rpcRoutes,
          rpc: home.node.rpc,
          producer: this.producer,
          builder: this.builder,
          timings: this.options.websocketTimings,
          logger,
        }),
      )
      logger.info({ module: 'rpc-server', address: rpc.address }, 'serving CometBFT RPC')
      if (this.metrics) {
        const unsubscribe = this.metrics.subscribe(this.producer, this.tx?.mempool)
        this.listeners.push({ close: async () => unsubscribe() })
      }
      // Blocks come as soon as the RPC serves (as CometBFT's consensus starts before the SDK's API
      // and gRPC servers are up); the other servers follow. Their addresses were checked before
      // anything started, so they bind; if one does not, the node stops.
      beforeBlocks?.()
      this.producer.start()
      await this.startAppServers()
      if (this.metrics) {
        const server = await serveNodeMetrics(this.metrics, home, logger)
        if (server) {
          this.listeners.push(server)
          this.addresses.metrics = server.address
        }
      }
    } catch (err) {
      await this.stop()
      throw err
    }
  }

  /** Starts the gRPC and REST servers as app.toml says (the app's servers, whoever makes blocks). */
  startAppServers(): Promise<void> {
    return startAppServers(this, SDKD_VERSION)
  }

  /** Stops `listener` with the node. */
  addListener = (listener: { close(): Promise<void> }): number => this.listeners.push(listener)

  /**
   * What the REST server serves: the gateway, with the dashboard and explorer mounted at `/` and
   * `/dashboard` when `[api] dashboard` is on (stopped with the node).
   */
  restApp(): Hono {
    return restAppOf(this, SDKD_VERSION)
  }

  /** Resolves when the chain halts (configured halt, upgrade, failure). */
  halted(): Promise<ChainHaltError> {
    return this.haltPromise
  }

  /** Stops block production (the block in progress commits or is dropped), the servers and the database. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.producer.stop()
      await Promise.all(this.listeners.map((l) => l.close()))
      this.listeners = []
      await this.tx?.ingress?.close()
      await this.tx?.runner.close()
      await this.store.close()
    })()
    return this.stopping
  }
}
