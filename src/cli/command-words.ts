/** Global flags that take a value (to find the command word in argv). */
const GLOBAL_VALUE_FLAGS = new Set(['--home', '--log_level', '--log_format', '--app-version'])

/** The command words of argv (`sdkd --home h query upgrade plan` → `query`, `upgrade`, `plan`). */
export function commandWords(args: readonly string[]): string[] {
  const words: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (!a.startsWith('-')) words.push(a)
    else if (GLOBAL_VALUE_FLAGS.has(a)) i++
  }
  return words
}
