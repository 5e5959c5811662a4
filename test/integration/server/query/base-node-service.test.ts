import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toBase64 } from '../../../../src/codec/bytes.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { createQueryTestNode, type TestNode } from '../../../helpers/test-node.js'

// sdk.base.node.v1beta1.Service (upstream's client/grpc/node): the operator's settings and the
// node's status, over REST and ABCI query.

const HEIGHTS = 5

let t: TestNode
let rest: ReturnType<typeof createGateway>
let rpc: ReturnType<typeof createRpcApp>

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await rest.request(path, { headers })
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

beforeAll(async () => {
  t = await createQueryTestNode({
    app: (app) => {
      // A zero price is left out of the parsed prices, as upstream's ParseDecCoins leaves it out.
      app.minimumGasPrices = '0.025stake,0token'
      app.pruningKeepRecent = 100
      app.pruningInterval = 10
      app.haltHeight = 1000
    },
  })
  await t.node.producer.produceBlocks(HEIGHTS)
  rest = createGateway({ router: t.node.router })
  rpc = createRpcApp(abciQueryRoutes(t.node.router))
})
afterAll(async () => {
  await t?.close()
})

/** A block's header as the tendermint service answers it. */
async function headerAt(height: number) {
  const r = await get(`/sdk/base/tendermint/v1beta1/blocks/${height}`)
  expect(r.status).toBe(200)
  return r.body.block.header
}

describe('sdk.base.node.v1beta1.Service', () => {
  test('behavior: Config answers app.toml’s settings, the prices as decimal coins without zeros', async () => {
    const r = await get('/sdk/base/node/v1beta1/config')
    expect(r.status).toBe(200)
    expect(r.headers.get('x-sdk-block-height')).toBe(String(HEIGHTS))
    expect(r.body).toEqual({
      minimum_gas_price: '0.025000000000000000stake',
      pruning_keep_recent: '100',
      pruning_interval: '10',
      halt_height: '1000',
    })
  })

  test('behavior: Status at the latest height: its block’s time, app hash and next validators’ hash', async () => {
    const r = await get('/sdk/base/node/v1beta1/status')
    expect(r.status).toBe(200)
    const header = await headerAt(HEIGHTS)
    expect(r.body).toEqual({
      earliest_store_height: '0',
      height: String(HEIGHTS),
      timestamp: header.time,
      app_hash: header.app_hash,
      validator_hash: header.next_validators_hash,
    })
    expect(r.body.app_hash).not.toBe('')
  })

  test('behavior: Status at a past height has that block’s time and the latest header’s hashes', async () => {
    const r = await get('/sdk/base/node/v1beta1/status', { 'x-sdk-block-height': '2' })
    expect(r.status).toBe(200)
    expect(r.headers.get('x-sdk-block-height')).toBe('2')
    const [past, latest] = [await headerAt(2), await headerAt(HEIGHTS)]
    expect(past.time).not.toBe(latest.time)
    expect(r.body).toEqual({
      earliest_store_height: '0',
      height: '2',
      timestamp: past.time,
      app_hash: latest.app_hash,
      validator_hash: latest.next_validators_hash,
    })
  })

  test('behavior: a height in the future is refused as every query', async () => {
    const r = await get('/sdk/base/node/v1beta1/status', {
      'x-sdk-block-height': String(HEIGHTS + 1),
    })
    expect(r.status).toBe(400)
    expect(r.body.message).toContain(
      'cannot query with height in the future; please provide a valid height',
    )
  })

  test('behavior: abci_query answers Config and Status by their gRPC paths', async () => {
    const query = async (path: string, height?: number) => {
      const res = await rpc.request('/', {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'abci_query',
          params: { path, data: '', ...(height ? { height: String(height) } : {}) },
        }),
      })
      return ((await res.json()) as any).result.response
    }
    const config = await query('/sdk.base.node.v1beta1.Service/Config')
    expect(config.code).toBe(0)
    expect(
      t.node.registry.decode('sdk.base.node.v1beta1.ConfigResponse', fromB64(config.value)),
    ).toMatchObject({
      minimum_gas_price: '0.025000000000000000stake',
      pruning_keep_recent: '100',
      pruning_interval: '10',
    })
    const status = await query('/sdk.base.node.v1beta1.Service/Status', 3)
    expect(status.code).toBe(0)
    expect(status.height).toBe('3')
    const decoded = t.node.registry.decode(
      'sdk.base.node.v1beta1.StatusResponse',
      fromB64(status.value),
    )
    const latest = await headerAt(HEIGHTS)
    expect(String(decoded.height)).toBe('3')
    expect(toBase64(decoded.app_hash)).toBe(latest.app_hash)
  })
})

function fromB64(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, 'base64'))
}
