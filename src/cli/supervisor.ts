import { type ChildProcess, spawn } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { constants } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readHomeRecord, writeHomeRecord } from '../config/home-record.js'
import { homePaths } from '../config/paths.js'
import type { Logger } from '../logger.js'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import { readUpgradeInfo, type UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import { SUPERVISOR_ENV, type SupervisorState } from '../server/rpc/dev-api.js'
import { backupDataDir } from './data-backup.js'
import type { SupervisorEnv } from './supervisor-env.js'
import { type PluginMappings, readUpgradesToml, upgradeTarget } from './upgrade-targets.js'

/** The CLI entry point every app process runs: this build's `main.js`, next to this file. */
const MAIN = fileURLToPath(new URL('./main.js', import.meta.url))

/** Signals that stop the app: passed on to it (SIGHUP, a closed terminal, as SIGTERM). */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT', 'SIGHUP'] as const

export interface SupervisorOptions {
  home: string
  /** Global flags for every app process besides `--app-version` (`--home`, `--log_format`, …). */
  globalArgs: readonly string[]
  /** The app version of the first process. */
  appVersion: string
  /** `sdkd <command> [args…]` is what runs. */
  command: string
  args: readonly string[]
  /** Plan name → plugin file, from `sdkd run --upgrade-plugin`. */
  plugins: PluginMappings
  /** Plugins an earlier `sdkd run` switched the home to (its record), loaded from the first run on. */
  switchedPlugins?: readonly string[]
  env: SupervisorEnv
  log: Logger
  /** The process environment (`SDKD_UPGRADE_PLUGIN`). */
  processEnv?: NodeJS.ProcessEnv
}

/** The arguments of one app process (after the CLI entry point). */
export interface AppArgsParameters {
  globalArgs: readonly string[]
  appVersion: string
  command: string
  args: readonly string[]
  /** Plugins loaded by the upgrades done so far, oldest first. */
  plugins: readonly string[]
  /** `$SDKD_UPGRADE_PLUGIN`: `devnet` ignores it once `--upgrade-plugin` is on its command line. */
  envPlugin?: string | undefined
}

const PLUGIN_FLAG = '--upgrade-plugin'
const isPluginFlag = (a: string) => a === PLUGIN_FLAG || a.startsWith(`${PLUGIN_FLAG}=`)

/** The files the command's own `--upgrade-plugin` flags name, as absolute paths. */
function pluginFlagFiles(args: readonly string[]): Set<string> {
  const out = new Set<string>()
  args.forEach((a, i) => {
    const file =
      a === PLUGIN_FLAG
        ? args[i + 1]
        : isPluginFlag(a)
          ? a.slice(PLUGIN_FLAG.length + 1)
          : undefined
    if (file) out.add(resolve(file))
  })
  return out
}

/**
 * `[globals…] --app-version V <command> [args…] [--upgrade-plugin P…]`: a plugin the command's own
 * flags already load is not added twice.
 */
export function appArgs(p: AppArgsParameters): string[] {
  const own = pluginFlagFiles(p.args)
  const plugins = p.plugins.filter((file) => !own.has(resolve(file)))
  const keepEnvPlugin =
    p.command === 'devnet' && plugins.length > 0 && p.envPlugin && !p.args.some(isPluginFlag)
  if (keepEnvPlugin && !plugins.some((file) => resolve(file) === resolve(p.envPlugin!)))
    plugins.unshift(p.envPlugin!)
  return [
    ...p.globalArgs,
    '--app-version',
    p.appVersion,
    p.command,
    ...p.args,
    ...plugins.flatMap((file) => [PLUGIN_FLAG, file]),
  ]
}

/** The arguments of a relaunch: `--reset` would start the chain over at every upgrade. */
export function relaunchArgs(args: readonly string[]): string[] {
  return args.filter((a) => a !== '--reset' && !a.startsWith('--reset='))
}

/**
 * Which `upgrade-info.json` the app left: a halting app rewrites it (temp file and rename), so a
 * stamp that did not change means the file is an old one.
 */
async function fileStamp(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path)
    return `${s.ino}:${s.mtimeMs}:${s.size}`
  } catch {
    return undefined
  }
}

/** Passes the first stop signal to the running app; repeats (a terminal's and npm's Ctrl-C) are dropped. */
class StopSignals {
  signal: NodeJS.Signals | undefined
  private child: ChildProcess | undefined
  private wake: (() => void) | undefined
  private readonly handlers = STOP_SIGNALS.map((s) => [s, () => this.receive(s)] as const)
  // Whatever ends this process, the app (in its own process group) is not left behind.
  private readonly onExit = () => {
    if (this.running()) this.child!.kill('SIGTERM')
  }

  constructor(private readonly log: Logger) {
    for (const [s, h] of this.handlers) process.on(s, h)
    process.on('exit', this.onExit)
  }

  private running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    )
  }

  private receive(signal: NodeJS.Signals): void {
    if (this.signal !== undefined) {
      this.log.debug({ signal }, 'already stopping: signal dropped')
      return
    }
    this.signal = signal
    if (this.running()) {
      this.log.info({ signal, app_pid: this.child!.pid }, 'received signal, passing it to the app')
      this.child!.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal)
    } else {
      this.log.info({ signal }, 'received signal between two app runs: not relaunching')
    }
    this.wake?.()
  }

  watch(child: ChildProcess): void {
    this.child = child
  }

  /** Sleeps, or less when a stop signal comes. */
  async sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.signal !== undefined) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    this.wake = undefined
  }

  dispose(): void {
    for (const [s, h] of this.handlers) process.off(s, h)
    process.off('exit', this.onExit)
  }
}

/** An app process's end: its exit code, or 128 + the signal's number when a signal ended it. */
interface AppExit {
  code: number
  signal: NodeJS.Signals | null
}

