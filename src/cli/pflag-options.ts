import type { Command } from 'commander'
import { Option } from 'commander'
import { pflagBoolArg } from './options.js'

/**
 * Options read as pflag reads them where commander reads them differently: a Bool flag, and an
 * older name kept for a flag.
 */

const PFLAG_BOOLS = new WeakSet<Option>()
const SPELLING_BOOLS = new WeakSet<Command>()

/**
 * pflag's Bool flag: `--x` alone is true and `--x=false` false (strconv.ParseBool), but the word
 * after `--x` is never its value (it stays an argument, as with pflag). Add it with
 * {@link addPflagOptions}.
 */
export function pflagBoolOption(flags: string, description: string): Option {
  const option = new Option(flags, description).argParser(pflagBoolArg)
  // Commander reads `--x=v` only for an option that takes a value; the lone `--x` is spelled
  // `--x=true` before it parses (see addPflagOptions), so the next word is never taken.
  option.optional = true
  PFLAG_BOOLS.add(option)
  return option
}

/**
 * An older name of a flag: its value lands where the flag's does (the last one given wins, as a
 * repeated pflag flag), and `--help` does not show it.
 */
export function olderName(option: Option, attribute: string): Option {
  // Commander keys a value by the option's attribute name; two options sharing it share the value.
  option.attributeName = () => attribute
  return option.hideHelp()
}

/** Adds `options` to `cmd`, with what the pflag Bool flags among them need to be read as pflag's. */
export function addPflagOptions(cmd: Command, options: readonly Option[]): Command {
  for (const option of options) cmd.addOption(option)
  if (!SPELLING_BOOLS.has(cmd)) {
    SPELLING_BOOLS.add(cmd)
    const parse = cmd.parseOptions.bind(cmd)
    cmd.parseOptions = (args) => parse(spellOutBools(cmd, args))
  }
  return cmd
}

/** `--x` → `--x=true` for each pflag Bool flag `--x` of `cmd`, up to `--`; a flag's value is left. */
function spellOutBools(cmd: Command, args: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--') {
      out.push(...args.slice(i))
      break
    }
    const option = cmd.options.find((o) => o.long === arg || o.short === arg)
    if (option && PFLAG_BOOLS.has(option)) {
      out.push(`${option.long}=true`)
      continue
    }
    out.push(arg)
    // The value of a flag that takes one is never a flag itself (`--denom --page-reverse`).
    if (option?.required && i + 1 < args.length) out.push(args[++i]!)
  }
  return out
}
