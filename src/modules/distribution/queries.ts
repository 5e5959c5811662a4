import { codecAddressArg, invalidArgument } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import type { DecCoin } from '../../codec/dec-coins.js'
import { decCoinsToProto } from '../../codec/dec-coins.js'
import type { Proto } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import type { Readable } from '../../store/types.js'
import { ErrNoDelegation, ErrNoValidatorFound } from '../staking/errors.js'
import { validatorArg, valoperText } from '../staking/query-helpers.js'
import { registerSlashQueries } from './query-slashes.js'

const SERVICE = 'sdk.distribution.v1beta1.Query'

/**
 * What the distribution queries read from the distribution keeper. The keeper answers reward
 * queries on a read-only state: the period it closes to compute them is never committed.
 */
export interface DistributionQueryKeeper {
  rawParams(state: Readable): Promise<Proto<'sdk.distribution.v1beta1.Params'>>
  communityPool(state: Readable): DecCoin[] | Promise<DecCoin[]>
  outstandingRewards(state: Readable, operator: Bytes): DecCoin[] | Promise<DecCoin[]>
  accumulatedCommission(state: Readable, operator: Bytes): DecCoin[] | Promise<DecCoin[]>
  /** The delegator itself when no withdraw address is set. */
  withdrawAddress(state: Readable, delegator: Bytes): Promise<Bytes>
  /** Undefined when the validator or the delegation does not exist. */
  delegationRewards(
    state: Readable,
    operator: Bytes,
    delegator: Bytes,
  ): Promise<DecCoin[] | undefined>
  /** The validators the delegator has delegations with, in the staking store's key order. */
  delegatorValidators(state: Readable, delegator: Bytes): Promise<Bytes[]>
}

/** Upstream DecCoins.Add: the sum per denom, sorted by denom, without zero amounts. */
export function addDecCoins(a: readonly DecCoin[], b: readonly DecCoin[]): DecCoin[] {
  const sums = new Map<string, bigint>()
  for (const c of [...a, ...b]) sums.set(c.denom, (sums.get(c.denom) ?? 0n) + c.amount)
  return [...sums]
    .filter(([, amount]) => amount !== 0n)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }))
}

/**
 * The staking reads the distribution queries make: whether a validator and a delegation exist
 * (x/staking's keeper, or the view of it x/distribution's keeper holds).
 */
export interface DistributionQueryStaking {
  validator(state: Readable, operator: Bytes): Promise<object | undefined>
  delegation(state: Readable, delegator: Bytes, operator: Bytes): Promise<object | undefined>
}

// Upstream x/distribution/keeper/grpc_query.go answers a missing address with these plain texts
// (not staking's `… cannot be empty`).
const emptyDelegator = () => invalidArgument('empty delegator address')
const emptyValidator = () => invalidArgument('empty validator address')

/**
 * Registers the distribution Query service (upstream x/distribution/keeper/grpc_query.go), its ten
 * routes with upstream's checks in upstream's order. A missing validator or delegation is staking's
 * registered error (upstream returns the staking keeper's own error there).
 */
export function registerDistributionQueries(
  cfg: ModuleConfigurator,
  keeper: DistributionQueryKeeper,
  staking: DistributionQueryStaking,
): void {
  /** The operator of a request whose validator must exist (upstream stakingKeeper.Validator). */
  const existingValidator = async (ctx: QueryContext, text: string): Promise<Bytes> => {
    if (text === '') throw emptyValidator()
    const operator = validatorArg(text)
    if ((await staking.validator(ctx.state, operator)) === undefined) {
      throw ErrNoValidatorFound.error()
    }
    return operator
  }

  /** The rewards of an existing delegation; the keeper finding none is a broken invariant. */
  const rewardsOf = async (
    ctx: QueryContext,
    operator: Bytes,
    delegator: Bytes,
  ): Promise<DecCoin[]> => {
    const rewards = await keeper.delegationRewards(ctx.state, operator, delegator)
    if (rewards === undefined) {
      throw new StatusError(GrpcCode.Internal, 'no delegation distribution info')
    }
    return rewards
  }

  const delegatorOf = (text: string): Bytes => {
    if (text === '') throw emptyDelegator()
    return codecAddressArg(text)
  }

  cfg.registerQuery(`${SERVICE}/Params`, async (_req, ctx) => ({
    params: await keeper.rawParams(ctx.state),
  }))

  cfg.registerQuery(`${SERVICE}/ValidatorDistributionInfo`, async (req, ctx) => {
    const operator = await existingValidator(ctx, req.validator_address)
    // The self-delegation: the operator's account is the same bytes as its operator address.
    if ((await staking.delegation(ctx.state, operator, operator)) === undefined) {
      throw ErrNoDelegation.error()
    }
    const selfBondRewards = await rewardsOf(ctx, operator, operator)
    const commission = await keeper.accumulatedCommission(ctx.state, operator)
    return {
      operator_address: addressToBech32(operator),
      self_bond_rewards: decCoinsToProto(selfBondRewards),
      commission: decCoinsToProto(commission),
    }
  })

  cfg.registerQuery(`${SERVICE}/ValidatorOutstandingRewards`, async (req, ctx) => {
    const operator = await existingValidator(ctx, req.validator_address)
    const rewards = await keeper.outstandingRewards(ctx.state, operator)
    return { rewards: { rewards: decCoinsToProto(rewards) } }
  })

  cfg.registerQuery(`${SERVICE}/ValidatorCommission`, async (req, ctx) => {
    const operator = await existingValidator(ctx, req.validator_address)
    const commission = await keeper.accumulatedCommission(ctx.state, operator)
    return { commission: { commission: decCoinsToProto(commission) } }
  })

  registerSlashQueries(cfg)

  cfg.registerQuery(`${SERVICE}/DelegationRewards`, async (req, ctx) => {
    if (req.delegator_address === '') throw emptyDelegator()
    const operator = await existingValidator(ctx, req.validator_address)
    const delegator = codecAddressArg(req.delegator_address)
    if ((await staking.delegation(ctx.state, delegator, operator)) === undefined) {
      throw ErrNoDelegation.error()
    }
    return { rewards: decCoinsToProto(await rewardsOf(ctx, operator, delegator)) }
  })

  cfg.registerQuery(`${SERVICE}/DelegationTotalRewards`, async (req, ctx) => {
    const delegator = delegatorOf(req.delegator_address)
    const rewards: { validator_address: string; reward: { denom: string; amount: string }[] }[] = []
    let total: DecCoin[] = []
    for (const operator of await keeper.delegatorValidators(ctx.state, delegator)) {
      const reward = await rewardsOf(ctx, operator, delegator)
      rewards.push({ validator_address: valoperText(operator), reward: decCoinsToProto(reward) })
      total = addDecCoins(total, reward)
    }
    return { rewards, total: decCoinsToProto(total) }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorValidators`, async (req, ctx) => {
    const delegator = delegatorOf(req.delegator_address)
    const operators = await keeper.delegatorValidators(ctx.state, delegator)
    return { validators: operators.map(valoperText) }
  })

  cfg.registerQuery(`${SERVICE}/DelegatorWithdrawAddress`, async (req, ctx) => {
    const delegator = delegatorOf(req.delegator_address)
    const withdraw = await keeper.withdrawAddress(ctx.state, delegator)
    return { withdraw_address: addressToBech32(withdraw) }
  })

  cfg.registerQuery(`${SERVICE}/CommunityPool`, async (_req, ctx) => ({
    pool: decCoinsToProto(await keeper.communityPool(ctx.state)),
  }))
}
