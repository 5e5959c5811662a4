import { type Argument, type Command, Option } from 'commander'
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
    for (const sub of cmd.commands) visit(sub)
  }
  visit(root)
  suggestNoNodeStart(root)
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
 * one (`sdkd stat` is one edit from `start` but means `status`).
 */
const NODE_STARTING = new Set(['start', 'devnet', 'run', 'rehearse'])

/** Commander's unknown-command hook, which its typings keep private. */
type WithUnknownCommand = Command & { unknownCommand(): void }

/**
 * Replaces commander's "did you mean" for the top-level words by the same closeness rule over
 * every visible command but the node-starting ones.
 */
function suggestNoNodeStart(root: Command): void {
  ;(root as WithUnknownCommand).unknownCommand = function (this: Command) {
    const word = this.args[0] ?? ''
    const names = this.createHelp()
      .visibleCommands(this)
      .flatMap((c) => [c.name(), ...(c.alias() ? [c.alias()] : [])])
      .filter((n) => !NODE_STARTING.has(n))
    const similar = closestWords(word, names)
    const hint =
      similar.length > 1
        ? `\n(Did you mean one of ${similar.join(', ')}?)`
        : similar.length === 1
          ? `\n(Did you mean ${similar[0]}?)`
          : ''
    this.error(`error: unknown command '${word}'${hint}`, { code: 'commander.unknownCommand' })
  }
}

/**
 * The candidates closest to a word, commander's rule: at most 3 edits (optimal string alignment
 * distance), more than 40% of the longer word kept, only those at the best distance, sorted.
 */
export function closestWords(word: string, candidates: readonly string[]): string[] {
  let best = 3
  let similar: string[] = []
  for (const c of new Set(candidates)) {
    if (c.length <= 1) continue
    const d = editDistance(word, c)
    const length = Math.max(word.length, c.length)
    if ((length - d) / length <= 0.4) continue
    if (d < best) {
      best = d
      similar = [c]
    } else if (d === best) similar.push(c)
  }
  return similar.sort((a, b) => a.localeCompare(b))
}

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.max(a.length, b.length)
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i])
  for (let j = 0; j <= b.length; j++) d[0]![j] = j
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const row = d[i]!
      row[j] = Math.min(
        d[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}
