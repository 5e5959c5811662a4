import { readFile } from 'node:fs/promises'
import { parse, stringify } from '@decimalturn/toml-patch'
import { CliError } from './errors.js'

// What `sdkd config …` shares: reading a config file with Go's error texts, and a value as TOML
// writes it.

/** Go's error for a file that cannot be opened: `open <path>: no such file or directory`. */
export function openError(path: string, err: NodeJS.ErrnoException): string {
  const why: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
  }
  return `open ${path}: ${(err.code && why[err.code]) || err.message}`
}

/**
 * A config file's text. One that cannot be read is refused as upstream words it: the bare open
 * error without `failure`; else confix's LoadConfig (`failed to open "<path>": open …`) under
 * `failure`.
 */
export async function readConfigText(path: string, failure?: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    const open = openError(path, err as NodeJS.ErrnoException)
    throw new CliError(
      failure ? `${failure}: failed to open ${JSON.stringify(path)}: ${open}` : open,
    )
  }
}

/** A config file's parsed contents; a file that is not TOML is refused under `failure`. */
export function parseConfig(text: string, failure: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>
  } catch (err) {
    throw new CliError(`${failure}: ${(err as Error).message.split('\n')[0]}`)
  }
}

/**
 * A value as TOML writes it (`"text"`, `true`, `10`); an array and a table in one as upstream's
 * tomledit prints them (`["a", "b"]`, `{a = 1, b = "x"}`).
 */
export function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const entries = Object.entries(value).map(([k, v]) => `${k} = ${tomlValue(v)}`)
    return `{${entries.join(', ')}}`
  }
  return stringify({ v: value }).replace(/^v = /, '').trimEnd()
}
