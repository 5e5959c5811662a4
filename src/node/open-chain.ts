import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from '../app/app.js'
import { BlockBuilder, type BlockSigner } from '../block/block.js'
import type { BlockSource } from '../block/block-source.js'
import { ThreadBlockSource } from '../block/thread-source.js'
import { WorkerBlockSource } from '../block/worker-source.js'
import type { ValidatorKey } from '../chain/consensus-validators.js'
import type { StoreUpgradePlan } from '../chain/execute-block.js'
import { BlockProducer } from '../chain/producer.js'
import { brand } from '../codec/brand.js'
import { type Bytes, toHex } from '../codec/bytes.js'
import { createEd25519Signer, ed25519Fallback } from '../codec/ed25519.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { assertGenesisValidatorHeld, type LoadedHome } from '../config/home.js'
import type { PruningOptions } from '../config/pruning.js'
import { consensusAddress } from '../config/validator-key.js'
import { UserError } from '../errors.js'
import type { Logger } from '../logger.js'
import { storeUpgradesToApply } from '../modules/upgrade/store-loader.js'
import type { UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import type { StoreBackend } from '../store/backend.js'
import { BlockStore } from '../store/block-store.js'
import { createLevelBackend } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { InvariantChecker } from './invariant-checker.js'
import { checkGenesisOfData, checkStoresOfData } from './node-config.js'
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
  /**
   * Who makes the blocks: the simulated producer (default), or CometBFT over ABCI, whose InitChain
   * commits genesis (with the first block) and whose validators sign.
   */
  consensus?: 'simulated' | 'cometbft'
  /** Refuse a chain whose state lacks a store the app version owns (`checkStoresOfData`). */
  checkStores?: boolean
  /**
   * The built-in app version `app` was made from, whose invariants the invariant worker can run
   * (absent: the app's EndBlock checks them, as for app versions a test makes).
   */
  builtInVersion?: string
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
  /** Store upgrades due with the next block (this binary after an upgrade halt). */
  storeUpgrades: StoreUpgradePlan | undefined
  /** The invariant worker, when the producer's heights are checked on it. */
  invariants: InvariantChecker | undefined
}

/**
 * Opens the database, checks it was made from this genesis, wires the stores, the block source,
 * the tx pipeline and the producer, and commits genesis if nothing is committed yet. On failure
 * what was opened is closed again.
 */
export async function openChain(o: OpenChainOptions): Promise<OpenedChain> {
  const { home, logger, app, registry } = o
  if (o.consensus !== 'cometbft') assertGenesisValidatorHeld(home)
  const fallback = ed25519Fallback()
  if (fallback !== undefined)
    logger.warn(
      { reason: fallback },
      'libsodium (sodium-native) could not be loaded: blocks are signed with OpenSSL, about half as fast',
    )
  const backend = o.backend ?? (await createLevelBackend({ path: home.paths.database }))
  let source: BlockSource | undefined
  let invariants: InvariantChecker | undefined
  try {
    const store = await VersionedStore.open({ backend, pruning: o.pruning })
    await checkGenesisOfData(backend, store.latestHeight, home.genesis.hash)
    const { solo, keys } = signersOf(home)
    const builder = new BlockBuilder(registry, home.genesis.chainId, solo.signer, {
      blockMaxBytes: home.genesis.blockMaxBytes,
      blockMaxGas: home.genesis.blockMaxGas,
    })
    source = blockSourceOf(o, builder, solo.seed, keys)
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
    checkStoresOfData(
      !o.checkStores || store.latestHeight < store.earliestHeight
        ? undefined
        : { height: store.latestHeight, names: store.view(store.latestHeight).storeNames() },
      app.name,
      app.storeNames(),
      // Stores an upgrade adds are not missing: due with the next block (`storeUpgrades` is one of
      // these upgrades'), or not yet (a version run before its upgrade is warned about at start).
      app.storesAddedByUpgrades(),
    )
    invariants = invariantCheckerOf(o, store)
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
      validatorKeys: keys,
      invariants,
      onConsensusParams: (params) => {
        tx?.mempool.setBlockLimits({ maxBytes: Number(params.maxBytes), maxGas: params.maxGas })
        tx?.runner.setBlockMaxGas(params.maxGas)
      },
    })
    if (o.consensus === 'cometbft') {
      if (blocks.latest) {
        throw new UserError(
          `cannot start under CometBFT: this home's chain (height ${blocks.latest.block.header.height}) was made by sdkd's simulated block producer, and CometBFT has none of its blocks. Start a new chain for CometBFT (sdkd testnet init-files, or a fresh home), or run this one without --consensus cometbft`,
        )
      }
      return { backend, store, blocks, builder, source, producer, tx, storeUpgrades, invariants }
    }
    refuseCometChain(home, store.latestHeight, blocks.latest !== undefined)
    const refuseWithoutQuorum = (): void => {
      const problem = producer!.consensus.quorumProblem()
      if (problem)
        throw new UserError(
          `cannot start: ${problem}. Put the other validators' keys in config/priv_validator_keys/ (priv_validator_key.json format), or start from a genesis whose validators this node signs for`,
        )
    }
    // A new chain is refused before genesis is written, so a mended genesis starts without a reset.
    await producer.initChain(refuseWithoutQuorum)
    refuseWithoutQuorum()
    return { backend, store, blocks, builder, source, producer, tx, storeUpgrades, invariants }
  } catch (err) {
    // The start fails with `err`; a failure to close on the way out is only worth a line.
    const closing = (what: string) => (e: unknown) =>
      logger.warn({ err: e }, `could not close the ${what} of a node that failed to start`)
    await source?.close().catch(closing('block source'))
    await invariants?.close().catch(closing('invariant worker'))
    await backend.close().catch(closing('database'))
    throw err
  }
}

