import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { BankKeeper } from '../bank/keeper.js'
import {
  defaultAuthGenesis,
  exportAuthGenesis,
  initAuthGenesis,
  parseAuthGenesis,
  validateAuthGenesis,
} from './genesis.js'
import type { AuthKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerAuthMsgs } from './msg-server.js'
import { registerAuthQueries } from './queries.js'
import { registerAuthInfoQueries } from './queries-info.js'
import { registerVestingMsgs } from './vesting-msg-server.js'

export interface AuthModuleOptions {
  registry: ProtoRegistry
  keeper: AuthKeeper
  /** The bank keeper vesting accounts are funded through; without it, no vesting Msg service. */
  bank?: BankKeeper
}

/** x/auth: accounts and their numbers, sequences and public keys. */
export function createAuthModule({ registry, keeper, bank }: AuthModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    registerServices: (cfg) => {
      registerAuthQueries(cfg, keeper)
      registerAuthInfoQueries(cfg, keeper)
      registerAuthMsgs(cfg, keeper)
      // x/auth/vesting has no store of its own: its accounts live in x/auth.
      if (bank) registerVestingMsgs(cfg, keeper, bank)
    },
    defaultGenesis: defaultAuthGenesis,
    validateGenesis(genesis) {
      validateAuthGenesis(keeper, parseAuthGenesis(registry, genesis))
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initAuthGenesis(ctx, keeper, parseAuthGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportAuthGenesis(state, keeper, registry),
  }
}
