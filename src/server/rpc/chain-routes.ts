import { blockRoutes } from './block-routes.js'
import { consensusRoutes } from './consensus-routes.js'
import { genesisRoutes } from './genesis-routes.js'
import type { RpcChain } from './rpc-chain.js'
import type { RpcRoutes } from './server.js'

export type { RpcChain } from './rpc-chain.js'

/**
 * The CometBFT routes that read the chain: blocks, headers, commits, results and block search,
 * the genesis document, validators, consensus params and the round state.
 */
export function chainRoutes(chain: RpcChain): RpcRoutes {
  return { ...blockRoutes(chain), ...genesisRoutes(chain), ...consensusRoutes(chain) }
}
