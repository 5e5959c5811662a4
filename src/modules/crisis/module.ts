import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { defaultCrisisGenesis, initCrisisGenesis, parseCrisisGenesis } from './genesis.js'
import { crisisCollections, MODULE_NAME } from './keys.js'

/**
 * x/crisis (SDK v0.50 layout): holds the constant fee of invariant checks. Only app version v1 has
 * it; v2 deletes its store, as SDK v0.53 dropped the module.
 */
export function createCrisisModule(registry: ProtoRegistry, bondDenom = 'stake'): AppModule {
  const c = crisisCollections(registry)
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    defaultGenesis: () => defaultCrisisGenesis(bondDenom),
    validateGenesis(genesis) {
      parseCrisisGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      initCrisisGenesis(ctx, c, parseCrisisGenesis(registry, genesis))
    },
  }
}
