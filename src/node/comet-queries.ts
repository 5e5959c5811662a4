import { EMPTY_COMET_INFO } from '../app/types.js'
import { EventManager } from '../block/events.js'
import { CometLastBlock } from '../chain/abci-last-block.js'
import type { BlockProducer } from '../chain/producer.js'
import { type Bytes, emptyBytes, fromHex } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { parseRfc3339 } from '../codec/time.js'
import type { LoadedHome } from '../config/home.js'
import { CometRpcClient, CometRpcError } from '../server/comet-rpc/client.js'
import type { CometHeader } from '../server/comet-rpc/json-types.js'
import { createCometNodeServiceHandlers } from '../server/comet-rpc/node-handlers.js'
import { createCometTxServiceHandlers } from '../server/comet-rpc/tx-handlers.js'
import type { BaseNodeFacts } from '../server/query/base-node-service.js'
import type { NodeRouterOptions } from '../server/query/node-router.js'
import { createTxServiceHandlers, HEIGHTLESS_TX_METHODS } from '../server/query/tx-service.js'
import type { StoreBackend } from '../store/backend.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import type { SimulationResult, TxRunner } from '../tx/executor.js'
import type { TxPipeline } from './tx-pipeline.js'

/** What the dashboard says of blocks under CometBFT: its explorer reads sdkd's block store. */
export function cometDashboardBlocks(brand: string): string {
  return `This node's blocks are CometBFT's (sdkd start --consensus cometbft): the explorer lists none. Ask CometBFT's RPC (/block?height=H) or the REST routes /${brand}/base/tendermint/v1beta1/blocks/H and /${brand}/tx/v1beta1/txs/HASH.`
}

/** What the router's parts read of the node. */
export interface RouterNode {
  readonly options: { home: LoadedHome; consensus?: 'simulated' | 'cometbft' }
  readonly registry: ProtoRegistry
  readonly backend: StoreBackend
  readonly store: VersionedStore
  readonly blocks: BlockStore
  readonly producer: BlockProducer
  readonly tx: TxPipeline | undefined
}

/** The parts of the node's query router that depend on who makes the blocks. */
export type RouterTxParts = Pick<NodeRouterOptions, 'txHandlers' | 'heightless' | 'baseNode'>

/**
 * The tx service, the node services and what `sdk.base.node.v1beta1.Service` reads (app.toml's
 * settings and the blocks' headers): sdkd's mempool and block store, or CometBFT's RPC under
 * `--consensus cometbft`.
 */
export function routerTxParts(node: RouterNode): RouterTxParts {
  if (node.options.consensus === 'cometbft') return cometQueryParts(node)
  const baseNode: BaseNodeFacts = {
    config: node.options.home.app,
    latestHeight: () => node.blocks.latest?.block.header.height ?? 0,
    header: async (height) => (await node.blocks.get(height))?.block.header,
  }
  if (!node.tx) return { baseNode }
  return {
    txHandlers: createTxServiceHandlers({
      registry: node.registry,
      mempool: node.tx.mempool,
      blocks: node.blocks,
    }),
    heightless: HEIGHTLESS_TX_METHODS,
    baseNode,
  }
}

/**
 * The query router's parts for a node whose blocks come from CometBFT (sdkd's block store stays
 * empty there): broadcasts go to CometBFT's mempool (`broadcast_tx_sync|async` on config.toml's
 * `[rpc] laddr`), and tx look-ups, blocks, node info and validator sets are CometBFT's, as the SDK's
 * services ask them through their client context.
 */
function cometQueryParts(node: RouterNode): RouterTxParts {
  const { home } = node.options
  const rpc = CometRpcClient.ofListenAddress(home.node.rpc.laddr)
  const last = new CometLastBlock(node.backend, home.genesis)
  const initial = home.genesis.initialHeight
  // Simulate runs on a branch of the latest committed state with the last block's height and time,
  // as the SDK's check state after Commit (sdkd's own mempool never sees a block under CometBFT).
  const simulate = async (runner: TxRunner, bytes: Bytes): Promise<SimulationResult> => {
    await last.load(node.store.latestHeight)
    const none = emptyBytes()
    const header = {
      chainId: home.genesis.chainId,
      height: Math.max(last.height, initial),
      time: last.time,
      dataHash: none,
      validatorsHash: none,
      nextValidatorsHash: none,
      consensusHash: none,
      appHash: node.store.workingAppHash,
      lastResultsHash: none,
      evidenceHash: none,
      proposerAddress: none,
    }
    const ctx = node.producer.context(
      node.store.branch(),
      header,
      new EventManager(),
      EMPTY_COMET_INFO,
      'check',
    )
    return runner.simulate(ctx, bytes)
  }
  const tx = node.tx
  // The node service's replacements are merged last by the router, over its block-store ones.
  const txHandlers = new Map([
    ...createCometNodeServiceHandlers(node.registry, rpc),
    ...(tx
      ? createCometTxServiceHandlers({
          registry: node.registry,
          rpc,
          simulate: (bytes) => simulate(tx.runner, bytes),
        })
      : []),
  ])
  const baseNode: BaseNodeFacts = {
    config: home.app,
    // The app's last commit is the latest height.
    latestHeight: () => Math.max(node.store.latestHeight, 0),
    header: async (height) => {
      let header: CometHeader | undefined
      try {
        header = (await rpc.block(height)).block?.header
      } catch (err) {
        // A height CometBFT no longer keeps (or not yet): no header, as for sdkd's block store.
        if (err instanceof CometRpcError) return undefined
        throw err
      }
      if (!header) return undefined
      return {
        time: parseRfc3339(header.time),
        appHash: fromHex(header.app_hash),
        nextValidatorsHash: fromHex(header.next_validators_hash),
      }
    },
  }
  return { txHandlers, heightless: HEIGHTLESS_TX_METHODS, baseNode }
}
