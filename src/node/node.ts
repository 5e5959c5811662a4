import type { Server } from 'node:http'
import type { Hono } from 'hono'
import { App } from '../app/app.js'
import { loadUpgradePlugins, withPlugins } from '../app/plugins.js'
import { BlockBuilder } from '../block/block.js'
import type { BlockSource } from '../block/block-source.js'
import { ThreadBlockSource } from '../block/thread-source.js'
import { WorkerBlockSource } from '../block/worker-source.js'
import { BlockProducer } from '../chain/producer.js'
import { bech32ToAddress } from '../codec/address.js'
import { brand, useBrand } from '../codec/brand.js'
import { toHexUpper } from '../codec/bytes.js'
import { createEd25519Signer, ed25519Fallback } from '../codec/ed25519.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import { ConfigError } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import { parseListenAddress } from '../config/listen-address.js'
import { pruningOptions } from '../config/pruning.js'
import { nodeId } from '../config/validator-key.js'
import type { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { storeUpgradesToApply } from '../modules/upgrade/store-loader.js'
import { readUpgradeInfo, type UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import { createDashboard } from '../server/dashboard/dashboard.js'
import { listenHttp } from '../server/listen.js'
import { listenMetrics } from '../server/metrics/listener.js'
import { NodeMetrics } from '../server/metrics/node-metrics.js'
import { createNodeRouter } from '../server/query/node-router.js'
import type { QueryRouter } from '../server/query/router.js'
import { createTxServiceHandlers, HEIGHTLESS_TX_METHODS } from '../server/query/tx-service.js'
import {
  createBroadcastFastPath,
  createGateway,
  type GatewayOptions,
} from '../server/rest/gateway.js'
import { abciQueryRoutes } from '../server/rpc/abci-query.js'
import { chainRoutes, type RpcChain } from '../server/rpc/chain-routes.js'
import { coreRoutes, type RpcNode } from '../server/rpc/core-routes.js'
import { devRoutes } from '../server/rpc/dev-routes.js'
import { EventBus } from '../server/rpc/pubsub.js'
import { createRpcApp, type RpcRoutes } from '../server/rpc/server.js'
import { txRoutes } from '../server/rpc/tx-routes.js'
import { attachWebsocket, type WebsocketTimings } from '../server/rpc/websocket.js'
import type { StoreBackend } from '../store/backend.js'
import { BlockStore, type StoredBlock } from '../store/block-store.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import { createLevelBackend } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { consensusParamsOf } from '../versions/deps.js'
import { APP_VERSIONS, type AppVersionFactory } from '../versions/index.js'
import { DevControl } from './dev-control.js'
import { tuneGarbageCollection } from './gc-tuning.js'
import { createTxPipeline, type TxPipeline } from './tx-pipeline.js'

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
  /** `/websocket` keep-alive and write deadlines (default CometBFT's; tests shorten them). */
  websocketTimings?: Partial<WebsocketTimings>
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

  private constructor(
    readonly options: NodeOptions,
    readonly backend: StoreBackend,
    readonly store: VersionedStore,
    readonly blocks: BlockStore,
    readonly app: App,
    registry: ProtoRegistry,
    producer: BlockProducer,
    /** Transactions: the tx runner and the mempool (absent if the app version takes no txs). */
    readonly tx: TxPipeline | undefined,
    /** Builds and signs blocks; the RPC signs the latest height's commit with it. */
    private readonly builder: BlockBuilder,
  ) {
    this.registry = registry
    this.producer = producer
    this.haltPromise = new Promise((resolve) => producer.once('halt', resolve))
    void this.haltPromise.then((halt) => {
      if (halt.exitCode === UPGRADE_HALT_EXIT_CODE) this.upgradeHaltHeight = producer.height + 1
    })
    this.metrics = options.home.node.instrumentation.prometheus ? this.createMetrics() : undefined
  }

  private createMetrics(): NodeMetrics {
    const { home, logger } = this.options
    const v = home.genesis.validators[0]!
    return new NodeMetrics({
      chainId: home.genesis.chainId,
      namespace: home.node.instrumentation.namespace,
      appVersion: this.app.name,
      version: SDKD_VERSION,
      validator: { address: v.address, power: v.power },
      latest: () => this.blocks.latest,
      router: () => this.router,
      logger,
    })
  }

  /** Opens the database and commits genesis if needed; serves nothing yet. */
  static async create(options: NodeOptions): Promise<Node> {
    const { home, logger } = options
    // The home decides the process's brand: names, addresses and headers follow it.
    useBrand(home.brand)
    const registry = protoRegistry()
    const versions = options.appVersions ?? APP_VERSIONS
    const factory = versions[options.appVersion]
    if (!factory) {
      throw new ConfigError(
        '--app-version',
        '',
        `unknown app version "${options.appVersion}" (built in: ${Object.keys(versions).join(', ')})`,
      )
    }
    const skipHeights = options.upgrade?.skipHeights ?? []
    const plugins = await loadUpgradePlugins(options.upgrade?.plugins ?? [])
    const version = factory({
      registry,
      consensusParams: home.genesis.json.consensus.params,
      upgrade: { skipHeights, upgradeInfoPath: home.paths.upgradeInfo },
    })
    const app = new App(withPlugins(version, plugins), registry)
    let upgradeInfo: UpgradeInfo | undefined
    try {
      upgradeInfo = await readUpgradeInfo(home.paths.upgradeInfo)
    } catch (err) {
      throw new ConfigError(
        'data/upgrade-info.json',
        '',
        `failed to read upgrade info from disk: ${(err as Error).message}`,
      )
    }
    for (const m of app.modules.values()) {
      try {
        m.validateGenesis?.(home.genesis.appState[m.name] ?? m.defaultGenesis?.())
      } catch (err) {
        throw new ConfigError('config/genesis.json', '', (err as Error).message)
      }
    }
    let pruning: ReturnType<typeof pruningOptions>
    try {
      pruning = pruningOptions(
        home.app.pruning,
        home.app.pruningKeepRecent,
        home.app.pruningInterval,
      )
    } catch (err) {
      throw new ConfigError('config/app.toml', 'pruning', (err as Error).message)
    }
    if (home.app.pruning === 'everything' && home.app.stateSync.snapshotInterval > 0) {
      throw new ConfigError(
        'config/app.toml',
        'state-sync.snapshot-interval',
        "cannot enable state sync snapshots with 'everything' pruning setting",
      )
    }

    logger.debug({ module: 'server', pretenuring: tuneGarbageCollection() }, 'V8 allocation sites')
    const fallback = ed25519Fallback()
    if (fallback !== undefined)
      logger.warn(
        { reason: fallback },
        'libsodium (sodium-native) could not be loaded: blocks are signed with OpenSSL, about half as fast',
      )
    const backend = await createLevelBackend({ path: home.paths.database })
    let source: BlockSource | undefined
    try {
      const store = await VersionedStore.open({ backend, pruning })
      await checkGenesisOfData(backend, store.latestHeight, home.genesis.hash)
      const v = home.genesis.validators[0]!
      const builder = new BlockBuilder(
        registry,
        home.genesis.chainId,
        {
          address: v.address,
          pubKey: v.pubKey,
          power: v.power,
          sign: createEd25519Signer(home.validatorKey.seed).sign,
        },
        { blockMaxBytes: home.genesis.blockMaxBytes, blockMaxGas: home.genesis.blockMaxGas },
      )
      // Empty blocks of a burst are hashed and signed on another thread (SDKD_BLOCK_WORKER=0: not).
      source =
        (process.env.SDKD_BLOCK_WORKER === '0'
          ? undefined
          : WorkerBlockSource.start(
              builder,
              {
                chainId: home.genesis.chainId,
                brand: brand().name,
                seed: home.validatorKey.seed,
                address: v.address,
                pubKey: v.pubKey,
                power: v.power.toString(),
                blockMaxBytes: home.genesis.blockMaxBytes.toString(),
                blockMaxGas: home.genesis.blockMaxGas.toString(),
              },
              {
                log: logger.child({ module: 'state' }),
                onReady: () => logger.debug({ module: 'state' }, 'block worker ready'),
              },
            )) ?? new ThreadBlockSource(builder)
      const blocks = await BlockStore.open({
        backend,
        builder,
        registry,
        latestHeight: store.latestHeight,
        indexTxEvents: home.node.txIndex.indexer === 'kv',
      })
      const storeUpgrades = storeUpgradesToApply({
        info: upgradeInfo,
        lastCommittedHeight: store.latestHeight,
        skipHeights,
        upgrade: (name) => app.upgrade(name),
      })
      let producer: BlockProducer | undefined
      const tx = createTxPipeline({
        home,
        app,
        registry,
        store,
        producer: () => producer!,
        logger,
      })
      producer = new BlockProducer({
        ...(tx ? { txExecutor: tx.runner, txSource: tx.mempool } : {}),
        ...(storeUpgrades ? { storeUpgrades } : {}),
        backend,
        store,
        blocks,
        builder,
        source,
        app,
        registry,
        genesis: home.genesis,
        logger,
        timeoutCommitMs: home.node.consensus.timeoutCommitMs,
        haltHeight: home.app.haltHeight,
        haltTime: home.app.haltTime,
        minRetainBlocks: home.app.minRetainBlocks,
      })
      await producer.initChain()
      const node = new Node(options, backend, store, blocks, app, registry, producer, tx, builder)
      const started = source
      node.listeners.push({ close: () => started.close() })
      return node
    } catch (err) {
      await source?.close().catch(() => undefined)
      await backend.close().catch(() => undefined)
      throw err
    }
  }

  /** What the RPC's block, genesis and consensus routes read. */
  private rpcChain(): RpcChain {
    const { home } = this.options
    const v = home.genesis.validators[0]!
    return {
      genesis: home.genesis,
      consensusParams: consensusParamsOf({
        registry: this.registry,
        consensusParams: home.genesis.json.consensus.params,
      }),
      validator: { address: v.address, pubKey: v.pubKey, power: v.power },
      blocks: this.blocks,
      makeCommit: (height, blockId, time) => this.builder.makeCommit(height, blockId, time),
      nextRoundStartMs: () => this.producer.nextBlockAtMs,
    }
  }

  /** The facts the RPC server reports. */
  private rpcNode(): RpcNode {
    const { home } = this.options
    const v = home.genesis.validators[0]!
    return {
      chainId: home.genesis.chainId,
      moniker: home.node.moniker,
      nodeId: nodeId(home.nodeKey),
      p2pListenAddr: home.node.p2p.laddr,
      rpcListenAddr: home.node.rpc.laddr,
      validator: { address: v.address, pubKey: v.pubKey, power: v.power },
      blocks: this.blocks,
      nextRoundStartMs: () => this.producer.nextBlockAtMs,
      upgradeHaltHeight: () => this.upgradeHaltHeight,
      abciInfo: async () => {
        const latest = this.blocks.latest
        // The protocol version x/upgrade raises by one with every applied upgrade (key 0x03).
        const appVersion =
          latest && this.store.latestHeight >= 0
            ? await new UpgradeKeeper(this.registry).protocolVersion(this.store.view())
            : 0n
        return {
          data: 'sdkd',
          version: SDKD_VERSION,
          appVersion,
          lastBlockHeight: latest?.block.header.height ?? 0,
          lastBlockAppHash: this.store.appHash,
        }
      },
    }
  }

  /** The dev API (mine, time travel, snapshots), when `dev.enable` is on. */
  get dev(): DevControl | undefined {
    if (!this.options.home.app.dev.enable) return undefined
    this.devControl ??= new DevControl({
      producer: this.producer,
      backend: this.backend,
      app: this.app,
      mempool: this.tx?.mempool,
      faucet: faucetOf(this.options.home),
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
      node: {
        ...this.rpcNode(),
        version: SDKD_VERSION,
        appVersion: this.app.name,
        protocolVersion: async () => (await this.rpcNode().abciInfo()).appVersion,
      },
      ...(this.tx
        ? {
            txHandlers: createTxServiceHandlers({
              registry: this.registry,
              mempool: this.tx.mempool,
              blocks: this.blocks,
            }),
            heightless: HEIGHTLESS_TX_METHODS,
          }
        : {}),
      ...(this.metrics ? { observer: this.metrics.observeQuery } : {}),
    })
    return this.queryRouter
  }

  /** Starts the RPC server, block production, then the other servers. */
  async start(): Promise<void> {
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
        ...chainRoutes(this.rpcChain()),
        ...abciQueryRoutes(this.router, logger, (h) => this.store.view(h)),
        ...(this.tx
          ? txRoutes({ mempool: this.tx.mempool, blocks: this.blocks, producer: this.producer })
          : {}),
        ...devRoutes({
          api: this.dev,
          allowRemote: home.app.dev.allowRemote,
          logger,
          ...(this.metrics ? { onCall: this.metrics.onDevCall } : {}),
        }),
      }
      const rpc = await listenHttp(
        createRpcApp(rpcRoutes, {
          maxBodyBytes: home.node.rpc.maxBodyBytes,
          maxBatchSize: home.node.rpc.maxRequestBatchSize,
        }),
        home.node.rpc.laddr,
        'RPC server',
      )
      this.listeners.push(rpc)
      this.addresses.rpc = rpc.address
      this.listeners.push(this.serveWebsocket(rpc.server, rpcRoutes))
      logger.info({ module: 'rpc-server', address: rpc.address }, 'serving CometBFT RPC')
      if (this.metrics) {
        const unsubscribe = this.metrics.subscribe(this.producer, this.tx?.mempool)
        this.listeners.push({ close: async () => unsubscribe() })
      }
      // Blocks come as soon as the RPC serves (as CometBFT's consensus starts before the SDK's API
      // and gRPC servers are up); the other servers follow. Their addresses were checked before
      // anything started, so they bind; if one does not, the node stops.
      this.producer.start()
      const { api, grpc } = home.app
      if (grpc.enable) {
        // Loaded only when served: gRPC's library is the largest part of a node's start-up.
        const { startGrpcServer } = await import('../server/grpc/server.js')
        const server = await startGrpcServer({
          router: this.router,
          address: grpc.address,
          maxRecvMsgSize: grpc.maxRecvMsgSize,
          maxSendMsgSize: grpc.maxSendMsgSize,
          logger: logger.child({ module: 'grpc-server' }),
        })
        this.listeners.push(server)
        this.addresses.grpc = server.address
        logger.info({ module: 'grpc-server', address: server.address }, 'serving gRPC')
      }
      if (api.enable) {
        const ahead = createBroadcastFastPath(this.gatewayOptions())
        const server = await listenHttp(this.restApp(), api.address, 'API server', {
          ...(ahead ? { ahead } : {}),
          maxConnections: api.maxOpenConnections,
          readTimeoutSeconds: api.rpcReadTimeout,
          writeTimeoutSeconds: api.rpcWriteTimeout,
        })
        this.listeners.push(server)
        this.addresses.api = server.address
        logger.info({ module: 'api-server', address: server.address }, 'serving REST API')
      }
      if (this.metrics) await this.serveMetrics(this.metrics)
    } catch (err) {
      await this.stop()
      throw err
    }
  }

  /**
   * Prometheus metrics on their own listener. As CometBFT, a listener that cannot bind is logged
   * and the node runs on without it.
   */
  private async serveMetrics(metrics: NodeMetrics): Promise<void> {
    const { home, logger } = this.options
    const { prometheusListenAddr, maxOpenConnections } = home.node.instrumentation
    try {
      const server = await listenMetrics({
        registry: metrics.registry,
        address: prometheusListenAddr,
        maxOpenConnections,
        labels: { chain_id: home.genesis.chainId },
      })
      this.listeners.push(server)
      this.addresses.metrics = server.address
      logger.info({ module: 'metrics', address: server.address }, 'serving Prometheus metrics')
    } catch (err) {
      logger.error(
        { module: 'metrics', err: (err as Error).message },
        'Prometheus HTTP server ListenAndServe: the node runs on without metrics',
      )
    }
  }

  /**
   * What the REST server serves: the gateway, with the dashboard and explorer mounted at `/` and
   * `/dashboard` when `[api] dashboard` is on (stopped with the node).
   */
  restApp(): Hono {
    const { api } = this.options.home.app
    const gateway = createGateway(this.gatewayOptions())
    if (api.dashboard) {
      const dashboard = this.createDashboard()
      this.listeners.push({ close: async () => dashboard.close() })
      gateway.route('/', dashboard.app)
    }
    return gateway
  }

  /** The REST gateway's settings (the Hono app and the broadcast fast path share them). */
  private gatewayOptions(): GatewayOptions {
    const { home, logger } = this.options
    const { api } = home.app
    return {
      router: this.router,
      swagger: api.swagger,
      enabledUnsafeCors: api.enabledUnsafeCors,
      maxBodyBytes: api.rpcMaxBodyBytes,
      version: SDKD_VERSION,
      logger: logger.child({ module: 'api-server' }),
    }
  }

  /** The dashboard and explorer over this node's router, block store and producer events. */
  private createDashboard() {
    const { home, logger } = this.options
    return createDashboard({
      router: this.router,
      blocks: this.blocks,
      view: (height) => this.store.view(height),
      chainId: home.genesis.chainId,
      appVersion: this.app.name,
      sdkdVersion: SDKD_VERSION,
      moniker: home.node.moniker,
      configuredBlockTimeMs: home.node.consensus.timeoutCommitMs,
      upgradeInfoPath: home.paths.upgradeInfo,
      ...(this.tx ? { mempoolSize: () => this.tx!.mempool.size } : {}),
      onBlock: (listener) => {
        this.producer.on('block', listener)
        return () => this.producer.off('block', listener)
      },
      logger: logger.child({ module: 'dashboard' }),
    })
  }

  /** `/websocket` on the RPC server: every route plus subscriptions to the committed blocks' events. */
  private serveWebsocket(server: Server, routes: RpcRoutes): { close(): Promise<void> } {
    const { home, logger } = this.options
    const rpc = home.node.rpc
    const bus = new EventBus({
      maxSubscriptionClients: rpc.maxSubscriptionClients,
      maxSubscriptionsPerClient: rpc.maxSubscriptionsPerClient,
    })
    const onBlock = (stored: StoredBlock) => {
      try {
        bus.publishBlock(stored)
      } catch (err) {
        // A subscriber's trouble must never reach the commit path.
        logger.error({ err, height: stored.block.header.height }, 'failed to publish block events')
      }
    }
    this.producer.on('block', onBlock)
    const endpoint = attachWebsocket(server, {
      routes,
      bus,
      maxBodyBytes: rpc.maxBodyBytes,
      subscriptionBufferSize: rpc.subscriptionBufferSize,
      writeBufferSize: rpc.websocketWriteBufferSize,
      closeOnSlowClient: rpc.closeOnSlowClient,
      ...(this.options.websocketTimings ? { timings: this.options.websocketTimings } : {}),
      logger,
    })
    return {
      close: async () => {
        this.producer.off('block', onBlock)
        await endpoint.close()
      },
    }
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
      await this.tx?.runner.close()
      await this.store.close()
    })()
    return this.stopping
  }
}

