import type { ModuleConfigurator } from '../../app/types.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { ErrUnknownSubspace } from './errors.js'
import type { ParamsKeeper } from './keeper.js'

/** Registers `sdk.params.v1beta1.Query/Params` and `/Subspaces` (upstream x/params grpc_query.go). */
export function registerParamsQueries(cfg: ModuleConfigurator, keeper: ParamsKeeper): void {
  cfg.registerQuery('sdk.params.v1beta1.Query/Params', async (req, ctx) => {
    const { subspace, key } = req
    if (subspace === '' || key === '')
      throw new StatusError(GrpcCode.InvalidArgument, 'invalid request')
    if (!keeper.hasSubspace(subspace)) throw ErrUnknownSubspace.wrap(subspace)
    const value = (await keeper.getRaw(ctx.state, subspace, key)) ?? ''
    return { param: { subspace, key, value } }
  })
  // Upstream lists the subspaces in its map's order, which Go randomises: here by name.
  cfg.registerQuery('sdk.params.v1beta1.Query/Subspaces', async (_req, ctx) => ({
    subspaces: await Promise.all(
      [...keeper.subspaces]
        .sort()
        .map(async (subspace) => ({ subspace, keys: await keeper.keys(ctx.state, subspace) })),
    ),
  }))
}
