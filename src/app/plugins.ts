import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../config/fields.js'
import type { StoreUpgrades } from '../store/types.js'
import type {
  AppVersion,
  BlockContext,
  UpgradeDefinition,
  UpgradePlan,
  UpgradeTools,
  VersionMap,
} from './types.js'

/**
 * The interface of an upgrade plugin (`sdkd start --upgrade-plugin ./my-upgrade.mjs`): an ES module
 * whose default export (or export named `upgrade`) is an `UpgradePlugin`, or an array of them.
 *
 * ```js
 * // my-upgrade.mjs
 * export default {
 *   name: 'my-upgrade',                          // the plan name it handles
 *   storeUpgrades: { added: ['mystore'] },       // optional: applied once, at the upgrade height
 *   async handler(ctx, plan, fromVersions, tools) {
 *     ctx.state.store('mystore').set(new TextEncoder().encode('k'), new TextEncoder().encode('v'))
 *     return tools.runMigrations(ctx, fromVersions)
 *   },
 * }
 * ```
 */
export type UpgradePlugin = UpgradeDefinition

export type { BlockContext, StoreUpgrades, UpgradePlan, UpgradeTools, VersionMap }

/** Identity helper that gives plain JavaScript plugins type checking in editors. */
export function defineUpgrade(plugin: UpgradePlugin): UpgradePlugin {
  return plugin
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && s !== '')

/** Checks a plugin's shape; the error names the field and what was expected. */
function checkPlugin(flag: string, value: unknown, at: string): UpgradePlugin {
  const fail = (field: string, problem: string): never => {
    throw new ConfigError(flag, `${at}${field}`, problem)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail('', 'expected an object { name, storeUpgrades, handler }')
  const p = value as Record<string, unknown>
  if (typeof p.name !== 'string' || p.name === '') fail('name', 'expected a non-empty string')
  if (typeof p.handler !== 'function')
    fail('handler', 'expected a function (ctx, plan, fromVersions, tools) => versionMap')
  if (p.storeUpgrades !== undefined) {
    const su = p.storeUpgrades as Record<string, unknown> | null
    if (su === null || typeof su !== 'object' || Array.isArray(su))
      fail('storeUpgrades', 'expected an object { added, renamed, deleted }')
    for (const key of Object.keys(su!)) {
      if (!['added', 'renamed', 'deleted'].includes(key))
        fail(`storeUpgrades.${key}`, 'unknown field (expected added, renamed or deleted)')
    }
    for (const key of ['added', 'deleted'] as const) {
      if (su![key] !== undefined && !isStringArray(su![key]))
        fail(`storeUpgrades.${key}`, 'expected an array of store names')
    }
    const renamed = su!.renamed
    if (
      renamed !== undefined &&
      !(
        Array.isArray(renamed) &&
        renamed.every(
          (r) =>
            r !== null &&
            typeof r === 'object' &&
            typeof (r as Record<string, unknown>).oldKey === 'string' &&
            typeof (r as Record<string, unknown>).newKey === 'string',
        )
      )
    ) {
      fail('storeUpgrades.renamed', 'expected an array of { oldKey, newKey }')
    }
  }
  return p as unknown as UpgradePlugin
}

/** Loads an ES module by its file URL. */
export type ModuleImporter = (url: string) => Promise<Record<string, unknown>>

/**
 * What loads plugin files: this module's own `import()`, unless the node runs from the node bundle
 * (`src/cli/bundles.ts`), whose loader passes its own: inside the bundle `import()` is
 * compiled to `require()`, which cannot load an ES module file.
 */
let importModule: ModuleImporter = (url) => import(url) as Promise<Record<string, unknown>>

/** Sets what loads plugin files (the node bundle's loader). */
export function usePluginImporter(importer: ModuleImporter): void {
  importModule = importer
}

/**
 * Loads upgrade plugins from ES module files. A missing file, a module that fails to load, no
 * export or a wrong shape is a ConfigError naming the file (a clear start-up error).
 */
export async function loadUpgradePlugins(files: readonly string[]): Promise<UpgradePlugin[]> {
  const out: UpgradePlugin[] = []
  const origin = new Map<string, string>()
  for (const file of files) {
    const flag = `--upgrade-plugin ${file}`
    const path = resolve(file)
    if (!existsSync(path)) throw new ConfigError(flag, '', 'no such file')
    let mod: Record<string, unknown>
    try {
      mod = await importModule(pathToFileURL(path).href)
    } catch (err) {
      throw new ConfigError(flag, '', `cannot load the module: ${(err as Error).message}`)
    }
    const exported = mod.default ?? mod.upgrade
    if (exported === undefined) {
      throw new ConfigError(
        flag,
        '',
        'exports no upgrade definition (expected `export default { name, storeUpgrades, handler }`)',
      )
    }
    const list = Array.isArray(exported) ? exported : [exported]
    if (list.length === 0) throw new ConfigError(flag, '', 'exports an empty list of upgrades')
    list.forEach((value, i) => {
      const plugin = checkPlugin(flag, value, Array.isArray(exported) ? `[${i}].` : '')
      const previous = origin.get(plugin.name)
      if (previous) {
        throw new ConfigError(
          flag,
          'name',
          `upgrade "${plugin.name}" is already defined by ${previous}`,
        )
      }
      origin.set(plugin.name, file)
      sources.set(plugin, file)
      out.push(plugin)
    })
  }
  return out
}

/** The file each loaded plugin came from, for errors found after loading. */
const sources = new WeakMap<UpgradePlugin, string>()

/** The app version with plugin upgrades added; a name the version already handles is an error. */
export function withPlugins(version: AppVersion, plugins: readonly UpgradePlugin[]): AppVersion {
  if (plugins.length === 0) return version
  for (const p of plugins) {
    if (version.upgrades.some((u) => u.name === p.name)) {
      const file = sources.get(p)
      throw new ConfigError(
        file === undefined ? '--upgrade-plugin' : `--upgrade-plugin ${file}`,
        'name',
        `upgrade "${p.name}" is already defined by app version ${version.name}`,
      )
    }
  }
  return { ...version, upgrades: [...version.upgrades, ...plugins] }
}
