import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { Tx } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toBase64 } from '../../../../src/codec/bytes.js'
import { txHashHex } from '../../../../src/codec/hash.js'
import { PROTO_DIR } from '../../../../src/codec/proto-sources.js'
import { startGrpcServer } from '../../../../src/server/grpc/server.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { txRoutes } from '../../../../src/server/rpc/tx-routes.js'
import { waitFor } from '../../../helpers/sdkd.js'
import { createTxTestNode, stakeFee as fee, type TxTestNode } from '../../../helpers/tx-node.js'

let t: TxTestNode
let rest: ReturnType<typeof createGateway>
let rpc: ReturnType<typeof createRpcApp>
let sent: Uint8Array
let sentHeight: number

async function post(path: string, body: unknown) {
  const res = await rest.request(path, { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}
async function get(path: string) {
  const res = await rest.request(path)
  return { status: res.status, body: (await res.json()) as any }
}
async function call(method: string, params: Record<string, unknown>) {
  const res = await rpc.request('/', {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as any
}

beforeAll(async () => {
  t = await createTxTestNode()
  rest = createGateway({ router: t.node.router })
  rpc = createRpcApp(
    txRoutes({ mempool: t.tx.mempool, blocks: t.node.blocks, producer: t.node.producer }),
  )
  await t.block()
  sent = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '100stake')], { fee: fee(200n) })
  const r = await post('/sdk/tx/v1beta1/txs', {
    tx_bytes: toBase64(sent),
    mode: 'BROADCAST_MODE_SYNC',
  })
  expect(r.status).toBe(200)
  sentHeight = (await t.block()).block.header.height
})
afterAll(() => t.close())

describe('tx service over REST', () => {
  test('behavior: broadcast (sync) answers the upstream TxResponse shape without height headers', async () => {
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 1n,
      fee: fee(1n),
    })
    const r = await post('/sdk/tx/v1beta1/txs', { tx_bytes: toBase64(tx), mode: 2 })
    expect(r.status).toBe(200)
    expect(r.headers.get('x-sdk-block-height')).toBeNull()
    expect(r.body).toEqual({
      tx_response: {
        height: '0',
        txhash: txHashHex(tx),
        codespace: '',
        code: 0,
        data: '',
        raw_log: '',
        logs: [],
        info: '',
        gas_wanted: '0',
        gas_used: '0',
        tx: null,
        timestamp: '',
        events: [],
      },
    })
    // the same again: the mempool cache's refusal becomes code 19
    const dup = await post('/sdk/tx/v1beta1/txs', { tx_bytes: toBase64(tx), mode: 2 })
    expect(dup.body.tx_response).toMatchObject({ code: 19, codespace: 'sdk', raw_log: '' })
    await t.block()
  })

  test('error: broadcast without tx bytes, or in block mode, as upstream', async () => {
    expect(await post('/sdk/tx/v1beta1/txs', { mode: 'BROADCAST_MODE_SYNC' })).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid empty tx', details: [] },
    })
    const block = await post('/sdk/tx/v1beta1/txs', {
      tx_bytes: toBase64(sent),
      mode: 'BROADCAST_MODE_BLOCK',
    })
    expect(block.status).toBe(400)
    expect(block.body.message).toBe(
      'unsupported return type unspecified; supported types: sync, async',
    )
  })

  test('behavior: a rejected tx is HTTP 200 with its code and log', async () => {
    const bad = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], { sequence: 0n })
    const r = await post('/sdk/tx/v1beta1/txs', { tx_bytes: toBase64(bad), mode: 2 })
    expect(r.status).toBe(200)
    expect(r.body.tx_response).toMatchObject({
      code: 32,
      codespace: 'sdk',
      raw_log: 'account sequence mismatch, expected 2, got 0: incorrect account sequence',
    })
  })

  test('behavior: GetTx returns the tx and its result', async () => {
    const hash = txHashHex(sent)
    const r = await get(`/sdk/tx/v1beta1/txs/${hash.toLowerCase()}`)
    expect(r.status).toBe(200)
    expect(r.body.tx.body.messages[0]).toEqual({
      '@type': '/sdk.bank.v1beta1.MsgSend',
      from_address: t.alice.address,
      to_address: t.bob.address,
      amount: [{ denom: 'stake', amount: '100' }],
    })
    expect(r.body.tx.auth_info.signer_infos[0].public_key['@type']).toBe(
      '/sdk.crypto.secp256k1.PubKey',
    )
    expect(r.body.tx_response).toMatchObject({
      height: String(sentHeight),
      txhash: hash,
      code: 0,
      data: '12230A212F73646B2E62616E6B2E763162657461312E4D736753656E64526573706F6E7365',
      raw_log: '',
      logs: [],
      gas_wanted: '200000',
    })
    expect(r.body.tx_response.tx['@type']).toBe('/sdk.tx.v1beta1.Tx')
    expect(r.body.tx_response.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(r.body.tx_response.events[0]).toEqual({
      type: 'coin_spent',
      attributes: [
        { key: 'spender', value: t.alice.address, index: true },
        { key: 'amount', value: '200stake', index: true },
      ],
    })
  })

  test('error: GetTx of an unknown hash is 404, of bad hex 400', async () => {
    const missing = 'AB'.repeat(32)
    expect(await get(`/sdk/tx/v1beta1/txs/${missing}`)).toEqual({
      status: 404,
      body: { code: 5, message: `tx not found: ${missing}`, details: [] },
    })
    expect(await get('/sdk/tx/v1beta1/txs/xyz1')).toMatchObject({
      status: 400,
      body: { message: "encoding/hex: invalid byte: U+0078 'x'" },
    })
  })

  test('behavior: GetTxsEvent finds txs by sender, height and hash (AND)', async () => {
    const q = encodeURIComponent(`message.sender='${t.alice.address}' AND tx.height=${sentHeight}`)
    const r = await get(`/sdk/tx/v1beta1/txs?query=${q}`)
    expect(r.status).toBe(200)
    expect(r.body.total).toBe('1')
    expect(r.body.pagination).toBeNull()
    expect(r.body.tx_responses[0].txhash).toBe(txHashHex(sent))
    const all = await get(
      `/sdk/tx/v1beta1/txs?query=${encodeURIComponent(`message.sender='${t.alice.address}'`)}&order_by=ORDER_BY_DESC`,
    )
    expect(all.body.total).toBe('2')
    expect(Number(all.body.tx_responses[0].height)).toBeGreaterThan(sentHeight)
    const none = await get(`/sdk/tx/v1beta1/txs?query=${encodeURIComponent("tx.hash='00'")}`)
    expect(none.body).toMatchObject({ total: '0', txs: [], tx_responses: [] })
    expect(await get('/sdk/tx/v1beta1/txs')).toMatchObject({
      status: 400,
      body: { message: 'query cannot be empty' },
    })
  })

  test('behavior: simulate reports gas; decode and encode round-trip', async () => {
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 2n,
      fee: fee(1n),
    })
    const sim = await post('/sdk/tx/v1beta1/simulate', { tx_bytes: toBase64(tx) })
    expect(sim.status).toBe(200)
    expect(sim.body.gas_info.gas_wanted).toBe('18446744073709551615')
    expect(Number(sim.body.gas_info.gas_used)).toBeGreaterThan(40000)
    expect(sim.body.result.msg_responses).toEqual([
      { '@type': '/sdk.bank.v1beta1.MsgSendResponse' },
    ])
    const failed = await post('/sdk/tx/v1beta1/simulate', { tx_bytes: toBase64(sent) })
    expect(failed.status).toBe(400)
    expect(failed.body.message).toMatch(
      /^account sequence mismatch, expected 2, got 0: incorrect account sequence with gas used: '\d+'$/,
    )
    expect(await post('/sdk/tx/v1beta1/simulate', {})).toMatchObject({
      status: 400,
      body: { message: 'empty txBytes is not allowed' },
    })
    const decoded = await post('/sdk/tx/v1beta1/decode', { tx_bytes: toBase64(tx) })
    const encoded = await post('/sdk/tx/v1beta1/encode', { tx: decoded.body.tx })
    expect(encoded.body.tx_bytes).toBe(toBase64(tx))
  })

  test('behavior: GetBlockWithTxs decodes the txs of a block', async () => {
    const r = await get(`/sdk/tx/v1beta1/txs/block/${sentHeight}`)
    expect(r.status).toBe(200)
    expect(r.body.txs).toHaveLength(1)
    expect(r.body.pagination).toEqual({ next_key: null, total: '1' })
    expect(r.body.block.header.height).toBe(String(sentHeight))
  })
})

