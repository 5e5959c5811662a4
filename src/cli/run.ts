import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { readHomeRecord } from '../config/home-record.js'
import { readNodeConfig } from '../config/node-config.js'
import { homePaths } from '../config/paths.js'
import { parseTomlFile } from '../config/toml.js'
import type { Logger } from '../logger.js'
import { APP_VERSION_NAMES, DEFAULT_APP_VERSION } from '../versions/names.js'
import { argCountText, flagNeedsArgumentText, unknownFlagText } from './cobra-errors.js'
import { homeAppVersion } from './home-version.js'
import { loggerFor } from './log.js'
import type { GlobalFlags } from './start-flags.js'
import { runSupervisor } from './supervisor.js'
import { readSupervisorEnv } from './supervisor-env.js'
import { parsePluginMapping, readUpgradesToml, UPGRADES_TOML } from './upgrade-targets.js'

/** What `sdkd run` was given: its own options, then the command to run and that command's args. */
export interface RunArgs {
  plugins: Map<string, string>
  command: string
  args: string[]
}

/**
 * Splits `sdkd run`'s arguments: options before the command word are `sdkd run`'s
 * (`--upgrade-plugin <plan>=<file>`, `--help`); everything from the command word on goes to the app
 * as written (so `sdkd run start --upgrade-plugin x.mjs` hands the flag to `start`). `help` when help
 * was asked for; a usage error throws through `fail`.
 */
export function parseRunArgs(
  raw: readonly string[],
  fail: (message: string) => never,
): RunArgs | 'help' {
  const plugins = new Map<string, string>()
  let i = 0
  for (; i < raw.length && raw[i]!.startsWith('-'); i++) {
    const a = raw[i]!
    if (a === '-h' || a === '--help') return 'help'
    if (a === '--') {
      i++
      break
    }
    let value: string | undefined
    if (a === '--upgrade-plugin') value = raw[++i]
    else if (a.startsWith('--upgrade-plugin=')) value = a.slice('--upgrade-plugin='.length)
    else
      fail(
        `error: ${unknownFlagText(a)} (the app's flags go after its command: sdkd run <command> [args…])`,
      )
    if (value === undefined)
      fail(`error: ${flagNeedsArgumentText('--upgrade-plugin', undefined, a)}`)
    const [name, path] = parsePluginMapping(value)
    if (plugins.has(name)) fail(`error: --upgrade-plugin: plan ${name} is mapped twice`)
    plugins.set(name, path)
  }
  const command = raw[i]
  if (command === undefined)
    fail(`error: ${argCountText({ required: 1, total: 1, variadic: true }, 0)}`)
  if (command === 'run') fail('error: sdkd run cannot run itself')
  const args = raw.slice(i + 1)
  // A node that waits at the halt would never hand the upgrade over: sdkd run waits for its exit.
  if (
    args.some(
      (a, j) => a === '--upgrade-halt=wait' || (a === '--upgrade-halt' && args[j + 1] === 'wait'),
    )
  )
    fail(
      'error: sdkd run relaunches the app when it exits at an upgrade halt: drop --upgrade-halt wait (it is for cosmovisor)',
    )
  return { plugins, command, args }
}

/** The supervisor's logger: flags first, then the home's config.toml (when readable), as the app's. */
function supervisorLogger(g: GlobalFlags): Logger {
  let fromConfig: Pick<GlobalFlags, 'logLevel' | 'logFormat'> = {}
  try {
    const file = homePaths(g.home).configToml
    const node = readNodeConfig(
      'config/config.toml',
      parseTomlFile('config/config.toml', readFileSync(file, 'utf8')),
    )
    fromConfig = { logLevel: node.logLevel, logFormat: node.logFormat }
  } catch {
    // no home yet, or a broken config.toml: the app reports it
  }
  return loggerFor({ ...fromConfig, ...g }).child({ module: 'cosmovisor' })
}

/** The global flags every app process gets (its `--app-version` is the supervisor's to set). */
function globalArgs(g: GlobalFlags): string[] {
  return [
    '--home',
    homePaths(g.home).home,
    ...(g.logLevel !== undefined ? ['--log_level', g.logLevel] : []),
    ...(g.logFormat !== undefined ? ['--log_format', g.logFormat] : []),
  ]
}

const HELP = `
Options:
  --upgrade-plugin <plan>=<file.mjs>  the upgrade plugin for a plan name (repeatable; before <command>).
                                      Also read from ${UPGRADES_TOML} in the home:
                                      [plugins]
                                      <plan> = "<file.mjs>"   (relative to the home)
  -h, --help                          display help for command

The first app version is --app-version, else the home's (config/sdkd.toml), else the newest.
When the app halts for an upgrade (exit 2, data/upgrade-info.json), sdkd run backs up data/ and
runs it again as the app version named by the plan, or with the plugin mapped to it.

Environment (cosmovisor's):
  DAEMON_RESTART_AFTER_UPGRADE  true|false (default true): relaunch after an upgrade, or exit 0
  DAEMON_RESTART_DELAY          Go duration (e.g. 1s): pause before the backup and the relaunch
  UNSAFE_SKIP_BACKUP            true|false (default false): no copy of data/
  DAEMON_DATA_BACKUP_DIR        absolute directory for data-backup-YYYY-M-D (default: the home)`

/** `sdkd run`: a cosmovisor-style supervisor for one home. */
export function registerRun(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  const run = program
    .command('run')
    .description(
      'run sdkd <command> [args…] and carry it through upgrades: at an upgrade halt, back up data/ and run it again as the new app version (cosmovisor for one home)',
    )
    .usage('[--upgrade-plugin <plan>=<file.mjs>]… <command> [args…]')
    .argument('[command]', 'the sdkd command to run, e.g. start or devnet')
    .argument('[args...]', "that command's arguments")
    // Everything after the command word is the app's: commander must not read it as run's options.
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText('after', HELP)
  run.action(async () => {
    const parsed = parseRunArgs(run.args, (message) => run.error(message))
    if (parsed === 'help') {
      run.outputHelp()
      return
    }
    const g = globals()
    const env = readSupervisorEnv(process.env)
    // A broken mapping file is reported before anything starts (and read again at each upgrade).
    await readUpgradesToml(g.home)
    const record = await readHomeRecord(g.home)
    const appVersion =
      g.appVersion ?? homeAppVersion(record, APP_VERSION_NAMES) ?? DEFAULT_APP_VERSION
    exit(
      await runSupervisor({
        home: homePaths(g.home).home,
        globalArgs: globalArgs(g),
        appVersion,
        command: parsed.command,
        args: parsed.args,
        plugins: parsed.plugins,
        ...(record.upgradePlugins ? { switchedPlugins: record.upgradePlugins } : {}),
        env,
        log: supervisorLogger(g),
        processEnv: process.env,
      }),
    )
  })
}
