import { expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { getJson, heightAtLeast, rpcCall, rpcHeight, runSdkd } from '../helpers/sdkd.js'

/**
 * Ctrl-C during a long `sdkd dev mine`: the node stops within a batch or so of blocks instead of
 * mining the rest of the burst, the client is told how many blocks were mined, and a restart
 * continues from the last committed height with the same blocks.
 */

const cleanups = cleanupAfterEach()

const BURST = 200_000

async function blockAt(url: string, height: number) {
  const r = (await getJson(`${url}/block?height=${height}`)).body
  if (!r.result) throw new Error(`no block ${height}: ${JSON.stringify(r.error)}`)
  return { hash: r.result.block_id.hash, appHash: r.result.block.header.app_hash }
}

test('behavior: SIGINT during `sdkd dev mine 200000` stops the node at once; the client says how many were mined; a restart serves that height', async () => {
  const home = await createDevnetHome('mine-stop')
  cleanups.push(home.cleanup)
  const node = await startDevnetNode(home, 'v2')
  cleanups.push(() => node.p.stop('SIGKILL'))
  const url = `http://127.0.0.1:${node.rpcPort}`
  expect((await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })).result.mode).toBe(
    'manual',
  )
  const before = (await rpcHeight(node.rpcPort))!

  const client = runSdkd(['--home', home.dir, 'dev', 'mine', String(BURST), '--node', node.rpc])
  // Some of the burst is committed (queries are served between its blocks).
  const seen = await heightAtLeast(node.rpcPort, before + 2000, 60_000)
  const early = await blockAt(url, before + 1000)
  const signalled = Date.now()
  node.p.child.kill('SIGINT')
  const exit = await node.p.exited
  const stoppedIn = Date.now() - signalled
  expect(exit.code).toBe(0)
  // Mining the rest of the burst takes tens of seconds; a stop takes one batch and the shutdown.
  expect(stoppedIn).toBeLessThan(5000)

  const r = await client
  const m = /^Error: the node stopped after mining (\d+) of 200000 blocks \(height (\d+)\)\n$/.exec(
    r.stderr,
  )
  expect(m, r.stderr).not.toBeNull()
  expect(r.code).toBe(1)
  expect(r.stdout).toBe('')
  const mined = Number(m![1])
  const last = Number(m![2])
  expect(last).toBe(before + mined)
  expect(last).toBeGreaterThanOrEqual(seen)
  expect(last).toBeLessThan(before + BURST)
  const logs = node.p.logs()
  expect(logs.findLast((l) => l.msg === 'stopped cleanly')).toMatchObject({ height: last })
  const summary = logs.findLast((l) => l.msg === 'mined blocks')
  expect(summary).toMatchObject({ blocks: mined, to: last })

  // The restart continues from that height: the same blocks, and the next block carries the app
  // hash the last mined block committed.
  const again = await startDevnetNode(home, 'v2')
  cleanups.push(() => again.p.stop('SIGKILL'))
  expect(again.p.logs().find((l) => l.msg === 'node started')).toMatchObject({ height: last })
  const url2 = `http://127.0.0.1:${again.rpcPort}`
  expect(await blockAt(url2, before + 1000)).toEqual(early)
  expect((await blockAt(url2, last + 1)).appHash).toBe(summary!.app_hash)
  expect((await again.p.stop('SIGINT')).code).toBe(0)
}, 180_000)
