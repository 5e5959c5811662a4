import type { ModuleConfigurator } from '../../app/types.js'
import { decBytes, type MintKeeper } from './keeper.js'

const SERVICE = 'sdk.mint.v1beta1.Query'

/** Registers the mint Query service (upstream x/mint/keeper/grpc_query.go). */
export function registerMintQueries(cfg: ModuleConfigurator, keeper: MintKeeper): void {
  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.rawParams(ctx.state),
  }))
  cfg.registerQuery(`${SERVICE}/Inflation`, async (_req, ctx) => ({
    inflation: decBytes((await keeper.minter(ctx.state)).inflation),
  }))
  cfg.registerQuery(`${SERVICE}/AnnualProvisions`, async (_req, ctx) => ({
    annual_provisions: decBytes((await keeper.minter(ctx.state)).annualProvisions),
  }))
}
