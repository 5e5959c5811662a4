import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { App } from '../../../../src/app/app.js'
import { interfaceRegistryOf } from '../../../../src/app/interface-registry.js'
import { buildFileDescriptors } from '../../../../src/codec/proto-descriptors.js'
import { PROTO_DIR } from '../../../../src/codec/proto-sources.js'
import { type GrpcListener, startGrpcServer } from '../../../../src/server/grpc/server.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { APP_VERSIONS } from '../../../../src/versions/index.js'
import { createQueryTestNode, type TestNode } from '../../../helpers/test-node.js'

// The app's reflection services as upstream's query router serves them, over gRPC and ABCI query:
// sdk.base.reflection.v1beta1.ReflectionService (the interface registry),
// sdk.reflection.v1.ReflectionService (the file descriptors) and sdk.autocli.v1.Query. Upstream
// never registers their REST routes.

const HEIGHTS = 3

let t: TestNode
let server: GrpcListener
let rpc: ReturnType<typeof createRpcApp>
/** The services' clients, from the .proto files by an independent loader. */
const clients: Record<string, any> = {}

/** One unary call: the answer or the error, and the response headers. */
function unary(service: string, method: string, request: object, metadata = new grpc.Metadata()) {
  return new Promise<{ response?: any; error?: grpc.ServiceError; headers?: grpc.Metadata }>(
    (resolve) => {
      let headers: grpc.Metadata | undefined
      const c = clients[service][method](
        request,
        metadata,
        (error: grpc.ServiceError | null, response: any) =>
          resolve({ ...(error ? { error } : { response }), ...(headers ? { headers } : {}) }),
      )
      c.on('metadata', (m: grpc.Metadata) => {
        headers = m
      })
    },
  )
}

/** The ABCI query of a gRPC path with an encoded request; the ResponseQuery. */
async function abci(path: string, data = '', height?: number) {
  const res = await rpc.request('/', {
    method: 'POST',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'abci_query',
      params: { path, data, ...(height ? { height: String(height) } : {}) },
    }),
  })
  return ((await res.json()) as any).result.response
}

beforeAll(async () => {
  t = await createQueryTestNode()
  await t.node.producer.produceBlocks(HEIGHTS)
  server = await startGrpcServer({ router: t.node.router, address: '127.0.0.1:0' })
  rpc = createRpcApp(abciQueryRoutes(t.node.router))
  const load = (file: string) =>
    grpc.loadPackageDefinition(
      loadSync(file, { includeDirs: [PROTO_DIR], keepCase: true, longs: String, defaults: true }),
    ) as any
  const credentials = grpc.credentials.createInsecure()
  const v1beta1 = load('sdk/base/reflection/v1beta1/reflection.proto').sdk.base.reflection.v1beta1
  clients.interfaces = new v1beta1.ReflectionService(server.address, credentials)
  const v1 = load('sdk/reflection/v1/reflection.proto').sdk.reflection.v1
  clients.files = new v1.ReflectionService(server.address, credentials)
  clients.autocli = new (load('sdk/autocli/v1/query.proto').sdk.autocli.v1.Query)(
    server.address,
    credentials,
  )
})
afterAll(async () => {
  for (const c of Object.values(clients)) c.close()
  await server?.close()
  await t?.close()
})

/** Every interface of the newest app version (v2), as upstream names them with `sdk` for `cosmos`. */
const INTERFACES = [
  'sdk.auth.v1.ModuleCredential',
  'sdk.auth.v1beta1.AccountI',
  'sdk.auth.v1beta1.GenesisAccount',
  'sdk.base.v1beta1.Msg',
  'sdk.crypto.PrivKey',
  'sdk.crypto.PubKey',
  'sdk.evidence.v1beta1.Evidence',
  'sdk.gov.v1beta1.Content',
  'sdk.tx.v1beta1.MsgResponse',
  'sdk.tx.v1beta1.Tx',
  'sdk.tx.v1beta1.TxExtensionOptionI',
  'sdk.vesting.v1beta1.VestingAccount',
]

