import type { AppModule, BlockContext, ModuleHost, VersionMap } from '../../app/types.js'
import { createPreBlocker, type PreBlockerOptions } from './abci.js'
import type { UpgradeKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerUpgradeMsgs } from './msg-server.js'
import { registerUpgradeQueries } from './queries.js'

export interface UpgradeModuleOptions extends Omit<PreBlockerOptions, 'keeper'> {
  keeper: UpgradeKeeper
  /** The module versions stored at genesis when no module manager is attached (default: none). */
  versionMap?(): VersionMap
}

/** x/upgrade: coordinates chain upgrades at a height. It has no genesis state. */
export function createUpgradeModule(options: UpgradeModuleOptions): AppModule {
  const { keeper, versionMap } = options
  const preBlocker = createPreBlocker(options)
  let host: ModuleHost | undefined
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    registerServices(cfg) {
      registerUpgradeQueries(cfg, keeper)
      registerUpgradeMsgs(cfg, keeper)
    },
    defaultGenesis: () => ({}),
    attach(h) {
      host = h
      preBlocker.attach(h)
    },
    preBlock: preBlocker.preBlock,
    async initGenesis(ctx: BlockContext) {
      // Every module of the running app version (upstream: ModuleManager.GetVersionMap()).
      keeper.setVersionMap(ctx.state, host?.versionMap() ?? versionMap?.() ?? {})
    },
  }
}
