import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { StakingAuthKeeper } from './expected-keepers.js'
import { defaultStakingGenesis, initStakingGenesis, parseStakingGenesis } from './genesis.js'
import type { StakingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerStakingQueries } from './queries.js'

export interface StakingModuleOptions {
  registry: ProtoRegistry
  keeper: StakingKeeper
  auth: StakingAuthKeeper
}

/**
 * x/staking, minimal: the genesis validator set and delegations in the upstream JSON shape, which
 * give governance its voting power (bonded tokens per validator, shares per delegator). sdkd runs no
 * staking transactions; the set stays as genesis made it.
 */
export function createStakingModule({ registry, keeper, auth }: StakingModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    defaultGenesis: defaultStakingGenesis,
    registerServices: (cfg) => registerStakingQueries(cfg, keeper),
    validateGenesis(genesis) {
      parseStakingGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initStakingGenesis(ctx, keeper, auth, parseStakingGenesis(registry, genesis))
    },
  }
}