/** The devnet faucet: the genesis validator's operator account (the devnet's `validator` key). */
function faucetOf(home: LoadedHome): Uint8Array | undefined {
  const staking = home.genesis.appState.staking as
    | { validators?: { operator_address?: string }[] }
    | undefined
  const operator = staking?.validators?.[0]?.operator_address
  if (!operator) return undefined
  try {
    return bech32ToAddress(operator, valoperPrefix())
  } catch {
    return undefined
  }
}

/**
 * The chain in `data/` remembers the genesis it was made from: started with another `genesis.json`
 * (e.g. after `init --overwrite`), the node refuses instead of silently continuing the old chain.
 */
async function checkGenesisOfData(
  backend: StoreBackend,
  latestHeight: number,
  genesisHash: Uint8Array,
): Promise<void> {
  if (latestHeight < 0) return
  const stored = await backend.get(META_GENESIS_HASH)
  if (stored === undefined || toHexUpper(stored) === toHexUpper(genesisHash)) return
  throw new ConfigError(
    'config/genesis.json',
    '',
    `does not match the chain in data/ (genesis hash ${toHexUpper(genesisHash)}; the chain was made from ${toHexUpper(stored)}), e.g. after init --overwrite. ` +
      `Start the chain over from this genesis with 'sdkd devnet --reset' (a devnet home) or 'sdkd comet unsafe-reset-all', or put back the genesis.json the chain was made from`,
  )
}
