import * as grpc from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { utf8 } from '../../../../src/codec/bytes.js'
import type { Node } from '../../../../src/node/node.js'
import { type GrpcListener, startGrpcServer } from '../../../../src/server/grpc/server.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { abciQuery } from '../../../../src/server/rpc/abci-query.js'
import { tempDir } from '../../../helpers/temp-dir.js'
import { initTestHome } from '../../../helpers/test-node.js'
import { ActionQueue, openNode, produceTo, testAppVersion } from '../../../helpers/upgrade-chain.js'

// x/upgrade's UpgradedConsensusState over REST, gRPC and abci_query (reference §2.2, test 22): with
// nothing stored it answers an empty response, not an error; stored bytes come back as they are.

const METHOD = '/sdk.upgrade.v1beta1.Query/UpgradedConsensusState'
/** What an IBC chain stores for its last height before an upgrade (any bytes). */
const STORED = Uint8Array.of(0x0a, 0x03, 0x01, 0x02, 0x03)
/** The height the bytes are stored for; the chain's height when read. */
const LAST_HEIGHT = 7
const HEIGHT = 4

let node: Node
let grpcServer: GrpcListener
let client: grpc.Client
let cleanup: () => Promise<void>

/** QueryUpgradedConsensusStateRequest{last_height} on the wire: field 1, varint. */
const request = (lastHeight: number) => Uint8Array.of(0x08, lastHeight)

beforeAll(async () => {
  const t = await tempDir('sdkd-upgrade-queries-')
  await initTestHome(t.dir, { genesisAppVersion: 'v1' })
  const queue = new ActionQueue()
  node = await openNode(t.dir, {
    appVersion: 'q',
    appVersions: { q: testAppVersion({ name: 'q', queue }) },
  })
  // Upstream's key `upgradedIBCState/<h>/upgradedConsState`, written as an IBC module would.
  queue.push(async (ctx) => {
    ctx.state
      .store('upgrade')
      .set(utf8(`upgradedIBCState/${LAST_HEIGHT}/upgradedConsState`), STORED)
  })
  await produceTo(node, HEIGHT)
  grpcServer = await startGrpcServer({ router: node.router, address: '127.0.0.1:0' })
  client = new grpc.Client(grpcServer.address, grpc.credentials.createInsecure())
  cleanup = async () => {
    client.close()
    await grpcServer.close()
    await node.stop()
    await t.cleanup()
  }
})
afterAll(async () => {
  await cleanup?.()
})

/** A unary gRPC call with raw bytes in and out; the answer and the served height metadata. */
function grpcCall(body: Uint8Array): Promise<{ bytes: Buffer; height: string }> {
  return new Promise((resolve, reject) => {
    let height = ''
    const call = client.makeUnaryRequest(
      METHOD,
      (b: Uint8Array) => Buffer.from(b),
      (b: Buffer) => b,
      body,
      (err, bytes) => (err ? reject(err) : resolve({ bytes: bytes!, height })),
    )
    call.on('metadata', (m) => {
      height = String(m.get('x-sdk-block-height')[0])
    })
  })
}

/** The RPC abci_query answer (`response`) at the latest height; zero fields may be left out. */
async function abciAnswer(data: Uint8Array): Promise<Record<string, unknown>> {
  const answer: unknown = await abciQuery(node.router, {
    path: METHOD,
    data,
    height: 0,
    prove: false,
  })
  return answer as Record<string, unknown>
}

describe('x/upgrade UpgradedConsensusState', () => {
  test('behavior: nothing stored → REST 200 {"upgraded_consensus_state":null}, gRPC and abci_query an empty answer with code 0', async () => {
    const res = await createGateway({ router: node.router }).request(
      '/sdk/upgrade/v1beta1/upgraded_consensus_state/5',
    )
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('{"upgraded_consensus_state":null}')
    expect(res.headers.get('x-sdk-block-height')).toBe(String(HEIGHT))

    const grpcAnswer = await grpcCall(request(5))
    expect(grpcAnswer).toEqual({ bytes: Buffer.alloc(0), height: String(HEIGHT) })

    const abci = await abciAnswer(request(5))
    expect([abci.code ?? 0, abci.value ?? null, abci.height]).toEqual([0, null, String(HEIGHT)])
  })

  test('behavior: bytes stored for the last height come back as they are (base64 in JSON)', async () => {
    const res = await createGateway({ router: node.router }).request(
      `/sdk/upgrade/v1beta1/upgraded_consensus_state/${LAST_HEIGHT}`,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ upgraded_consensus_state: 'CgMBAgM=' })
    // QueryUpgradedConsensusStateResponse: field 2 (field 1 is reserved), length 5.
    const wire = Buffer.from([0x12, 0x05, ...STORED])
    expect((await grpcCall(request(LAST_HEIGHT))).bytes).toEqual(wire)
    const abci = await abciAnswer(request(LAST_HEIGHT))
    expect([abci.code ?? 0, abci.value, abci.height]).toEqual([
      0,
      wire.toString('base64'),
      String(HEIGHT),
    ])
  })
})
