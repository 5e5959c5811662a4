import { type Argument, type Command, Option } from 'commander'
import {
  argCountText,
  flagNeedsArgumentText,
  requiredFlagsText,
  unknownCommandText,
  unknownFlagText,
} from './cobra-errors.js'
import { FlagValueError, pflagValueText } from './options.js'

/** Adds an `Examples:` section to a command's help (command, then what it does). */
export function addExamples(
  cmd: Command,
  examples: readonly (readonly [string, string])[],
): Command {
  const width = Math.max(...examples.map(([c]) => c.length))
  const lines = examples.map(([c, what]) => `  ${c.padEnd(width)}   # ${what}`)
  return cmd.addHelpText('after', `\nExamples:\n${lines.join('\n')}`)
}

/** `sdkd tx bank send`: the command's full path, as users type it. */
export function commandPath(cmd: Command): string {
  const names: string[] = []
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

/**
 * Usage errors as upstream's CLI prints them: `Error: <message>` and one hint line naming the
 * command's help (`Run 'sdkd tx bank send --help' for usage.`), not the whole help. Applied to every
 * command of the tree once it is built.
 */
export function useShortUsageErrors(root: Command): void {
  const visit = (cmd: Command) => {
    cmd.showHelpAfterError(`Run '${commandPath(cmd)} --help' for usage.`)
    cmd.configureOutput({
      outputError: (text, write) => write(text.replace(/^error: /, 'Error: ')),
    })
    if (cmd.commands.length > 0) helpWithoutSubCommand(cmd)
    pflagValueErrors(cmd)
    cobraUsageErrors(cmd)
    for (const sub of cmd.commands) visit(sub)
  }
  visit(root)
}

/** Commander's hook that reads a flag's or an argument's value, which its typings keep private. */
type WithParseArg = Command & {
  _callParseArg(
    target: Option | Argument,
    value: string,
    previous: unknown,
    message: string,
  ): unknown
}

/**
 * A value pflag refuses reads as pflag's `FlagSet.Set` error: `invalid argument "abc" for "--limit"
 * flag: <strconv's error>`, the flag named `-a, --account-number` when it has a shorthand (an
 * argument read this way is named by position, `"--0"`, as autocli's). Other refusals keep
 * commander's wording.
 */
function pflagValueErrors(cmd: Command): void {
  const target = cmd as WithParseArg
  target._callParseArg = function (this: Command, arg, value, previous, message) {
    try {
      return arg.parseArg?.(value, previous)
    } catch (err) {
      const { code, exitCode } = err as { code?: string; exitCode?: number }
      if (code !== 'commander.invalidArgument') throw err
      const text =
        err instanceof FlagValueError
          ? `error: ${pflagValueText(value, pflagName(this, arg), err.message)}`
          : `${message} ${(err as Error).message}`
      return this.error(text, { exitCode: exitCode ?? 1, code })
    }
  }
}

/** How pflag names a flag in its errors. */
function pflagName(cmd: Command, arg: Option | Argument): string {
  if (arg instanceof Option)
    return arg.short && arg.long ? `${arg.short}, ${arg.long}` : (arg.long ?? arg.short ?? '')
  return `--${cmd.registeredArguments.indexOf(arg)}`
}

/**
 * A group run without a sub-command (`sdkd tx`) prints its help on stdout and exits 0, as upstream's
 * cobra commands do (client.ValidateCmd); commander would print it on stderr and exit 1. Only that
 * path asks a group for its help as an error.
 */
function helpWithoutSubCommand(cmd: Command): void {
  const help = cmd.help.bind(cmd)
  cmd.help = ((context?: { error?: boolean }) =>
    help(context ? { ...context, error: false } : context)) as Command['help']
}

/**
 * The commands that start a node (or, for `rehearse`, several): a mistyped word is never answered
 * with one of them, since a user who copies the suggestion would start a chain instead of asking
 * one (`sdkd stat` is two edits from `start` but means `status`).
 */
const NODE_STARTING = new Set(['start', 'devnet', 'run', 'rehearse'])

/** Commander's hooks for usage errors, which its typings keep private. */
type WithUsageErrors = Command & {
  _allowUnknownOption: boolean
  rawArgs: string[]
  unknownCommand(): void
  unknownOption(flag: string): void
  optionMissingArgument(option: Option): void
  missingMandatoryOptionValue(option: Option): void
  missingArgument(name: string): void
  _excessArguments(received: string[]): void
}

/**
 * Commander's usage errors in pflag's and cobra's words (cobra-errors.ts): an unknown flag, a flag
 * without its value, required flags left unset, a wrong number of arguments, an unknown command.
 */
function cobraUsageErrors(cmd: Command): void {
  const target = cmd as WithUsageErrors
  target.unknownOption = function (this: WithUsageErrors, flag) {
    if (this._allowUnknownOption) return
    this.error(`error: ${unknownFlagText(flag)}`, { code: 'commander.unknownOption' })
  }
  target.optionMissingArgument = function (this: Command, option) {
    // The flag was the last word given (its value would have followed it).
    const typed = rootOf(this).rawArgs.at(-1)
    this.error(`error: ${flagNeedsArgumentText(option.long, option.short, typed)}`, {
      code: 'commander.optionMissingArgument',
    })
  }
  target.missingMandatoryOptionValue = function (this: Command) {
    // cobra names every required flag left unset, this command's and its parents'.
    const names: string[] = []
    for (let c: Command | null = this; c; c = c.parent) {
      for (const o of c.options) {
        if (o.mandatory && c.getOptionValue(o.attributeName()) === undefined)
          names.push((o.long ?? o.short ?? '').replace(/^--?/, ''))
      }
    }
    this.error(`error: ${requiredFlagsText(names)}`, {
      code: 'commander.missingMandatoryOptionValue',
    })
  }
  const wrongCount = (code: string) =>
    function (this: Command) {
      const args = this.registeredArguments
      const count = {
        required: args.filter((a) => a.required).length,
        total: args.length,
        variadic: args.at(-1)?.variadic ?? false,
      }
      this.error(`error: ${argCountText(count, this.args.length)}`, { code })
    }
  target.missingArgument = wrongCount('commander.missingArgument')
  target._excessArguments = wrongCount('commander.excessArguments')
  target.unknownCommand = function (this: Command) {
    const word = this.args[0] ?? ''
    // The root names its path; a group, the word it was called by (an alias as typed).
    const of = this.parent ? (this.parent.args[0] ?? this.name()) : commandPath(this)
    const names = this.createHelp()
      .visibleCommands(this)
      .map((c) => c.name())
      .filter((n) => n !== 'help' && !NODE_STARTING.has(n))
    this.error(`error: ${unknownCommandText(word, of, names)}`, {
      code: 'commander.unknownCommand',
    })
  }
}

/** The program a command belongs to. */
function rootOf(cmd: Command): WithUsageErrors {
  let c = cmd
  while (c.parent) c = c.parent
  return c as WithUsageErrors
}
