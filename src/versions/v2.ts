import type { AppModule, AppVersion, BlockContext, UpgradeDefinition } from '../app/types.js'
import { ErrLogic } from '../errors.js'
import { ConsensusKeeper } from '../modules/consensus/keeper.js'
import { createConsensusModule } from '../modules/consensus/module.js'
import {
  blockParamsToProto,
  type ConsensusParamsJson,
  evidenceParamsToProto,
} from '../modules/consensus/params.js'
import { ParamsKeeper } from '../modules/params/keeper.js'
import { BASEAPP_SUBSPACE } from '../modules/params/keys.js'
import { stakingParamSet } from '../modules/params/legacy-subspaces.js'
import { createParamsModule } from '../modules/params/module.js'
import { type AppVersionDeps, consensusParamsOf } from './deps.js'
import { createV1 } from './v1.js'

/** Name of the upgrade that moves a chain from v1 to v2 (the plan name governance schedules). */
export const V2_UPGRADE_NAME = 'v2'

/** Subspaces the legacy x/params module serves in v2. */
export const V2_PARAM_SUBSPACES = ['auth', 'bank', 'baseapp', 'gov', 'staking'] as const

/**
 * Upstream baseapp.MigrateParams: copies the consensus params from x/params' `baseapp` subspace into
 * x/consensus (block params are required; `version` and `abci` were never kept there).
 */
async function migrateConsensusParams(
  ctx: BlockContext,
  params: ParamsKeeper,
  consensus: ConsensusKeeper,
): Promise<void> {
  const read = async <T>(key: string): Promise<T | undefined> => {
    const raw = await params.getRaw(ctx.state, BASEAPP_SUBSPACE, key)
    return raw === undefined ? undefined : (JSON.parse(raw) as T)
  }
  const block = await read<ConsensusParamsJson['block']>('BlockParams')
  if (!block) throw ErrLogic.wrap('block params are not set')
  const evidence = await read<ConsensusParamsJson['evidence']>('EvidenceParams')
  const validator = await read<ConsensusParamsJson['validator']>('ValidatorParams')
  consensus.setParams(ctx.state, {
    block: blockParamsToProto(block),
    ...(evidence ? { evidence: evidenceParamsToProto(evidence) } : {}),
    ...(validator ? { validator: { pub_key_types: validator.pub_key_types } } : {}),
  })
}

/**
 * v2, the example upgrade of a v1 chain: v1's wiring without x/crisis and with x/consensus. Its store
 * loader adds the `consensus` store and deletes `crisis` (the module is dropped, as SDK v0.53 did);
 * its handler moves the consensus params from x/params into the new x/consensus, then runs the module
 * manager's migrations (a new module gets its genesis init; module versions are stored: `consensus`
 * appears, `crisis` keeps its last entry, as upstream never deletes one).
 */
export function createV2(deps: AppVersionDeps): AppVersion {
  const v1 = createV1(deps)
  const params = new ParamsKeeper({
    subspaces: V2_PARAM_SUBSPACES,
    paramSets: { staking: stakingParamSet(deps.registry) },
  })
  const consensus = new ConsensusKeeper({ registry: deps.registry })
  const modules: AppModule[] = v1.modules
    .filter((m) => m.name !== 'crisis')
    // v2 keeps InitChain's consensus params in x/consensus, no longer in the `baseapp` subspace.
    .map((m) => (m.name === 'params' ? createParamsModule({ keeper: params }) : m))
  modules.push(
    createConsensusModule({ keeper: consensus, consensusParams: consensusParamsOf(deps) }),
  )
  const withoutCrisis = (list: readonly string[]) => list.filter((n) => n !== 'crisis')
  const initGenesis = withoutCrisis(v1.order.initGenesis)
  // Before x/upgrade, which stores every module's version at genesis.
  initGenesis.splice(initGenesis.indexOf('upgrade'), 0, 'consensus')
  const v2Upgrade: UpgradeDefinition = {
    name: V2_UPGRADE_NAME,
    storeUpgrades: { added: ['consensus'], deleted: ['crisis'] },
    async handler(ctx, _plan, fromVersions, tools) {
      await migrateConsensusParams(ctx, params, consensus)
      return tools.runMigrations(ctx, fromVersions)
    },
  }
  return {
    ...v1,
    name: 'v2',
    modules,
    order: {
      initGenesis,
      preBlockers: withoutCrisis(v1.order.preBlockers),
      beginBlockers: withoutCrisis(v1.order.beginBlockers),
      endBlockers: withoutCrisis(v1.order.endBlockers),
    },
    upgrades: [...v1.upgrades, v2Upgrade],
  }
}
