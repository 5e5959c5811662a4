import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { int64Of } from '../../codec/int64.js'
import { ErrNoModuleVersionFound } from './errors.js'
import type { UpgradeKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

const SERVICE = 'sdk.upgrade.v1beta1.Query'

/** Registers the upgrade Query service over upstream's key layout. */
export function registerUpgradeQueries(cfg: ModuleConfigurator, keeper: UpgradeKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)
  // The authority defaults to the gov module account, as upstream.
  const authority = addressToBech32(moduleAddress('gov'))

  cfg.registerQuery(`${SERVICE}/CurrentPlan`, async (_req, ctx) => ({
    plan: (await keeper.plan(ctx.state)) ?? null,
  }))

  cfg.registerQuery(`${SERVICE}/AppliedPlan`, async (req, ctx) => ({
    height: (await keeper.doneHeight(ctx.state, req.name)).toString(),
  }))

  // Upstream answers an empty response, not an error, when nothing is stored (only IBC chains store
  // one, for the last height before an upgrade): REST `{"upgraded_consensus_state":null}`.
  cfg.registerQuery(`${SERVICE}/UpgradedConsensusState`, async (req, ctx) => {
    const stored = await keeper.upgradedConsensusState(ctx.state, int64Of(req.last_height))
    return stored === undefined ? {} : { upgraded_consensus_state: stored }
  })

  cfg.registerQuery(`${SERVICE}/ModuleVersions`, async (req, ctx) => {
    const name = req.module_name
    if (name !== '') {
      const version = await keeper.c.versions.get(store(ctx), name)
      if (version === undefined) {
        throw ErrNoModuleVersionFound.wrap(
          `x/upgrade: QueryModuleVersions module ${name} not found`,
        )
      }
      return { module_versions: [{ name, version: version.toString() }] }
    }
    const versions = await keeper.moduleVersions(ctx.state)
    return {
      module_versions: versions.map((v) => ({ name: v.name, version: v.version.toString() })),
    }
  })

  cfg.registerQuery(`${SERVICE}/Authority`, async () => ({ address: authority }))
}
