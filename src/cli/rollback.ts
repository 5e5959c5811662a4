import { spawn } from 'node:child_process'
import type { Command } from 'commander'
import { toHexUpper } from '../codec/bytes.js'
import { readHomeRecord, writeHomeRecord } from '../config/home-record.js'
import { UserError } from '../errors.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import type { Node } from '../node/node.js'
import { type RolledBack, rollbackAppState, rollbackSimulated } from '../node/rollback-node.js'
import { APP_VERSIONS } from '../versions/index.js'
import { findCometbft } from './cometbft-process.js'
import { CliError } from './errors.js'
import { offlineHome } from './offline-node.js'
import type { GlobalFlags } from './start-flags.js'

interface RollbackFlags {
  hard?: boolean
  cometbftBin?: string
}

/** Upstream's prefix of a refusal from the consensus side of the rollback. */
const COMET_FAILED = 'failed to rollback CometBFT state: '

/**
 * `sdkd rollback [--hard]`, as upstream's (server/rollback.go): the state at the latest height n
 * is replaced by the state at n − 1, and the line `Rolled back state to height n-1 and hash <app
 * hash>` is printed (without a newline, as upstream). On a chain the simulated producer made, sdkd rolls back both sides itself; on
 * one CometBFT made (`start --consensus cometbft`), `cometbft rollback` rolls back CometBFT's state
 * and blocks and sdkd the app's state to the height it reports.
 */
async function rollback(g: GlobalFlags, f: RollbackFlags): Promise<void> {
  const o = await offlineHome(g, 'nothing was rolled back')
  const bin = o.underComet ? findCometbft(f.cometbftBin, process.env) : undefined
  if (!o.underComet && !o.hasData) throw new CliError(`${COMET_FAILED}no state found`)
  // The app's database is opened (and held) before CometBFT's side changes anything.
  const node = await o.open()
  let done: RolledBack
  let back: { version: string; plan: string; height: string } | undefined
  try {
    if (bin) {
      const comet = await rollbackComet(bin, g.home, f.hard === true)
      await rollbackAppState(node, comet.height).catch((err: unknown) => {
        throw new CliError(`failed to rollback to version: ${(err as Error).message}`)
      })
      done = comet
    } else {
      done = await rollbackSimulated(node, f.hard === true).catch((err: unknown) => {
        if (err instanceof UserError) throw new CliError(`${COMET_FAILED}${err.message}`)
        throw err
      })
    }
    back = await versionBeforeUpgrade(node, o.appVersion)
  } finally {
    await node.stop()
  }
  if (back) await giveHomeBack(g, o.appVersion, back)
  // Upstream prints the line with fmt.Printf and no newline after it.
  process.stdout.write(
    `Rolled back state to height ${done.height} and hash ${toHexUpper(done.appHash)}`,
  )
}

/**
 * The app version before `appVersion` when the rollback took the chain back before one of its own
 * upgrades: the plan is scheduled again, and `appVersion` has its handler, so it would halt with
 * BINARY UPDATED BEFORE TRIGGER (as upstream's binary does). Undefined otherwise.
 */
async function versionBeforeUpgrade(
  node: Node,
  appVersion: string,
): Promise<{ version: string; plan: string; height: string } | undefined> {
  const plan = await new UpgradeKeeper({ registry: node.registry }).plan(node.store.view())
  if (!plan || !node.app.upgrade(plan.name)) return undefined
  const order = Object.keys(APP_VERSIONS)
  const version = order[order.indexOf(appVersion) - 1]
  return version ? { version, plan: plan.name, height: plan.height.toString() } : undefined
}

/**
 * A home rolled back before the upgrade that moved it to `appVersion` belongs to the version before
 * again, as the chain at that height was (upstream runs the old binary there): a start without
 * --app-version runs it up to the upgrade's halt, and the newer one is no longer the home's.
 */
async function giveHomeBack(
  g: GlobalFlags,
  appVersion: string,
  back: { version: string; plan: string; height: string },
): Promise<void> {
  const record = await readHomeRecord(g.home)
  if (record.lastRunBy !== appVersion || record.createdBy === appVersion) return
  await writeHomeRecord(g.home, { ...record, lastRunBy: back.version })
  process.stderr.write(
    `the chain is back before upgrade "${back.plan}" (height ${back.height}), which app version ${appVersion} handles: the home runs app version ${back.version} again, up to that upgrade\n`,
  )
}

/**
 * Runs `cometbft rollback [--hard]` on the home (CometBFT's own state and block stores) and reads
 * the height and app hash it rolled back to from its output line.
 */
async function rollbackComet(bin: string, home: string, hard: boolean): Promise<RolledBack> {
  const env = { ...process.env }
  delete env.CMTHOME
  delete env.TMHOME
  const args = ['rollback', '--home', home, ...(hard ? ['--hard'] : [])]
  const { code, stdout, stderr } = await new Promise<{
    code: number | null
    stdout: string
    stderr: string
  }>((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.once('error', reject)
    child.once('close', (c) => resolve({ code: c, stdout: out, stderr: err }))
  })
  const line =
    /Rolled back (?:both )?state(?: and block)? to height (\d+) and hash ([0-9A-F]*)/.exec(stdout)
  if (code !== 0 || !line) {
    const why = (stderr.trim() || stdout.trim()).replace(/^ERROR:\s*/, '')
    throw new CliError(`${COMET_FAILED}${why || `cometbft rollback exited with code ${code}`}`)
  }
  return { height: Number(line[1]), appHash: Buffer.from(line[2]!, 'hex') }
}

/** `sdkd rollback`: the state (and, with --hard, the last block) back by one height. */
export function registerRollback(program: Command, globals: () => GlobalFlags): void {
  program
    .command('rollback')
    .description(
      'roll back the state by one height, from n to n - 1 (to recover from a wrong state transition, e.g. a faulty upgrade handler); block n stays and the next start executes its txs again, unless --hard removes it too',
    )
    .option('--hard', 'remove last block as well as state')
    .option(
      '--cometbft-bin <path>',
      'the cometbft binary that rolls back a home run with start --consensus cometbft (default: $SDKD_COMETBFT_BIN, else cometbft on the PATH)',
    )
    .action((f: RollbackFlags) => rollback(globals(), f))
}
