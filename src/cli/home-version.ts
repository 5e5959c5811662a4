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
): Promise<HomeRecord> {
  const record = await readHomeRecord(home)
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
