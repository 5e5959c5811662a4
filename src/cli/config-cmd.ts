import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, patch, stringify } from '@decimalturn/toml-patch'
import type { Command } from 'commander'
import { writeFileAtomic } from '../config/atomic-file.js'
import { loadHome } from '../config/home.js'
import { readHomeRecord } from '../config/home-record.js'
import { homePaths } from '../config/paths.js'
import { goJsonStringify } from '../server/rpc/go-json.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

// `sdkd config …`, as upstream's confix commands in simd v0.50 (tools/confix/cmd): a config file of
// the home named without `.toml` (app, config, client), a key as a dotted path (`api.enable`).

/** Go's error for a file that cannot be opened: `open <path>: no such file or directory`. */
function openError(path: string, err: NodeJS.ErrnoException): string {
  const why: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
  }
  return `open ${path}: ${(err.code && why[err.code]) || err.message}`
}

/**
 * The file of `[config]`: `<home>/config/<name>.toml`. A file that cannot be read is refused as
 * upstream words it: `view` gives the bare open error; `get` and `set` load it through confix's
 * LoadConfig (`failed to open "<path>": open …`), under `failed to load config: ` and `loading
 * config: `.
 */
async function configFile(
  g: GlobalFlags,
  name: string,
  failure?: string,
): Promise<{ path: string; text: string }> {
  const path = join(homePaths(g.home).configDir, `${name}.toml`)
  try {
    return { path, text: await readFile(path, 'utf8') }
  } catch (err) {
    const open = openError(path, err as NodeJS.ErrnoException)
    throw new CliError(
      failure ? `${failure}: failed to open ${JSON.stringify(path)}: ${open}` : open,
    )
  }
}

/** Go's %q of a key's path segments (upstream's errors print the []string so). */
const quoted = (key: string[]) => `[${key.map((k) => JSON.stringify(k)).join(' ')}]`

/**
 * The table holding the key's last segment, and that segment; refuses a key that is not there
 * with `notFound`.
 */
function locate(
  doc: Record<string, unknown>,
  key: string[],
  notFound: string,
): [Record<string, unknown>, string] {
  let table: unknown = doc
  for (const segment of key.slice(0, -1)) {
    table = (table as Record<string, unknown>)[segment]
    if (typeof table !== 'object' || table === null || Array.isArray(table))
      throw new CliError(notFound)
  }
  const last = key.at(-1)!
  const t = table as Record<string, unknown>
  if (!Object.hasOwn(t, last)) throw new CliError(notFound)
  return [t, last]
}

/** A value as TOML writes it (`"text"`, `true`, `10`, `["a"]`). */
function tomlValue(value: unknown): string {
  return stringify({ v: value }).replace(/^v = /, '').trimEnd()
}

/** Upstream's rule for the new value: TOML if it parses as a value, else the text as a string. */
function parseValue(input: string): unknown {
  try {
    return parse(`v = ${input}`).v
  } catch {
    return input
  }
}

async function getValue(g: GlobalFlags, name: string, keyText: string): Promise<void> {
  const { text } = await configFile(g, name, 'failed to load config')
  // Upstream's get names the key as it was given (`key "api.enabled" not found`).
  const [table, last] = locate(
    parse(text),
    keyText.split('.'),
    `key ${JSON.stringify(keyText)} not found`,
  )
  process.stdout.write(`${tomlValue(table[last])}\n`)
}

async function setValue(
  g: GlobalFlags,
  name: string,
  keyText: string,
  input: string,
  f: { stdout?: boolean; verbose?: boolean; skipValidate?: boolean },
): Promise<void> {
  const { path, text } = await configFile(g, name, 'loading config')
  const key = keyText.split('.')
  const doc = parse(text)
  // Upstream's set runs one confix plan step; -v logs it on stderr as tomledit's tab-aligned
  // `[1] <step> | OK` (or `| FAILED: <error>`), and a failed step is `updating "<path>": <error>`.
  const step = `[1] update ${quoted(key)}=${JSON.stringify(input)} in ${path}`
  let table: Record<string, unknown>
  let last: string
  try {
    ;[table, last] = locate(doc, key, `key ${quoted(key)} not found`)
  } catch (err) {
    if (f.verbose) process.stderr.write(`${step} | FAILED: ${(err as Error).message}\n`)
    throw new CliError(`updating ${JSON.stringify(path)}: ${(err as Error).message}`)
  }
  table[last] = parseValue(input)
  // The file's comments, order and spacing stay; only the value changes.
  const updated = patch(text, doc)
  if (f.verbose) process.stderr.write(`${step} | OK\n`)
  if (f.stdout) {
    process.stdout.write(updated)
    return
  }
  await writeFileAtomic(path, updated)
  if (f.skipValidate) return
  // The home must still load as a node and a client read it; else the file goes back as it was.
  try {
    await loadHome(g.home)
    await readHomeRecord(g.home)
  } catch (err) {
    await writeFile(path, text)
    throw new CliError(
      `the updated config is invalid (${(err as Error).message}); ${path} was left as it was`,
    )
  }
}

async function view(g: GlobalFlags, name: string, f: { outputFormat: string }): Promise<void> {
  const { text } = await configFile(g, name)
  if (f.outputFormat === 'toml') {
    // Upstream prints the file with cobra's Println: its text, then a newline.
    process.stdout.write(`${text}\n`)
    return
  }
  if (f.outputFormat !== 'json')
    throw new CliError(
      `unsupported output format ${JSON.stringify(f.outputFormat)}: use toml or json`,
    )
  // Upstream decodes the file into Go maps and encodes them with a two-space indent: every
  // table's keys in name order, `<`, `>` and `&` escaped as Go's encoder does.
  const sorted = (_k: string, v: unknown) => {
    if (typeof v === 'bigint') return Number(v)
    if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof Date) return v
    const o = v as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    )
  }
  process.stdout.write(`${goJsonStringify(JSON.parse(JSON.stringify(parse(text), sorted)), 2)}\n`)
}

/** `sdkd config get|set|view|home`. */
export function registerConfig(program: Command, globals: () => GlobalFlags): void {
  const config = program
    .command('config')
    .description("utilities for managing the home's configuration files (app, config, client)")
  config
    .command('get')
    .argument('<config>', 'the config file without .toml: app, config or client')
    .argument('<key>', 'the key, dotted (api.enable)')
    .description('get an application config value')
    .action((name: string, key: string) => getValue(globals(), name, key))
  config
    .command('set')
    .argument('<config>', 'the config file without .toml: app, config or client')
    .argument('<key>', 'the key, dotted (api.enable)')
    .argument('<value>', 'the value: a TOML value, else a string')
    .description(
      'set an application config value; the file keeps its comments and layout, and must still load',
    )
    .option('--stdout', 'print the updated config to stdout')
    .option('-v, --verbose', 'log changes to stderr')
    .option(
      '-s, --skip-validate',
      'skip configuration validation (allows to mutate unknown configurations)',
    )
    .action((name: string, key: string, value: string, f) =>
      setValue(globals(), name, key, value, f),
    )
  config
    .command('view')
    .argument('<config>', 'the config file without .toml: app, config or client')
    .description('view the config file')
    .option('--output-format <format>', 'output format (json|toml)', 'toml')
    .action((name: string, f: { outputFormat: string }) => view(globals(), name, f))
  config
    .command('home')
    .description('outputs the folder used as the binary home')
    .action(() => {
      process.stdout.write(`${homePaths(globals().home).home}\n`)
    })
}
