import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { loadUpgradePlugins, withPlugins } from '../app/plugins.js'
import { useBrand } from '../codec/brand.js'
import { protoRegistry } from '../codec/proto.js'
import { formatGoDuration } from '../config/duration.js'
import { loadHome } from '../config/home.js'
import { homePaths } from '../config/paths.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { readUpgradeInfo, type UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import { createLevelBackend, DatabaseLockedError } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { CliError } from './errors.js'
import { collectArg, durationArg } from './options.js'
import { assertHomeExists } from './reset.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * The exit codes cosmovisor gives meaning to when it runs `<new binary> pre-upgrade` after switching
 * to the upgrade's binary and before relaunching it (SDK docs, "Application upgrade"): 0 go on, 1
 * "not implemented" (go on), 30 fail the upgrade, 31 fail and retry up to
 * `DAEMON_PREUPGRADE_MAX_RETRIES` times.
 */
export const PRE_UPGRADE_EXIT = { ready: 0, failed: 30, retry: 31 } as const

interface PreUpgradeFlags {
  upgradePlugin?: string[]
  lockWait?: number
}

/**
 * The home pre-upgrade checks: `--home` or `$SDKD_HOME` when given, else cosmovisor's `$DAEMON_HOME`
 * (cosmovisor runs `pre-upgrade` with no arguments and its own environment), else the default.
 */
export function preUpgradeHome(
  g: GlobalFlags,
  homeFlagGiven: boolean,
  env: NodeJS.ProcessEnv,
): string {
  if (homeFlagGiven || env.SDKD_HOME) return g.home
  return env.DAEMON_HOME || g.home
}

/**
 * How long pre-upgrade waits for the old node to let go of the database: cosmovisor kills it and
 * goes on without waiting for it to end, and retries a pre-upgrade only when asked to.
 */
const LOCK_WAIT_MS = 10_000

/** Opens the database once no other process holds it, or fails with the retry code after `waitMs`. */
async function openWhenReleased(path: string, waitMs: number) {
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      return await createLevelBackend({ path })
    } catch (err) {
      if (!(err instanceof DatabaseLockedError)) throw err
      if (Date.now() >= deadline)
        throw new CliError(
          `${err.message}: another process (the old node?) still holds the database after ${formatGoDuration(waitMs)}; try again once it has stopped`,
          PRE_UPGRADE_EXIT.retry,
        )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

const fail = (message: string) => new CliError(message, PRE_UPGRADE_EXIT.failed)

/**
 * Whether this binary (the app version, with its plugins) can take over the home for the upgrade
 * that halted it: the plan in `data/upgrade-info.json` is one it handles, the home's files load, and
 * the chain stopped right below the plan's height. Returns the line to print; throws a CliError
 * whose exit code tells cosmovisor to fail (30) or retry (31).
 */
export async function checkPreUpgrade(
  home: string,
  appVersion: string,
  pluginFiles: readonly string[],
  lockWaitMs = LOCK_WAIT_MS,
): Promise<string> {
  // Not a verdict on the upgrade (30 or 31): no home to check at all.
  assertHomeExists(home, 'nothing to check')
  const paths = homePaths(home)
  let info: UpgradeInfo | undefined
  try {
    info = await readUpgradeInfo(paths.upgradeInfo)
  } catch (err) {
    throw fail(
      `data/upgrade-info.json: failed to read upgrade info from disk: ${(err as Error).message}`,
    )
  }
  if (!info) return `no upgrade pending: ${paths.upgradeInfo} does not exist; nothing to prepare`

  const factory = APP_VERSIONS[appVersion]
  if (!factory) {
    throw fail(
      `unknown app version "${appVersion}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
    )
  }
  let loaded: Awaited<ReturnType<typeof loadHome>>
  let handlers: string[]
  try {
    loaded = await loadHome(home)
    useBrand(loaded.brand)
    const registry = protoRegistry()
    const version = withPlugins(
      factory({
        registry,
        consensusParams: loaded.genesis.json.consensus.params,
        upgrade: { skipHeights: [], upgradeInfoPath: paths.upgradeInfo },
      }),
      await loadUpgradePlugins(pluginFiles),
    )
    handlers = version.upgrades.map((u) => u.name)
  } catch (err) {
    throw fail((err as Error).message)
  }
  if (!handlers.includes(info.name)) {
    throw fail(
      `app version ${appVersion} has no upgrade handler for "${info.name}" (it handles: ${handlers.join(', ') || 'none'}); this is not the binary of that upgrade`,
    )
  }

  if (!existsSync(paths.database))
    throw fail(`no database at ${paths.database}: the node never ran on this home`)
  const backend = await openWhenReleased(paths.database, lockWaitMs)
  try {
    const store = await VersionedStore.open({ backend })
    const latest = store.latestHeight
    if (latest >= info.height) {
      const done = await new UpgradeKeeper({ registry: protoRegistry() }).doneHeight(
        store.view(latest),
        info.name,
      )
      if (done > 0n)
        return `upgrade "${info.name}" was applied at height ${done}; nothing to prepare`
      throw fail(
        `the chain is at height ${latest}, past the plan's height ${info.height}, and upgrade "${info.name}" was not applied there (a skipped upgrade?)`,
      )
    }
    if (latest + 1 < info.height) {
      throw fail(
        `the chain is at height ${latest}; upgrade "${info.name}" is for height ${info.height}: app version ${appVersion} must not run before it (it would stop with BINARY UPDATED BEFORE TRIGGER)`,
      )
    }
    return `app version ${appVersion} is ready to apply upgrade "${info.name}" at height ${info.height} (the chain halted at ${latest})`
  } finally {
    await backend.close()
  }
}

/** `sdkd pre-upgrade`: what cosmovisor runs with the upgrade's binary before relaunching it. */
export function registerPreUpgrade(program: Command, globals: () => GlobalFlags): void {
  program
    .command('pre-upgrade')
    .description(
      'check that this binary can apply the upgrade that halted the home (cosmovisor runs it after switching binaries): exit 0 ready, 30 not this binary or a bad home, 31 database still in use (retry)',
    )
    .option(
      '--upgrade-plugin <file.mjs>',
      'load upgrade handlers from an ES module, as start does (repeatable)',
      collectArg,
    )
    .option(
      '--lock-wait <duration>',
      'how long to wait for another process (the old node) to release the database before exiting 31',
      durationArg,
      LOCK_WAIT_MS,
    )
    .action(async (f: PreUpgradeFlags) => {
      const g = globals()
      const home = preUpgradeHome(g, program.getOptionValueSource('home') === 'cli', process.env)
      const line = await checkPreUpgrade(
        home,
        g.appVersion ?? DEFAULT_APP_VERSION,
        f.upgradePlugin ?? [],
        f.lockWait,
      )
      process.stdout.write(`${line}\n`)
    })
}
