import { paginate } from '../../app/pagination.js'
import {
  codecAddressArg,
  invalidArgument,
  notFound,
  pageRequestError,
} from '../../app/query-errors.js'
import type { ModuleConfigurator } from '../../app/types.js'
import type { SlashingKeeper } from './keeper.js'
import { MODULE_NAME, valconsPrefix } from './keys.js'

const SERVICE = 'sdk.slashing.v1beta1.Query'

/** Registers the slashing Query service (upstream x/slashing/keeper/grpc_query.go). */
export function registerSlashingQueries(cfg: ModuleConfigurator, keeper: SlashingKeeper): void {
  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.rawParams(ctx.state),
  }))

  cfg.registerQuery(`${SERVICE}/SigningInfo`, async (req, ctx) => {
    const text = req.cons_address
    if (text === '') throw invalidArgument('invalid request')
    const consAddr = codecAddressArg(text, valconsPrefix())
    const info = await keeper.c.signingInfos.get(ctx.state.store(MODULE_NAME), consAddr)
    if (!info) throw notFound(`SigningInfo not found for validator ${text}`)
    return { val_signing_info: info }
  })

  cfg.registerQuery(`${SERVICE}/SigningInfos`, async (req, ctx) => {
    const page = await paginate(
      keeper.c.signingInfos,
      ctx.state.store(MODULE_NAME),
      req.pagination,
      { paginator: 'prefix-store' },
    ).catch(pageRequestError())
    return { info: page.entries.map(([, v]) => v), pagination: page.pagination }
  })
}
