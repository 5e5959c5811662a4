import type { App } from '../../app/app.js'
import type { QueryNode, RoutedQueryHandler } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { StatusError } from '../../error-status.js'
import { GrpcCode } from '../../errors.js'
import type { BlockStore } from '../../store/block-store.js'
import type { VersionedStore } from '../../store/versioned-store.js'
import { createAutocliHandlers } from './autocli-service.js'
import { type BaseNodeFacts, createBaseNodeHandlers } from './base-node-service.js'
import { createNodeServiceHandlers } from './node-service.js'
import { createReflectionHandlers } from './reflection-service.js'
import { createQueryRouter, type QueryObserver, type QueryRouter } from './router.js'

export interface NodeRouterOptions {
  registry: ProtoRegistry
  app: App
  store: VersionedStore
  blocks: BlockStore
  node: QueryNode
  /** The tx service's handlers (they reach the mempool and the block store). */
  txHandlers?: ReadonlyMap<string, RoutedQueryHandler>
  /** What `sdk.base.node.v1beta1.Service` reports (the service is left out without it). */
  baseNode?: BaseNodeFacts
  /** Methods answered without a height (BroadcastTx). */
  heightless?: ReadonlySet<string>
  /** Told of every answered query (the node's metrics). */
  observer?: QueryObserver
  /**
   * The latest height queries are served at (default: the block store's latest block). Under
   * CometBFT the blocks are CometBFT's: the app's last committed height.
   */
  latestHeight?: () => number
  /**
   * `start --grpc-only`: no CometBFT, so the services upstream registers only with one (the tx
   * service, `base.tendermint` and `base.node`) answer grpc-go's `unknown service` (Unimplemented).
   */
  grpcOnly?: boolean
  /** app.toml's `query-gas-limit` (0: unbounded). */
  queryGasLimit?: number
}

/** A handler of a service the server does not have: grpc-go's answer for it. */
const unknownService =
  (service: string): RoutedQueryHandler =>
  async () => {
    throw new StatusError(GrpcCode.Unimplemented, `unknown service ${service}`)
  }

/**
 * The query router of a node: the app's module handlers plus the node-level services, the app's
 * reflection and autocli services among them (upstream's query router has them too).
 */
export function createNodeRouter(o: NodeRouterOptions): QueryRouter {
  // grpc-go refuses an unknown service before any interceptor: no height is checked or answered.
  // Nor does the server's reflection list it.
  const heightless = new Set(o.heightless)
  const unserved = new Set<string>()
  const withoutComet = (entries: [string, RoutedQueryHandler][]): [string, RoutedQueryHandler][] =>
    o.grpcOnly
      ? entries.map(([path, _]) => {
          const service = o.registry.brand.rename(path.slice(0, path.indexOf('/')))
          heightless.add(path)
          unserved.add(path)
          return [path, unknownService(service)]
        })
      : entries
  return createQueryRouter({
    registry: o.registry,
    chain: {
      latestBlockHeight: o.latestHeight ?? (() => o.blocks.latest?.block.header.height ?? 0),
      checkReadable: (height) => o.store.checkReadable(height),
      view: (height, span) => o.store.view(height, span),
      generation: () => o.store.rollbacks,
    },
    handlers: o.app.queryHandlers,
    nodeHandlers: new Map([
      ...withoutComet([
        ...createNodeServiceHandlers(),
        ...(o.baseNode ? createBaseNodeHandlers(o.baseNode) : []),
      ]),
      ...createReflectionHandlers(o.app),
      ...createAutocliHandlers(o.app),
      ...withoutComet([...(o.txHandlers ?? [])]),
    ]),
    ...(heightless.size > 0 ? { heightless } : {}),
    ...(unserved.size > 0 ? { unserved } : {}),
    node: o.node,
    ...(o.observer ? { observer: o.observer } : {}),
    ...(o.queryGasLimit ? { queryGasLimit: o.queryGasLimit } : {}),
  })
}
