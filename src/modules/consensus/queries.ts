import type { ModuleConfigurator } from '../../app/types.js'
import { paramsNotFound } from './errors.js'
import type { ConsensusKeeper } from './keeper.js'

/** Registers `sdk.consensus.v1.Query/Params`. */
export function registerConsensusQueries(cfg: ModuleConfigurator, keeper: ConsensusKeeper): void {
  cfg.registerQuery('sdk.consensus.v1.Query/Params', async (_req, ctx) => {
    const params = await keeper.params(ctx.state)
    // Upstream returns the collections error; a missing value is a missing thing (decision 3).
    if (!params) throw paramsNotFound()
    return { params }
  })
}
