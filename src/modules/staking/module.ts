import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { beginBlock, endBlock } from './abci.js'
import type { StakingAuthKeeper } from './expected-keepers.js'
import {
  defaultStakingGenesis,
  exportStakingGenesis,
  initStakingGenesis,
  parseStakingGenesis,
} from './genesis.js'
import { stakingCheckInvariants, stakingInvariants } from './invariants.js'
import type { StakingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerStakingMsgs } from './msg-server.js'
import { registerStakingQueries } from './queries.js'

export interface StakingModuleOptions {
  registry: ProtoRegistry
  keeper: StakingKeeper
  auth: StakingAuthKeeper
}

/**
 * x/staking (upstream v0.50, consensus version 5): validators, delegations, unbonding and
 * redelegation with their queues, the validator set handed to consensus at InitGenesis and at each
 * EndBlock, historical info at each BeginBlock.
 */
export function createStakingModule({ registry, keeper, auth }: StakingModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    defaultGenesis: defaultStakingGenesis,
    registerServices(cfg) {
      registerStakingQueries(cfg, keeper)
      registerStakingMsgs(cfg, keeper)
    },
    validateGenesis(genesis) {
      parseStakingGenesis(registry, genesis)
    },
    initGenesis(ctx: BlockContext, genesis) {
      return initStakingGenesis(ctx, keeper, auth, parseStakingGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportStakingGenesis(state, keeper),
    invariants: stakingInvariants(keeper),
    checkInvariants: (ctx) => stakingCheckInvariants(keeper, ctx),
    beginBlock: (ctx) => beginBlock(keeper, ctx),
    endBlock: (ctx) => endBlock(keeper, ctx),
  }
}
