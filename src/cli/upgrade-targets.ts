import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ConfigError } from '../config/fields.js'
import { parseTomlFile } from '../config/toml.js'
import { APP_VERSION_NAMES } from '../versions/names.js'
import { CliError } from './errors.js'

/** Plan name → absolute path of the upgrade plugin that handles it. */
export type PluginMappings = ReadonlyMap<string, string>

/** What the supervisor runs after a plan halted the chain. */
export type UpgradeTarget =
  | { kind: 'app-version'; appVersion: string }
  | { kind: 'plugin'; plugin: string }
  | { kind: 'none'; reason: string }

/** Where a home maps plan names to plugins (relative paths are read from the home). */
export const UPGRADES_TOML = join('config', 'upgrades.toml')

function refuseBuiltIn(where: string, name: string): void {
  if ((APP_VERSION_NAMES as readonly string[]).includes(name))
    throw new CliError(
      `${where}: ${name} is a built-in app version; the upgrade to it needs no plugin`,
    )
}

/** Parses `--upgrade-plugin <plan>=<file.mjs>` into the plan name and the file's absolute path. */
export function parsePluginMapping(text: string): [name: string, path: string] {
  const where = `--upgrade-plugin ${text}`
  const eq = text.indexOf('=')
  const name = eq < 0 ? '' : text.slice(0, eq)
  const file = eq < 0 ? '' : text.slice(eq + 1)
  if (name === '' || file === '') throw new CliError(`${where}: expected <plan-name>=<file.mjs>`)
  refuseBuiltIn(where, name)
  const path = resolve(file)
  if (!existsSync(path)) throw new CliError(`${where}: ${file}: no such file`)
  return [name, path]
}

/**
 * `<home>/config/upgrades.toml`: a `[plugins]` table of `<plan-name> = "<file.mjs>"`, read when a plan
 * halts the chain (so a plugin can be mapped while the node runs). No file: no mappings.
 */
export async function readUpgradesToml(home: string): Promise<Map<string, string>> {
  const file = join(resolve(home), UPGRADES_TOML)
  const out = new Map<string, string>()
  if (!existsSync(file)) return out
  const data = parseTomlFile(UPGRADES_TOML, await readFile(file, 'utf8'))
  for (const key of Object.keys(data)) {
    if (key !== 'plugins') throw new ConfigError(UPGRADES_TOML, key, 'unknown field')
  }
  const plugins = data.plugins ?? {}
  if (typeof plugins !== 'object' || plugins === null || Array.isArray(plugins))
    throw new ConfigError(UPGRADES_TOML, 'plugins', 'expected a table of <plan-name> = "<file>"')
  for (const [name, value] of Object.entries(plugins)) {
    if (typeof value !== 'string' || value === '')
      throw new ConfigError(UPGRADES_TOML, `plugins.${name}`, 'expected a file path')
    refuseBuiltIn(`${UPGRADES_TOML}: plugins.${name}`, name)
    out.set(name, resolve(home, value))
  }
  return out
}

/**
 * The target of a plan: the built-in app version of that name (newer than the running one), else the
 * plugin mapped to it (`--upgrade-plugin` first, then the home's file). The plugin file must exist.
 */
export function upgradeTarget(
  plan: string,
  running: string,
  mappings: readonly PluginMappings[],
): UpgradeTarget {
  const order = APP_VERSION_NAMES as readonly string[]
  if (order.includes(plan)) {
    if (order.indexOf(plan) > order.indexOf(running))
      return { kind: 'app-version', appVersion: plan }
    return {
      kind: 'none',
      reason: `app version ${plan} is not newer than the running ${running}`,
    }
  }
  const plugin = mappings.find((m) => m.has(plan))?.get(plan)
  if (plugin === undefined)
    return {
      kind: 'none',
      reason: `no built-in app version (${order.join(', ')}) has that name and no plugin is mapped to it (sdkd run --upgrade-plugin ${plan}=<file.mjs>, or [plugins] in ${UPGRADES_TOML})`,
    }
  if (!existsSync(plugin)) return { kind: 'none', reason: `the plugin ${plugin} does not exist` }
  return { kind: 'plugin', plugin }
}
