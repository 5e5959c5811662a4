import type { AppModule, BlockContext, VersionMap } from '../../app/types.js'
import type { UpgradeKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

export interface UpgradeModuleOptions {
  keeper: UpgradeKeeper
  /** The running app version's module versions (stored at genesis). */
  versionMap(): VersionMap
}

/** x/upgrade: coordinates chain upgrades at a height. It has no genesis state. */
export function createUpgradeModule({ keeper, versionMap }: UpgradeModuleOptions): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    defaultGenesis: () => ({}),
    async initGenesis(ctx: BlockContext) {
      keeper.setVersionMap(ctx.state, versionMap())
    },
  }
}
