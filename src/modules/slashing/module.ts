import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import type { StakingValidator } from './expected-keepers.js'
import {
  defaultSlashingGenesis,
  exportSlashingGenesis,
  initSlashingGenesis,
  parseSlashingGenesis,
} from './genesis.js'
import { slashingBeginBlocker } from './infractions.js'
import type { SlashingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerSlashingMsgs } from './msg-server.js'
import { registerSlashingQueries } from './queries.js'

export interface SlashingModuleOptions {
  registry: ProtoRegistry
  keeper: SlashingKeeper
  /** Every staking validator (upstream IterateValidators), for InitGenesis. */
  validators(state: Readable): Promise<readonly StakingValidator[]>
}

/**
 * x/slashing: validator liveness (signing infos, the missed-blocks window, downtime jail and
 * slash), MsgUnjail and MsgUpdateParams. x/evidence acts on double signs through its keeper.
 */
export function createSlashingModule({
  registry,
  keeper,
  validators,
}: SlashingModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 4,
    defaultGenesis: defaultSlashingGenesis,
    registerServices: (cfg) => {
      registerSlashingQueries(cfg, keeper)
      registerSlashingMsgs(cfg, keeper)
    },
    validateGenesis(genesis) {
      parseSlashingGenesis(registry, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      const g = parseSlashingGenesis(registry, genesis)
      await initSlashingGenesis(ctx, keeper, await validators(ctx.state), g)
    },
    exportGenesis: (state) => exportSlashingGenesis(state, keeper),
    beginBlock: (ctx: BlockContext) => slashingBeginBlocker(ctx, keeper),
  }
}
