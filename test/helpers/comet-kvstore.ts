import { expect } from 'vitest'
import type { Cleanups } from './cleanup.js'
import { runTool } from './run-tool.js'
import { freePort, heightAtLeast, startProcess } from './sdkd.js'
import { tempDir } from './temp-dir.js'

/**
 * A real `cometbft start --proxy_app kvstore` (`cometbft` the binary's path) on loopback, in a fresh
 * home of one validator, for a test that compares sdkd's RPC with CometBFT's; its RPC port once it
 * has made a block. Its home and process go with `cleanups`.
 */
export async function startKvstoreComet(cometbft: string, cleanups: Cleanups): Promise<number> {
  const { dir, cleanup } = await tempDir('comet-kvstore-')
  cleanups.push(cleanup)
  const init = await runTool(cometbft, ['init', '--home', dir])
  expect(init.code, init.stderr).toBe(0)
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
