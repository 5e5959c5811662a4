import type { BlockProducer } from '../chain/producer.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import { createDashboard } from '../server/dashboard/dashboard.js'
import type { QueryRouter } from '../server/query/router.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { cometDashboardBlocks } from './comet-queries.js'

/** What the dashboard reads of a node. */
export interface DashboardNode {
  readonly options: { home: LoadedHome; logger: Logger; consensus?: 'simulated' | 'cometbft' }
  readonly router: QueryRouter
  readonly blocks: BlockStore
  readonly store: VersionedStore
  readonly app: { name: string }
  readonly registry: ProtoRegistry
  readonly tx: { mempool: { unconfirmedSize: number } } | undefined
  readonly producer: BlockProducer
}

/** The dashboard and explorer over a node's router, block store and producer events. */
export function dashboardOf(node: DashboardNode, sdkdVersion: string) {
  const { home, logger } = node.options
  return createDashboard({
    router: node.router,
    blocks: node.blocks,
    view: (height) => node.store.view(height),
    chainId: home.genesis.chainId,
    appVersion: node.app.name,
    sdkdVersion,
    moniker: home.node.moniker,
    configuredBlockTimeMs: home.node.consensus.timeoutCommitMs,
    upgradeInfoPath: home.paths.upgradeInfo,
    // Under CometBFT the mempool and the blocks are CometBFT's (comet-queries.ts).
    ...(node.options.consensus === 'cometbft'
      ? { blocksElsewhere: cometDashboardBlocks(node.registry.brand.name) }
      : node.tx
        ? { mempoolSize: () => node.tx!.mempool.unconfirmedSize }
        : {}),
    onBlock: (listener) => {
      node.producer.on('block', listener)
      return () => node.producer.off('block', listener)
    },
    stalled: () => {
      const s = node.producer.consensus.stalled
      return s ? { height: s.height, reason: s.message } : undefined
    },
    onStall: (listener) => {
      node.producer.on('stall', listener)
      return () => node.producer.off('stall', listener)
    },
    logger: logger.child({ module: 'dashboard' }),
  })
}
