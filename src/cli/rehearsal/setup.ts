import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import { loadUpgradePlugins } from '../../app/plugins.js'
import { Keyring } from '../../client/keyring.js'
import { readHomeRecord } from '../../config/home-record.js'
import { homePaths } from '../../config/paths.js'
import { CliError } from '../errors.js'
import { homeAppVersion } from '../home-version.js'
import { type Binary, binaryFacts, type LoadedPlugin, VERSION_ORDER } from './binaries.js'
import type { InjectCase } from './inject-cases.js'

/** How the plan gets scheduled: a governance proposal, or the msg run as the gov authority. */
export type Via = 'gov' | 'authority'

/** The flags of `sdkd rehearse`. */
export interface RehearseFlags {
  from?: string
  to?: string
  plugin?: string
  via: Via
  /** `--at +N`: N blocks after the plan is scheduled. */
  at?: number
  height?: number
  blocksAfter: number
  json?: string
  inject?: InjectCase
  keep?: string
}

/** A checked rehearsal: everything resolved before anything is created. */
export interface RehearsalSetup {
  plan: string
  from: Binary
  to: Binary
  /** The home to copy (absolute); undefined: a fresh devnet home of `from`. */
  source: string | undefined
  via: Via
  /**
   * The upgrade height: N blocks after the plan is scheduled (`--at`), absolute (`--height`), or —
   * with neither — the lowest height the safety rule calls safe, so a first rehearsal shows a plan
   * that could still be cancelled.
   */
  at: { blocks: number } | { height: number } | { lowestSafe: true }
  blocksAfter: number
  /** Absolute path of the --json report. */
  json: string | undefined
  inject: InjectCase | undefined
  /** Where the rehearsal home is kept (absolute); undefined: a temp dir, removed at the end. */
  keep: string | undefined
}

const hasHandler = (b: Binary, plan: string) => binaryFacts(b).upgrades.has(plan)

function knownVersion(name: string, flag: string): string {
  if (!VERSION_ORDER.includes(name))
    throw new CliError(
      `${flag}: unknown app version "${name}" (built in: ${VERSION_ORDER.join(', ')})`,
    )
  return name
}

async function loadPlugin(flag: string, plan: string): Promise<LoadedPlugin> {
  const file = resolve(flag)
  if (!existsSync(file)) throw new CliError(`--plugin ${flag}: no such file`)
  let loaded: Awaited<ReturnType<typeof loadUpgradePlugins>>
  try {
    loaded = await loadUpgradePlugins([file])
  } catch (err) {
    throw new CliError(
      (err as Error).message.replace(`--upgrade-plugin ${file}`, `--plugin ${flag}`),
    )
  }
  const upgrade = loaded.find((p) => p.name === plan)
  if (!upgrade) {
    const names = loaded.map((p) => `"${p.name}"`).join(', ')
    throw new CliError(`--plugin ${flag}: handles the upgrade ${names}, not "${plan}"`)
  }
  return { file, upgrade }
}

/** The target binary without a plugin: `--to`, else the built-in app version named like the plan. */
function resolveTo(plan: string, to: string | undefined): Binary {
  const name = to ?? (VERSION_ORDER.includes(plan) ? plan : undefined)
  if (name === undefined) {
    throw new CliError(
      `unknown plan "${plan}": no built-in app version is named so (${VERSION_ORDER.join(', ')}); name the app version that has its handler with --to, or load its handler with --plugin <file.mjs>`,
    )
  }
  const b = { appVersion: knownVersion(name, '--to') }
  if (!hasHandler(b, plan)) {
    const handlers = [...binaryFacts(b).upgrades.keys()]
    throw new CliError(
      `app version ${name} has no handler for upgrade "${plan}" (its upgrade handlers: ${handlers.length > 0 ? handlers.join(', ') : 'none'})`,
    )
  }
  return b
}

/**
 * The binary the chain runs before the upgrade: `--from`, else the home's app version when it lacks
 * the handler, else the oldest built-in app version older than the target that lacks it.
 */
