import { paginate } from '../../app/pagination.js'
import { pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { lengthPrefixedBytesKey } from '../../store/collections.js'
import type { StakingKeeper } from './keeper.js'
import { valoperPrefix } from './keys.js'
import {
  redelegationAddressArg as addressOf,
  redelegationResponse,
  stakingStore,
} from './query-helpers.js'

const SERVICE = 'sdk.staking.v1beta1.Query'

type Redelegation = ProtoInit<'sdk.staking.v1beta1.Redelegation'>
type PageResponse = { next_key: Uint8Array | undefined; total: string } | null

/**
 * Query/Redelegations as upstream: all three addresses read one record; a source validator alone
 * pages the by-source index; anything else pages the delegator's records (the validators are then
 * ignored, and an empty delegator is refused). Upstream wraps every failure as Internal; sdkd keeps
 * the texts with sensible statuses (bad input InvalidArgument, a missing record NotFound).
 */
export function registerRedelegationQueries(cfg: ModuleConfigurator, keeper: StakingKeeper): void {
  cfg.registerQuery(`${SERVICE}/Redelegations`, async (req, ctx) => {
    const { reds, pagination } = await select(keeper, ctx, req)
    const redelegation_responses: ProtoInit<'sdk.staking.v1beta1.RedelegationResponse'>[] = []
    for (const red of reds)
      redelegation_responses.push(await redelegationResponse(keeper, ctx, red))
    return { redelegation_responses, pagination }
  })
}

async function select(
  keeper: StakingKeeper,
  ctx: QueryContext,
  req: {
    delegator_addr: string
    src_validator_addr: string
    dst_validator_addr: string
    pagination: Proto<'sdk.base.query.v1beta1.PageRequest'> | null
  },
): Promise<{ reds: Redelegation[]; pagination: PageResponse }> {
  const c = keeper.c
  const store = stakingStore(ctx)
  const { delegator_addr: del, src_validator_addr: src, dst_validator_addr: dst } = req
  if (del !== '' && src !== '' && dst !== '') {
    const key = [
      addressOf(del),
      addressOf(src, valoperPrefix()),
      addressOf(dst, valoperPrefix()),
    ] as const
    const red = await c.redelegations.get(store, [...key])
    if (!red) {
      throw new StatusError(
        GrpcCode.NotFound,
        `redelegation not found for delegator address ${del} from validator address ${src}`,
      )
    }
    return { reds: [red], pagination: null }
  }
  if (del === '' && src !== '' && dst === '') {
    const page = await paginate(c.redelegationsBySource, store, req.pagination, {
      paginator: 'prefix-store',
      prefix: lengthPrefixedBytesKey.encode(addressOf(src, valoperPrefix())),
    }).catch(pageRequestError())
    const reds: Redelegation[] = []
    for (const [[source, delegator, destination]] of page.entries) {
      const red = await c.redelegations.get(store, [delegator, source, destination])
      if (red) reds.push(red)
    }
    return { reds, pagination: page.pagination }
  }
  const page = await paginate(c.redelegations, store, req.pagination, {
    paginator: 'prefix-store',
    prefix: lengthPrefixedBytesKey.encode(addressOf(del)),
  }).catch(pageRequestError())
  return { reds: page.entries.map(([, r]) => r), pagination: page.pagination }
}