describe('sdk.base.reflection.v1beta1.ReflectionService', () => {
  test('behavior: ListAllInterfaces names every interface of the app, sorted, at the height asked', async () => {
    const metadata = new grpc.Metadata()
    metadata.set('x-sdk-block-height', '2')
    const r = await unary('interfaces', 'ListAllInterfaces', {}, metadata)
    expect(r.error).toBeUndefined()
    expect(r.response).toEqual({ interface_names: INTERFACES })
    expect(r.headers?.get('x-sdk-block-height')).toEqual(['2'])
  })

  test('behavior: ListImplementations answers the type URLs of an interface’s implementations, sorted', async () => {
    const of = async (interface_name: string) => {
      const r = await unary('interfaces', 'ListImplementations', { interface_name })
      expect(r.error, interface_name).toBeUndefined()
      return r.response.implementation_message_names as string[]
    }
    expect(await of('sdk.crypto.PubKey')).toEqual([
      '/sdk.crypto.ed25519.PubKey',
      '/sdk.crypto.multisig.LegacyAminoPubKey',
      '/sdk.crypto.secp256k1.PubKey',
    ])
    // x/upgrade's deprecated proposals implement x/gov's legacy Content.
    expect(await of('sdk.gov.v1beta1.Content')).toEqual([
      '/sdk.gov.v1beta1.TextProposal',
      '/sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal',
      '/sdk.upgrade.v1beta1.SoftwareUpgradeProposal',
    ])
    expect(await of('sdk.auth.v1beta1.AccountI')).toEqual([
      '/sdk.auth.v1beta1.BaseAccount',
      '/sdk.auth.v1beta1.ModuleAccount',
      '/sdk.vesting.v1beta1.BaseVestingAccount',
      '/sdk.vesting.v1beta1.ContinuousVestingAccount',
      '/sdk.vesting.v1beta1.DelayedVestingAccount',
      '/sdk.vesting.v1beta1.PeriodicVestingAccount',
      '/sdk.vesting.v1beta1.PermanentLockedAccount',
    ])
    expect(await of('sdk.tx.v1beta1.Tx')).toEqual(['/sdk.tx.v1beta1.Tx'])
    expect(await of('sdk.tx.v1beta1.TxExtensionOptionI')).toEqual([])
    // Every Msg the app routes, with its response; v2 has x/consensus and no x/crisis.
    const msgs = await of('sdk.base.v1beta1.Msg')
    expect(msgs).toEqual([...t.node.app.msgHandlers.keys()].sort())
    expect(msgs).toEqual(
      expect.arrayContaining([
        '/sdk.bank.v1beta1.MsgSend',
        '/sdk.gov.v1.MsgExecLegacyContent',
        '/sdk.vesting.v1beta1.MsgCreateVestingAccount',
        '/sdk.consensus.v1.MsgUpdateParams',
      ]),
    )
    expect(msgs).not.toContain('/sdk.crisis.v1beta1.MsgVerifyInvariant')
    const responses = await of('sdk.tx.v1beta1.MsgResponse')
    expect(responses).toHaveLength(msgs.length)
    expect(responses).toContain('/sdk.bank.v1beta1.MsgSendResponse')
  })

  test('behavior: every implementation listed is a type the node decodes', async () => {
    const registry = interfaceRegistryOf(t.node.app)
    const unknown = registry.names.flatMap((name) =>
      registry.implementations(name).filter((url) => !t.node.registry.typeOfUrl(url)),
    )
    expect(unknown).toEqual([])
  })

  test('behavior: an app version registers what its modules do: v1 routes x/crisis’ Msgs, not x/consensus’', () => {
    const registry = t.node.registry
    const v1 = interfaceRegistryOf(new App(APP_VERSIONS.v1!({ registry }), registry))
    expect(v1.names).toEqual(INTERFACES)
    const msgs = v1.implementations('sdk.base.v1beta1.Msg')
    expect(msgs).toContain('/sdk.crisis.v1beta1.MsgVerifyInvariant')
    expect(msgs).not.toContain('/sdk.consensus.v1.MsgUpdateParams')
  })

  test('error: an interface the app does not register has no implementations; no name is InvalidArgument', async () => {
    const unknown = await unary('interfaces', 'ListImplementations', {
      interface_name: 'sdk.authz.v1beta1.Authorization',
    })
    expect(unknown.response).toEqual({ implementation_message_names: [] })
    const none = await unary('interfaces', 'ListImplementations', { interface_name: '' })
    expect(none.error).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'invalid interface name',
    })
  })

  test('behavior: ABCI query answers by the gRPC path, the handler’s error as upstream maps it', async () => {
    const all = await abci(
      '/sdk.base.reflection.v1beta1.ReflectionService/ListAllInterfaces',
      '',
      2,
    )
    expect(all).toMatchObject({ code: 0, height: '2' })
    const decoded = t.node.registry.decode(
      'sdk.base.reflection.v1beta1.ListAllInterfacesResponse',
      new Uint8Array(Buffer.from(all.value, 'base64')),
    )
    expect(decoded.interface_names).toEqual(INTERFACES)
    // An empty request: no interface name.
    const none = await abci('/sdk.base.reflection.v1beta1.ReflectionService/ListImplementations')
    expect(none).toMatchObject({
      code: 18,
      codespace: 'sdk',
      log: 'rpc error: code = InvalidArgument desc = invalid interface name: invalid request',
    })
  })
})

