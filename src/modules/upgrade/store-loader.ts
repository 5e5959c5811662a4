import type { UpgradeDefinition } from '../../app/types.js'
import type { StoreUpgrades } from '../../store/types.js'
import type { UpgradeInfo } from './upgrade-info.js'

/**
 * Upstream UpgradeStoreLoader as apps wire it: the store upgrades of the upgrade named in
 * upgrade-info.json apply only when that file's height is the next block (the restart right after
 * the halt), the height is not skipped, and this binary defines store changes for that name.
 */
export function storeUpgradesToApply(options: {
  info: UpgradeInfo | undefined
  lastCommittedHeight: number
  skipHeights: readonly number[]
  upgrade(name: string): UpgradeDefinition | undefined
}): { name: string; height: number; upgrades: StoreUpgrades } | undefined {
  const { info } = options
  if (!info || info.height !== options.lastCommittedHeight + 1) return undefined
  if (options.skipHeights.includes(info.height)) return undefined
  const upgrades = options.upgrade(info.name)?.storeUpgrades
  if (!upgrades) return undefined
  const n =
    (upgrades.added?.length ?? 0) +
    (upgrades.renamed?.length ?? 0) +
    (upgrades.deleted?.length ?? 0)
  if (n === 0) return undefined
  return { name: info.name, height: info.height, upgrades }
}
