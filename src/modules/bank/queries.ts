import { paginate } from '../../app/pagination.js'
import { addressArg, invalidArgument, pageRequestError, wrapText } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { validateDenom } from '../../codec/coins.js'
import type { ProtoInit } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { ErrLogic } from '../../errors.js'
import { type BankKeeper, spendableAmount } from './keeper.js'
import { MODULE_NAME, sendEnabledOf } from './keys.js'

const SERVICE = 'sdk.bank.v1beta1.Query'

/** Upstream sdk.ValidateDenom as a query argument check (InvalidArgument `invalid denom: …`). */
export function denomArg(denom: string): string {
  try {
    validateDenom(denom)
  } catch (err) {
    throw invalidArgument(wrapText(err), err)
  }
  return denom
}

/**
 * The time of the queried height's block, which a vesting schedule is read at (upstream's query
 * context carries that block's header).
 */
function blockTime(ctx: QueryContext): () => Promise<TimeNs> {
  return async () => {
    const stored = await ctx.node?.blocks.get(ctx.height)
    if (!stored) throw ErrLogic.wrap(`no block at height ${ctx.height} to read its time`)
    return stored.block.header.time
  }
}

/** A refused page request as bank reports it (`paginate: …`). */
const paginateError = pageRequestError('paginate: ')

/** Registers the bank Query service (thin wrappers over the keeper, as upstream). */
export function registerBankQueries(cfg: ModuleConfigurator, keeper: BankKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

  cfg.registerQuery(`${SERVICE}/Balance`, async (req, ctx) => {
    const denom = denomArg(req.denom)
    const address = addressArg(req.address, 'invalid address: ')
    const amount = await keeper.balance(ctx.state, address, denom)
    return { balance: { denom, amount: amount.toString() } }
  })

  cfg.registerQuery(`${SERVICE}/AllBalances`, async (req, ctx) => {
    const address = addressArg(req.address, 'invalid address: ')
    const balances = keeper.c.balances
    const prefix = balances.storeKey([address, '']).subarray(balances.prefix.length)
    const page = await paginate(balances, store(ctx), req.pagination, {
      paginator: 'collections',
      prefix,
    }).catch(paginateError)
    const coins: ProtoInit<'sdk.base.v1beta1.Coin'>[] = []
    for (const [[, denom], amount] of page.entries) {
      let shown = denom
      if (req.resolve_denom) {
        const metadata = await keeper.c.denomMetadata.get(store(ctx), denom)
        if (metadata?.display) shown = metadata.display
      }
      coins.push({ denom: shown, amount: amount.toString() })
    }
    return { balances: coins, pagination: page.pagination }
  })

  // Upstream SpendableBalances: a page of the address's balance denoms, each with what a vesting
  // schedule leaves spendable, so a fully locked denom shows "0".
  cfg.registerQuery(`${SERVICE}/SpendableBalances`, async (req, ctx) => {
    const address = addressArg(req.address, 'invalid address: ')
    const locked = await keeper.lockedCoins(ctx.state, address, blockTime(ctx))
    const balances = keeper.c.balances
    const prefix = balances.storeKey([address, '']).subarray(balances.prefix.length)
    const page = await paginate(balances, store(ctx), req.pagination, {
      paginator: 'collections',
      prefix,
    }).catch(paginateError)
    return {
      balances: page.entries.map(([[, denom], amount]) => ({
        denom,
        amount: spendableAmount(amount, locked, denom).toString(),
      })),
      pagination: page.pagination,
    }
  })

  cfg.registerQuery(`${SERVICE}/SpendableBalanceByDenom`, async (req, ctx) => {
    const address = addressArg(req.address, 'invalid address: ')
    const denom = denomArg(req.denom)
    const amount = await keeper.spendableCoin(ctx.state, address, denom, blockTime(ctx))
    return { balance: { denom, amount: amount.toString() } }
  })

  cfg.registerQuery(`${SERVICE}/TotalSupply`, async (req, ctx) => {
    const page = await paginate(keeper.c.supply, store(ctx), req.pagination, {
      paginator: 'collections',
    }).catch(paginateError)
    return {
      supply: page.entries.map(([denom, amount]) => ({ denom, amount: amount.toString() })),
      pagination: page.pagination,
    }
  })

  cfg.registerQuery(`${SERVICE}/SupplyOf`, async (req, ctx) => {
    const { denom } = req
    denomArg(denom)
    const amount = await keeper.supplyOf(ctx.state, denom)
    return { amount: { denom, amount: amount.toString() } }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.params(ctx.state),
  }))

  cfg.registerQuery(`${SERVICE}/SendEnabled`, async (req, ctx) => {
    const enabled = sendEnabledOf
    const { denoms } = req
    if (denoms.length > 0) {
      const send_enabled: ProtoInit<'sdk.bank.v1beta1.SendEnabled'>[] = []
      for (const denom of denoms) {
        const v = await keeper.c.sendEnabled.get(store(ctx), denom)
        if (v !== undefined) send_enabled.push({ denom, enabled: enabled(v) })
      }
      return { send_enabled, pagination: null }
    }
    const page = await paginate(keeper.c.sendEnabled, store(ctx), req.pagination, {
      paginator: 'collections',
    }).catch(paginateError)
    return {
      send_enabled: page.entries.map(([denom, v]) => ({ denom, enabled: enabled(v) })),
      pagination: page.pagination,
    }
  })
}
