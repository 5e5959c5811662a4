import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROTO_DIR } from '../../../../src/codec/proto-sources.js'
import { type GrpcListener, startGrpcServer } from '../../../../src/server/grpc/server.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { createQueryTestNode, type TestNode } from '../../../helpers/test-node.js'

// sdk.base.reflection.v2alpha1.ReflectionService, the app descriptor: upstream registers it on its
// gRPC server alone, so it answers without a height and is not an ABCI query path.

const SERVICE = 'sdk.base.reflection.v2alpha1.ReflectionService'
const HEIGHTS = 2

let t: TestNode
let server: GrpcListener
let client: any

/** One call: the answer or the error, and the response headers. */
function call(method: string, height?: string) {
  const metadata = new grpc.Metadata()
  if (height !== undefined) metadata.set('x-sdk-block-height', height)
  return new Promise<{ response?: any; error?: grpc.ServiceError; headers?: grpc.Metadata }>(
    (resolve) => {
      let headers: grpc.Metadata | undefined
      const c = client[method]({}, metadata, (error: grpc.ServiceError | null, response: any) =>
        resolve({ ...(error ? { error } : { response }), ...(headers ? { headers } : {}) }),
      )
      c.on('metadata', (m: grpc.Metadata) => {
        headers = m
      })
    },
  )
}

beforeAll(async () => {
  t = await createQueryTestNode()
  await t.node.producer.produceBlocks(HEIGHTS)
  server = await startGrpcServer({
    router: t.node.router,
    address: '127.0.0.1:0',
    appDescriptor: { chainId: 'query-test', app: t.node.app },
  })
  const def = loadSync('sdk/base/reflection/v2alpha1/reflection.proto', {
    includeDirs: [PROTO_DIR],
    keepCase: true,
    // Fields left empty are not sent (the accepting messages, is_module): absent.
    defaults: false,
  })
  const pkg = (grpc.loadPackageDefinition(def) as any).sdk.base.reflection.v2alpha1
  client = new pkg.ReflectionService(server.address, grpc.credentials.createInsecure())
})
afterAll(async () => {
  client?.close()
  await server?.close()
  await t?.close()
})

describe(SERVICE, () => {
  test('behavior: the chain, the address prefix and the sign modes the node verifies', async () => {
    expect((await call('GetChainDescriptor')).response).toEqual({ chain: { id: 'query-test' } })
    expect((await call('GetConfigurationDescriptor')).response).toEqual({
      config: { bech32_account_address_prefix: 'sdk' },
    })
    expect((await call('GetAuthnDescriptor')).response).toEqual({
      authn: {
        sign_modes: [
          { name: 'SIGN_MODE_DIRECT', number: 1 },
          { name: 'SIGN_MODE_LEGACY_AMINO_JSON', number: 127 },
        ],
      },
    })
  })

  test('behavior: the codec: every interface with its implementations’ names and type URLs', async () => {
    const { codec } = (await call('GetCodecDescriptor')).response
    const names = codec.interfaces.map((i: { fullname: string }) => i.fullname)
    expect(names).toEqual([...names].sort())
    expect(names).toContain('sdk.base.v1beta1.Msg')
    expect(codec.interfaces.find((i: any) => i.fullname === 'sdk.crypto.PubKey')).toEqual({
      fullname: 'sdk.crypto.PubKey',
      interface_implementers: [
        { fullname: 'sdk.crypto.ed25519.PubKey', type_url: '/sdk.crypto.ed25519.PubKey' },
        {
          fullname: 'sdk.crypto.multisig.LegacyAminoPubKey',
          type_url: '/sdk.crypto.multisig.LegacyAminoPubKey',
        },
        { fullname: 'sdk.crypto.secp256k1.PubKey', type_url: '/sdk.crypto.secp256k1.PubKey' },
      ],
    })
  })

  test('behavior: the tx type and every Msg the app routes', async () => {
    const { tx } = (await call('GetTxDescriptor')).response
    expect(tx.fullname).toBe('sdk.tx.v1beta1.Tx')
    expect(tx.msgs.map((m: { msg_type_url: string }) => m.msg_type_url)).toEqual(
      [...t.node.app.msgHandlers.keys()].sort(),
    )
    expect(tx.msgs).toContainEqual({ msg_type_url: '/sdk.bank.v1beta1.MsgSend' })
  })

  test('behavior: the query services: the query router’s, sorted, each method with its query path', async () => {
    const { queries } = (await call('GetQueryServicesDescriptor')).response
    const services = queries.query_services.map((s: { fullname: string }) => s.fullname)
    expect(services).toEqual([...t.node.router.services].sort())
    // The app descriptor itself and server reflection are the gRPC server's, not the router's.
    expect(services).not.toContain(SERVICE)
    expect(services).toContain('sdk.base.reflection.v1beta1.ReflectionService')
    expect(
      queries.query_services.find((s: any) => s.fullname === 'sdk.upgrade.v1beta1.Query'),
    ).toEqual({
      fullname: 'sdk.upgrade.v1beta1.Query',
      methods: [
        'CurrentPlan',
        'AppliedPlan',
        'UpgradedConsensusState',
        'ModuleVersions',
        'Authority',
      ].map((name) => ({ name, full_query_path: `/sdk.upgrade.v1beta1.Query/${name}` })),
    })
  })

  test('behavior: answered without a height: no height header back, the height asked ignored', async () => {
    const latest = await call('GetChainDescriptor')
    expect(latest.headers?.get('x-sdk-block-height')).toEqual([])
    const future = await call('GetChainDescriptor', '1000')
    expect(future.error).toBeUndefined()
    expect(future.response).toEqual({ chain: { id: 'query-test' } })
    expect(future.headers?.get('x-sdk-block-height')).toEqual([])
  })

  test('error: not an ABCI query path: unknown query path', async () => {
    const rpc = createRpcApp(abciQueryRoutes(t.node.router))
    const res = await rpc.request('/', {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'abci_query',
        params: { path: `/${SERVICE}/GetChainDescriptor`, data: '' },
      }),
    })
    expect(((await res.json()) as any).result.response).toMatchObject({
      code: 6,
      codespace: 'sdk',
      log: 'unknown query path: unknown request',
    })
  })

  test('behavior: a server started without the app’s facts leaves the service out', async () => {
    const bare = await startGrpcServer({ router: t.node.router, address: '127.0.0.1:0' })
    const pkg = (
      grpc.loadPackageDefinition(
        loadSync('sdk/base/reflection/v2alpha1/reflection.proto', { includeDirs: [PROTO_DIR] }),
      ) as any
    ).sdk.base.reflection.v2alpha1
    const other = new pkg.ReflectionService(bare.address, grpc.credentials.createInsecure())
    try {
      const error = await new Promise<grpc.ServiceError | null>((resolve) =>
        other.GetChainDescriptor({}, (err: grpc.ServiceError | null) => resolve(err)),
      )
      expect(error).toMatchObject({
        code: grpc.status.UNIMPLEMENTED,
        details: `unknown service ${SERVICE}`,
      })
    } finally {
      other.close()
      await bare.close()
    }
  })
})
