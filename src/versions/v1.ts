import type { AppModule, AppVersion } from '../app/types.js'
import { moduleAddress } from '../codec/address.js'
import { AuthKeeper } from '../modules/auth/keeper.js'
import { BLOCKED_MODULE_ACCOUNTS } from '../modules/auth/keys.js'
import { createAuthModule } from '../modules/auth/module.js'
import { BankKeeper } from '../modules/bank/keeper.js'
import { createBankModule } from '../modules/bank/module.js'
import { CrisisKeeper } from '../modules/crisis/keeper.js'
import { createCrisisModule } from '../modules/crisis/module.js'
import { ParamsKeeper } from '../modules/params/keeper.js'
import { crisisParamSet, stakingParamSet } from '../modules/params/legacy-subspaces.js'
import { createParamsModule } from '../modules/params/module.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { createUpgradeModule } from '../modules/upgrade/module.js'
import { type AppVersionDeps, consensusParamsOf, upgradeOptionsOf } from './deps.js'
import { createDevKeepers } from './dev.js'
import { createGovernanceModules } from './governance.js'
import { createMint } from './mint.js'
import { prepareZeroHeight } from './zero-height.js'

export type { AppVersionDeps }

/** Subspaces the legacy x/params module serves in v1. */
export const V1_PARAM_SUBSPACES = ['auth', 'bank', 'baseapp', 'crisis', 'gov', 'staking'] as const

/**
 * v1, the genesis binary: auth, bank, distribution, staking, slashing, gov, mint, crisis, evidence, params (legacy; it holds the consensus
 * params in its `baseapp` subspace, as SDK ≤ v0.46 apps did) and upgrade. It knows no upgrades.
 */
export function createV1(deps: AppVersionDeps): AppVersion {
  const { registry } = deps
  const auth = new AuthKeeper({ registry })
  const bank = new BankKeeper({
    registry,
    accounts: auth,
    blocked: BLOCKED_MODULE_ACCOUNTS.map((name) => moduleAddress(name)),
    lockedCoins: auth.lockedCoins,
    delegations: auth,
  })
  const upgrade = new UpgradeKeeper({ registry })
  const params = new ParamsKeeper({
    subspaces: V1_PARAM_SUBSPACES,
    paramSets: { staking: stakingParamSet(registry), crisis: crisisParamSet(registry) },
  })
  const crisis = new CrisisKeeper({ registry, bank })
  const governance = createGovernanceModules(deps, auth, bank, params)
  const { slashing } = governance
  const modules: AppModule[] = [
    createAuthModule({ registry, keeper: auth, bank }),
    createBankModule({ registry, keeper: bank }),
    governance.distribution.module,
    governance.staking,
    slashing.slashing,
    governance.gov,
    createMint(registry, auth, bank, governance.stakingKeeper),
    createCrisisModule({ registry, keeper: crisis }),
    governance.genutil,
    createParamsModule({ keeper: params, baseappConsensusParams: consensusParamsOf(deps) }),
    createUpgradeModule({ keeper: upgrade, ...upgradeOptionsOf(deps) }),
    slashing.evidence,
  ]
  return {
    name: 'v1',
    modules,
    order: {
      // simd's genesis order: slashing after staking; genutil (the gentxs) after crisis, then evidence.
      initGenesis: [
        'auth',
        'bank',
        'distribution',
        'staking',
        'slashing',
        'gov',
        'mint',
        'crisis',
        'genutil',
        'evidence',
        'params',
        'upgrade',
      ],
      preBlockers: ['upgrade'],
      // As upstream simd: mint first (the block's provision), distribution (the fee collector's
      // coins to the last commit's validators), slashing (liveness), evidence (double signs), then
      // staking's BeginBlocker (historical info); staking's EndBlocker after gov's.
      beginBlockers: ['mint', 'distribution', 'slashing', 'evidence', 'staking'],
      endBlockers: ['gov', 'staking'],
    },
    upgrades: [],
    txKeepers: { accounts: auth, bank },
    dev: createDevKeepers(auth, bank),
    zeroHeight: (ctx, jailAllowed) =>
      prepareZeroHeight(
        {
          staking: governance.stakingKeeper,
          distribution: governance.distribution.keeper,
          slashing: slashing.keeper,
        },
        ctx,
        jailAllowed,
      ),
  }
}