describe('sdk.reflection.v1.ReflectionService', () => {
  test('behavior: FileDescriptors answers every .proto file the node knows, each after its imports, as server reflection describes it', async () => {
    const r = await unary('files', 'FileDescriptors', {})
    expect(r.error).toBeUndefined()
    const names: string[] = r.response.files.map((f: { name: string }) => f.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'sdk/bank/v1beta1/query.proto',
        'sdk/base/reflection/v1beta1/reflection.proto',
        'sdk/base/reflection/v2alpha1/reflection.proto',
        'sdk/reflection/v1/reflection.proto',
        'sdk/autocli/v1/query.proto',
        'google/protobuf/descriptor.proto',
        'gogoproto/gogo.proto',
      ]),
    )
    expect(new Set(names).size).toBe(names.length)
    for (const [i, f] of r.response.files.entries()) {
      for (const dep of f.dependency)
        expect(names.indexOf(dep), `${f.name} → ${dep}`).toBeLessThan(i)
    }
    // Byte for byte the descriptors server reflection sends (options and all).
    const built = buildFileDescriptors(t.node.registry.sources()).files
    const type = t.node.registry.type('google.protobuf.FileDescriptorProto')
    const abciAnswer = await abci('/sdk.reflection.v1.ReflectionService/FileDescriptors')
    const files = t.node.registry.decode(
      'sdk.reflection.v1.FileDescriptorsResponse',
      new Uint8Array(Buffer.from(abciAnswer.value, 'base64')),
    ).files
    expect(files.map((f) => f.name)).toEqual([...built.keys()])
    for (const f of files) {
      expect(
        Buffer.from(type.encode(f).finish()).equals(Buffer.from(built.get(f.name)!.bytes)),
        f.name,
      ).toBe(true)
    }
  })
})

describe('sdk.autocli.v1.Query', () => {
  test('behavior: AppOptions names each module’s Msg and query service, the newest where there are two', async () => {
    const r = await unary('autocli', 'AppOptions', {})
    expect(r.error).toBeUndefined()
    const both = (module: string, version: string) => ({
      tx: { service: `sdk.${module}.${version}.Msg`, rpc_command_options: [], sub_commands: {} },
      query: {
        service: `sdk.${module}.${version}.Query`,
        rpc_command_options: [],
        sub_commands: {},
      },
    })
    const only = (kind: 'tx' | 'query', service: string) => ({
      [kind]: { service, rpc_command_options: [], sub_commands: {} },
      [kind === 'tx' ? 'query' : 'tx']: null,
    })
    expect(r.response).toEqual({
      module_options: {
        auth: both('auth', 'v1beta1'),
        bank: both('bank', 'v1beta1'),
        consensus: both('consensus', 'v1'),
        distribution: both('distribution', 'v1beta1'),
        evidence: only('query', 'sdk.evidence.v1beta1.Query'),
        gov: both('gov', 'v1'),
        mint: both('mint', 'v1beta1'),
        params: only('query', 'sdk.params.v1beta1.Query'),
        slashing: both('slashing', 'v1beta1'),
        staking: both('staking', 'v1beta1'),
        upgrade: both('upgrade', 'v1beta1'),
        vesting: only('tx', 'sdk.vesting.v1beta1.Msg'),
      },
    })
  })
})

describe('REST', () => {
  test('error: the services have no REST routes, as upstream registers none: 404', async () => {
    const rest = createGateway({ router: t.node.router })
    for (const path of [
      '/sdk/base/reflection/v1beta1/interfaces',
      '/sdk/base/reflection/v1beta1/interfaces/sdk.base.v1beta1.Msg/implementations',
      '/sdk/base/reflection/v1beta1/app_descriptor/chain',
    ]) {
      const res = await rest.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toEqual({ code: 5, message: 'Not Found', details: [] })
    }
  })
})
