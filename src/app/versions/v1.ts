import type { ProtoRegistry } from '../../codec/proto.js'
import { AuthKeeper } from '../../modules/auth/keeper.js'
import { createAuthModule } from '../../modules/auth/module.js'
import { BankKeeper } from '../../modules/bank/keeper.js'
import { createBankModule } from '../../modules/bank/module.js'
import { createGovModule } from '../../modules/gov/module.js'
import { UpgradeKeeper } from '../../modules/upgrade/keeper.js'
import { createUpgradeModule } from '../../modules/upgrade/module.js'
import type { AppModule, AppVersion, VersionMap } from '../types.js'

/** What every app version is built from. */
export interface AppVersionDeps {
  registry: ProtoRegistry
}

/** v1: the genesis modules (auth, bank, gov, upgrade). */
export function createV1(deps: AppVersionDeps): AppVersion {
  const { registry } = deps
  const auth = new AuthKeeper(registry)
  const bank = new BankKeeper(registry)
  const upgrade = new UpgradeKeeper(registry)
  const modules: AppModule[] = []
  const versionMap = (): VersionMap =>
    Object.fromEntries(modules.map((m) => [m.name, m.consensusVersion]))
  modules.push(
    createAuthModule(registry, auth),
    createBankModule(registry, bank),
    createGovModule(registry),
    createUpgradeModule({ keeper: upgrade, versionMap }),
  )
  return {
    name: 'v1',
    modules,
    order: {
      initGenesis: ['auth', 'bank', 'gov', 'upgrade'],
      preBlockers: ['upgrade'],
      beginBlockers: [],
      endBlockers: ['gov'],
    },
    upgrades: [],
  }
}
