/**
 * The usage errors of upstream's CLI, in the words of the libraries it is built on: pflag for flags
 * (`unknown flag: --foo`, `flag needs an argument: --node`), cobra for positional arguments
 * (`accepts 1 arg(s), received 0`), required flags and unknown commands (`unknown command "x" for
 * "sdkd"`, with cobra's "Did you mean this?" list).
 */

/** pflag's refusal of a flag no command on the path defines, as typed (`--foo=1`, `-x`, `-xy`). */
export function unknownFlagText(typed: string): string {
  if (typed.startsWith('---') || typed.startsWith('--=') || typed === '-=')
    return `bad flag syntax: ${typed}`
  if (typed.startsWith('--')) {
    const eq = typed.indexOf('=')
    return `unknown flag: ${eq < 0 ? typed : typed.slice(0, eq)}`
  }
  // A group of shorthands (`-xy`): pflag names the first one it does not know, in the group.
  return `unknown shorthand flag: '${typed[1]}' in ${typed}`
}

/** pflag's refusal of a flag that takes a value given as the last word: as typed, long or short. */
export function flagNeedsArgumentText(
  long: string | undefined,
  short: string | undefined,
  typed: string | undefined,
): string {
  if (short && typed === short) return `flag needs an argument: '${short.slice(1)}' in ${short}`
  return `flag needs an argument: ${long ?? short}`
}

/** cobra's refusal of required flags left unset (`MarkFlagRequired`), named without dashes. */
export function requiredFlagsText(names: readonly string[]): string {
  return `required flag(s) "${names.join('", "')}" not set`
}

/** What a command's positional arguments allow, as autocli builds its cobra validator. */
export interface ArgCount {
  /** Arguments that must be given. */
  readonly required: number
  /** Arguments in all (optional ones after the required); ignored when the last is variadic. */
  readonly total: number
  readonly variadic: boolean
}

/**
 * cobra's refusal of a wrong number of positional arguments: `ExactArgs`, `RangeArgs` (an optional
 * last argument) or `MinimumNArgs` (a variadic one), as autocli chooses among them.
 */
export function argCountText(count: ArgCount, received: number): string {
  if (count.variadic) return `requires at least ${count.required} arg(s), only received ${received}`
  if (count.total > count.required)
    return `accepts between ${count.required} and ${count.total} arg(s), received ${received}`
  return `accepts ${count.total} arg(s), received ${received}`
}

/**
 * cobra's refusal of a word that names no sub-command (`legacyArgs` at the root, which names the
 * root's path; a group's `client.ValidateCmd`, which names the group as it was called), with the
 * suggestions its `SuggestionsFor` finds among `candidates` (in their order).
 */
export function unknownCommandText(
  word: string,
  of: string,
  candidates: readonly string[],
): string {
  const similar = suggestionsFor(word, candidates)
  const hint =
    similar.length > 0 ? `\n\nDid you mean this?\n${similar.map((s) => `\t${s}\n`).join('')}` : ''
  return `unknown command "${word}" for "${of}"${hint}`
}

/**
 * cobra's `SuggestionsFor` with its default `SuggestionsMinimumDistance` of 2: every candidate at
 * most two edits from the word (Levenshtein, case ignored) or that starts with it.
 */
export function suggestionsFor(word: string, candidates: readonly string[]): string[] {
  const typed = word.toLowerCase()
  return candidates.filter((name) => {
    const lower = name.toLowerCase()
    return levenshtein(typed, lower) <= 2 || lower.startsWith(typed)
  })
}

/** Levenshtein distance over UTF-16 code units (a command word is ASCII). */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] =
        a[i - 1] === b[j - 1]
          ? previous[j - 1]!
          : Math.min(previous[j]!, row[j - 1]!, previous[j - 1]!) + 1
    }
    previous = row
  }
  return previous[b.length]!
}
