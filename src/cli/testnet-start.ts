import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidArgumentError } from 'commander'
import { homePaths } from '../config/paths.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'
import { type RunnerNode, runNodes } from './testnet-runner.js'

/** The CLI entry point every node runs: this build's `main.js`, next to this file. */
const MAIN = fileURLToPath(new URL('./main.js', import.meta.url))

/** How long a node may take to stop (CometBFT's clean stop included) before it is killed. */
export const NODE_STOP_GRACE_MS = 30_000

/** The flags of `sdkd testnet start`. */
export interface TestnetStartFlags {
  outputDir: string
  nodes?: number[]
  nodeDirPrefix: string
  nodeDaemonHome: string
}

/** What each node runs after the global flags: its home's `sdkd start` under CometBFT. */
export const NODE_START_ARGS: readonly string[] = ['start', '--consensus', 'cometbft']

/** `--nodes 0,2,3`: node indexes, comma-separated, each once. */
export function nodeIndexesArg(value: string): number[] {
  const out: number[] = []
  for (const p of value.split(',').map((x) => x.trim())) {
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(Number(p)))
      throw new InvalidArgumentError('expected node indexes, comma-separated, such as 0,1,2,3')
    const i = Number(p)
    if (out.includes(i)) throw new InvalidArgumentError(`node ${i} is named twice`)
    out.push(i)
  }
  return out
}

/** A node of the network: its name (`node2`) and home. */
export interface TestnetNode {
  name: string
  home: string
}

/**
 * The homes `sdkd testnet init-files` wrote under the output directory: the ones `--nodes` names
 * (each must exist), else every `<prefix><i>` with a home inside, by index.
 */
export async function testnetNodes(f: TestnetStartFlags): Promise<TestnetNode[]> {
  const out = resolve(f.outputDir)
  const nodeAt = (i: number): TestnetNode => ({
    name: `${f.nodeDirPrefix}${i}`,
    home: join(out, `${f.nodeDirPrefix}${i}`, f.nodeDaemonHome),
  })
  const isHome = (n: TestnetNode) => existsSync(homePaths(n.home).configToml)
  if (f.nodes !== undefined) {
    const nodes = f.nodes.map(nodeAt)
    for (const n of nodes)
      if (!isHome(n))
        throw new CliError(
          `${n.name}: ${n.home} is not a node home (no config/config.toml): run sdkd testnet init-files --output-dir ${f.outputDir} first, or leave it out of --nodes`,
        )
    return nodes
  }
  let entries: string[] = []
  try {
    entries = await readdir(out)
  } catch {
    // A missing directory has no nodes: reported below.
  }
  const pattern = new RegExp(`^${f.nodeDirPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`)
  const nodes = entries
    .map((e) => pattern.exec(e)?.[1])
    .filter((i): i is string => i !== undefined && String(Number(i)) === i)
    .map(Number)
    .sort((a, b) => a - b)
    .map(nodeAt)
    .filter(isHome)
  if (nodes.length === 0)
    throw new CliError(
      `no node homes in ${out} (${f.nodeDirPrefix}<i>/${f.nodeDaemonHome}/config/config.toml): run sdkd testnet init-files --output-dir ${f.outputDir} first`,
    )
  return nodes
}

/** The global flags each node gets besides its home: the ones given to `sdkd testnet start`. */
function globalArgs(g: GlobalFlags): string[] {
  return [
    ...(g.logLevel !== undefined ? ['--log_level', g.logLevel] : []),
    ...(g.logFormat !== undefined ? ['--log_format', g.logFormat] : []),
    ...(g.appVersion !== undefined ? ['--app-version', g.appVersion] : []),
  ]
}

/** The process of each node: this sdkd, on the node's home, running `startArgs`. */
export function runnerNodes(
  g: GlobalFlags,
  nodes: readonly TestnetNode[],
  startArgs: readonly string[] = NODE_START_ARGS,
): RunnerNode[] {
  return nodes.map((n) => ({
    name: n.name,
    command: process.execPath,
    args: [...process.execArgv, MAIN, '--home', n.home, ...globalArgs(g), ...startArgs],
  }))
}

/** `sdkd testnet start`: runs the network's nodes until a stop signal or a node's end; the exit code. */
export async function runTestnetStart(g: GlobalFlags, f: TestnetStartFlags): Promise<number> {
  const nodes = await testnetNodes(f)
  return runNodes({
    nodes: runnerNodes(g, nodes),
    stdout: process.stdout,
    stderr: process.stderr,
    killAfterMs: NODE_STOP_GRACE_MS,
  })
}
