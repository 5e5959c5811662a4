import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  defaultAuthGenesis,
  initAuthGenesis,
  parseAuthGenesis,
  validateAuthGenesis,
} from './genesis.js'
import type { AuthKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerAuthQueries } from './queries.js'
import { registerAuthInfoQueries } from './queries-info.js'

export interface AuthModuleOptions {
  registry: ProtoRegistry
  keeper: AuthKeeper
}

/** x/auth: accounts and their numbers, sequences and public keys. */
export function createAuthModule({ registry, keeper }: AuthModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    registerServices: (cfg) => {
      registerAuthQueries(cfg, keeper)
      registerAuthInfoQueries(cfg, keeper)
    },
    defaultGenesis: defaultAuthGenesis,
    validateGenesis(genesis) {
      validateAuthGenesis(keeper, parseAuthGenesis(registry, genesis))
    },
    async initGenesis(ctx: BlockContext, genesis) {
      await initAuthGenesis(ctx, keeper, parseAuthGenesis(registry, genesis))
    },
  }
}