describe('tx routes over CometBFT RPC', () => {
  test('behavior: tx_search, tx and broadcast_tx_sync in CometBFT JSON', async () => {
    const hash = txHashHex(sent)
    const found = await call('tx_search', { query: `tx.hash='${hash}'` })
    expect(found.result.total_count).toBe('1')
    expect(found.result.txs[0]).toMatchObject({
      hash,
      height: String(sentHeight),
      index: 0,
      tx: toBase64(sent),
      tx_result: { gas_wanted: '200000' },
    })
    // Route results print ExecTxResult in full (jsonpb with EmitDefaults): code 0 is there.
    expect(found.result.txs[0].tx_result.code).toBe(0)
    expect(found.result.txs[0].tx_result.data).toBe(
      'EiMKIS9zZGsuYmFuay52MWJldGExLk1zZ1NlbmRSZXNwb25zZQ==',
    )
    const one = await call('tx', { hash: toBase64(Buffer.from(hash, 'hex')) })
    expect(one.result.hash).toBe(hash)
    const missing = await call('tx', { hash: toBase64(new Uint8Array(32)) })
    expect(missing.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: `tx (${'00'.repeat(32)}) not found`,
    })
    const dup = await call('broadcast_tx_sync', { tx: toBase64(sent) })
    expect(dup.error.data).toBe('tx already exists in cache')
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 9n,
      fee: fee(1n),
    })
    const bad = await call('broadcast_tx_sync', { tx: toBase64(tx) })
    expect(bad.result).toEqual({
      code: 32,
      data: '',
      log: 'account sequence mismatch, expected 2, got 9: incorrect account sequence',
      codespace: 'sdk',
      hash: txHashHex(tx),
    })
    expect((await call('tx_search', { query: "tx.height='x", page: '1' })).error.message).toBe(
      'Internal error',
    )
    expect((await call('tx_search', { query: 'tx.height>0', page: '9' })).error.data).toBe(
      'page should be within [1, 1] range, given 9',
    )
  })

  test('behavior: broadcast_tx_commit waits for the block; unconfirmed txs are listed', async () => {
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 2n,
      fee: fee(1n),
    })
    let answered = false
    const committing = call('broadcast_tx_commit', { tx: toBase64(tx) }).finally(() => {
      answered = true
    })
    // The route admits the tx, then waits for its block (blocks here come only from t.block()).
    const waiting = await waitFor(
      async () => {
        const r = await call('num_unconfirmed_txs', {})
        return r.result.n_txs === '0' ? undefined : r
      },
      10_000,
      'the tx in the mempool',
    )
    expect(waiting.result).toMatchObject({ n_txs: '1', total: '1', txs: null })
    const listed = await call('unconfirmed_txs', { limit: '5' })
    expect(listed.result.txs).toEqual([toBase64(tx)])
    // Admitted and listed, but not in a block yet: broadcast_tx_commit has not answered.
    expect(answered).toBe(false)
    const height = (await t.block()).block.header.height
    const r = (await committing).result
    expect(r).toMatchObject({ hash: txHashHex(tx), height: String(height), check_tx: {} })
    expect(r.check_tx.gas_wanted).toBe('200000')
    expect(r.tx_result.code).toBe(0)
    expect(r.tx_result.events.length).toBeGreaterThan(5)
    expect((await call('num_unconfirmed_txs', {})).result.n_txs).toBe('0')
  })
})

