import type { AppModule, BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { govEndBlocker } from './abci.js'
import { defaultGovGenesis, initGovGenesis, parseGovGenesis } from './genesis.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerGovMsgs } from './msg-server.js'
import { registerGovQueries } from './queries.js'

export interface GovModuleOptions {
  registry: ProtoRegistry
  keeper: GovKeeper
  /** All balances of an address (the gov account must hold exactly the genesis deposits). */
  balances(state: BlockContext['state'], address: Bytes): Promise<Coin[]>
}

/**
 * x/gov v1: proposals carrying messages, deposits held by the gov module account, votes weighed by
 * bonded stake, and the EndBlocker that drops, tallies and executes proposals.
 */
export function createGovModule({ registry, keeper, balances }: GovModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    defaultGenesis: defaultGovGenesis,
    validateGenesis(genesis) {
      parseGovGenesis(registry, genesis)
    },
    registerServices(cfg) {
      registerGovMsgs(cfg, keeper)
      registerGovQueries(cfg, keeper)
    },
    attach(host) {
      keeper.setRouter({ handler: (typeUrl) => host.msgHandler(typeUrl) })
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initGovGenesis(ctx, keeper, parseGovGenesis(registry, genesis), balances)
    },
    endBlock: (ctx) => govEndBlocker(ctx, keeper),
  }
}