/**
 * The invariant worker, where the simulated producer's heights have invariants to check (a
 * devnet's after every block) and the runtime options leave it on; its script must be built. The
 * versioned store tells the worker every change; once the worker is ready the app's EndBlock
 * asserts none (the first blocks do not wait for the thread to start).
 */
function invariantCheckerOf(
  o: OpenChainOptions,
  store: VersionedStore,
): InvariantChecker | undefined {
  const { app, home, logger } = o
  if (o.consensus === 'cometbft' || !o.runtime.invariantWorker || app.invCheckPeriod <= 0) {
    return undefined
  }
  if (o.builtInVersion === undefined) return undefined
  const checker = InvariantChecker.start({
    data: {
      version: o.builtInVersion,
      brand: brand().name,
      chainId: home.genesis.chainId,
      consensusParams: home.genesis.json.consensus.params,
      logLevel: logger.level,
    },
    period: app.invCheckPeriod,
    seed: () => store.workingSeed(),
    leaves: (value) => store.leavesValue(value),
    versionValue: (full, height) => store.versionValue(full, height),
    logger: logger.child({ module: 'state' }),
    onReady: () => {
      app.invariantsElsewhere = true
    },
  })
  if (!checker) return undefined
  store.observer = checker
  return checker
}

/**
 * Where the node's blocks are made: the empty blocks of a burst on the block worker (unless the
 * runtime options turn it off, or its script is not built), signed by every validator whose key
 * the node holds; everything else on the node's thread.
 */
function blockSourceOf(
  o: OpenChainOptions,
  builder: BlockBuilder,
  seed: Bytes,
  keys: readonly ValidatorKey[],
): BlockSource {
  const { home, logger } = o
  const v = builder.signer
  const worker = o.runtime.blockWorker
    ? WorkerBlockSource.start(
        builder,
        {
          chainId: home.genesis.chainId,
          brand: brand().name,
          seed,
          address: v.address,
          pubKey: v.pubKey,
          power: v.power.toString(),
          blockMaxBytes: home.genesis.blockMaxBytes.toString(),
          blockMaxGas: home.genesis.blockMaxGas.toString(),
          // A node of several validators: the worker signs their commits too (`keys`' order).
          maxSigners: keys.length > 1 ? keys.length : 0,
          keySeeds: keys.length > 1 ? home.validatorKeys.map((k) => k.seed) : [],
        },
        {
          keys,
          log: logger.child({ module: 'state' }),
          onReady: () => logger.debug({ module: 'state' }, 'block worker ready'),
        },
      )
    : undefined
  return worker ?? new ThreadBlockSource(builder)
}

/**
 * The keys the node signs with, and the builder's single signer: the genesis validator when
 * genesis lists exactly one (the fast path while it stays the only one), else the node's own key
 * (its constants then serve nothing: every block carries its sets).
 */
function signersOf(home: LoadedHome): {
  solo: { signer: BlockSigner; seed: Bytes }
  keys: ValidatorKey[]
} {
  const keys = home.validatorKeys.map((k) => ({
    address: consensusAddress(k.pubKey),
    pubKey: k.pubKey,
    sign: createEd25519Signer(k.seed).sign,
  }))
  const only = home.genesis.validators.length === 1 ? home.genesis.validators[0] : undefined
  const i = only ? keys.findIndex((k) => toHex(k.pubKey) === toHex(only.pubKey)) : -1
  const index = i >= 0 ? i : 0
  const key = keys[index]!
  const power = i >= 0 ? only!.power : 0n
  return {
    solo: { signer: { ...key, power }, seed: home.validatorKeys[index]!.seed },
    keys,
  }
}

/**
 * A chain CometBFT made, started without it: the state has heights past genesis, sdkd's block store
 * none of them, and CometBFT's block store is beside the state. The simulated producer could not go
 * on from it (it has no validator sets of those heights), so the start is refused with the way that
 * works.
 */
function refuseCometChain(home: LoadedHome, latestHeight: number, hasBlocks: boolean): void {
  if (hasBlocks || latestHeight < home.genesis.initialHeight) return
  if (!existsSync(join(home.paths.dataDir, 'blockstore.db'))) return
  throw new UserError(
    `cannot start without CometBFT: this home's chain (height ${latestHeight}) was made under CometBFT, which holds its blocks (data/blockstore.db); start it with --consensus cometbft`,
  )
}
