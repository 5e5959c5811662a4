import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'smol-toml'
import { freePort, getJson, type SdkdProcess, startSdkd, waitFor } from './sdkd.js'
import { requireUpstreamTool } from './upstream-tools.js'

/** The pinned cometbft the tests run sdkd under (skipped, with the reason printed, when missing). */
export const COMETBFT = requireUpstreamTool('cometbft', 'CometBFT engine tests')

/** A node running under CometBFT: sdkd's process (with cometbft as its child) and its ports. */
export interface CometNode {
  p: SdkdProcess
  /** CometBFT's RPC. */
  rpcPort: number
  /** sdkd's REST API. */
  api: string
  apiPort: number
}

/**
 * Points a home's config.toml at free loopback ports for CometBFT (RPC, p2p), lets the ABCI server
 * bind port 0, turns metrics off (or on, at `metricsPort`) and sets short consensus timeouts; returns
 * the RPC port.
 */
export async function configureCometHome(
  home: string,
  o: { timeoutCommit?: string; metricsPort?: number } = {},
): Promise<{ rpcPort: number; p2pPort: number }> {
  const file = join(home, 'config/config.toml')
  const doc = parse(await readFile(file, 'utf8')) as Record<string, any>
  const rpcPort = await freePort()
  const p2pPort = await freePort()
  doc.proxy_app = 'tcp://127.0.0.1:0'
  doc.rpc.laddr = `tcp://127.0.0.1:${rpcPort}`
  doc.p2p.laddr = `tcp://127.0.0.1:${p2pPort}`
  doc.instrumentation.prometheus = o.metricsPort !== undefined
  if (o.metricsPort !== undefined)
    doc.instrumentation.prometheus_listen_addr = `127.0.0.1:${o.metricsPort}`
  doc.consensus.timeout_commit = o.timeoutCommit ?? '100ms'
  doc.consensus.timeout_propose = '1s'
  await writeFile(file, stringify(doc))
  return { rpcPort, p2pPort }
}

/**
 * Starts `sdkd start --consensus cometbft` on a configured home; resolves once REST serves. `env`
 * is added to sdkd's environment, which sdkd passes on to cometbft (e.g. `FAIL_TEST_INDEX`).
 */
export async function startCometNode(
  home: string,
  rpcPort: number,
  extra: string[] = [],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<CometNode> {
  const p = startSdkd(cometStartArgs(home, extra), options)
  const line = await p.waitForLog((l) => l.msg === 'serving REST API', 60_000)
  const apiPort = Number(/:(\d+)$/.exec(String(line.address))![1])
  return { p, rpcPort, apiPort, api: `http://127.0.0.1:${apiPort}` }
}

/** The arguments of `sdkd start --consensus cometbft` on a home, as `startCometNode` runs it. */
export function cometStartArgs(home: string, extra: string[] = []): string[] {
  return [
    '--home',
    home,
    'start',
    '--consensus',
    'cometbft',
    '--cometbft-bin',
    COMETBFT.path!,
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
    ...extra,
  ]
}

/** CometBFT's latest height on `rpcPort` (undefined while its RPC is not up). */
export async function cometHeight(rpcPort: number): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${rpcPort}/status`)
    const body = (await res.json()) as any
    return Number(body.result.sync_info.latest_block_height)
  } catch {
    return undefined
  }
}

/** Waits until CometBFT's height on `rpcPort` is at least `min`. */
export function cometHeightAtLeast(rpcPort: number, min: number, timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const h = await cometHeight(rpcPort)
      return h !== undefined && h >= min ? h : undefined
    },
    timeoutMs,
    `CometBFT height ${min} on port ${rpcPort}`,
  )
}

/** CometBFT's JSON-RPC result over GET (`/block?height=3`); an error answer throws. */
export async function comet(rpcPort: number, path: string): Promise<any> {
  const { body } = await getJson(`http://127.0.0.1:${rpcPort}${path}`)
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body)}`)
  return body.result
}