function resolveFrom(
  plan: string,
  from: string | undefined,
  to: Binary | undefined,
  homeVersion: string | undefined,
): Binary {
  const older = (v: string) =>
    to === undefined || VERSION_ORDER.indexOf(v) < VERSION_ORDER.indexOf(to.appVersion)
  const lacks = (v: string) => !hasHandler({ appVersion: v }, plan)
  if (from !== undefined) {
    knownVersion(from, '--from')
    if (!lacks(from))
      throw new CliError(
        `app version ${from} already has the handler of "${plan}": it would apply the upgrade itself (--from must be a binary without it)`,
      )
    if (!older(from))
      throw new CliError(
        `--from ${from} is not older than --to ${to?.appVersion}: an upgrade moves a chain forward`,
      )
    return { appVersion: from }
  }
  if (homeVersion !== undefined && older(homeVersion) && lacks(homeVersion))
    return { appVersion: homeVersion }
  const found = VERSION_ORDER.find((v) => older(v) && lacks(v))
  if (found === undefined)
    throw new CliError(
      `no app version older than ${to?.appVersion} lacks the handler of "${plan}": nothing to rehearse`,
    )
  return { appVersion: found }
}

/** Checks `--home` (the home to copy): `from` may run its chain, and the gov path has its signer. */
async function checkSource(
  home: string,
  from: Binary,
  via: Via,
  homeVersion: string | undefined,
): Promise<void> {
  if (
    homeVersion !== undefined &&
    VERSION_ORDER.indexOf(from.appVersion) < VERSION_ORDER.indexOf(homeVersion)
  )
    throw new CliError(
      `--home ${home}: its chain belongs to app version ${homeVersion}, newer than --from ${from.appVersion} (a chain only moves forward): rehearse from a home of ${from.appVersion}, or without --home (a fresh devnet home)`,
    )
  if (via === 'gov') {
    try {
      await Keyring.open(home).get('validator')
    } catch {
      throw new CliError(
        `--via gov: the keyring of ${home} has no key named "validator" (the devnet validator's key, which submits the proposal and votes with the validator's power); use --via authority`,
      )
    }
  }
}

/** `--keep DIR`: a new or empty directory, not inside the home it copies. */
function checkKeep(dir: string, source: string | undefined): string {
  const keep = resolve(dir)
  if (existsSync(keep) && (!statSync(keep).isDirectory() || readdirSync(keep).length > 0))
    throw new CliError(`--keep ${dir}: exists and is not an empty directory; name a new one`)
  if (source !== undefined && (keep === source || keep.startsWith(source + sep)))
    throw new CliError(`--keep ${dir}: is inside the home it would copy (${source})`)
  return keep
}

/** `--json FILE`: its directory must exist (the report is written at the end). */
function checkJson(file: string): string {
  const path = resolve(file)
  if (!existsSync(dirname(path)) || !statSync(dirname(path)).isDirectory())
    throw new CliError(`--json ${file}: no directory ${dirname(path)}`)
  return path
}

/**
 * Resolves and checks a rehearsal before anything is created: app versions, plan and handler,
 * plugin, the home to copy, `--keep`. A problem is a CliError (`Error: …`, exit 1).
 */
export async function resolveSetup(
  plan: string,
  f: RehearseFlags,
  home: string | undefined,
): Promise<RehearsalSetup> {
  if (f.to !== undefined && f.plugin !== undefined)
    throw new CliError('--to and --plugin exclude each other: a plugin is added to --from')
  const source = home === undefined ? undefined : homePaths(home).home
  if (source !== undefined && !existsSync(homePaths(source).genesis))
    throw new CliError(
      `--home ${home}: no home there (config/genesis.json is missing); without --home the rehearsal creates a fresh devnet home`,
    )
  const homeVersion =
    source === undefined ? undefined : homeAppVersion(await readHomeRecord(source), VERSION_ORDER)
  let from: Binary
  let to: Binary
  if (f.plugin !== undefined) {
    const plugin = await loadPlugin(f.plugin, plan)
    from = resolveFrom(plan, f.from, undefined, homeVersion)
    to = { appVersion: from.appVersion, plugin }
  } else {
    to = resolveTo(plan, f.to)
    from = resolveFrom(plan, f.from, to, homeVersion)
  }
  if (source !== undefined) await checkSource(source, from, f.via, homeVersion)
  return {
    plan,
    from,
    to,
    source,
    via: f.via,
    at:
      f.height !== undefined
        ? { height: f.height }
        : f.at !== undefined
          ? { blocks: f.at }
          : { lowestSafe: true },
    blocksAfter: f.blocksAfter,
    json: f.json === undefined ? undefined : checkJson(f.json),
    inject: f.inject,
    keep: f.keep === undefined ? undefined : checkKeep(f.keep, source),
  }
}
