import { type HomeRecord, readHomeRecord, writeHomeRecord } from '../config/home-record.js'
import { homePaths } from '../config/paths.js'
import { CliError } from './errors.js'

/**
 * The app version a home belongs to: the newest of the one that created it and the one that last
 * committed a block on it (undefined for a home made before sdkd kept the record).
 */
export function homeAppVersion(record: HomeRecord, order: readonly string[]): string | undefined {
  const known = [record.createdBy, record.lastRunBy].filter(
    (v): v is string => v !== undefined && order.includes(v),
  )
  return known.sort((a, b) => order.indexOf(a) - order.indexOf(b)).at(-1)
}

/**
 * Refuses, before anything is opened or written, an app version older than the home's: a chain only
 * moves forward, and an old binary on new data breaks at the next upgrade (the store it would add
 * exists already). The message names both versions and the ways out.
 */
export async function checkHomeAppVersion(
  home: string,
  appVersion: string,
  order: readonly string[],
  /** The home's record, when the caller has read it already. */
  known?: HomeRecord,
): Promise<HomeRecord> {
  const record = known ?? (await readHomeRecord(home))
  const owner = homeAppVersion(record, order)
  if (owner === undefined || !order.includes(appVersion)) return record
  if (order.indexOf(appVersion) >= order.indexOf(owner)) return record
  const dir = homePaths(home).home
  const history = [
    record.createdBy ? `created by ${record.createdBy}` : undefined,
    record.lastRunBy ? `last run by ${record.lastRunBy}` : undefined,
  ]
    .filter(Boolean)
    .join(', ')
  throw new CliError(
    `the home ${dir} belongs to app version ${owner} (${history}); app version ${appVersion} is older and cannot run its chain: a chain only moves forward.\n` +
      `Either run it with --app-version ${owner}, or give ${appVersion} a fresh home: sdkd devnet --app-version ${appVersion} --home <new dir> ` +
      `(or sdkd devnet --app-version ${appVersion} --reset to start this home's chain over, keeping its keys and config).`,
  )
}

/** Records the app version that just committed a block on the home. */
export async function recordLastRun(home: string, appVersion: string): Promise<void> {
  const record = await readHomeRecord(home)
  if (record.lastRunBy === appVersion) return
  await writeHomeRecord(home, { ...record, lastRunBy: appVersion })
}

/**
 * The app version a start runs: `--app-version` (or `$SDKD_APP_VERSION`), else the home's — a node
 * binary is one version, and here the home remembers which one ran it last — else, on a home that
 * records none, the newest built in.
 */
export function startAppVersion(
  explicit: string | undefined,
  record: HomeRecord,
  order: readonly string[],
  newest: string,
): string {
  return explicit ?? homeAppVersion(record, order) ?? newest
}

/**
 * Why running `appVersion` on this home skips an upgrade, or undefined when it does not: it is newer
 * than the home's and the chain has not halted for an upgrade at the next height (the one start
 * where a newer binary is expected: it applies that upgrade). Such a version runs on state its
 * upgrade handler never migrated, and halts with BINARY UPDATED BEFORE TRIGGER once a plan it has
 * the handler of is scheduled.
 */
export function skippedUpgrade(o: {
  appVersion: string
  record: HomeRecord
  order: readonly string[]
  /** The last committed height. */
  height: number
  /** The plan of `data/upgrade-info.json`, if the chain halted for one. */
  pending: { name: string; height: number } | undefined
}): string | undefined {
  const owner = homeAppVersion(o.record, o.order)
  if (owner === undefined || !o.order.includes(o.appVersion)) return undefined
  if (o.order.indexOf(o.appVersion) <= o.order.indexOf(owner)) return undefined
  if (o.pending !== undefined && o.pending.height === o.height + 1) return undefined
  const ran = o.record.lastRunBy === owner ? 'last run by' : 'created by'
  return (
    `running app version ${o.appVersion} on a chain ${ran} ${owner} without the ${owner}→${o.appVersion} upgrade: its migrations have not run. ` +
    `Once ${o.appVersion} commits a block the home belongs to it (${owner} can no longer run it), and a ${o.appVersion} upgrade plan scheduled on this chain halts it with BINARY UPDATED BEFORE TRIGGER. ` +
    `To upgrade, run ${owner} until the upgrade halt, then ${o.appVersion}`
  )
}
