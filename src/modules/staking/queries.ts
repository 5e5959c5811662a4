import { paginate } from '../../app/pagination.js'
import { addressArg, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { bech32ToAddress, moduleAddress } from '../../codec/address.js'
import { decFromString, decMulInt, decQuo, decTruncate } from '../../codec/dec.js'
import type { ProtoInit } from '../../codec/proto.js'
import {
  emptyDelegatorAddress,
  emptyValidatorAddress,
  invalidValidatorAddress,
  invalidValidatorStatus,
  validatorNotFound,
} from './errors.js'
import type { StakingKeeper } from './keeper.js'
import { BONDED_POOL_NAME, MODULE_NAME, NOT_BONDED_POOL_NAME, valoperPrefix } from './keys.js'

const SERVICE = 'sdk.staking.v1beta1.Query'

const STATUSES = ['BOND_STATUS_UNBONDED', 'BOND_STATUS_UNBONDING', 'BOND_STATUS_BONDED']

/** Registers the staking Query service over the genesis validator set. */
export function registerStakingQueries(cfg: ModuleConfigurator, keeper: StakingKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

  cfg.registerQuery(`${SERVICE}/Validators`, async (req, ctx) => {
    const { status } = req
    if (status !== '' && !STATUSES.includes(status)) {
      throw invalidValidatorStatus(status)
    }
    const wanted = status === '' ? undefined : STATUSES.indexOf(status) + 1
    const page = await paginate(keeper.c.validators, store(ctx), req.pagination, {
      ...(wanted === undefined ? {} : { filter: (_k, v) => v.status === wanted }),
    }).catch(pageRequestError())
    return { validators: page.entries.map(([, v]) => v), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Validator`, async (req, ctx) => {
    const text = req.validator_addr
    if (text === '') throw emptyValidatorAddress()
    const v = await keeper.c.validators.get(store(ctx), valoperArg(text))
    if (!v) throw validatorNotFound(text)
    return { validator: v }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorDelegations`, async (req, ctx) => {
    if (req.delegator_addr === '') throw emptyDelegatorAddress()
    const delegator = addressArg(req.delegator_addr)
    const d = keeper.c.delegations
    const prefix = d.storeKey([delegator, new Uint8Array(0)]).subarray(d.prefix.length)
    const page = await paginate(d, store(ctx), req.pagination, {
      prefix: prefix.subarray(0, prefix.length - 1),
    }).catch(pageRequestError())
    const denom = await keeper.bondDenom(ctx.state)
    const delegation_responses: ProtoInit<'sdk.staking.v1beta1.DelegationResponse'>[] = []
    for (const [[, validator], del] of page.entries) {
      const v = await keeper.c.validators.get(store(ctx), validator)
      let balance = 0n
      if (v) {
        const shares = decFromString(del.shares || '0')
        const total = decFromString(v.delegator_shares || '0')
        // Upstream TokensFromShares: shares × tokens ÷ delegator shares, truncated.
        if (total !== 0n)
          balance = decTruncate(decQuo(decMulInt(shares, BigInt(v.tokens || '0')), total))
      }
      delegation_responses.push({ delegation: del, balance: { denom, amount: balance.toString() } })
    }
    return { delegation_responses, pagination: page.pagination }
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

/** A validator operator address argument (`sdkvaloper1…`); a bad one is InvalidArgument. */
function valoperArg(text: string): Uint8Array {
  try {
    return bech32ToAddress(text, valoperPrefix())
  } catch (err) {
    throw invalidValidatorAddress(err)
  }
}
