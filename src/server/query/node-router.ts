import type { App } from '../../app/app.js'
import type { QueryNode, RoutedQueryHandler } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { BlockStore } from '../../store/block-store.js'
import type { VersionedStore } from '../../store/versioned-store.js'
import { createNodeServiceHandlers } from './node-service.js'
import { createQueryRouter, type QueryObserver, type QueryRouter } from './router.js'

export interface NodeRouterOptions {
  registry: ProtoRegistry
  app: App
  store: VersionedStore
  blocks: BlockStore
  node: QueryNode
  /** The tx service's handlers (they reach the mempool and the block store). */
  txHandlers?: ReadonlyMap<string, RoutedQueryHandler>
  /** Methods answered without a height (BroadcastTx). */
  heightless?: ReadonlySet<string>
  /** Told of every answered query (the node's metrics). */
  observer?: QueryObserver
  /**
   * Set under CometBFT, whose blocks sdkd's block store does not hold: the latest height is then
   * the app's last committed one (none below the chain's initial height).
   */
  appHeightsFrom?: number
}

/** The query router of a node: the app's module handlers plus the node-level services. */
export function createNodeRouter(o: NodeRouterOptions): QueryRouter {
  return createQueryRouter({
    registry: o.registry,
    chain: {
      latestBlockHeight: () =>
        o.appHeightsFrom === undefined
          ? (o.blocks.latest?.block.header.height ?? 0)
          : o.store.latestHeight >= o.appHeightsFrom
            ? o.store.latestHeight
            : 0,
      checkReadable: (height) => o.store.checkReadable(height),
      view: (height) => o.store.view(height),
    },
    handlers: o.app.queryHandlers,
    nodeHandlers: new Map([...createNodeServiceHandlers(), ...(o.txHandlers ?? [])]),
    ...(o.heightless ? { heightless: o.heightless } : {}),
    node: o.node,
    ...(o.observer ? { observer: o.observer } : {}),
  })
}
