import { codecAddressArg } from '../../app/query-errors.js'
import type { QueryContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { decFromAtomics, decMulInt, decQuo, decTruncate } from '../../codec/dec.js'
import type { ProtoInit } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { invalidValidatorAddress } from './errors.js'
import type { StakingKeeper } from './keeper.js'
import { MODULE_NAME, valoperPrefix } from './keys.js'

/** The staking module store of the height a query reads. */
export const stakingStore = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

/** A delegator (account) address argument; a bad one is the codec's error, as upstream returns it. */
export const delegatorArg = (text: string): Bytes => codecAddressArg(text)

/** A validator operator address argument; a bad one is the codec's error, as upstream returns it. */
export const validatorArg = (text: string): Bytes => codecAddressArg(text, valoperPrefix())

/**
 * An address argument of Query/Redelegations (`valoperPrefix()` for a validator's), which upstream
 * wraps as Internal with the codec error's text; sdkd keeps InvalidArgument with that text.
 */
export function redelegationAddressArg(text: string, prefix?: string): Bytes {
  try {
    return bech32ToAddress(text, prefix)
  } catch (err) {
    throw invalidValidatorAddress(err)
  }
}

/** Upstream ErrNoValidatorFound's text, as the response helpers fail with it. */
export const NO_VALIDATOR = 'validator does not exist'

/** Upstream ErrNoDelegation's text. */
export const NO_DELEGATION = 'no delegation for (address, validator) tuple'

/** Upstream Validator.TokensFromShares(shares).TruncateInt(). */
export function tokensFromShares(
  v: ProtoInit<'sdk.staking.v1beta1.Validator'>,
  shares: string | null | undefined,
): bigint {
  const total = decFromAtomics(v.delegator_shares ?? '')
  if (total === 0n) return 0n
  return decTruncate(
    decQuo(decMulInt(decFromAtomics(shares ?? ''), BigInt(v.tokens || '0')), total),
  )
}

/** The validator a record names, or Internal `validator does not exist` (upstream GetValidator). */
export async function validatorOf(
  keeper: StakingKeeper,
  ctx: QueryContext,
  operator: Bytes,
): Promise<ProtoInit<'sdk.staking.v1beta1.Validator'>> {
  const v = await keeper.c.validators.get(stakingStore(ctx), operator)
  if (!v) throw new StatusError(GrpcCode.Internal, NO_VALIDATOR)
  return v
}

/** Upstream delegationToDelegationResponse: the delegation with its balance in the bond denom. */
export async function delegationResponse(
  keeper: StakingKeeper,
  ctx: QueryContext,
  denom: string,
  del: ProtoInit<'sdk.staking.v1beta1.Delegation'>,
): Promise<ProtoInit<'sdk.staking.v1beta1.DelegationResponse'>> {
  const v = await validatorOf(
    keeper,
    ctx,
    bech32ToAddress(del.validator_address ?? '', valoperPrefix()),
  )
  return {
    delegation: del,
    balance: { denom, amount: tokensFromShares(v, del.shares).toString() },
  }
}

/** Upstream RedelegationsToRedelegationResponses for one redelegation. */
export async function redelegationResponse(
  keeper: StakingKeeper,
  ctx: QueryContext,
  red: ProtoInit<'sdk.staking.v1beta1.Redelegation'>,
): Promise<ProtoInit<'sdk.staking.v1beta1.RedelegationResponse'>> {
  const dst = await validatorOf(
    keeper,
    ctx,
    bech32ToAddress(red.validator_dst_address ?? '', valoperPrefix()),
  )
  return {
    // The inner record carries the addresses only; its entries are in the outer list.
    redelegation: {
      delegator_address: red.delegator_address,
      validator_src_address: red.validator_src_address,
      validator_dst_address: red.validator_dst_address,
      entries: [],
    },
    entries: (red.entries ?? []).map((e) => ({
      redelegation_entry: {
        creation_height: e.creation_height,
        completion_time: e.completion_time,
        initial_balance: e.initial_balance,
        shares_dst: e.shares_dst,
        unbonding_id: e.unbonding_id,
        unbonding_on_hold_ref_count: 0,
      },
      balance: tokensFromShares(dst, e.shares_dst).toString(),
    })),
  }
}

/** Operator address text of validator bytes. */
export const valoperText = (operator: Bytes): string => addressToBech32(operator, valoperPrefix())
