import type { BlockContext } from '../app/types.js'
import type { Bytes } from '../codec/bytes.js'
import { decCoinsAdd } from '../codec/dec-coins.js'
import { distributionStakingHooks } from '../modules/distribution/hooks.js'
import type { DistributionKeeper } from '../modules/distribution/keeper.js'
import { MODULE_NAME as DISTRIBUTION } from '../modules/distribution/keys.js'
import {
  withdrawDelegationRewards,
  withdrawValidatorCommission,
} from '../modules/distribution/withdraw.js'
import type { SlashingKeeper } from '../modules/slashing/keeper.js'
import { MODULE_NAME as SLASHING } from '../modules/slashing/keys.js'
import type { StakingKeeper } from '../modules/staking/keeper.js'
import { MODULE_NAME as STAKING } from '../modules/staking/keys.js'
import { jailValidator, setValidator } from '../modules/staking/validators.js'
import { applyAndReturnValidatorSetUpdates } from '../modules/staking/valset.js'

/** The keepers a zero-height export resets. */
export interface ZeroHeightKeepers {
  staking: StakingKeeper
  distribution: DistributionKeeper
  slashing: SlashingKeeper
}

/**
 * Upstream simapp's prepForZeroHeightGenesis (`export --for-zero-height`), on a branch that is
 * exported and thrown away: every commission and every delegation's rewards withdrawn; slash events
 * and historical rewards cleared; at height 0 every validator's rewards initialized again (the
 * outstanding dust to the community pool) and every delegation's starting info; unbonding and
 * redelegation entries created at height 0; validators' unbonding heights 0, and those not in
 * `jailAllowed` (when it names any) jailed; the validator set applied; signing infos starting at 0.
 * Where upstream marks a validator jailed while it stays in the power index (and then panics in
 * the set update), the validator is jailed as x/staking jails: out of the power index.
 */
export async function prepareZeroHeight(
  k: ZeroHeightKeepers,
  ctx: BlockContext,
  jailAllowed: readonly Bytes[],
): Promise<void> {
  const { staking, distribution: dk, slashing } = k
  const state = ctx.state
  const stakingStore = state.store(STAKING)
  const operators: Bytes[] = []
  for await (const operator of staking.c.validators.keys(stakingStore)) operators.push(operator)
  const delegations: [Bytes, Bytes][] = []
  for await (const key of staking.c.delegations.keys(stakingStore)) delegations.push(key)

  for (const operator of operators) {
    try {
      await withdrawValidatorCommission(dk, ctx, operator)
    } catch {
      // Upstream ignores the error (no commission to withdraw).
    }
  }
  for (const [delegator, operator] of delegations) {
    const val = (await staking.validator(state, operator))!
    const del = (await staking.delegation(state, delegator, operator))!
    await withdrawDelegationRewards(dk, ctx, val, del, delegator)
  }
  const distributionStore = state.store(DISTRIBUTION)
  for await (const key of dk.c.slashEvents.keys(distributionStore))
    dk.c.slashEvents.remove(distributionStore, key)
  for await (const key of dk.c.historical.keys(distributionStore))
    dk.c.historical.remove(distributionStore, key)

  const atZero: BlockContext = { ...ctx, height: 0, header: { ...ctx.header, height: 0 } }
  const hooks = distributionStakingHooks(dk)
  for (const operator of operators) {
    const scraps = await dk.outstandingRewards(state, operator)
    dk.setCommunityPool(state, decCoinsAdd(await dk.communityPool(state), scraps))
    await hooks.afterValidatorCreated!(atZero, operator)
  }
  for (const [delegator, operator] of delegations) {
    await hooks.beforeDelegationCreated!(atZero, delegator, operator)
    await hooks.afterDelegationModified!(atZero, delegator, operator)
  }

  for await (const [key, red] of staking.c.redelegations.iterate(stakingStore)) {
    staking.c.redelegations.set(stakingStore, key, {
      ...red,
      entries: red.entries.map((e) => ({ ...e, creation_height: 0 })),
    })
  }
  for await (const [key, ubd] of staking.c.unbondingDelegations.iterate(stakingStore)) {
    staking.c.unbondingDelegations.set(stakingStore, key, {
      ...ubd,
      entries: ubd.entries.map((e) => ({ ...e, creation_height: 0 })),
    })
  }
  const allowed = new Set(jailAllowed.map((a) => Buffer.from(a).toString('hex')))
  for (const operator of [...operators].reverse()) {
    const v = (await staking.validator(state, operator))!
    v.unbonding_height = 0 as unknown as typeof v.unbonding_height
    setValidator(staking, state, v)
    if (allowed.size > 0 && !allowed.has(Buffer.from(operator).toString('hex')) && !v.jailed)
      await jailValidator(staking, ctx, v)
  }
  await applyAndReturnValidatorSetUpdates(staking, ctx)

  const slashingStore = state.store(SLASHING)
  for await (const [consAddr, info] of slashing.c.signingInfos.iterate(slashingStore))
    slashing.c.signingInfos.set(slashingStore, consAddr, { ...info, start_height: 0 })
}
