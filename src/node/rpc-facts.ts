import type { BlockBuilder } from '../block/block.js'
import { consensusParamsIn } from '../chain/consensus-params.js'
import type { BlockProducer } from '../chain/producer.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { LoadedHome } from '../config/home.js'
import { consensusAddress, nodeId } from '../config/validator-key.js'
import type { Logger } from '../logger.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { NodeMetrics } from '../server/metrics/node-metrics.js'
import type { QueryRouter } from '../server/query/router.js'
import type { RpcChain } from '../server/rpc/chain-routes.js'
import type { RpcNode } from '../server/rpc/core-routes.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { consensusParamsOf } from '../versions/deps.js'

/** What the RPC's block, genesis and consensus routes read. */
export function rpcChainOf(o: {
  home: LoadedHome
  registry: ProtoRegistry
  blocks: BlockStore
  builder: BlockBuilder
  producer: BlockProducer
  store: VersionedStore
}): RpcChain {
  const { home, producer, store } = o
  const consensusParams = consensusParamsOf({
    registry: o.registry,
    consensusParams: home.genesis.json.consensus.params,
  })
  return {
    genesis: home.genesis,
    consensusParams,
    consensusParamsAfter: (height) => {
      // A pruned height reads the earliest state kept; no state yet reads genesis's.
      if (store.latestHeight < 0) return Promise.resolve(consensusParams)
      const h = Math.min(Math.max(height, store.earliestHeight), store.latestHeight)
      return consensusParamsIn(store.view(h), o.registry, consensusParams)
    },
    validator: ownValidator(home, producer),
    validatorSet: async (height) => {
      const set = await producer.consensus.validatorsOf(height, home.genesis.initialHeight)
      return { validators: set.validators, proposer: set.proposer() }
    },
    blocks: o.blocks,
    makeCommit: (height, blockId, time) => {
      const signers = producer.consensus.latestCommitSigners()
      return signers
        ? o.builder.commitOfSet(height, blockId, time, signers)
        : o.builder.makeCommit(height, blockId, time)
    },
    nextRoundStartMs: () => o.producer.nextBlockAtMs,
  }
}

/** The facts the RPC server reports (`status`, `abci_info`). */
export function rpcNodeOf(o: {
  home: LoadedHome
  registry: ProtoRegistry
  store: VersionedStore
  blocks: BlockStore
  producer: BlockProducer
  /** sdkd's version. */
  version: string
  /** The height an upgrade halted the chain at, once it has. */
  upgradeHaltHeight(): number | undefined
}): RpcNode {
  const { home, store, blocks, producer } = o
  return {
    chainId: home.genesis.chainId,
    moniker: home.node.moniker,
    nodeId: nodeId(home.nodeKey),
    p2pListenAddr: home.node.p2p.laddr,
    rpcListenAddr: home.node.rpc.laddr,
    txIndex: home.node.txIndex.indexer === 'null' ? 'off' : 'on',
    // Read at each request: the node's voting power follows the set.
    get validator() {
      return ownValidator(home, producer)
    },
    blocks,
    upgradeHaltHeight: o.upgradeHaltHeight,
    validatorSet: async (height) => {
      // Heights the block store keeps, and the next one (its set is known once the last applied).
      const latest = blocks.latest?.block.header.height ?? 0
      if (height < Math.max(1, blocks.base) || height > latest + 1) return undefined
      const set = await producer.consensus.validatorsOf(height, home.genesis.initialHeight)
      return set.validators.map((x) => ({
        address: x.address,
        pubKey: x.pubKey,
        power: x.power,
        proposerPriority: x.priority,
      }))
    },
    abciInfo: async () => {
      const latest = blocks.latest
      // The protocol version x/upgrade raises by one with every applied upgrade (key 0x03).
      const appVersion =
        latest && store.latestHeight >= 0
          ? await new UpgradeKeeper({ registry: o.registry }).protocolVersion(store.view())
          : 0n
      return {
        data: 'sdkd',
        version: o.version,
        appVersion,
        lastBlockHeight: latest?.block.header.height ?? 0,
        lastBlockAppHash: store.appHash,
      }
    },
  }
}

/**
 * The node's own validator (priv_validator_key.json) and its voting power in the next height's set
 * (0 when it is not in the set), as CometBFT's status shows validator_info.
 */
export function ownValidator(home: LoadedHome, producer: BlockProducer) {
  const pubKey = home.validatorKey.pubKey
  const address = consensusAddress(pubKey)
  const inSet = producer.consensus.current.current.byAddress(address)
  return { address, pubKey, power: inSet?.power ?? 0n }
}

/** The node's Prometheus metrics (when `instrumentation.prometheus` is on). */
export function nodeMetricsOf(o: {
  home: LoadedHome
  logger: Logger
  app: { name: string }
  producer: BlockProducer
  blocks: BlockStore
  router: () => QueryRouter
  version: string
  /** Blocks come from CometBFT: its consensus metrics are its own, so sdkd keeps only `sdkd_*`. */
  cometbft?: boolean
}): NodeMetrics {
  const { home } = o
  const metrics = new NodeMetrics({
    chainId: home.genesis.chainId,
    namespace: home.node.instrumentation.namespace,
    appVersion: o.app.name,
    version: o.version,
    validator: o.cometbft
      ? { address: consensusAddress(home.validatorKey.pubKey), power: 0n }
      : ownValidator(home, o.producer),
    latest: () => o.blocks.latest,
    validatorSet: (height) => o.producer.consensus.validatorsOf(height, home.genesis.initialHeight),
    router: o.router,
    logger: o.logger,
  })
  if (o.cometbft) metrics.dropConsensusMetrics()
  return metrics
}
