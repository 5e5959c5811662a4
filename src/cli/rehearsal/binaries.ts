import { basename } from 'node:path'
import { App } from '../../app/app.js'
import { type UpgradePlugin, withPlugins } from '../../app/plugins.js'
import type { AppVersion, UpgradeDefinition, VersionMap } from '../../app/types.js'
import { protoRegistry } from '../../codec/proto.js'
import { APP_VERSIONS, type AppVersionFactory } from '../../versions/index.js'
import { APP_VERSION_NAMES } from '../../versions/names.js'

/**
 * The "binaries" a rehearsal runs: a built-in app version, or one with an upgrade plugin added —
 * and, for failure injection, the same with its upgrade handler wrapped.
 */

/** An upgrade plugin loaded from its file. */
export interface LoadedPlugin {
  file: string
  upgrade: UpgradePlugin
}

/** A binary: the app version it runs and the plugin it loads, if any. */
export interface Binary {
  appVersion: string
  plugin?: LoadedPlugin
}

/** How a binary is shown in the timeline: `v2`, or `v1 + example-upgrade.mjs`. */
export function binaryLabel(b: Binary): string {
  return b.plugin ? `${b.appVersion} + ${basename(b.plugin.file)}` : b.appVersion
}

/** Built-in app versions, oldest first. */
export const VERSION_ORDER: readonly string[] = APP_VERSION_NAMES

/** What a built-in app version is made of: its module versions (in initGenesis order) and upgrades. */
export interface VersionFacts {
  name: string
  versions: VersionMap
  /** Module names in the order migrations run (initGenesis). */
  migrationOrder: readonly string[]
  upgrades: ReadonlyMap<string, UpgradeDefinition>
}

/** The facts of a binary, read from its app version (and plugin) without opening anything. */
export function binaryFacts(b: Binary): VersionFacts {
  const registry = protoRegistry()
  const base = APP_VERSIONS[b.appVersion]!({ registry })
  const version = b.plugin ? withPlugins(base, [b.plugin.upgrade]) : base
  const app = new App(version, registry)
  return {
    name: version.name,
    versions: app.versionMap(),
    migrationOrder: version.order.initGenesis,
    upgrades: new Map(version.upgrades.map((u) => [u.name, u])),
  }
}

/** Wraps an upgrade handler (failure injection). */
export type HandlerWrap = (handler: UpgradeDefinition['handler']) => UpgradeDefinition['handler']

function wrapUpgrade(u: UpgradeDefinition, wrap: HandlerWrap): UpgradeDefinition {
  return { ...u, handler: wrap(u.handler.bind(u)) }
}

/** The app version with the handler of `plan` wrapped. */
function withWrappedHandler(version: AppVersion, plan: string, wrap: HandlerWrap): AppVersion {
  return {
    ...version,
    upgrades: version.upgrades.map((u) => (u.name === plan ? wrapUpgrade(u, wrap) : u)),
  }
}

/**
 * What `Node.create` takes to run a binary: the app version name and the factories to build it
 * from — the plugin added in the factory (not as a file), so its handler can be wrapped too.
 */
export function binaryOptions(
  b: Binary,
  plan: string,
  wrap?: HandlerWrap,
): {
  appVersion: string
  appVersions: Record<string, AppVersionFactory>
  builtInVersion: string
} {
  const base = APP_VERSIONS[b.appVersion]!
  const plugin = b.plugin
  const factory: AppVersionFactory = (deps) => {
    const version = plugin ? withPlugins(base(deps), [plugin.upgrade]) : base(deps)
    return wrap ? withWrappedHandler(version, plan, wrap) : version
  }
  // Plugins and wraps change upgrade handlers only: the invariant worker runs the built-in version's.
  return {
    appVersion: b.appVersion,
    appVersions: { ...APP_VERSIONS, [b.appVersion]: factory },
    builtInVersion: b.appVersion,
  }
}
