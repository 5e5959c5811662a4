import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toHex } from '../../../../src/codec/bytes.js'
import { protoRegistry } from '../../../../src/codec/proto.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { ALICE, createQueryTestNode } from '../../../helpers/test-node.js'

const registry = protoRegistry()
const HEIGHTS = 4
let t: Awaited<ReturnType<typeof createQueryTestNode>>
let rpc: Hono

/** JSON-RPC `abci_query` as cosmjs sends it. */
async function abciQuery(params: Record<string, unknown>) {
  const res = await rpc.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'abci_query', params }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as any
}

/** ResponseQuery as route results print it (jsonpb, every field): the zero response. */
const ZERO = {
  code: 0,
  log: '',
  info: '',
  index: '0',
  key: null,
  value: null,
  proofOps: null,
  height: '0',
  codespace: '',
}

const balanceRequest = (address: string) =>
  toHex(registry.encode('sdk.bank.v1beta1.QueryBalanceRequest', { address, denom: 'stake' }))

beforeAll(async () => {
  t = await createQueryTestNode({ transfer: true })
  await t.node.producer.produceBlocks(HEIGHTS)
  rpc = createRpcApp(abciQueryRoutes(t.node.router))
})
afterAll(async () => {
  await t?.close()
})

describe('RPC abci_query', () => {
  test('behavior: runs the query handler and returns the proto answer with the height', async () => {
    const body = await abciQuery({
      path: '/sdk.bank.v1beta1.Query/Balance',
      data: balanceRequest(ALICE),
      height: '0',
      prove: false,
    })
    expect(body.id).toBe(7)
    // Every field, in ResponseQuery's order; proofOps camelCase.
    expect(Object.keys(body.result.response)).toEqual(Object.keys(ZERO))
    expect(body.result.response).toEqual({
      ...ZERO,
      value: expect.any(String),
      height: String(HEIGHTS),
    })
    const decoded = registry.decode(
      'sdk.bank.v1beta1.QueryBalanceResponse',
      Buffer.from(body.result.response.value, 'base64'),
    )
    expect(decoded.balance?.amount).toBe(String(1000 - HEIGHTS))
  })

  test('behavior: an explicit height reads that height; URI form works too', async () => {
    const body = await abciQuery({
      path: '/sdk.bank.v1beta1.Query/Balance',
      data: balanceRequest(ALICE),
      height: '2',
    })
    expect(body.result.response.height).toBe('2')
    const value = Buffer.from(body.result.response.value, 'base64')
    expect(registry.decode('sdk.bank.v1beta1.QueryBalanceResponse', value).balance?.amount).toBe(
      '998',
    )
    const uri = await rpc.request(
      `/abci_query?path="/sdk.upgrade.v1beta1.Query/CurrentPlan"&data=0x&height=3`,
    )
    // No plan: an empty answer, so `value` is null like every empty bytes field.
    expect(((await uri.json()) as any).result).toEqual({ response: { ...ZERO, height: '3' } })
  })

  test('behavior: prove=true at a height above 1 answers without proofs (proofOps null)', async () => {
    const body = await abciQuery({
      path: '/sdk.bank.v1beta1.Query/Balance',
      data: balanceRequest(ALICE),
      height: '2',
      prove: true,
    })
    expect(body.result.response).toMatchObject({ code: 0, height: '2', proofOps: null })
    expect(body.result.response.value).toEqual(expect.any(String))
  })

  test('error: a NotFound handler error maps to code 22 with the upstream log and the height', async () => {
    const missing = 'sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7'
    const data = toHex(
      registry.encode('sdk.auth.v1beta1.QueryAccountRequest', { address: missing }),
    )
    const body = await abciQuery({ path: '/sdk.auth.v1beta1.Query/Account', data, height: '0' })
    expect(body.result.response).toEqual({
      ...ZERO,
      code: 22,
      log: `rpc error: code = NotFound desc = account ${missing} not found: key not found`,
      height: String(HEIGHTS),
      codespace: 'sdk',
    })
  })

  test.each([
    // No status: upstream's gRPCErrorToSDKError wraps it as ErrInvalidRequest.
    ['notanaddress', 18, 'decoding bech32 failed: invalid separator index -1: invalid request'],
    // A registered error, a status of code Unknown: ErrUnknownRequest around its text.
    [
      'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du',
      6,
      "hrp does not match bech32 prefix: expected 'sdk' got 'cosmos': internal logic error: unknown request",
    ],
  ])(
    'error: Account of %s, the codec error as the query server returns it → code %s',
    async (address, code, log) => {
      const data = toHex(registry.encode('sdk.auth.v1beta1.QueryAccountRequest', { address }))
      const body = await abciQuery({ path: '/sdk.auth.v1beta1.Query/Account', data, height: '0' })
      expect(body.result.response).toEqual({
        ...ZERO,
        code,
        log,
        height: String(HEIGHTS),
        codespace: 'sdk',
      })
    },
  )

  test.each([
    [
      { path: '/sdk.bank.v1beta1.Query/Params', data: '', height: '99' },
      {
        code: 26,
        log: 'cannot query with height in the future; please provide a valid height: invalid height',
        codespace: 'sdk',
      },
    ],
    [
      { path: '/sdk.bank.v1beta1.Query/Params', data: '', height: '-1' },
      {
        code: 18,
        log: 'cannot query with height < 0; please provide a valid height: invalid request',
        codespace: 'sdk',
      },
    ],
    [
      { path: '/sdk.bank.v1beta1.Query/Params', data: '', height: '1', prove: true },
      {
        code: 18,
        log: 'cannot query with proof when height <= 1; please provide a valid height: invalid request',
        codespace: 'sdk',
      },
    ],
    [
      { path: '/sdk.bank.v1beta1.Query/Nope', data: '' },
      { code: 6, log: 'unknown query path: unknown request', codespace: 'sdk' },
    ],
    [
      { path: '', data: '' },
      { code: 6, log: 'no query path provided: unknown request', codespace: 'sdk' },
    ],
    [
      { path: '/sdk.tx.v1beta1.Service/BroadcastTx', data: '' },
      { code: 18, log: "can't route a broadcast tx message: invalid request", codespace: 'sdk' },
    ],
  ])('error: %j → ABCI error without a height', async (params, response) => {
    expect((await abciQuery(params)).result.response).toEqual({ ...ZERO, ...response })
  })

  test('behavior: a raw store query answers with the key it was asked for (IAVL store Query)', async () => {
    const stores = createRpcApp(
      abciQueryRoutes(t.node.router, undefined, (h) => t.node.store.view(h)),
    )
    const res = await stores.request('/abci_query?path="/store/bank/key"&data=0x0102&height=2')
    expect(((await res.json()) as any).result.response).toEqual({
      ...ZERO,
      key: Buffer.from([1, 2]).toString('base64'),
      height: '2',
    })
  })

  test('error: undecodable request bytes → code 18, with the height', async () => {
    const body = await abciQuery({ path: '/sdk.bank.v1beta1.Query/Balance', data: 'ffff' })
    expect(body.result.response.code).toBe(18)
    expect(body.result.response.log).toMatch(
      /^rpc error: code = InvalidArgument desc = grpc: error unmarshalling request: .+: invalid request$/,
    )
    expect(body.result.response.height).toBe(String(HEIGHTS))
  })
})
