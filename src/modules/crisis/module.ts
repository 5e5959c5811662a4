import type { AppModule, BlockContext, ModuleHost } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  defaultCrisisGenesis,
  exportCrisisGenesis,
  initCrisisGenesis,
  parseCrisisGenesis,
} from './genesis.js'
import type { CrisisKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerCrisisMsgs } from './msg-server.js'

export interface CrisisModuleOptions {
  registry: ProtoRegistry
  keeper: CrisisKeeper
  /** Denom of the default constant fee (default `stake`). */
  bondDenom?: string
}

/**
 * x/crisis (SDK v0.50 layout): MsgVerifyInvariant, which checks one invariant of any module for the
 * constant fee, and MsgUpdateParams. Only app version v1 has it; v2 deletes its store, as SDK v0.53
 * dropped the module. (The invariants after every block are the app's: both versions assert them.)
 */
export function createCrisisModule({
  registry,
  keeper,
  bondDenom = 'stake',
}: CrisisModuleOptions): AppModule {
  let host: ModuleHost | undefined
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    registerServices: (cfg) => registerCrisisMsgs(cfg, keeper, () => host),
    attach(h) {
      host = h
    },
    defaultGenesis: () => defaultCrisisGenesis(bondDenom),
    validateGenesis(genesis) {
      parseCrisisGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      initCrisisGenesis(ctx, keeper, parseCrisisGenesis(registry, genesis))
      // As upstream's: the invariants over the state every module before it has made.
      await host?.assertGenesisInvariants(ctx)
    },
    exportGenesis: (state) => exportCrisisGenesis(state, keeper, registry),
  }
}
