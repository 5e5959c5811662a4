import type { AppModule } from '../app/types.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import type { BankKeeper } from '../modules/bank/keeper.js'
import { GovKeeper } from '../modules/gov/keeper.js'
import { createGovModule } from '../modules/gov/module.js'
import { StakingKeeper } from '../modules/staking/keeper.js'
import { createStakingModule } from '../modules/staking/module.js'
import type { AppVersionDeps } from './deps.js'

/**
 * The governance modules every app version carries: x/staking (the genesis validator set, which gives
 * voting power) and x/gov v1 (proposals, deposits, votes, tally), wired to auth and bank.
 */
export function createGovernanceModules(
  deps: AppVersionDeps,
  auth: AuthKeeper,
  bank: BankKeeper,
): { staking: AppModule; gov: AppModule } {
  const { registry } = deps
  const stakingKeeper = new StakingKeeper({ registry, bank })
  // x/gov moves deposits only through bank's module-account functions (send to/from, burn).
  const govKeeper = new GovKeeper({ registry, bank, staking: stakingKeeper })
  return {
    staking: createStakingModule({ registry, keeper: stakingKeeper, auth }),
    gov: createGovModule({ registry, keeper: govKeeper }),
  }
}
