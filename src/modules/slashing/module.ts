import type { AppModule, BlockContext } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import { type EvidenceParams, handleMisbehavior } from './evidence.js'
import type { StakingValidator } from './expected-keepers.js'
import { defaultSlashingGenesis, initSlashingGenesis, parseSlashingGenesis } from './genesis.js'
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
  /** The consensus params' evidence bounds in force. */
  evidenceParams(state: Readable): Promise<EvidenceParams>
}

/**
 * x/slashing: validator liveness (signing infos, the missed-blocks window, downtime jail and
 * slash), MsgUnjail, and the double-sign handling of upstream's x/evidence BeginBlocker, which runs
 * right after the liveness checks as it does after slashing in simd's BeginBlock order.
 */
export function createSlashingModule({
  registry,
  keeper,
  validators,
  evidenceParams,
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
    async beginBlock(ctx: BlockContext) {
      await slashingBeginBlocker(ctx, keeper)
      if (ctx.comet.misbehavior.length > 0)
        await handleMisbehavior(ctx, keeper, await evidenceParams(ctx.state))
    },
  }
}