describe('tx service over gRPC', () => {
  test('behavior: BroadcastTx without height metadata; GetTx with it', async () => {
    const server = await startGrpcServer({ router: t.node.router, address: '127.0.0.1:0' })
    const def = loadSync('sdk/tx/v1beta1/service.proto', {
      includeDirs: [PROTO_DIR],
      keepCase: true,
      longs: String,
      enums: String,
      defaults: true,
    })
    const Service = (grpc.loadPackageDefinition(def) as any).sdk.tx.v1beta1.Service
    const client = new Service(server.address, grpc.credentials.createInsecure())
    const unary = (method: string, request: object) =>
      new Promise<{ response: any; headers?: grpc.Metadata }>((resolve, reject) => {
        let headers: grpc.Metadata | undefined
        const c = client[method](request, (err: Error | null, response: any) =>
          err ? reject(err) : resolve({ response, ...(headers ? { headers } : {}) }),
        )
        c.on('metadata', (m: grpc.Metadata) => {
          headers = m
        })
      })
    try {
      const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '3stake')], {
        sequence: 3n,
        fee: fee(1n),
      })
      const b = await unary('BroadcastTx', {
        tx_bytes: Buffer.from(tx),
        mode: 'BROADCAST_MODE_SYNC',
      })
      expect(b.response.tx_response).toMatchObject({ code: 0, txhash: txHashHex(tx) })
      expect(b.headers?.get('x-sdk-block-height') ?? []).toEqual([])
      const height = (await t.block()).block.header.height
      const g = await unary('GetTx', { hash: txHashHex(tx) })
      expect(g.response.tx_response).toMatchObject({ code: 0, height: String(height) })
      expect(g.headers?.get('x-sdk-block-height')).toEqual([String(height)])
    } finally {
      client.close()
      await server.close()
    }
  })
})

