import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { distributionBeginBlocker } from './abci.js'
import {
  defaultDistributionGenesis,
  exportDistributionGenesis,
  initDistributionGenesis,
  parseDistributionGenesis,
} from './genesis.js'
import { distributionInvariants } from './invariants.js'
import type { DistributionKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerDistributionMsgs } from './msg-server.js'
import { registerDistributionQueries } from './queries.js'

export interface DistributionModuleOptions {
  registry: ProtoRegistry
  keeper: DistributionKeeper
}

/**
 * x/distribution (F1, upstream v0.50, consensus version 3): each block's fees and provision split
 * among the last commit's validators, their commission and their delegators, with the community
 * tax.
 */
export function createDistributionModule({
  registry,
  keeper,
}: DistributionModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 3,
    invariants: distributionInvariants(keeper),
    defaultGenesis: () => defaultDistributionGenesis(),
    registerServices: (cfg) => {
      registerDistributionMsgs(cfg, keeper)
      registerDistributionQueries(cfg, keeper, keeper.staking)
    },
    validateGenesis(genesis) {
      parseDistributionGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initDistributionGenesis(ctx, keeper, parseDistributionGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportDistributionGenesis(state, keeper),
    beginBlock: (ctx: BlockContext) => distributionBeginBlocker(ctx, keeper),
  }
}
