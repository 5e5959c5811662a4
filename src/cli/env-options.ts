import type { Command, Option } from 'commander'
import { InvalidArgumentError } from 'commander'
import { boolArg } from './options.js'

/** Prefix of the environment variables that stand in for flags (upstream derives it from the binary). */
export const ENV_PREFIX = 'SDKD'

/** The variable of a flag, as upstream binds them: `--rpc.laddr` → `SDKD_RPC_LADDR`. */
export function envVarName(option: Option, prefix = ENV_PREFIX): string | undefined {
  if (!option.long || option.negate) return undefined
  return `${prefix}_${option.long.replace(/^--/, '').replace(/[.-]/g, '_').toUpperCase()}`
}

/**
 * Flags no variable sets, on any command: each destroys or freezes something, and a variable left in
 * a compose file or a shell profile would do it at every start (`--reset` wipes a devnet's chain,
 * `--hard` a rollback's block, `--upgrade-halt` leaves a node waiting at a halt that an `sdkd run`
 * supervising it never sees end).
 */
export const NEVER_FROM_ENV: readonly string[] = ['--reset', '--hard', '--upgrade-halt']

/**
 * Lets every flag of `cmd` come from its environment variable (`--timeout-commit` ←
 * `SDKD_TIMEOUT_COMMIT`). A flag on the command line wins over the variable, the variable over the
 * default; an empty variable counts as unset (as upstream's binding does). A bad value fails the way
 * the same bad flag does, and the message names the variable. `--help` lists each variable. The
 * flags of a command that has sub-commands (the root's global flags) are read before any of theirs
 * runs.
 */
function bindOptionsToEnv(
  cmd: Command,
  env: NodeJS.ProcessEnv = process.env,
  prefix = ENV_PREFIX,
): Command {
  for (const option of cmd.options) {
    if (option.long !== undefined && NEVER_FROM_ENV.includes(option.long)) continue
    const name = envVarName(option, prefix)
    // Only for --help: commander reads a variable itself only when it is named before the option is
    // added, and then it would take empty values too; applyEnv below does the reading.
    if (name !== undefined && option.envVar === undefined) option.env(name)
  }
  // A command's hooks run for its own action and for each of its sub-commands'.
  cmd.hook('preAction', () => applyEnv(cmd, env))
  return cmd
}

/**
 * Binds every flag of every command in `program`'s tree, as upstream binds each flag of each command
 * to `<APP>_<FLAG>`.
 */
export function bindCommandTreeToEnv(
  program: Command,
  env: NodeJS.ProcessEnv = process.env,
  prefix = ENV_PREFIX,
): void {
  bindOptionsToEnv(program, env, prefix)
  for (const sub of program.commands) bindCommandTreeToEnv(sub, env, prefix)
}

function applyEnv(cmd: Command, env: NodeJS.ProcessEnv): void {
  for (const option of cmd.options) {
    const name = option.envVar
    const raw = name === undefined ? undefined : env[name]
    if (name === undefined || raw === undefined || raw === '') continue
    const key = option.attributeName()
    const source = cmd.getOptionValueSource(key)
    if (source !== undefined && source !== 'default') continue
    let value: unknown = raw
    try {
      if (option.parseArg) value = option.parseArg(raw, cmd.getOptionValue(key))
      else if (!option.required && !option.optional) value = boolArg(raw)
    } catch (err) {
      if (!(err instanceof InvalidArgumentError)) throw err
      cmd.error(
        `error: option '${option.flags}' value '${raw}' from env '${name}' is invalid. ${err.message}`,
        { exitCode: 1, code: 'commander.invalidArgument' },
      )
    }
    cmd.setOptionValueWithSource(key, value, 'env')
    if (option.long !== undefined) takenFromEnv.set(option.long, name)
  }
}

/** The flags the running command took from their variables, with each variable's name. */
const takenFromEnv = new Map<string, string>()

/**
 * What an error should add when it names a flag whose value came from its variable (` (--from came
 * from $SDKD_FROM)`): one variable feeds every flag of its name, so the value may have been meant
 * for another command. Empty when the message names none.
 */
export function envNote(message: string): string {
  const named = [...takenFromEnv].filter(([flag]) =>
    new RegExp(`(?:^|[^\\w-])${flag}(?![\\w-])`).test(message),
  )
  if (named.length === 0) return ''
  return ` (${named.map(([flag, name]) => `${flag} came from $${name}`).join(', ')})`
}
