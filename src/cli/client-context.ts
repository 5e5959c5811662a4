import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import type { Command } from 'commander'
import { parse as parseToml } from 'smol-toml'
import { KeyringError } from '../client/keyring.js'
import { createNodeClient, type NodeClient, NodeClientError } from '../client/node-client.js'
import { TxBuildError } from '../client/tx-builder.js'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { JsonMappingError, type JsonValue, messageToJson } from '../codec/json.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import {
  type ClientConfig,
  defaultClientConfig,
  readClientConfig,
} from '../config/client-config.js'
import { ConfigError } from '../config/fields.js'
import { homePaths } from '../config/home.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start.js'
import { toYaml } from './yaml.js'

/** What the client commands (`tx …`, `query …`) share: client.toml, the node, the registry. */
export interface ClientContext {
  globals: GlobalFlags
  config: ClientConfig
  registry: ProtoRegistry
  /** The node client (`--node`, else client.toml `node`). */
  node(): NodeClient
}

/** client.toml of the home (defaults when the file does not exist; a broken file is an error). */
export async function readClientToml(home: string): Promise<ClientConfig> {
  const file = homePaths(home).clientToml
  if (!existsSync(file)) return defaultClientConfig('')
  let data: Record<string, unknown>
  try {
    data = parseToml(await readFile(file, 'utf8')) as Record<string, unknown>
  } catch (err) {
    throw new ConfigError(
      'config/client.toml',
      '',
      `invalid TOML: ${(err as Error).message.split('\n')[0]}`,
    )
  }
  return readClientConfig('config/client.toml', data)
}

/** Builds the client context of a command from the global flags and its `--node`. */
export async function clientContext(
  globals: GlobalFlags,
  nodeFlag: string | undefined,
): Promise<ClientContext> {
  const config = await readClientToml(globals.home)
  const registry = protoRegistry()
  let client: NodeClient | undefined
  return {
    globals,
    config,
    registry,
    node() {
      client ??= createNodeClient({ url: nodeFlag ?? config.node, registry })
      return client
    },
  }
}

/** The `--output` format: the flag, else client.toml's `output`, else the command's default. */
export function outputFormat(
  flag: string | undefined,
  config: ClientConfig,
  fallback: 'json' | 'text',
): 'json' | 'text' {
  const o = flag ?? (config.output || fallback)
  if (o !== 'json' && o !== 'text')
    throw new CliError(`unsupported output format ${JSON.stringify(o)}: use text or json`)
  return o
}

/** Prints a JSON value as upstream does: compact JSON, or YAML-like text (keys sorted). */
export function printOutput(value: JsonValue, format: 'json' | 'text'): void {
  process.stdout.write(format === 'json' ? `${JSON.stringify(value)}\n` : toYaml(value))
}

/** Turns the client library's errors into CLI errors (`Error: <message>`, exit 1). */
export async function withClientErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (
      err instanceof NodeClientError ||
      err instanceof KeyringError ||
      err instanceof TxBuildError ||
      err instanceof JsonMappingError
    )
      throw new CliError(err.message)
    throw err
  }
}

/** Wraps a command action so library errors print as CLI errors. */
export function clientAction<A extends unknown[]>(
  fn: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return (...args: A) => withClientErrors(() => fn(...args))
}

/** Reads a file's text, `-` meaning stdin. */
export async function readInput(path: string, what: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = []
    for await (const c of process.stdin) chunks.push(c as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    throw new CliError(
      code === 'ENOENT'
        ? `open ${path}: no such file or directory (${what})`
        : `cannot read ${what} ${path}: ${(err as Error).message}`,
    )
  }
}

/** Reads one line from stdin (undefined at end of input), prompting on stderr. */
export async function readLine(prompt: string): Promise<string | undefined> {
  process.stderr.write(prompt)
  const rl = createInterface({ input: process.stdin, terminal: false })
  try {
    for await (const line of rl) return line
    return undefined
  } finally {
    rl.close()
  }
}

/** Adds `--node` to a command. */
export function nodeOption(cmd: Command): Command {
  return cmd.option(
    '--node <url>',
    'CometBFT RPC address of the node, tcp:// or http:// (default: client.toml node)',
  )
}

/** The flags of query commands (`--node`, `--height`, `--output`). */
export interface QueryCommandFlags {
  node?: string
  height?: number
  output?: string
}

/** Runs a query method through `abci_query` and prints the response (gateway JSON, or YAML text). */
export async function queryAndPrint(
  globals: GlobalFlags,
  f: QueryCommandFlags,
  method: string,
  request: Record<string, unknown>,
  pick: (json: { [key: string]: JsonValue }) => JsonValue = (json) => json,
): Promise<void> {
  const ctx = await clientContext(globals, f.node)
  const format = outputFormat(f.output, ctx.config, 'text')
  const { type, response } = await ctx.node().query(method, request, f.height ?? 0)
  printOutput(pick(messageToJson(ctx.registry, type, response)), format)
}

/** A bech32 account address argument, checked before anything is sent. */
export function addressArg(text: string): string {
  try {
    return addressToBech32(bech32ToAddress(text))
  } catch (err) {
    const wraps = (err as { wraps?: readonly string[] }).wraps
    throw new CliError(
      `invalid address ${JSON.stringify(text)}: ${wraps ? [...wraps].reverse().join(': ') : (err as Error).message}`,
    )
  }
}
