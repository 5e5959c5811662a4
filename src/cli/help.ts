import type { Command } from 'commander'

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
    for (const sub of cmd.commands) visit(sub)
  }
  visit(root)
}
