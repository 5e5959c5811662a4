import { paginate } from '../../app/pagination.js'
import { pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator } from '../../app/types.js'
import { moduleAddress } from '../../codec/address.js'
import { int64Of } from '../../codec/int64.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { emptyValidatorAddress, invalidValidatorStatus, validatorNotFound } from './errors.js'
import type { StakingKeeper } from './keeper.js'
import { BONDED_POOL_NAME, NOT_BONDED_POOL_NAME } from './keys.js'
import { registerDelegationQueries } from './queries-delegations.js'
import { registerRedelegationQueries } from './queries-redelegations.js'
import { stakingStore, validatorArg } from './query-helpers.js'

const SERVICE = 'sdk.staking.v1beta1.Query'

const STATUSES = ['BOND_STATUS_UNBONDED', 'BOND_STATUS_UNBONDING', 'BOND_STATUS_BONDED']

/** Registers the staking Query service (upstream keeper/grpc_query.go), every route of it. */
export function registerStakingQueries(cfg: ModuleConfigurator, keeper: StakingKeeper): void {
  cfg.registerQuery(`${SERVICE}/Validators`, async (req, ctx) => {
    const { status } = req
    if (status !== '' && !STATUSES.includes(status)) {
      throw invalidValidatorStatus(status)
    }
    const wanted = status === '' ? undefined : STATUSES.indexOf(status) + 1
    const page = await paginate(keeper.c.validators, stakingStore(ctx), req.pagination, {
      paginator: 'prefix-store',
      ...(wanted === undefined ? {} : { filter: (_k, v) => v.status === wanted }),
    }).catch(pageRequestError())
    return { validators: page.entries.map(([, v]) => v), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Validator`, async (req, ctx) => {
    const text = req.validator_addr
    if (text === '') throw emptyValidatorAddress()
    const v = await keeper.c.validators.get(stakingStore(ctx), validatorArg(text))
    if (!v) throw validatorNotFound(text)
    return { validator: v }
  })

  registerDelegationQueries(cfg, keeper)
  registerRedelegationQueries(cfg, keeper)

  cfg.registerQuery(`${SERVICE}/HistoricalInfo`, async (req, ctx) => {
    const height = int64Of(req.height)
    if (height < 0n) throw new StatusError(GrpcCode.InvalidArgument, 'height cannot be negative')
    const hist = await keeper.c.historicalInfo.get(stakingStore(ctx), height)
    if (!hist) {
      throw new StatusError(GrpcCode.NotFound, `historical info for height ${height} not found`)
    }
    return { hist }
  })

  cfg.registerQuery(`${SERVICE}/Pool`, async (_req, ctx) => {
    const denom = await keeper.bondDenom(ctx.state)
    const notBonded = await keeper.balanceOf(ctx.state, moduleAddress(NOT_BONDED_POOL_NAME), denom)
    const bonded = await keeper.balanceOf(ctx.state, moduleAddress(BONDED_POOL_NAME), denom)
    return { pool: { not_bonded_tokens: notBonded.toString(), bonded_tokens: bonded.toString() } }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.params(ctx.state),
  }))
}
