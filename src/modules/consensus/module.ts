import type { AppModule, BlockContext } from '../../app/types.js'
import type { ConsensusKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerConsensusMsgs } from './msg-server.js'
import { type ConsensusParamsJson, consensusParamsToProto } from './params.js'
import { registerConsensusQueries } from './queries.js'

export interface ConsensusModuleOptions {
  keeper: ConsensusKeeper
  /** The chain's consensus params (genesis.json), stored at InitChain as baseapp does. */
  consensusParams: ConsensusParamsJson
}

/**
 * x/consensus: the consensus params as app state, queryable at `/sdk/consensus/v1/params` and
 * replaced by governance (`MsgUpdateParams`).
 */
export function createConsensusModule({
  keeper,
  consensusParams,
}: ConsensusModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 1,
    async initGenesis(ctx: BlockContext) {
      // An upgrade that adds the module migrates the params first; keep what it wrote.
      if (await keeper.params(ctx.state)) return
      keeper.setParams(ctx.state, consensusParamsToProto(consensusParams))
    },
    registerServices(cfg) {
      registerConsensusQueries(cfg, keeper)
      registerConsensusMsgs(cfg, keeper)
    },
  }
}
