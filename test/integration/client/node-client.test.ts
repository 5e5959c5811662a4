import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeClient, NodeClientError } from '../../../src/client/node-client.js'
import { toBase64 } from '../../../src/codec/bytes.js'
import { txHashHex } from '../../../src/codec/hash.js'
import { protoRegistry } from '../../../src/codec/proto.js'
import { createRpcApp, RpcError, type RpcRoutes } from '../../../src/server/rpc/server.js'

/**
 * The client's reading of CometBFT answers, against a real HTTP JSON-RPC server whose routes answer
 * what a node answers in the cases a running chain rarely shows on demand (mempool rejections, a tx
 * not yet indexed, ABCI query failures).
 */

const registry = protoRegistry()
const calls: { method: string; params: unknown }[] = []

const routes: RpcRoutes = {
  broadcast_tx_sync: {
    args: ['tx'],
    handler: async (args) => {
      const tx = args.base64Bytes('tx')!
      calls.push({ method: 'broadcast_tx_sync', params: toBase64(tx) })
      if (tx[0] === 1) throw new RpcError(-32603, 'Internal error', 'tx already exists in cache')
      if (tx[0] === 2)
        throw new RpcError(-32603, 'Internal error', 'Tx too large. Max size is 1, but got 2')
      if (tx[0] === 3) throw new RpcError(-32603, 'Internal error', 'something else broke')
      return {
        code: 32,
        data: '',
        log: 'account sequence mismatch',
        codespace: 'sdk',
        hash: txHashHex(tx),
      }
    },
  },
  tx: {
    args: ['hash', 'prove'],
    handler: async (args) => {
      const hash = Buffer.from(args.base64Bytes('hash')!).toString('hex').toUpperCase()
      throw new RpcError(-32603, 'Internal error', `tx (${hash}) not found`)
    },
  },
  abci_query: {
    args: ['path', 'data', 'height', 'prove'],
    handler: async (args) => {
      calls.push({
        method: 'abci_query',
        params: { path: args.string('path'), height: args.int('height') },
      })
      return {
        response: {
          code: 22,
          log: 'rpc error: code = NotFound desc = account sdk1xyz not found: key not found',
          height: '7',
          codespace: 'sdk',
        },
      }
    },
  },
}

let url = ''
let close: () => void = () => {}

beforeAll(async () => {
  const app = createRpcApp(routes)
  await new Promise<void>((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        url = `tcp://127.0.0.1:${info.port}`
        resolve()
      },
    )
    close = () => server.close()
  })
})
afterAll(() => close())

describe('node client', () => {
  it('behavior: mempool rejections become the upstream codes 19/21 with the tx hash', async () => {
    const client = createNodeClient({ url, registry })
    const dup = Uint8Array.of(1, 9, 9)
    expect(await client.broadcastTx(dup, 'sync')).toEqual({
      code: 19,
      data: '',
      log: '',
      codespace: 'sdk',
      hash: txHashHex(dup),
    })
    expect((await client.broadcastTx(Uint8Array.of(2), 'sync')).code).toBe(21)
    expect((await client.broadcastTx(Uint8Array.of(4), 'sync')).code).toBe(32)
    await expect(client.broadcastTx(Uint8Array.of(3), 'sync')).rejects.toThrow(
      'something else broke',
    )
  })

  it('behavior: a tx not yet in a block is undefined; a missing route is an error', async () => {
    const client = createNodeClient({ url, registry })
    expect(await client.tx('AB'.repeat(32))).toBeUndefined()
    await expect(client.recentBlockTimes()).rejects.toThrow('Method not found')
  })

  it('behavior: an unknown account (ABCI code 22) is undefined; other query failures carry code and log', async () => {
    const client = createNodeClient({ url, registry })
    expect(await client.account('sdk1xyz')).toBeUndefined()
    expect(calls.at(-1)).toEqual({
      method: 'abci_query',
      params: { path: '/sdk.auth.v1beta1.Query/Account', height: 0 },
    })
    const err = await client
      .query('sdk.bank.v1beta1.Query/AllBalances', { address: 'x' }, 5)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NodeClientError)
    // Upstream's client puts the log (already a status error's text) inside a status of its own.
    expect(err).toMatchObject({
      code: 22,
      codespace: 'sdk',
      message:
        'rpc error: code = NotFound desc = rpc error: code = NotFound desc = account sdk1xyz not found: key not found',
    })
    expect(calls.at(-1)).toEqual({
      method: 'abci_query',
      params: { path: '/sdk.bank.v1beta1.Query/AllBalances', height: 5 },
    })
    await expect(client.query('sdk.nope.Query/X', {})).rejects.toThrow(
      'unknown query method sdk.nope.Query/X',
    )
  })

  it('error: an unreachable node says so in upstream’s words (CometBFT’s `post failed`, Go’s dial error)', async () => {
    const client = createNodeClient({ url: 'tcp://127.0.0.1:1', registry })
    await expect(client.status()).rejects.toThrow(
      /^post failed: Post "http:\/\/127\.0\.0\.1:1": dial tcp 127\.0\.0\.1:1: connect: connection refused$/,
    )
  })

  it('error: a JSON answer that is no JSON-RPC reply (the REST port given as the node) says so, not `undefined`', async () => {
    // What the REST gateway answers an RPC POST: a JSON body without `result` or `error`.
    const rest = serve({
      fetch: () => Response.json({ code: 5, message: 'Not Found', details: [] }, { status: 404 }),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise((r) => rest.once('listening', r))
    try {
      const url = `tcp://127.0.0.1:${(rest.address() as AddressInfo).port}`
      const client = createNodeClient({ url, registry })
      await expect(client.status()).rejects.toThrow(
        /^node at http:\/\/127\.0\.0\.1:\d+ answered HTTP 404 without a JSON-RPC body: is it a CometBFT RPC address \(config\.toml \[rpc\] laddr, port 26657 by default\)\?$/,
      )
    } finally {
      await new Promise((r) => rest.close(r))
    }
  })
})
