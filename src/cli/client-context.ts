import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'
import type { Command } from 'commander'
import type { NodeClient } from '../client/node-client.js'
import type { JsonValue } from '../codec/json.js'
import type { ProtoRegistry } from '../codec/proto.js'
import {
  type ClientConfig,
  defaultClientConfig,
  readClientConfig,
} from '../config/client-config.js'
import { homePaths } from '../config/paths.js'
import { parseTomlFile } from '../config/toml.js'
import { CliError } from './errors.js'
import { pflagIntArg, pflagValueText } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { toYaml } from './yaml.js'

/** What the client commands (`tx …`, `query …`) share: client.toml, the node, the registry. */
export interface ClientContext {
  globals: GlobalFlags
  config: ClientConfig
  registry: ProtoRegistry
  /** The node client (`--node`, else client.toml `node`). */
  node(): NodeClient
  /**
   * The node's own block pace in milliseconds (its `consensus.timeout_commit`, or the time a block
   * takes when longer), from its consensus state; undefined when the node cannot tell.
   */
  nodeBlockTimeMs(): Promise<number | undefined>
}

/** client.toml of the home (defaults when the file does not exist; a broken file is an error). */
export async function readClientToml(home: string): Promise<ClientConfig> {
  const file = homePaths(home).clientToml
  if (!existsSync(file)) return defaultClientConfig('')
  return readClientConfig(
    'config/client.toml',
    parseTomlFile('config/client.toml', await readFile(file, 'utf8')),
  )
}

/**
 * The node a client command asks: `--node`, else client.toml's `node`, with the name a refusal of
 * a bad address gives it (so the user knows which one to fix).
 */
export function nodeTarget(
  flag: string | undefined,
  config: ClientConfig,
): { url: string; urlName: string } {
  return flag !== undefined
    ? { url: flag, urlName: '--node address' }
    : { url: config.node, urlName: 'client.toml node address' }
}

/**
 * Builds the client context of a command from the global flags and its `--node`. The protobuf
 * registry and the client code are loaded here, not at start-up, so commands that need none of it
 * stay cheap.
 */
