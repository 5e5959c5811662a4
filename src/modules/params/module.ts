import type { AppModule, BlockContext } from '../../app/types.js'
import type { ConsensusParamsJson } from '../consensus/params.js'
import type { ParamsKeeper } from './keeper.js'
import { BASEAPP_SUBSPACE, MODULE_NAME } from './keys.js'
import { registerParamsQueries } from './queries.js'

export interface ParamsModuleOptions {
  keeper: ParamsKeeper
  /**
   * When set, InitChain stores these consensus params in the `baseapp` subspace, as apps did before
   * x/consensus (SDK ≤ v0.46).
   */
  baseappConsensusParams?: ConsensusParamsJson
}

/** Legacy x/params: per-module parameter subspaces. It has no genesis state of its own. */
export function createParamsModule(options: ParamsModuleOptions): AppModule {
  const { keeper, baseappConsensusParams: cp } = options
  return {
    name: MODULE_NAME,
    consensusVersion: 1,
    async initGenesis(ctx: BlockContext) {
      if (!cp) return
      // Amino JSON, as the legacy subspace stores it: 64-bit integers and durations as strings.
      keeper.setRaw(ctx.state, BASEAPP_SUBSPACE, 'BlockParams', JSON.stringify(cp.block))
      keeper.setRaw(ctx.state, BASEAPP_SUBSPACE, 'EvidenceParams', JSON.stringify(cp.evidence))
      keeper.setRaw(ctx.state, BASEAPP_SUBSPACE, 'ValidatorParams', JSON.stringify(cp.validator))
    },
    registerServices(cfg) {
      registerParamsQueries(cfg, keeper)
    },
  }
}
