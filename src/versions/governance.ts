import type { AppModule } from '../app/types.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import type { BankKeeper } from '../modules/bank/keeper.js'
import { fundCommunityPool } from '../modules/distribution/withdraw.js'
import { createGenutilModule } from '../modules/genutil/module.js'
import { GovKeeper } from '../modules/gov/keeper.js'
import { createGovModule } from '../modules/gov/module.js'
import type { ParamsKeeper } from '../modules/params/keeper.js'
import { StakingKeeper } from '../modules/staking/keeper.js'
import { MODULE_NAME as STAKING } from '../modules/staking/keys.js'
import { createStakingModule } from '../modules/staking/module.js'
import type { AppVersionDeps } from './deps.js'
import { createDistribution } from './distribution.js'
import { createSlashing } from './slashing.js'

/**
 * The governance modules every app version carries: x/staking (the genesis validator set, which gives
 * voting power) and x/gov v1 (proposals, deposits, votes, tally), wired to auth and bank; and
 * x/distribution, x/slashing on staking and x/evidence on slashing.
 */
export function createGovernanceModules(
  deps: AppVersionDeps,
  auth: AuthKeeper,
  bank: BankKeeper,
  params?: ParamsKeeper,
): {
  staking: AppModule
  gov: AppModule
  slashing: ReturnType<typeof createSlashing>
  /** x/genutil: delivers genesis's gentxs at InitChain through staking's MsgCreateValidator. */
  genutil: AppModule
  /** The staking keeper, for the modules that read the bonded ratio (x/mint). */
  stakingKeeper: StakingKeeper
  /** x/distribution, whose staking hooks run before slashing's (as simd registers them). */
  distribution: ReturnType<typeof createDistribution>
} {
  const { registry } = deps
  const stakingKeeper = new StakingKeeper({ registry, bank })
  // Distribution's hooks first: a delegation's rewards are settled before slashing sees a change.
  const distribution = createDistribution(registry, auth, bank, stakingKeeper)
  // x/gov moves deposits only through bank's module-account functions (send to/from, burn), and
  // funds the community pool with a cancelled proposal's charge when told to.
  const govKeeper = new GovKeeper({
    registry,
    bank,
    staking: stakingKeeper,
    distribution: {
      fundCommunityPool: (ctx, amount, sender) =>
        fundCommunityPool(distribution.keeper, ctx, amount, sender),
    },
  })
  const slashing = createSlashing(deps, {
    staking: stakingKeeper,
    params,
    async validators(state) {
      const out = []
      for await (const [, v] of stakingKeeper.c.validators.iterate(state.store(STAKING)))
        out.push(v)
      return out
    },
  })
  return {
    staking: createStakingModule({ registry, keeper: stakingKeeper, auth }),
    gov: createGovModule({ registry, keeper: govKeeper }),
    slashing,
    genutil: createGenutilModule({ registry, auth, staking: stakingKeeper }),
    stakingKeeper,
    distribution,
  }
}
