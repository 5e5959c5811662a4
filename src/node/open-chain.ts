import type { App } from '../app/app.js'
import { BlockBuilder } from '../block/block.js'
import type { BlockSource } from '../block/block-source.js'
import { ThreadBlockSource } from '../block/thread-source.js'
import { WorkerBlockSource } from '../block/worker-source.js'
import { BlockProducer } from '../chain/producer.js'
import { brand } from '../codec/brand.js'
import { createEd25519Signer, ed25519Fallback } from '../codec/ed25519.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { LoadedHome } from '../config/home.js'
import type { PruningOptions } from '../config/pruning.js'
import type { Logger } from '../logger.js'
import { storeUpgradesToApply } from '../modules/upgrade/store-loader.js'
import type { UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import type { StoreBackend } from '../store/backend.js'
import { BlockStore } from '../store/block-store.js'
import { createLevelBackend } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { checkGenesisOfData } from './node-config.js'
import type { RuntimeOptions } from './runtime-options.js'
import { createTxPipeline, type TxPipeline } from './tx-pipeline.js'

export interface OpenChainOptions {
  home: LoadedHome
  logger: Logger
  runtime: RuntimeOptions
  app: App
  registry: ProtoRegistry
  pruning: PruningOptions
  upgradeInfo: UpgradeInfo | undefined
  skipHeights: readonly number[]
  /** The database; default LevelDB in the home (tests pass the in-memory twin). */
  backend?: StoreBackend
}

/** The chain of a node: its database, stores, block source, tx pipeline and block producer. */
export interface OpenedChain {
  backend: StoreBackend
  store: VersionedStore
  blocks: BlockStore
  /** Builds and signs blocks; the RPC signs the latest height's commit with it. */
  builder: BlockBuilder
  source: BlockSource
  producer: BlockProducer
  /** The tx runner and the mempool (absent if the app version takes no txs). */
  tx: TxPipeline | undefined
}

/**
 * Opens the database, checks it was made from this genesis, wires the stores, the block source,
 * the tx pipeline and the producer, and commits genesis if nothing is committed yet. On failure
 * what was opened is closed again.
 */
export async function openChain(o: OpenChainOptions): Promise<OpenedChain> {
  const { home, logger, app, registry } = o
  const fallback = ed25519Fallback()
  if (fallback !== undefined)
    logger.warn(
      { reason: fallback },
      'libsodium (sodium-native) could not be loaded: blocks are signed with OpenSSL, about half as fast',
    )
  const backend = o.backend ?? (await createLevelBackend({ path: home.paths.database }))
  let source: BlockSource | undefined
  try {
    const store = await VersionedStore.open({ backend, pruning: o.pruning })
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
    source = blockSourceOf(o, builder)
    const blocks = await BlockStore.open({
      backend,
      builder,
      registry,
      latestHeight: store.latestHeight,
      indexTxEvents: home.node.txIndex.indexer === 'kv',
    })
    const storeUpgrades = storeUpgradesToApply({
      info: o.upgradeInfo,
      lastCommittedHeight: store.latestHeight,
      skipHeights: o.skipHeights,
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
      runtime: o.runtime,
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
    return { backend, store, blocks, builder, source, producer, tx }
  } catch (err) {
    // The start fails with `err`; a failure to close on the way out is only worth a line.
    const closing = (what: string) => (e: unknown) =>
      logger.warn({ err: e }, `could not close the ${what} of a node that failed to start`)
    await source?.close().catch(closing('block source'))
    await backend.close().catch(closing('database'))
    throw err
  }
}

/**
 * Where the node's blocks are made: the empty blocks of a burst on the block worker (unless the
 * runtime options turn it off, or its script is not built), everything else on the node's thread.
 */
function blockSourceOf(o: OpenChainOptions, builder: BlockBuilder): BlockSource {
  const { home, logger } = o
  const v = home.genesis.validators[0]!
  const worker = o.runtime.blockWorker
    ? WorkerBlockSource.start(
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
      )
    : undefined
  return worker ?? new ThreadBlockSource(builder)
}
