import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  defaultBankGenesis,
  exportBankGenesis,
  initBankGenesis,
  parseBankGenesis,
} from './genesis.js'
import { bankCheckInvariants, bankInvariants } from './invariants.js'
import type { BankKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerBankMsgs } from './msg-server.js'
import { registerBankQueries } from './queries.js'
import { registerBankDenomQueries } from './queries-metadata.js'

export interface BankModuleOptions {
  registry: ProtoRegistry
  keeper: BankKeeper
}

/** x/bank: balances, supply and transfers. */
export function createBankModule({ registry, keeper }: BankModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 4,
    registerServices: (cfg) => {
      registerBankQueries(cfg, keeper)
      registerBankDenomQueries(cfg, keeper)
      registerBankMsgs(cfg, keeper)
    },
    defaultGenesis: defaultBankGenesis,
    validateGenesis(genesis) {
      parseBankGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      initBankGenesis(ctx, keeper, parseBankGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportBankGenesis(state, keeper, registry),
    invariants: bankInvariants(keeper),
    checkInvariants: (ctx) => bankCheckInvariants(keeper, ctx),
  }
}
