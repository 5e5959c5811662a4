import { writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { parse, patch } from '@decimalturn/toml-patch'
import type { Command } from 'commander'
import { defaultAppConfig, readAppConfig, renderAppToml } from '../config/app-config.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import { defaultClientConfig, readClientConfig, renderClientToml } from '../config/client-config.js'
import { type LoadedHome, loadHome } from '../config/home.js'
import { readHomeRecord } from '../config/home-record.js'
import { parseListenAddress } from '../config/listen-address.js'
import { defaultNodeConfig, readNodeConfig, renderConfigToml } from '../config/node-config.js'
import { homePaths } from '../config/paths.js'
import { parseTomlFile } from '../config/toml.js'
import { pruningOf } from '../node/node-config.js'
import { goJsonStringify } from '../server/rpc/go-json.js'
import { parseDecCoins } from '../tx/fees.js'
import { configDoc, diffLine, diffValues } from './config-diff.js'
import { migrateText, stepLines } from './config-migrate.js'
import { parseConfig, readConfigText, tomlValue } from './config-toml.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'
import { plannedListeners } from './start-prepare.js'

// `sdkd config …`, as upstream's confix commands in simd v0.50 (tools/confix/cmd): a config file of
// the home named without `.toml` (app, config, client), a key as a dotted path (`api.enable`).
// `diff` and `migrate` compare a file with the defaults of a target version. sdkd's files follow SDK
// v0.50 and CometBFT v0.38, so `v0.50` is its one target, and its defaults are the files `sdkd init`
// writes (without --devnet). Upstream compares every file with app.toml's defaults; sdkd compares
// config.toml and client.toml with their own.

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
  return { path, text: await readConfigText(path, failure) }
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

/** Upstream's rule for the new value: TOML if it parses as a value, else the text as a string. */
function parseValue(input: string): unknown {
  try {
    return parse(`v = ${input}`).v
  } catch {
    return input
  }
}

/**
 * After upstream's `not found`: when sdkd's defaults have the key, the file was written before it
 * was (an older home), and `config migrate` adds it.
 */
function migrateHint(path: string, key: string[]): string {
  const kind = configKind(path)
  if (kind === 'unknown') return ''
  try {
    locate(parse(defaultConfigText(kind)), key, '')
  } catch {
    return ''
  }
  return `; the file predates this key: \`sdkd config migrate v0.50 ${path}\` adds it with its default`
}

async function getValue(g: GlobalFlags, name: string, keyText: string): Promise<void> {
  const { path, text } = await configFile(g, name, 'failed to load config')
  // Upstream's get names the key as it was given (`key "api.enabled" not found`).
  const key = keyText.split('.')
  const [table, last] = locate(
    parse(text),
    key,
    `key ${JSON.stringify(keyText)} not found${migrateHint(path, key)}`,
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
    throw new CliError(
      `updating ${JSON.stringify(path)}: ${(err as Error).message}${migrateHint(path, key)}`,
    )
  }
  const current = table[last]
  if (
    typeof current === 'object' &&
    current !== null &&
    !Array.isArray(current) &&
    !(current instanceof Date)
  ) {
    const error = `${quoted(key)} is a table, not a value: set one of its keys (${keyText}.${Object.keys(current)[0] ?? '…'})`
    if (f.verbose) process.stderr.write(`${step} | FAILED: ${error}\n`)
    throw new CliError(`updating ${JSON.stringify(path)}: ${error}`)
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
    checkStartSettings(await loadHome(g.home))
    await readHomeRecord(g.home)
  } catch (err) {
    await writeFile(path, text)
    throw new CliError(
      `the updated config is invalid (${(err as Error).message}); ${path} was left as it was`,
    )
  }
}

/**
 * What a start checks of the files beyond their types, as the start checks them: the pruning
 * settings, the minimum gas prices, the listen addresses of the servers that are on (a value of the
 * right type that no start accepts is refused here too).
 */
function checkStartSettings(home: LoadedHome): void {
  pruningOf(home)
  try {
    parseDecCoins(home.app.minimumGasPrices)
  } catch (err) {
    throw new CliError(`config/app.toml: minimum-gas-prices: ${(err as Error).message}`)
  }
  plannedListeners(home, {})
  if (home.node.instrumentation.prometheus)
    parseListenAddress(home.node.instrumentation.prometheusListenAddr, {
      file: 'config/config.toml',
      field: 'instrumentation.prometheus_listen_addr',
    })
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

/** The target versions sdkd has defaults for. */
const CONFIG_VERSIONS = ['v0.50'] as const

/** Which file a path is, by its name's ending (upstream's CheckValid's rule). */
type ConfigKind = 'app' | 'config' | 'client' | 'unknown'

function configKind(path: string): ConfigKind {
  if (path.endsWith('app.toml')) return 'app'
  if (path.endsWith('client.toml')) return 'client'
  if (path.endsWith('config.toml')) return 'config'
  return 'unknown'
}

/** The default text of a kind of file (an unknown one is compared with app.toml's, as upstream). */
function defaultConfigText(kind: ConfigKind): string {
  if (kind === 'config') return renderConfigToml(defaultNodeConfig(hostname()))
  if (kind === 'client') return renderClientToml(defaultClientConfig(''))
  return renderAppToml(defaultAppConfig())
}

/** Upstream's CheckValid, with sdkd's own readers (config.toml's too). */
function checkValid(path: string, text: string): void {
  const kind = configKind(path)
  if (kind === 'unknown') throw new CliError(`unknown config: ${path}`)
  const data = parseTomlFile(path, text)
  if (kind === 'app') readAppConfig(path, data)
  else if (kind === 'config') readNodeConfig(path, data)
  else if (readClientConfig(path, data).chainId === '') {
    throw new CliError('client config invalid: chain-id is empty')
  }
}

function checkVersion(version: string): void {
  if ((CONFIG_VERSIONS as readonly string[]).includes(version)) return
  const known = CONFIG_VERSIONS.map((v) => JSON.stringify(v)).join(' ')
  throw new CliError(
    `unknown version ${JSON.stringify(version)}, supported versions are: [${known}]`,
  )
}

async function diff(g: GlobalFlags, version: string, path: string | undefined): Promise<void> {
  const file = path ?? homePaths(g.home).appToml
  checkVersion(version)
  const text = await readConfigText(file, 'failed to load config')
  const lines = diffValues(
    configDoc(parseConfig(text, 'failed to load config')),
    configDoc(parseConfig(defaultConfigText(configKind(file)), 'the defaults')),
  )
  if (lines.length === 0) {
    process.stdout.write('All config values are the same as the defaults.\n')
    return
  }
  process.stdout.write('The following config values are different from the defaults:\n')
  process.stdout.write(lines.map((d) => `${diffLine(d)}\n`).join(''))
}

async function migrate(
  g: GlobalFlags,
  version: string,
  path: string | undefined,
  f: { stdout?: boolean; verbose?: boolean; skipValidate?: boolean },
): Promise<void> {
  const file = path ?? homePaths(g.home).appToml
  checkVersion(version)
  const text = await readConfigText(file, 'failed to load config')
  try {
    const { text: next, steps } = migrateText(text, defaultConfigText(configKind(file)), file)
    if (f.verbose) process.stderr.write(stepLines(steps))
    if (!f.skipValidate) {
      try {
        checkValid(file, next)
      } catch (err) {
        throw new CliError(`updated config is invalid: ${(err as Error).message}`)
      }
    }
    if (f.stdout) process.stdout.write(next)
    else if (next !== text) await writeFileAtomic(file, next)
  } catch (err) {
    throw new CliError(`failed to migrate config: ${(err as Error).message}`)
  }
}

/** `sdkd config get|set|view|home|diff|migrate`. */
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
  config
    .command('diff')
    .argument(
      '<target-version>',
      `the version whose defaults to compare with: ${CONFIG_VERSIONS.join(', ')}`,
    )
    .argument('[app-toml-path]', 'the file (default: the home’s config/app.toml)')
    .description(
      'outputs all config values that are different from the defaults (config.toml and client.toml against their own)',
    )
    .action((version: string, path: string | undefined) => diff(globals(), version, path))
  config
    .command('migrate')
    .argument('<target-version>', `the version to migrate to: ${CONFIG_VERSIONS.join(', ')}`)
    .argument('[app-toml-path]', 'the file (default: the home’s config/app.toml)')
    .description(
      'migrate a config file to the version’s keys: adds the keys and tables it lacks (with their default values and comments), removes those the version has not; every other line stays',
    )
    .option('--stdout', 'print the updated config to stdout')
    .option('--verbose', 'log changes to stderr')
    .option(
      '--skip-validate',
      'skip configuration validation (allows to migrate unknown configurations)',
    )
    .action((version: string, path: string | undefined, f) => migrate(globals(), version, path, f))
}
