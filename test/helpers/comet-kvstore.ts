import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'smol-toml'
import { expect } from 'vitest'
import type { Cleanups } from './cleanup.js'
import { runTool } from './run-tool.js'
import { freePort, heightAtLeast, startProcess } from './sdkd.js'
import { tempDir } from './temp-dir.js'

/**
 * A real `cometbft start --proxy_app kvstore` (`cometbft` the binary's path) on loopback, in a fresh
 * home of one validator, for a test that compares sdkd's RPC with CometBFT's; its RPC port once it
 * has made a block. Its home and process go with `cleanups`. `rpc` is set in its config.toml's
 * `[rpc]` before it starts.
 */
export async function startKvstoreComet(
  cometbft: string,
  cleanups: Cleanups,
  rpc: Record<string, unknown> = {},
): Promise<number> {
  const { dir, cleanup } = await tempDir('comet-kvstore-')
  cleanups.push(cleanup)
  const init = await runTool(cometbft, ['init', '--home', dir])
  expect(init.code, init.stderr).toBe(0)
  if (Object.keys(rpc).length > 0) {
    const file = join(dir, 'config/config.toml')
    const doc = parse(await readFile(file, 'utf8')) as { rpc: Record<string, unknown> }
    Object.assign(doc.rpc, rpc)
    await writeFile(file, stringify(doc))
  }
  const rpcPort = await freePort()
  const node = startProcess(cometbft, [
    'start',
    '--home',
    dir,
    '--proxy_app',
    'kvstore',
    '--rpc.laddr',
    `tcp://127.0.0.1:${rpcPort}`,
    '--p2p.laddr',
    `tcp://127.0.0.1:${await freePort()}`,
  ])
  cleanups.push(async () => void (await node.stop('SIGKILL')))
  await heightAtLeast(rpcPort, 1, 20_000)
  return rpcPort
}
