import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { govEndBlocker } from './abci.js'
import { defaultGovGenesis, exportGovGenesis, initGovGenesis, parseGovGenesis } from './genesis.js'
import { govInvariants } from './invariants.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { captureHandlers } from './legacy.js'
import { registerGovLegacyMsgs } from './legacy-msg-server.js'
import { registerGovLegacyQueries } from './legacy-queries.js'
import { registerGovMsgs } from './msg-server.js'
import { govV1Queries, registerGovQueries } from './queries.js'

export interface GovModuleOptions {
  registry: ProtoRegistry
  keeper: GovKeeper
}

/**
 * x/gov v1: proposals carrying messages, deposits held by the gov module account, votes weighed by
 * bonded stake, and the EndBlocker that drops, tallies and executes proposals; gov v1beta1's
 * services are views of the same store.
 */
export function createGovModule({ registry, keeper }: GovModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    defaultGenesis: defaultGovGenesis,
    validateGenesis(genesis) {
      parseGovGenesis(registry, genesis)
    },
    registerServices(cfg) {
      const v1 = captureHandlers(cfg)
      const queries = govV1Queries(keeper)
      registerGovMsgs(v1.cfg, keeper)
      registerGovQueries(cfg, queries)
      // gov v1beta1 (and v1 ExecLegacyContent) wrap the v1 handlers: one store, as upstream.
      registerGovLegacyMsgs(cfg, keeper, v1)
      registerGovLegacyQueries(cfg, registry, queries)
    },
    attach(host) {
      keeper.setRouter({ handler: (typeUrl) => host.msgHandler(typeUrl) })
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initGovGenesis(ctx, keeper, parseGovGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportGovGenesis(state, keeper),
    endBlock: (ctx) => govEndBlocker(ctx, keeper),
    invariants: govInvariants(keeper),
  }
}
