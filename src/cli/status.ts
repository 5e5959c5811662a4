import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { homePaths, loadHome } from '../config/home.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start.js'

/** `tcp://host:port` → `http://host:port`. */
export function rpcUrl(node: string): string {
  return node.replace(/^tcp:\/\//, 'http://').replace(/\/+$/, '')
}

/** The node URL: the flag, else client.toml's `node`, else the default. */
export async function nodeUrl(g: GlobalFlags, flag: string | undefined): Promise<string> {
  if (flag) return rpcUrl(flag)
  if (existsSync(homePaths(g.home).clientToml)) {
    try {
      return rpcUrl((await loadHome(g.home)).client.node)
    } catch {
      // A broken home still lets `status --node` work; fall through to the default.
    }
  }
  return 'http://localhost:26657'
}

/** GETs a CometBFT RPC route and returns its `result`. */
export async function rpcGet(base: string, route: string): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(`${base}/${route}`)
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message
    throw new CliError(`cannot reach node at ${base}: ${cause}`)
  }
  const body = (await res.json().catch(() => undefined)) as
    | { result?: unknown; error?: { data?: string; message?: string } }
    | undefined
  if (!body) throw new CliError(`node at ${base} returned HTTP ${res.status} without a JSON body`)
  if (body.error) throw new CliError(body.error.data ?? body.error.message ?? 'RPC error')
  return body.result
}

export function registerStatus(program: Command, globals: () => GlobalFlags): void {
  program
    .command('status')
    .description("print the node's /status (node_info, sync_info, validator_info) as JSON")
    .option(
      '-n, --node <url>',
      'RPC address of the node (default: client.toml node, else tcp://localhost:26657)',
    )
    .action(async (f: { node?: string }) => {
      const g = globals()
      const result = await rpcGet(await nodeUrl(g, f.node), 'status')
      process.stdout.write(`${JSON.stringify(result)}\n`)
    })
}
