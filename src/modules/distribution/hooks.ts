import { ErrNoValidatorFound } from '../staking/errors.js'
import type { StakingHooks } from '../staking/hooks.js'
import type { DistributionKeeper } from './keeper.js'
import {
  incrementValidatorPeriod,
  initializeDelegation,
  initializeValidator,
  updateValidatorSlashFraction,
} from './periods.js'
import { validatorRemoved, withdrawDelegationRewards } from './withdraw.js'

/**
 * x/distribution's staking hooks (upstream x/distribution/keeper/hooks.go): they keep every
 * delegation's rewards exact across delegations, undelegations, redelegations and slashes. simd
 * registers them before slashing's.
 */
export function distributionStakingHooks(k: DistributionKeeper): StakingHooks {
  return {
    async afterValidatorCreated(ctx, operator) {
      // Upstream reads the validator through the staking keeper (for its operator address); the
      // read is kept because gas counts it.
      if (!(await k.staking.validator(ctx.state, operator))) throw ErrNoValidatorFound.error()
      initializeValidator(k, ctx.state, operator)
    },
    async afterValidatorRemoved(ctx, _consAddr, operator) {
      await validatorRemoved(k, ctx, operator)
    },
    async beforeDelegationCreated(ctx, _delegator, operator) {
      const val = await k.staking.validator(ctx.state, operator)
      if (!val) return
      await incrementValidatorPeriod(k, ctx.state, operator, val)
    },
    async beforeDelegationSharesModified(ctx, delegator, operator) {
      const val = await k.staking.validator(ctx.state, operator)
      const del = await k.staking.delegation(ctx.state, delegator, operator)
      if (!val || !del) return
      await withdrawDelegationRewards(k, ctx, val, del, delegator)
    },
    async afterDelegationModified(ctx, delegator, operator) {
      await initializeDelegation(k, ctx.state, BigInt(ctx.height), operator, delegator)
    },
    async beforeValidatorSlashed(ctx, operator, fraction) {
      await updateValidatorSlashFraction(k, ctx.state, BigInt(ctx.height), operator, fraction)
    },
  }
}
