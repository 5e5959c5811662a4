import { paginate } from '../../app/pagination.js'
import { pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { ProtoInit } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { lengthPrefixedBytesKey } from '../../store/collections.js'
import { emptyDelegatorAddress, emptyValidatorAddress } from './errors.js'
import type { StakingKeeper } from './keeper.js'
import {
  delegationResponse,
  delegatorArg,
  NO_DELEGATION,
  stakingStore,
  validatorArg,
  validatorOf,
} from './query-helpers.js'

const SERVICE = 'sdk.staking.v1beta1.Query'

/** A page read whose refused page request is InvalidArgument (a sensible status for bad input). */
function pageOf<T>(p: Promise<T>): Promise<T> {
  return p.catch(pageRequestError())
}

/** Responses of delegations, each with its balance (upstream delegationsToDelegationResponses). */
async function delegationResponses(
  keeper: StakingKeeper,
  ctx: QueryContext,
  dels: ProtoInit<'sdk.staking.v1beta1.Delegation'>[],
): Promise<ProtoInit<'sdk.staking.v1beta1.DelegationResponse'>[]> {
  const denom = await keeper.bondDenom(ctx.state)
  const out: ProtoInit<'sdk.staking.v1beta1.DelegationResponse'>[] = []
  for (const del of dels) out.push(await delegationResponse(keeper, ctx, denom, del))
  return out
}

/**
 * The delegation and unbonding routes of the staking Query service (upstream keeper/grpc_query.go):
 * by validator, by delegator, and one (delegator, validator) pair.
 */
export function registerDelegationQueries(cfg: ModuleConfigurator, keeper: StakingKeeper): void {
  const c = keeper.c

  cfg.registerQuery(`${SERVICE}/DelegatorDelegations`, async (req, ctx) => {
    if (req.delegator_addr === '') throw emptyDelegatorAddress()
    const delegator = delegatorArg(req.delegator_addr)
    const page = await pageOf(
      paginate(c.delegations, stakingStore(ctx), req.pagination, {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(delegator),
      }),
    )
    const delegation_responses = await delegationResponses(
      keeper,
      ctx,
      page.entries.map(([, d]) => d),
    )
    return { delegation_responses, pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/ValidatorDelegations`, async (req, ctx) => {
    if (req.validator_addr === '') throw emptyValidatorAddress()
    const operator = validatorArg(req.validator_addr)
    const store = stakingStore(ctx)
    // The by-validator index (0x71) pages; each key names the delegation to read.
    const page = await pageOf(
      paginate(c.delegationsByValidator, store, req.pagination, {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(operator),
      }),
    )
    const dels: ProtoInit<'sdk.staking.v1beta1.Delegation'>[] = []
    for (const [[, delegator]] of page.entries) {
      const d = await c.delegations.get(store, [delegator, operator])
      if (!d) throw new StatusError(GrpcCode.Internal, 'collections: not found')
      dels.push(d)
    }
    return {
      delegation_responses: await delegationResponses(keeper, ctx, dels),
      pagination: page.pagination,
    }
  })

  cfg.registerQuery(`${SERVICE}/ValidatorUnbondingDelegations`, async (req, ctx) => {
    if (req.validator_addr === '') throw emptyValidatorAddress()
    const operator = validatorArg(req.validator_addr)
    const store = stakingStore(ctx)
    const page = await pageOf(
      paginate(c.unbondingDelegationsByValidator, store, req.pagination, {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(operator),
      }),
    )
    const unbonding_responses: ProtoInit<'sdk.staking.v1beta1.UnbondingDelegation'>[] = []
    for (const [[, delegator]] of page.entries) {
      const u = await c.unbondingDelegations.get(store, [delegator, operator])
      if (u) unbonding_responses.push(u)
    }
    return { unbonding_responses, pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Delegation`, async (req, ctx) => {
    const [delegator, operator] = pairArgs(req)
    const d = await c.delegations.get(stakingStore(ctx), [delegator, operator])
    if (!d) {
      throw new StatusError(
        GrpcCode.NotFound,
        `delegation with delegator ${req.delegator_addr} not found for validator ${req.validator_addr}`,
      )
    }
    const denom = await keeper.bondDenom(ctx.state)
    return { delegation_response: await delegationResponse(keeper, ctx, denom, d) }
  })

  cfg.registerQuery(`${SERVICE}/UnbondingDelegation`, async (req, ctx) => {
    const [delegator, operator] = pairArgs(req)
    const u = await c.unbondingDelegations.get(stakingStore(ctx), [delegator, operator])
    if (!u) {
      throw new StatusError(
        GrpcCode.NotFound,
        `unbonding delegation with delegator ${req.delegator_addr} not found for validator ${req.validator_addr}`,
      )
    }
    return { unbond: u }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorUnbondingDelegations`, async (req, ctx) => {
    if (req.delegator_addr === '') throw emptyDelegatorAddress()
    const delegator = delegatorArg(req.delegator_addr)
    const page = await pageOf(
      paginate(c.unbondingDelegations, stakingStore(ctx), req.pagination, {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(delegator),
      }),
    )
    return { unbonding_responses: page.entries.map(([, u]) => u), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorValidators`, async (req, ctx) => {
    if (req.delegator_addr === '') throw emptyDelegatorAddress()
    const delegator = delegatorArg(req.delegator_addr)
    const page = await pageOf(
      paginate(c.delegations, stakingStore(ctx), req.pagination, {
        paginator: 'prefix-store',
        prefix: lengthPrefixedBytesKey.encode(delegator),
      }),
    )
    const validators: ProtoInit<'sdk.staking.v1beta1.Validator'>[] = []
    for (const [[, operator]] of page.entries) {
      validators.push(await validatorOf(keeper, ctx, operator))
    }
    return { validators, pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorValidator`, async (req, ctx) => {
    const [delegator, operator] = pairArgs(req)
    // Upstream's text (ErrNoDelegation); upstream answers Internal, sdkd a sensible NotFound.
    if (!(await c.delegations.has(stakingStore(ctx), [delegator, operator]))) {
      throw new StatusError(GrpcCode.NotFound, NO_DELEGATION)
    }
    return { validator: await validatorOf(keeper, ctx, operator) }
  })
}

/** The (delegator, validator) pair of a request, checked in upstream's order. */
function pairArgs(req: { delegator_addr: string; validator_addr: string }): [Bytes, Bytes] {
  if (req.delegator_addr === '') throw emptyDelegatorAddress()
  if (req.validator_addr === '') throw emptyValidatorAddress()
  return [delegatorArg(req.delegator_addr), validatorArg(req.validator_addr)]
}