describe('Simulate (tx_bytes and the deprecated tx form)', () => {
  /** Upstream's infinite gas meter reports 2^64 − 1 as gas wanted. */
  const INFINITE = '18446744073709551615'
  let abciRpc: ReturnType<typeof createRpcApp>
  beforeAll(() => {
    abciRpc = createRpcApp(abciQueryRoutes(t.node.router))
  })

  test('behavior: every form over REST, gRPC and abci_query reports the gas the included tx then uses', async () => {
    // An empty block first: x/distribution's BeginBlocker empties the fee collector, so the state
    // simulated on holds the fee collector's balance the delivering block will (none). After a
    // block whose txs paid fees the two differ by the length of that balance, as on simd.
    await t.block()
    const abciQuery = async (path: string, data: Uint8Array) => {
      const res = await abciRpc.request('/', {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'abci_query',
          params: { path, data: Buffer.from(data).toString('hex') },
        }),
      })
      return ((await res.json()) as any).result.response
    }
    // bob's first tx: it also stores his public key, in simulation as in the block.
    const tx = t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '5stake')], { fee: fee(7n) })
    const asTx = t.registry.decode('sdk.tx.v1beta1.Tx', tx)
    const requests = {
      tx_bytes: t.registry.encode('sdk.tx.v1beta1.SimulateRequest', { tx_bytes: tx }),
      tx: t.registry.encode('sdk.tx.v1beta1.SimulateRequest', { tx: asTx }),
    }
    const used: string[] = []

    const rest = await post('/sdk/tx/v1beta1/simulate', { tx_bytes: toBase64(tx) })
    expect(rest.status).toBe(200)
    expect(rest.body.gas_info.gas_wanted).toBe(INFINITE)
    expect(rest.body.result).toMatchObject({
      data: 'EiMKIS9zZGsuYmFuay52MWJldGExLk1zZ1NlbmRSZXNwb25zZQ==',
      log: '',
      msg_responses: [{ '@type': '/sdk.bank.v1beta1.MsgSendResponse' }],
    })
    expect(rest.body.result.events.map((e: { type: string }) => e.type)).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'tx',
      'tx',
      'tx',
      'message',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
    ])
    used.push(rest.body.gas_info.gas_used)
    const decoded = await post('/sdk/tx/v1beta1/decode', { tx_bytes: toBase64(tx) })
    const restTx = await post('/sdk/tx/v1beta1/simulate', { tx: decoded.body.tx })
    expect(restTx.body.gas_info.gas_wanted).toBe(INFINITE)
    used.push(restTx.body.gas_info.gas_used)

    const server = await startGrpcServer({ router: t.node.router, address: '127.0.0.1:0' })
    const client = new grpc.Client(server.address, grpc.credentials.createInsecure())
    try {
      for (const request of Object.values(requests)) {
        const bytes = await new Promise<Buffer>((resolve, reject) =>
          client.makeUnaryRequest(
            '/sdk.tx.v1beta1.Service/Simulate',
            (b: Uint8Array) => Buffer.from(b),
            (b: Buffer) => b,
            request,
            (err, res) => (err ? reject(err) : resolve(res!)),
          ),
        )
        const res = t.registry.decode('sdk.tx.v1beta1.SimulateResponse', bytes)
        expect(String(res.gas_info?.gas_wanted)).toBe(INFINITE)
        used.push(String(res.gas_info?.gas_used))
      }
    } finally {
      client.close()
      await server.close()
    }

    for (const request of Object.values(requests)) {
      const r = await abciQuery('/sdk.tx.v1beta1.Service/Simulate', request)
      expect(r.code).toBe(0)
      const res = t.registry.decode(
        'sdk.tx.v1beta1.SimulateResponse',
        Buffer.from(r.value, 'base64'),
      )
      expect(String(res.gas_info?.gas_wanted)).toBe(INFINITE)
      used.push(String(res.gas_info?.gas_used))
    }
    // Upstream's legacy `/app/simulate`: raw tx bytes in, the SimulationResponse as JSON out.
    const app = await abciQuery('/app/simulate', tx)
    expect(app).toMatchObject({ code: 0, codespace: 'sdk', height: '0' })
    const appJson = JSON.parse(Buffer.from(app.value, 'base64').toString('utf8'))
    expect(Object.keys(appJson)).toEqual(['gas_info', 'result'])
    expect(appJson.gas_info.gas_wanted).toBe(INFINITE)
    expect(appJson.result).toEqual(rest.body.result)
    used.push(appJson.gas_info.gas_used)

    expect(new Set(used).size).toBe(1)
    const simulated = used[0]!
    expect(Number(simulated)).toBeGreaterThan(40_000)

    // Nothing was kept: the same tx is admitted and delivered, and uses exactly that gas.
    expect((await t.tx.mempool.checkTx(tx)).code).toBe(0)
    await t.block()
    const included = await get(`/sdk/tx/v1beta1/txs/${txHashHex(tx)}`)
    expect(included.body.tx_response).toMatchObject({ code: 0, gas_wanted: '200000' })
    expect(included.body.tx_response.gas_used).toBe(simulated)

    // Now the sequence is 1: simulating the same tx again fails on it, in every form.
    const stale = await post('/sdk/tx/v1beta1/simulate', { tx_bytes: toBase64(tx) })
    expect(stale.status).toBe(400)
    expect(stale.body.message).toMatch(
      /^account sequence mismatch, expected 1, got 0: incorrect account sequence with gas used: '\d+'$/,
    )
    const staleApp = await abciQuery('/app/simulate', tx)
    expect(staleApp).toMatchObject({
      code: 32,
      codespace: 'sdk',
      log: 'failed to simulate tx: account sequence mismatch, expected 1, got 0: incorrect account sequence',
      value: null,
    })
    const staleGrpcPath = await abciQuery('/sdk.tx.v1beta1.Service/Simulate', requests.tx_bytes)
    expect(staleGrpcPath.code).toBe(18)
    expect(staleGrpcPath.log).toMatch(
      /^rpc error: code = InvalidArgument desc = account sequence mismatch, expected 1, got 0: incorrect account sequence with gas used: '\d+': invalid request$/,
    )
  })

  test("behavior: cosmjs's simulation tx (empty fee, sign mode unspecified, one empty signature) answers over abci_query", async () => {
    // What @cosmjs/stargate's TxExtension.simulate sends before an 'auto' fee.
    const pubKey = PubKey.encode({ key: t.alice.pubKey }).finish()
    const tx = Tx.encode(
      Tx.fromPartial({
        body: {
          messages: [
            {
              typeUrl: '/sdk.bank.v1beta1.MsgSend',
              value: t.msgSend(t.alice, t.bob.address, '1stake').value,
            },
          ],
          memo: 'auto fee',
        },
        authInfo: {
          fee: {},
          signerInfos: [
            {
              publicKey: { typeUrl: '/sdk.crypto.secp256k1.PubKey', value: pubKey },
              modeInfo: { single: { mode: SignMode.SIGN_MODE_UNSPECIFIED } },
              sequence: 4n,
            },
          ],
        },
        signatures: [new Uint8Array()],
      }),
    ).finish()
    const res = await abciRpc.request('/', {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'abci_query',
        params: {
          path: '/sdk.tx.v1beta1.Service/Simulate',
          data: Buffer.from(SimulateRequest.encode({ txBytes: tx }).finish()).toString('hex'),
        },
      }),
    })
    const r = ((await res.json()) as any).result.response
    expect(r.code).toBe(0)
    const sim = SimulateResponse.decode(Buffer.from(r.value, 'base64'))
    expect(sim.gasInfo?.gasWanted).toBe(2n ** 64n - 1n)
    expect(sim.gasInfo!.gasUsed).toBeGreaterThan(40_000n)
    expect(sim.result?.msgResponses.map((a) => a.typeUrl)).toEqual([
      '/sdk.bank.v1beta1.MsgSendResponse',
    ])
  })

  test('error: simulation still counts signatures: a tx without any is refused', async () => {
    const unsigned = t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '5stake')], {
      sequence: 1n,
      fee: fee(7n),
      edit: (tx) => ({ ...tx, signatures: [] }),
    })
    const r = await post('/sdk/tx/v1beta1/simulate', { tx_bytes: toBase64(unsigned) })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe("no signatures supplied with gas used: '0'")
  })
})
