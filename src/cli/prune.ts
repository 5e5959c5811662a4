import type { Command } from 'commander'
import { pruningOptions } from '../config/pruning.js'
import { StatusError } from '../errors.js'
import { createLevelBackend } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { CliError } from './errors.js'
import { offlineHome } from './offline-node.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

/** The strategies in the order of upstream's PruningStrategy constants (store/pruning/types). */
const STRATEGY_NUMBERS = ['default', 'everything', 'nothing', 'custom']

interface PruneFlags {
  pruningKeepRecent: number
  pruningInterval: number
}

/**
 * `sdkd prune [pruning-method]`, as upstream's (client/pruning): with the node stopped, the app's
 * state versions of every height up to the latest minus the strategy's `keep-recent` are deleted
 * (the blocks stay); it prints upstream's three lines. The strategy is the argument (`default`,
 * `everything`, `custom` with `--pruning-keep-recent`, or `nothing`), not app.toml's.
 */
async function prune(g: GlobalFlags, method: string, f: PruneFlags): Promise<void> {
  let options: { keepRecent: number; interval: number }
  try {
    options = pruningOptions(method, f.pruningKeepRecent, f.pruningInterval)
  } catch (err) {
    if (err instanceof StatusError) throw new CliError(err.message)
    throw err
  }
  const o = await offlineHome(g, 'nothing was pruned')
  const out = (line: string) => process.stdout.write(`${line}\n`)
  // Upstream prints the strategy with %v, and its type is a bare int (no String method): the
  // number of the constant, 0 default, 1 everything, 2 nothing, 3 custom.
  out(
    `get pruning options from command flags, strategy: ${STRATEGY_NUMBERS.indexOf(method.toLowerCase())}, keep-recent: ${options.keepRecent}`,
  )
  const noHeights = (latest: number) =>
    new CliError(`the database has no valid heights to prune, the latest height: ${latest}`)
  if (!o.hasData) throw noHeights(0)
  const backend = await createLevelBackend({ path: o.home.paths.database })
  try {
    // Opened with pruning on (any interval), so the records of what each height changed exist.
    const store = await VersionedStore.open({
      backend,
      pruning: { keepRecent: options.keepRecent, interval: 1 },
    })
    const latest = store.latestHeight
    if (latest <= 0) throw noHeights(Math.max(latest, 0))
    if (options.interval === 0) {
      out(`pruning strategy "nothing" keeps every height: nothing to prune`)
      return
    }
    const height = latest - options.keepRecent
    out(`pruning heights up to ${height}`)
    if (height > 0) await store.pruneTo(height)
    out('successfully pruned the application root multi stores')
  } finally {
    await backend.close()
  }
}

/** `sdkd prune [pruning-method]`: delete old state versions of a stopped node. */
export function registerPrune(program: Command, globals: () => GlobalFlags): void {
  program
    .command('prune')
    .argument('[pruning-method]', 'default | everything | custom | nothing', 'default')
    .description(
      'prune app history states by keeping the recent heights and deleting old heights (the node must be stopped): default keeps the last 362880 states, everything 2, custom --pruning-keep-recent',
    )
    .option(
      '--pruning-keep-recent <n>',
      "number of recent heights to keep on disk (ignored if pruning is not 'custom')",
      pflagIntArg('uint64'),
      0,
    )
    .option(
      '--pruning-interval <n>',
      "height interval at which pruned heights are removed from disk (ignored if pruning is not 'custom'; not used by this command but kept for compatibility with the complete pruning options)",
      pflagIntArg('uint64'),
      10,
    )
    .action((method: string, f: PruneFlags) => prune(globals(), method, f))
}
