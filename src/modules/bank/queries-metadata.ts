import { paginate } from '../../app/pagination.js'
import { notFound, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import type { BankKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { denomArg } from './queries.js'

const SERVICE = 'sdk.bank.v1beta1.Query'

/**
 * The denom metadata and denom owners queries of the bank Query service (upstream
 * x/bank/keeper/grpc_query.go): metadata from genesis `denom_metadata` by base denom, owners from
 * the denom → address index in address byte order.
 */
export function registerBankDenomQueries(cfg: ModuleConfigurator, keeper: BankKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

  const metadataOf = async (ctx: QueryContext, denom: string) => {
    denomArg(denom)
    const metadata = await keeper.c.denomMetadata.get(store(ctx), denom)
    if (!metadata) throw notFound(`client metadata for denom ${denom}`)
    return { metadata }
  }
  cfg.registerQuery(`${SERVICE}/DenomMetadata`, (req, ctx) => metadataOf(ctx, req.denom))
  cfg.registerQuery(`${SERVICE}/DenomMetadataByQueryString`, (req, ctx) =>
    metadataOf(ctx, req.denom),
  )

  // A refused page request is InvalidArgument with the paginator's text: upstream answers it as
  // Internal (500), which ARCHITECTURE decision 3 keeps for the node's own faults.
  cfg.registerQuery(`${SERVICE}/DenomsMetadata`, async (req, ctx) => {
    const page = await paginate(keeper.c.denomMetadata, store(ctx), req.pagination, {
      paginator: 'prefix-store',
    }).catch(pageRequestError())
    return { metadatas: page.entries.map(([, m]) => m), pagination: page.pagination }
  })

  const ownersOf = async (
    ctx: QueryContext,
    denom: string,
    pagination: Proto<'sdk.base.query.v1beta1.PageRequest'> | null,
  ) => {
    denomArg(denom)
    const index = keeper.c.denomAddress
    const page = await paginate(index, store(ctx), pagination, {
      paginator: 'collections',
      prefix: denomPrefix(denom),
    }).catch(pageRequestError())
    const denom_owners: ProtoInit<'sdk.bank.v1beta1.DenomOwner'>[] = []
    for (const [[, address]] of page.entries) {
      const amount = await keeper.balance(ctx.state, address, denom)
      denom_owners.push({
        address: addressToBech32(address),
        balance: { denom, amount: `${amount}` },
      })
    }
    return { denom_owners, pagination: page.pagination }
  }
  cfg.registerQuery(`${SERVICE}/DenomOwners`, (req, ctx) =>
    ownersOf(ctx, req.denom, req.pagination),
  )
  cfg.registerQuery(`${SERVICE}/DenomOwnersByQuery`, (req, ctx) =>
    ownersOf(ctx, req.denom, req.pagination),
  )
}

/** The denom part of the denom → address index key (one length byte, then the denom). */
function denomPrefix(denom: string): Uint8Array {
  const text = new TextEncoder().encode(denom)
  return Uint8Array.of(text.length, ...text)
}
