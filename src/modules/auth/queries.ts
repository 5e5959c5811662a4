import { paginate } from '../../app/pagination.js'
import { codecAddressArg, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import type { AnyMessage } from '../../codec/proto.js'
import { accountNotFound, emptyAddress } from './errors.js'
import { type AuthKeeper, MODULE_ACCOUNT_URL } from './keeper.js'
import { MODULE_NAME } from './keys.js'

const SERVICE = 'sdk.auth.v1beta1.Query'

/** Registers the auth Query service (thin wrappers over the keeper, as upstream). */
export function registerAuthQueries(cfg: ModuleConfigurator, keeper: AuthKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

  cfg.registerQuery(`${SERVICE}/Account`, async (req, ctx) => {
    if (req.address === '') throw emptyAddress()
    const account = await keeper.c.accounts.get(store(ctx), codecAddressArg(req.address))
    if (!account) throw accountNotFound(req.address)
    return { account }
  })

  cfg.registerQuery(`${SERVICE}/Accounts`, async (req, ctx) => {
    const page = await paginate(keeper.c.accounts, store(ctx), req.pagination, {
      paginator: 'collections',
    }).catch(pageRequestError())
    return { accounts: page.entries.map(([, any]) => any), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/ModuleAccounts`, async (_req, ctx) => {
    // Every stored module account (modules may create theirs at genesis or on first use),
    // sorted by module name as upstream; kept packed, as the response returns them.
    const found: { name: string; any: AnyMessage }[] = []
    for await (const [, any] of keeper.c.accounts.iterate(store(ctx))) {
      if (any.type_url !== ctx.registry.typeUrl(MODULE_ACCOUNT_URL)) continue
      found.push({ name: keeper.accountFromAny(any).module?.name ?? '', any })
    }
    found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return { accounts: found.map((f) => f.any) }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.params(ctx.state),
  }))
}
