import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { type HomePaths, homePaths } from '../config/paths.js'
import { resetChainData, resetCometState } from '../config/reset.js'
import { createLevelBackend, DatabaseLockedError } from '../store/level-backend.js'
import { registerCometShow } from './comet-show.js'
import { CliError } from './errors.js'
import { loggerFor } from './log.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * Refuses a home directory that does not exist (a mistyped --home, most likely), before a command
 * that only reads it, or writes into a home it expects, creates it. `untouched` says what was not done.
 */
export function assertHomeExists(home: string, untouched: string): void {
  const dir = homePaths(home).home
  if (!existsSync(dir))
    throw new CliError(
      `home directory ${dir} does not exist: ${untouched} (check --home; sdkd init creates a home)`,
    )
}

/**
 * Refuses while a node holds the home's database: a reset (or rollback) under a running node would
 * corrupt it. `untouched` ends the message.
 */
export async function assertDataUnlocked(
  home: string,
  untouched = 'nothing was removed',
): Promise<void> {
  const { database } = homePaths(home)
  if (!existsSync(database)) return
  try {
    const backend = await createLevelBackend({ path: database })
    await backend.close()
  } catch (err) {
    if (err instanceof DatabaseLockedError)
      throw new CliError(
        `a node is running on ${homePaths(home).home} (${database} is locked): stop it first; ${untouched}`,
      )
    throw err
  }
}

/** The paths of a home a reset may touch: an sdkd home (config/) that no running node holds. */
async function resettableHome(home: string): Promise<HomePaths> {
  const paths = homePaths(home)
  if (!existsSync(paths.configDir))
    throw new CliError(`${paths.home} is not an sdkd home (no config/): nothing to reset`)
  await assertDataUnlocked(home)
  return paths
}

/** Upstream `unsafe-reset-all`: wipes data/, keeps config, keys and genesis. */
async function unsafeResetAll(g: GlobalFlags, f: { keepAddrBook?: boolean }): Promise<void> {
  const paths = await resettableHome(g.home)
  const result = await resetChainData(g.home, { keepAddrBook: f.keepAddrBook ?? false })
  const log = loggerFor(g)
  if (f.keepAddrBook) log.info('The address book remains intact')
  else if (result.addrBookRemoved)
    log.info({ file: `${paths.configDir}/addrbook.json` }, 'Removed existing address book')
  log.info({ dir: result.dataDir }, 'Removed all blockchain history')
  log.info(
    { key: paths.privValidatorKey, state: result.privValidatorState },
    'Reset private validator file to genesis state',
  )
}

/** Upstream `comet reset-state`: CometBFT's databases go; the app's data and the signing state stay. */
async function resetState(g: GlobalFlags): Promise<void> {
  await resettableHome(g.home)
  const log = loggerFor(g)
  for (const { path, message } of await resetCometState(g.home)) log.info({ dir: path }, message)
}

/**
 * `sdkd comet unsafe-reset-all` (aliases `cometbft`, `tendermint`; also `sdkd unsafe-reset-all`):
 * the chain starts over from the same genesis at the next start. The group also shows the node's
 * ids and keys (`registerCometShow`).
 */
export function registerReset(program: Command, globals: () => GlobalFlags): void {
  const comet = program
    .command('comet')
    .aliases(['cometbft', 'tendermint'])
    .description('CometBFT subcommands')
  registerCometShow(comet, globals)
  comet
    .command('reset-state')
    .alias('reset_state')
    .description(
      "remove all the data and WAL: CometBFT's block store, state, WAL, evidence and tx index in data/; the app's data/application.db, the signing state, config, keys and genesis are kept",
    )
    .action(() => resetState(globals()))
  for (const parent of [comet, program]) {
    parent
      .command('unsafe-reset-all')
      .alias('unsafe_reset_all')
      .description(
        "(unsafe) remove all the data and WAL, reset this node's validator to genesis state; config, keys and genesis are kept",
      )
      .option('--keep-addr-book', 'keep the address book intact')
      .action((f: { keepAddrBook?: boolean }) => unsafeResetAll(globals(), f))
  }
}