function launch(
  o: SupervisorOptions,
  p: AppArgsParameters,
  stop: StopSignals,
  state: SupervisorState,
): Promise<AppExit> {
  const args = [...process.execArgv, MAIN, ...appArgs(p)]
  // Its own process group: a terminal's Ctrl-C reaches the app once, through the supervisor. It
  // learns which launch it is and the upgrades done (its dev_status shows them).
  const env = { ...process.env, [SUPERVISOR_ENV]: JSON.stringify(state) }
  const child = spawn(process.execPath, args, { stdio: 'inherit', detached: true, env })
  stop.watch(child)
  o.log.info(
    { path: process.execPath, args, app_version: p.appVersion, app_pid: child.pid },
    'running app',
  )
  return new Promise((resolve) => {
    child.once('error', (err) => {
      o.log.error({ err }, 'cannot run the app')
      resolve({ code: 1, signal: null })
    })
    child.once('exit', (code, signal) =>
      resolve({ code: code ?? 128 + (signal ? constants.signals[signal] : 0), signal }),
    )
  })
}

/**
 * cosmovisor's `run` for one home: runs `sdkd <command> [args…]`, and when it halts for an upgrade
 * (exit 2 with a fresh `data/upgrade-info.json`) waits `DAEMON_RESTART_DELAY`, backs up `data/`,
 * and runs it again as the plan's app version or with the plan's plugin. Resolves with the exit
 * code: 0 after a clean end or a stop with restarts off; the app's own code after a failure or a
 * forwarded signal; 1 when the upgrade cannot be done.
 */
export async function runSupervisor(o: SupervisorOptions): Promise<number> {
  const paths = homePaths(o.home)
  const log = o.log
  const stop = new StopSignals(log)
  let appVersion = o.appVersion
  const plugins: string[] = [...(o.switchedPlugins ?? [])]
  if (plugins.length > 0)
    log.info(
      { plugins },
      'this home was switched to upgrade plugins by an earlier sdkd run: loading them',
    )
  let args = [...o.args]
  const state: SupervisorState = { pid: process.pid, launch: 0, upgrades: [] }
  try {
    for (;;) {
      const before = await fileStamp(paths.upgradeInfo)
      const p = { ...o, appVersion, args, plugins, envPlugin: o.processEnv?.SDKD_UPGRADE_PLUGIN }
      state.launch++
      const exit = await launch(o, p, stop, state)
      if (stop.signal !== undefined) {
        log.info({ exit_code: exit.code }, 'app stopped')
        return exit.code
      }
      if (exit.code === 0 && exit.signal === null) {
        log.info({ exit_code: 0 }, 'app exited')
        return 0
      }
      let plan: UpgradeInfo | undefined
      if (exit.code === UPGRADE_HALT_EXIT_CODE && (await fileStamp(paths.upgradeInfo)) !== before) {
        try {
          plan = await readUpgradeInfo(paths.upgradeInfo)
        } catch (err) {
          log.error(
            `data/upgrade-info.json: failed to read upgrade info from disk: ${(err as Error).message}`,
          )
          return 1
        }
      }
      if (plan === undefined) {
        log.error(
          { exit_code: exit.code, ...(exit.signal ? { signal: exit.signal } : {}) },
          'app exited with an error and no upgrade is pending',
        )
        return exit.code
      }
      const where = { plan: plan.name, height: plan.height }
      let target: ReturnType<typeof upgradeTarget>
      try {
        target = upgradeTarget(plan.name, appVersion, [o.plugins, await readUpgradesToml(o.home)])
      } catch (err) {
        log.error({ ...where }, (err as Error).message)
        return 1
      }
      if (target.kind === 'none') {
        log.error({ ...where }, `binary not present for upgrade "${plan.name}": ${target.reason}`)
        return 1
      }
      if (target.kind === 'plugin' && plugins.includes(target.plugin)) {
        log.error(
          { ...where, plugin: target.plugin },
          `the app halted again for upgrade "${plan.name}" with its plugin loaded: does the plugin handle that name?`,
        )
        return 1
      }

      await stop.sleep(o.env.restartDelayMs)
      if (stop.signal !== undefined) return 0
      let backup: string | undefined
      if (!o.env.skipBackup) {
        const backupDir = o.env.backupDir ?? paths.home
        log.info({ backup_dir: backupDir }, 'starting to take backup of data directory')
        try {
          const path = await backupDataDir(paths.dataDir, backupDir)
          backup = path
          log.info({ path }, 'backup completed')
        } catch (err) {
          log.error({ err }, 'error while taking data backup')
          return 1
        }
        if (stop.signal !== undefined) return 0
      }

      const from = appVersion
      if (target.kind === 'app-version') appVersion = target.appVersion
      else {
        plugins.push(target.plugin)
        // As cosmovisor's `current` link: the switch outlives this supervisor.
        try {
          await writeHomeRecord(o.home, {
            ...(await readHomeRecord(o.home)),
            upgradePlugins: [...plugins],
          })
        } catch (err) {
          log.error({ err }, 'cannot record the upgrade plugin in config/sdkd.toml')
          return 1
        }
      }
      args = relaunchArgs(args)
      const switched = {
        ...where,
        from_app_version: from,
        app_version: appVersion,
        ...(plugins.length > 0 ? { plugins: [...plugins] } : {}),
      }
      if (!o.env.restartAfterUpgrade) {
        log.info(
          switched,
          'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start sdkd run again.',
        )
        return 0
      }
      log.info(switched, 'upgrade detected, relaunching')
      state.upgrades.push({ ...switched, ...(backup !== undefined ? { backup } : {}) })
    }
  } finally {
    stop.dispose()
  }
}
