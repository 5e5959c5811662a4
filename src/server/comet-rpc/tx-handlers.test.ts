import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import type { QueryContext } from '../../app/types.js'
import { protoRegistry } from '../../codec/proto.js'
import { GrpcCode } from '../../errors.js'
import { CometRpcClient } from './client.js'
import { createCometTxServiceHandlers } from './tx-handlers.js'

let server: Server | undefined
afterEach(() => server?.close())

const TX = new Uint8Array([1, 2, 3])
/** SHA-256 of TX, upper-case hex. */
const TX_HASH = '039058C6F2C0CB492C533B0A4D14EF77CC0F78ABCCCED5287D84A1A2011CFB81'

/** A CometBFT RPC stand-in answering each method from `answers`; the methods called are recorded. */
async function fakeRpc(
  answers: Record<string, object>,
): Promise<{ rpc: CometRpcClient; calls: string[] }> {
  const calls: string[] = []
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (c) => {
      text += c
    })
    req.on('end', () => {
      const { id, method } = JSON.parse(text)
      calls.push(method)
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...answers[method] }))
    })
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  const port = (server!.address() as AddressInfo).port
  return { rpc: CometRpcClient.ofListenAddress(`tcp://0.0.0.0:${port}`), calls }
}

function broadcastOf(rpc: CometRpcClient) {
  const handlers = createCometTxServiceHandlers({
    registry: protoRegistry(),
    rpc,
    simulate: () => Promise.reject(new Error('not simulated here')),
  })
  const h = handlers.get('sdk.tx.v1beta1.Service/BroadcastTx')!
  return (mode: number) => h({ tx_bytes: TX, mode } as never, {} as QueryContext) as Promise<any>
}

describe('BroadcastTx under CometBFT', () => {
  test("behavior: SYNC forwards to broadcast_tx_sync and answers CheckTx's code, log and data; ASYNC to broadcast_tx_async", async () => {
    const { rpc, calls } = await fakeRpc({
      broadcast_tx_sync: {
        result: {
          code: 5,
          data: '0A0B',
          log: 'insufficient funds',
          codespace: 'sdk',
          hash: TX_HASH,
        },
      },
      broadcast_tx_async: { result: { code: 0, data: '', log: '', codespace: '', hash: TX_HASH } },
    })
    const broadcast = broadcastOf(rpc)
    expect((await broadcast(2)).tx_response).toMatchObject({
      height: '0',
      txhash: TX_HASH,
      code: 5,
      codespace: 'sdk',
      raw_log: 'insufficient funds',
      data: '0A0B',
    })
    expect((await broadcast(3)).tx_response).toMatchObject({ txhash: TX_HASH, code: 0 })
    expect(calls).toEqual(['broadcast_tx_sync', 'broadcast_tx_async'])
  })

  test.each([
    ['tx already exists in cache', 19],
    ['mempool is full: number of txs 5000 (max: 5000), total txs bytes 1 (max: 1)', 20],
    ['Tx too large. Max size is 1048576, but got 1048600', 21],
  ])(
    "behavior: CometBFT's refusal %j becomes code %i with the tx's hash (upstream CheckCometError)",
    async (data, code) => {
      const { rpc } = await fakeRpc({
        broadcast_tx_sync: { error: { code: -32603, message: 'Internal error', data } },
      })
      expect((await broadcastOf(rpc)(2)).tx_response).toMatchObject({
        txhash: TX_HASH,
        code,
        codespace: 'sdk',
      })
    },
  )

  test('error: any other RPC error and an unreachable RPC are refused as they are', async () => {
    const { rpc } = await fakeRpc({
      broadcast_tx_sync: { error: { code: -32603, message: 'Internal error', data: 'boom' } },
    })
    await expect(broadcastOf(rpc)(2)).rejects.toThrow('boom')
    server!.close()
    server = undefined
    const err = await broadcastOf(rpc)(2).catch((e) => e)
    expect(err.grpcCode).toBe(GrpcCode.Unavailable)
    expect(err.message).toMatch(/^cannot reach CometBFT's RPC at http:\/\/127\.0\.0\.1:\d+: /)
  })
})
