import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { GrpcCode, StatusError } from '../../errors.js'
import { CometRpcClient, CometRpcError } from './client.js'

let server: Server | undefined
afterEach(() => server?.close())

/** A server answering every POST with `reply`; the requests' bodies are recorded. */
async function fakeRpc(reply: object): Promise<{ port: number; bodies: any[] }> {
  const bodies: any[] = []
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (c) => {
      text += c
    })
    req.on('end', () => {
      bodies.push(JSON.parse(text))
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { port: (server!.address() as AddressInfo).port, bodies }
}

describe('CometRpcClient', () => {
  test("behavior: config.toml's laddr is dialled on loopback when it listens on every interface", () => {
    expect(CometRpcClient.ofListenAddress('tcp://0.0.0.0:26657').url).toBe('http://127.0.0.1:26657')
    expect(CometRpcClient.ofListenAddress('tcp://[::]:36657').url).toBe('http://127.0.0.1:36657')
    expect(CometRpcClient.ofListenAddress('tcp://10.0.0.5:26657').url).toBe('http://10.0.0.5:26657')
    expect(CometRpcClient.ofListenAddress('unix:///tmp/rpc.sock').url).toBe('unix:///tmp/rpc.sock')
  })

  test('behavior: params go as CometBFT reads them (int64 as digit strings, bytes as base64)', async () => {
    const { port, bodies } = await fakeRpc({ jsonrpc: '2.0', id: 1, result: { txs: [] } })
    const rpc = CometRpcClient.ofListenAddress(`tcp://127.0.0.1:${port}`)
    await rpc.txSearch('tx.height=5', 2, 30, 'desc')
    await rpc.tx(new Uint8Array([1, 2, 255]))
    expect(bodies.map((b) => [b.method, b.params])).toEqual([
      [
        'tx_search',
        { query: 'tx.height=5', prove: false, page: '2', per_page: '30', order_by: 'desc' },
      ],
      ['tx', { hash: 'AQL/', prove: false }],
    ])
  })

  test("error: an RPC error object becomes a CometRpcError carrying the route's text", async () => {
    const { port } = await fakeRpc({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error', data: 'tx (AB) not found' },
    })
    const err = await CometRpcClient.ofListenAddress(`tcp://127.0.0.1:${port}`)
      .tx(new Uint8Array([0xab]))
      .catch((e) => e)
    expect(err).toBeInstanceOf(CometRpcError)
    expect([err.rpcCode, err.data, err.message]).toEqual([
      -32603,
      'tx (AB) not found',
      'tx (AB) not found',
    ])
  })

  test('error: an unreachable RPC is an Unavailable status naming the address', async () => {
    const { port } = await fakeRpc({})
    server!.close()
    server = undefined
    const err = await CometRpcClient.ofListenAddress(`tcp://127.0.0.1:${port}`)
      .status()
      .catch((e) => e)
    expect(err).toBeInstanceOf(StatusError)
    expect(err.grpcCode).toBe(GrpcCode.Unavailable)
    expect(err.message).toMatch(
      new RegExp(`^cannot reach CometBFT's RPC at http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    )
  })
})
