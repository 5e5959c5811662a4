import { existsSync } from 'node:fs'
import { type LoadedHome, loadHome } from '../config/home.js'
import { readHomeRecord } from '../config/home-record.js'
import { homePaths } from '../config/paths.js'
import type { Logger } from '../logger.js'
import { Node } from '../node/node.js'
import { runtimeWithoutWorkers } from '../node/runtime-options.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { cometBlockStoreEmpty } from './cometbft-process.js'
import { CliError } from './errors.js'
import { checkHomeAppVersion, startAppVersion } from './home-version.js'
import { loggerFor } from './log.js'
import { assertDataUnlocked } from './reset.js'
import type { GlobalFlags } from './start-flags.js'

/** A stopped home, checked, about to be opened by a command that reads or rewrites its data. */
export interface OfflineHome {
  home: LoadedHome
  appVersion: string
  /** Log lines go to stderr (stdout is the command's result), at `warn` unless --log_level. */
  logger: Logger
  /** Whether CometBFT made its blocks (`start --consensus cometbft`): its block store has some. */
  underComet: boolean
  /** Whether the app's database exists (a home that never started has none). */
  hasData: boolean
  /** Opens the node on it (nothing served, no worker threads): the caller stops it. */
  open(): Promise<Node>
}

/**
 * The checks of a command that works on a home's data with the node stopped (`rollback`,
 * `export`): an sdkd home, no node holding its database (`untouched` ends that refusal), the app
 * version the home runs (as `start` picks it), and the engine that made its chain.
 */
export async function offlineHome(g: GlobalFlags, untouched: string): Promise<OfflineHome> {
  const paths = homePaths(g.home)
  if (!existsSync(paths.configDir))
    throw new CliError(`${paths.home} is not an sdkd home (no config/): ${untouched}`)
  await assertDataUnlocked(g.home, untouched)
  const home = await loadHome(g.home)
  const order = Object.keys(APP_VERSIONS)
  const record = await readHomeRecord(g.home)
  const appVersion = startAppVersion(g.appVersion, record, order, DEFAULT_APP_VERSION)
  await checkHomeAppVersion(g.home, appVersion, order, record)
  const logger = loggerFor(g, home, { level: 'warn', destination: 2 })
  const underComet = !(await cometBlockStoreEmpty(g.home, home.node.dbDir))
  return {
    home,
    appVersion,
    logger,
    underComet,
    hasData: existsSync(paths.database),
    open: () =>
      Node.create({
        home,
        appVersion,
        logger,
        runtime: runtimeWithoutWorkers(home.app.runtime),
        consensus: underComet ? 'cometbft' : 'simulated',
      }),
  }
}
