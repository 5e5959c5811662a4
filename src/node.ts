import { App } from './app/app.js'
import { APP_VERSIONS } from './app/versions/index.js'
import { BlockBuilder } from './chain/block.js'
import { BlockProducer, ChainHaltError } from './chain/producer.js'
import { type ProtoRegistry, protoRegistry } from './codec/proto.js'
import { ConfigError } from './config/fields.js'
import type { LoadedHome } from './config/home.js'
import { pruningOptions } from './config/pruning.js'
import { nodeId } from './config/validator-key.js'
import type { Logger } from './logger.js'
import { type HttpListener, listenHttp } from './server/listen.js'
import { coreRoutes, createRpcApp, type RpcNode } from './server/rpc/server.js'
import type { StoreBackend } from './store/backend.js'
import { BlockStore } from './store/block-store.js'
import { createLevelBackend } from './store/level-backend.js'
import { VersionedStore } from './store/versioned-store.js'

/** Version of this sdkd build. */
export const SDKD_VERSION = '0.1.0'

export interface NodeOptions {
  /** The validated home, with flag overrides already applied to its config. */
  home: LoadedHome
  /** App version ("binary") to run. */
  appVersion: string
  logger: Logger
}

/** A node: store, app, block producer and servers, wired together. */
export class Node {
  readonly registry: ProtoRegistry
  readonly producer: BlockProducer
  private listeners: HttpListener[] = []
  private stopping: Promise<void> | undefined
  private readonly haltPromise: Promise<ChainHaltError>
  /** Addresses the servers actually listen on. */
  readonly addresses: { rpc?: string } = {}

  private constructor(
    readonly options: NodeOptions,
    readonly backend: StoreBackend,
    readonly store: VersionedStore,
    readonly blocks: BlockStore,
    readonly app: App,
    registry: ProtoRegistry,
    producer: BlockProducer,
  ) {
    this.registry = registry
    this.producer = producer
    this.haltPromise = new Promise((resolve) => producer.once('halt', resolve))
  }

  /** Opens the database and commits genesis if needed; serves nothing yet. */
  static async create(options: NodeOptions): Promise<Node> {
    const { home, logger } = options
    const registry = protoRegistry()
    const factory = APP_VERSIONS[options.appVersion]
    if (!factory) {
      throw new ConfigError(
        '--app-version',
        '',
        `unknown app version "${options.appVersion}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
      )
    }
    const app = new App(factory({ registry }), registry)
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

    const backend = await createLevelBackend({ path: home.paths.database })
    try {
      const store = await VersionedStore.open({ backend, pruning })
      const v = home.genesis.validators[0]!
      const builder = new BlockBuilder(
        registry,
        home.genesis.chainId,
        {
          address: v.address,
          pubKey: v.pubKey,
          power: v.power,
          privateKey: home.validatorKey.privateKey,
        },
        { blockMaxBytes: home.genesis.blockMaxBytes, blockMaxGas: home.genesis.blockMaxGas },
      )
      const blocks = await BlockStore.open({
        backend,
        builder,
        registry,
        latestHeight: store.latestHeight,
      })
      const producer = new BlockProducer({
        backend,
        store,
        blocks,
        builder,
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
      return new Node(options, backend, store, blocks, app, registry, producer)
    } catch (err) {
      await backend.close().catch(() => undefined)
      throw err
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
      abciInfo: () => ({
        data: 'sdkd',
        version: SDKD_VERSION,
        appVersion: 0n,
        lastBlockHeight: this.blocks.latest?.block.header.height ?? 0,
        lastBlockAppHash: this.store.appHash,
      }),
    }
  }

  /** Starts the servers, then block production. */
  async start(): Promise<void> {
    const { home, logger } = this.options
    try {
      const rpc = await listenHttp(
        createRpcApp(coreRoutes(this.rpcNode()), { maxBodyBytes: home.node.rpc.maxBodyBytes }),
        home.node.rpc.laddr,
        'RPC server',
      )
      this.listeners.push(rpc)
      this.addresses.rpc = rpc.address
      logger.info({ module: 'rpc-server', address: rpc.address }, 'serving CometBFT RPC')
    } catch (err) {
      await this.stop()
      throw err
    }
    this.producer.start()
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
      await this.store.close()
    })()
    return this.stopping
  }
}

export { ChainHaltError }
