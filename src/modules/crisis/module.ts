import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  defaultCrisisGenesis,
  exportCrisisGenesis,
  initCrisisGenesis,
  parseCrisisGenesis,
} from './genesis.js'
import type { CrisisKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

export interface CrisisModuleOptions {
  registry: ProtoRegistry
  keeper: CrisisKeeper
  /** Denom of the default constant fee (default `stake`). */
  bondDenom?: string
}

/**
 * x/crisis (SDK v0.50 layout): holds the constant fee of invariant checks. Only app version v1 has
 * it; v2 deletes its store, as SDK v0.53 dropped the module.
 */
export function createCrisisModule({
  registry,
  keeper,
  bondDenom = 'stake',
}: CrisisModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    defaultGenesis: () => defaultCrisisGenesis(bondDenom),
    validateGenesis(genesis) {
      parseCrisisGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      initCrisisGenesis(ctx, keeper, parseCrisisGenesis(registry, genesis))
    },
    exportGenesis: (state) => exportCrisisGenesis(state, keeper, registry),
  }
}