export async function clientContext(
  globals: GlobalFlags,
  nodeFlag: string | undefined,
  /** client.toml, when the command has read it already. */
  clientToml?: ClientConfig,
): Promise<ClientContext> {
  const config = clientToml ?? (await readClientToml(globals.home))
  const [{ protoRegistry }, { createNodeClient }] = await Promise.all([
    import('../codec/proto.js'),
    import('../client/node-client.js'),
  ])
  const registry = protoRegistry()
  let client: NodeClient | undefined
  const node = () => {
    client ??= createNodeClient({ ...nodeTarget(nodeFlag, config), registry })
    return client
  }
  return {
    globals,
    config,
    registry,
    node,
    async nodeBlockTimeMs() {
      // The node's round start (CometBFT consensus_state: last commit + timeout_commit) less the
      // latest block's time is its configured pace; nothing usable after a time jump or without
      // a scheduled block.
      try {
        const state = (await node().call('consensus_state', {})) as {
          round_state?: { start_time?: string }
        }
        const { latestBlockTime } = await node().status()
        const start = state.round_state?.start_time
        if (!start || latestBlockTime === undefined) return undefined
        const { parseRfc3339 } = await import('../codec/time.js')
        const ms = Number(parseRfc3339(start) - latestBlockTime) / 1e6
        return ms > 0 && ms < 3_600_000 ? ms : undefined
      } catch {
        return undefined // a node without consensus_state only loses the hint
      }
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

/**
 * Upstream's calcTotalPages (types/result.go), in Go's integer arithmetic: none without results or
 * a limit; a limit below 0 (query blocks passes it through) gives what Go's division gives.
 */
function totalPages(total: number, limit: number): number {
  if (total === 0 || limit === 0) return 0
  const whole = Math.trunc(total / limit)
  return total % limit > 0 ? whole + 1 : whole
}

/**
 * One page of a search as upstream prints it (SearchTxsResult, SearchBlocksResult): its counts as
 * JSON strings, then the page's items under `key`.
 */
export function searchResultJson(
  key: 'txs' | 'blocks',
  items: JsonValue[],
  total: number,
  page: number,
  limit: number,
): JsonValue {
  return {
    total_count: String(total),
    count: String(items.length),
    page_number: String(page),
    page_total: String(totalPages(total, limit)),
    limit: String(limit),
    [key]: items,
  }
}

/** The client library's errors, by class name (the CLI loads that code only when a command needs it). */
const CLIENT_ERRORS = new Set([
  'NodeClientError',
  'KeyringError',
  'TxBuildError',
  'JsonMappingError',
])

/** Turns the client library's errors into CLI errors (`Error: <message>`, exit 1). */
export async function withClientErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof Error && CLIENT_ERRORS.has(err.name)) throw new CliError(err.message)
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

/** What stdin gave beyond the lines read so far (decoded as it comes, whatever the chunks split). */
let pending = ''
const stdinText = new StringDecoder('utf8')

/**
 * The next line of stdin (without its newline), or what is left at its end; undefined when none.
 * Lines beyond it stay for the next call (a command may ask twice: an answer, then a y/N).
 */
export function nextStdinLine(): Promise<string | undefined> {
  const take = (): string | undefined => {
    const at = pending.indexOf('\n')
    if (at < 0) return undefined
    const line = pending.slice(0, at).replace(/\r$/, '')
    pending = pending.slice(at + 1)
    return line
  }
  const rest = (): string | undefined => {
    const line = pending
    pending = ''
    return line === '' ? undefined : line
  }
  const ready = take()
  if (ready !== undefined) return Promise.resolve(ready)
  // Ended already (read to its end by `readInput('-')`, or by an earlier call).
  if (process.stdin.readableEnded) return Promise.resolve(rest())
  return new Promise<string | undefined>((resolve) => {
    const stdin = process.stdin
    // Paused again once a line is in, so an open terminal does not keep the process alive.
    const done = (line: string | undefined) => {
      stdin.off('data', onData)
      stdin.off('end', onEnd)
      stdin.pause()
      resolve(line)
    }
    const onData = (chunk: Buffer) => {
      pending += stdinText.write(chunk)
      const line = take()
      if (line !== undefined) done(line)
    }
    const onEnd = () => {
      pending += stdinText.end()
      done(rest())
    }
    stdin.on('data', onData)
    stdin.on('end', onEnd)
    stdin.resume()
  })
}

/**
 * Reads one line from stdin (undefined at end of input), prompting on stderr when stdin is a
 * terminal (as upstream's input.GetConfirmation: piped answers get no prompt).
 */
export async function readLine(prompt: string): Promise<string | undefined> {
  if (process.stdin.isTTY) process.stderr.write(prompt)
  return nextStdinLine()
}

/**
 * Upstream's input.GetConfirmation: `<prompt> [y/N]: ` on stderr at a terminal, then an answer
 * from stdin, a yes when it starts with y or Y; undefined when stdin ended before any answer.
 */
export async function readConfirmation(prompt: string): Promise<boolean | undefined> {
  const answer = await readLine(`${prompt} [y/N]: `)
  return answer === undefined ? undefined : answer.trim().toLowerCase().startsWith('y')
}

/** Adds `--node` to a command. */
export function nodeOption(cmd: Command): Command {
  return cmd.option(
    '--node <url>',
    'CometBFT RPC address of the node, tcp:// or http:// (default: client.toml node)',
  )
}

/** Flags every query command takes (`--node`, `--height`, `--output`). */
export interface QueryFlags {
  node?: string
  height?: number
  output?: string
}

/** Adds `--node`, `--height` and `--output` to a query command. */
export function addQueryFlags(cmd: Command): Command {
  return cmd
    .option(
      '-n, --node <url>',
      'RPC address of the node (default: client.toml node, else tcp://localhost:26657)',
    )
    .option(
      '--height <height>',
      'query the state at this height (default: the latest)',
      pflagIntArg('int64', 0),
    )
    .option('-o, --output <format>', 'text|json (default: client.toml output, else text)')
}

/** Runs a query method through `abci_query` and prints the response (gateway JSON, or YAML text). */
export async function queryAndPrint(
  globals: GlobalFlags,
  f: QueryFlags,
  method: string,
  request: Record<string, unknown>,
  pick: (json: { [key: string]: JsonValue }) => JsonValue = (json) => json,
): Promise<void> {
  const ctx = await clientContext(globals, f.node)
  const format = outputFormat(f.output, ctx.config, 'text')
  const { type, response } = await ctx.node().query(method, request, f.height ?? 0)
  const { messageToJson } = await import('../codec/json-writer.js')
  printOutput(pick(messageToJson(ctx.registry, type, response)), format)
}

/**
 * An address argument or flag of a query upstream's autocli makes (its address flag type), read
 * before anything is sent: a key name of the client's keyring first (client.toml's backend), taken
 * as its account address, or as that account's operator address for a validator's; else a bech32
 * address of that kind. Refused as autocli's flag refuses it, named by position (`"--0"`) or flag:
 * `invalid argument "x" for "--0" flag: invalid account address or key name: <the codec's error>`.
 */
export async function addressArg(
  g: GlobalFlags,
  text: string,
  flag: string,
  kind: 'account' | 'validator' = 'account',
): Promise<string> {
  const { addressErrorText, addressToBech32, bech32ToAddress } = await import('../codec/address.js')
  const { brand } = await import('../codec/brand.js')
  const { bech32 } = brand()
  const prefix = kind === 'validator' ? bech32.validator : bech32.account
  const key = await keyNamed(g, text)
  if (key !== undefined) return addressToBech32(bech32ToAddress(key.address), prefix)
  try {
    return addressToBech32(bech32ToAddress(text, prefix), prefix)
  } catch (err) {
    throw new CliError(
      pflagValueText(text, flag, `invalid account address or key name: ${addressErrorText(err)}`),
    )
  }
}

/**
 * The key of that name in the client's keyring, if it has one (autocli's LookupAddressByKeyName).
 * The keyring is opened here, not through keys-io's `keyringFor`, whose module brings the key
 * commands' code (and the RPC's JSON helpers) into the client bundle.
 */
async function keyNamed(g: GlobalFlags, name: string) {
  if (name === '' || /[/\\]/.test(name)) return undefined
  const { Keyring } = await import('../client/keyring.js')
  try {
    const kr = Keyring.open(g.home, (await readClientToml(g.home)).keyringBackend || 'test')
    return kr.has(name) ? await kr.record(name) : undefined
  } catch {
    // No keyring to read (another backend, no home): autocli's NoKeyring finds no name either.
    return undefined
  }
}
