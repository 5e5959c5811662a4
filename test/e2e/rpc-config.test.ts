import { readFile, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { parse, stringify } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome, startDevnetNode } from '../helpers/devnet.js'
import {
  boundPorts,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'

/**
 * What a node does with `[rpc] max_open_connections`, `timeout_broadcast_tx_commit` and `unsafe`
 * (config.toml), `[api] max-open-connections` (app.toml) and CometBFT's node flags, on a real
 * `sdkd start`.
 */

const cleanups = cleanupAfterEach()

/** Sets fields of one of a home's TOML files. */
async function edit(home: string, file: string, section: string, fields: Record<string, unknown>) {
  const path = join(home, 'config', file)
  const doc = parse(await readFile(path, 'utf8')) as Record<string, Record<string, unknown>>
  Object.assign(doc[section]!, fields)
  await writeFile(path, stringify(doc))
}

/** A GET of `path` on its own connection, or on `agent`'s; the answer's status. */
function get(port: number, path: string, agent: Agent | false = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A bank send of `amount` from alice to bob, signed for the node at `rpc`: the tx bytes, base64. */
async function signedSend(home: DevnetHome, rpc: string, amount: string): Promise<string> {
  const sdkd = async (args: string[]) => {
    const r = await runSdkd(['--home', home.dir, ...args])
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }
  const unsigned = join(home.dir, 'unsigned.json')
  await writeFile(
    unsigned,
    await sdkd([
      ...['tx', 'bank', 'send', 'alice', home.accounts.bob!.address, amount],
      ...['--generate-only', '--fees', '1stake'],
    ]),
  )
  const signed = join(home.dir, 'signed.json')
  await writeFile(signed, await sdkd(['tx', 'sign', unsigned, '--from', 'alice', '--node', rpc]))
  return (await sdkd(['tx', 'encode', signed])).trim()
}

describe('[rpc] and [api] settings on a running node', () => {
  test('behavior: with [rpc] max_open_connections = 1 and [api] max-open-connections = 1, a second connection waits until the first closes, then is answered', async () => {
    const home = await createDevnetHome('rpc-limits')
    cleanups.push(home.cleanup)
    await edit(home.dir, 'config.toml', 'rpc', { max_open_connections: 1 })
    await edit(home.dir, 'app.toml', 'api', { 'max-open-connections': 1 })
    const node = await startDevnetNode(home, 'v2')
    cleanups.push(() => node.p.stop())
    for (const [port, path] of [
      [node.rpcPort, '/health'],
      [node.apiPort, '/sdk/bank/v1beta1/params'],
    ] as const) {
      // One kept-alive connection holds the only place.
      const first = new Agent({ keepAlive: true, maxSockets: 1 })
      expect(await get(port, path, first)).toBe(200)
      let second: number | undefined
      const waiting = get(port, path).then((status) => {
        second = status
      })
      // The second connection is accepted but not read while the first stays open.
      await new Promise((r) => setTimeout(r, 500))
      expect({ port, second }).toEqual({ port, second: undefined })
      first.destroy()
      await waiting
      expect({ port, second }).toEqual({ port, second: 200 })
    }
  })

  test('error: with [rpc] timeout_broadcast_tx_commit = "0s" broadcast_tx_commit gives up at once; the tx is still included', async () => {
    const home = await createDevnetHome('rpc-timeout')
    cleanups.push(home.cleanup)
    await edit(home.dir, 'config.toml', 'rpc', { timeout_broadcast_tx_commit: '0s' })
    const node = await startDevnetNode(home, 'v2')
    cleanups.push(() => node.p.stop())
    const tx = await signedSend(home, node.rpc, '1stake')
    const reply = await rpcCall(node.rpcPort, 'broadcast_tx_commit', { tx })
    expect(reply.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'timed out waiting for tx to be included in a block',
    })
    // As CometBFT's: the tx passed CheckTx, so it stays in the mempool and a block includes it.
    const hash = Buffer.from(
      await crypto.subtle.digest('SHA-256', Buffer.from(tx, 'base64')),
    ).toString('base64')
    const found = await waitFor(async () => (await rpcCall(node.rpcPort, 'tx', { hash })).result)
    expect(found.tx_result.code).toBe(0)
  })

  test('behavior: [rpc] unsafe (or --rpc.unsafe) serves unsafe_flush_mempool: the pool and its cache emptied, the senders’ sequences kept until the next block, as CometBFT and the app’s check state do; off, it is no route', async () => {
    const home = await createDevnetHome('rpc-unsafe')
    cleanups.push(home.cleanup)
    const off = await startDevnetNode(home, 'v2')
    expect((await rpcCall(off.rpcPort, 'unsafe_flush_mempool', {})).error).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    await off.p.stop()
    const node = await startDevnetNode(home, 'v2', '200ms', ['--rpc.unsafe'])
    cleanups.push(() => node.p.stop())
    expect((await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })).result?.mode).toBe(
      'manual',
    )
    const tx = await signedSend(home, node.rpc, '1stake')
    const broadcast = () => rpcCall(node.rpcPort, 'broadcast_tx_sync', { tx })
    expect((await broadcast()).result.code).toBe(0)
    expect((await rpcCall(node.rpcPort, 'num_unconfirmed_txs', {})).result.n_txs).toBe('1')
    expect((await broadcast()).error.data).toBe('tx already exists in cache')
    expect(await rpcCall(node.rpcPort, 'unsafe_flush_mempool', {})).toMatchObject({ result: {} })
    expect((await rpcCall(node.rpcPort, 'num_unconfirmed_txs', {})).result.n_txs).toBe('0')
    // The cache is empty, but the check state still holds the flushed tx's sequence.
    const again = (await broadcast()).result
    expect([again.code, again.codespace]).toEqual([32, 'sdk'])
    // The next block renews the check state: the same tx is taken and included.
    await rpcCall(node.rpcPort, 'dev_mine', { blocks: 1 })
    expect((await broadcast()).result.code).toBe(0)
    await rpcCall(node.rpcPort, 'dev_mine', { blocks: 1 })
    const hash = Buffer.from(await crypto.subtle.digest('SHA-256', Buffer.from(tx, 'base64')))
    const found = await rpcCall(node.rpcPort, 'tx', { hash: hash.toString('base64') })
    expect(found.result.tx_result.code).toBe(0)
  })

  test('behavior: CometBFT’s node flags --moniker and --p2p.laddr (or SDKD_MONIKER) override config.toml, as /status shows', async () => {
    const home = await createDevnetHome('node-flags')
    cleanups.push(home.cleanup)
    const node = await startDevnetNode(home, 'v2', '200ms', [
      ...['--moniker', 'flagged-node', '--p2p.laddr', 'tcp://0.0.0.0:36656'],
    ])
    const status = (await rpcCall(node.rpcPort, 'status', {})).result
    expect([status.node_info.moniker, status.node_info.listen_addr]).toEqual([
      'flagged-node',
      'tcp://0.0.0.0:36656',
    ])
    await node.p.stop()
    const p = startSdkd(['--home', home.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false'], {
      env: { ...process.env, SDKD_MONIKER: 'from-env' },
    })
    cleanups.push(() => p.stop())
    const { rpcPort } = await boundPorts(p)
    expect((await rpcCall(rpcPort, 'status', {})).result.node_info.moniker).toBe('from-env')
  })
})
