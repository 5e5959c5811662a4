import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import { loadFileDescriptorSetFromBuffer, loadSync } from '@grpc/proto-loader'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ALICE, BOB, createTestNode } from '../../../test/helpers/test-node.js'
import { type GrpcListener, startGrpcServer } from './server.js'

const require = createRequire(import.meta.url)
const REFLECTION_PROTO_DIR = join(dirname(require.resolve('@grpc/reflection')), '..', 'proto')

type Client = grpc.Client & Record<string, any>

/** Asks a server's reflection service (v1 or v1alpha) a series of questions on one stream. */
async function reflect(address: string, version: 'v1' | 'v1alpha', requests: object[]) {
  const def = loadSync(`grpc/reflection/${version}/reflection.proto`, {
    includeDirs: [REFLECTION_PROTO_DIR],
    keepCase: true,
  })
  const pkg = grpc.loadPackageDefinition(def) as any
  const Ctor = pkg.grpc.reflection[version].ServerReflection
  const client = new Ctor(address, grpc.credentials.createInsecure()) as Client
  try {
    const call = client.ServerReflectionInfo()
    const answers: any[] = []
    const done = new Promise<void>((resolve, reject) => {
      call.on('data', (d: any) => {
        answers.push(d)
        if (answers.length === requests.length) call.end()
      })
      call.on('end', resolve)
      call.on('error', reject)
    })
    for (const r of requests) call.write(r)
    await done
    return answers
  } finally {
    client.close()
  }
}

/** A client for `service`, built only from what the server's reflection describes. */
async function discoverClient(address: string, service: string, target = address): Promise<Client> {
  const [answer] = await reflect(address, 'v1', [{ file_containing_symbol: service }])
  const files: Buffer[] = answer.file_descriptor_response.file_descriptor_proto
  // FileDescriptorSet { repeated FileDescriptorProto file = 1 }
  const set = Buffer.concat(files.flatMap((f) => [Buffer.from([0x0a]), varint(f.length), f]))
  const def = loadFileDescriptorSetFromBuffer(set, {
    keepCase: true,
    longs: String,
    defaults: true,
  })
  const pkg = grpc.loadPackageDefinition(def) as any
  const Ctor = service.split('.').reduce((o, part) => o[part], pkg)
  return new Ctor(target, grpc.credentials.createInsecure()) as Client
}

function varint(n: number): Buffer {
  const out: number[] = []
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80)
    n >>>= 7
  }
  out.push(n)
  return Buffer.from(out)
}

/** A unary call: response, response headers, or the error. */
function call(
  client: Client,
  method: string,
  request: object,
  height?: string,
): Promise<{ response?: any; error?: grpc.ServiceError; headers: grpc.Metadata | undefined }> {
  return new Promise((resolve) => {
    const md = new grpc.Metadata()
    if (height !== undefined) md.set('x-sdk-block-height', height)
    let headers: grpc.Metadata | undefined
    const c = client[method](request, md, (error: grpc.ServiceError | null, response: any) => {
      resolve({ ...(error ? { error } : { response }), headers })
    })
    c.on('metadata', (m: grpc.Metadata) => {
      headers = m
    })
  })
}

const HEIGHTS = 5

/**
 * The query services of the newest app version (v2) the README names: REST gateway and gRPC, the
 * Tx service, gov and staking queries, and x/consensus (Upgrades, "App versions").
 */
const README_QUERY_SERVICES = [
  'sdk.auth.v1beta1.Query',
  'sdk.bank.v1beta1.Query',
  'sdk.base.tendermint.v1beta1.Service',
  'sdk.consensus.v1.Query',
  'sdk.gov.v1.Query',
  'sdk.params.v1beta1.Query',
  'sdk.staking.v1beta1.Query',
  'sdk.tx.v1beta1.Service',
  'sdk.upgrade.v1beta1.Query',
]
let t: Awaited<ReturnType<typeof createTestNode>>
let server: GrpcListener
let bank: Client
let auth: Client

beforeAll(async () => {
  t = await createTestNode({ transfer: true })
  await t.node.producer.produceBlocks(HEIGHTS)
  server = await startGrpcServer({ router: t.node.router, address: '127.0.0.1:0' })
  bank = await discoverClient(server.address, 'sdk.bank.v1beta1.Query')
  auth = await discoverClient(server.address, 'sdk.auth.v1beta1.Query')
})
afterAll(async () => {
  bank?.close()
  auth?.close()
  await server?.close()
  await t?.close()
})

describe('gRPC server', () => {
  test.each(['v1', 'v1alpha'] as const)(
    'behavior: reflection %s lists every served query service',
    async (version) => {
      const [answer] = await reflect(server.address, version, [{ list_services: '' }])
      const names = answer.list_services_response.service.map((s: any) => s.name).sort()
      expect(names).toEqual(README_QUERY_SERVICES)
    },
  )

  test('behavior: a discovered client queries the latest height; the height comes back', async () => {
    const r = await call(bank, 'AllBalances', { address: ALICE })
    expect(r.error).toBeUndefined()
    expect(r.response.balances).toEqual([
      { denom: 'stake', amount: String(1000 - HEIGHTS) },
      { denom: 'token', amount: '5' },
    ])
    expect(r.response.pagination.total).toBe('2')
    expect(r.headers?.get('x-sdk-block-height')).toEqual([String(HEIGHTS)])
  })

  test('behavior: x-sdk-block-height metadata selects the height', async () => {
    for (const h of [1, 3, HEIGHTS]) {
      const r = await call(bank, 'Balance', { address: BOB, denom: 'stake' }, String(h))
      expect(r.response.balance).toEqual({ denom: 'stake', amount: String(42 + h) })
      expect(r.headers?.get('x-sdk-block-height')).toEqual([String(h)])
    }
  })

  test('behavior: Any answers carry the packed account', async () => {
    const r = await call(auth, 'Account', { address: BOB })
    expect(r.response.account.type_url).toBe('/sdk.auth.v1beta1.BaseAccount')
    expect(Buffer.from(r.response.account.value).includes(Buffer.from(BOB))).toBe(true)
  })

  test.each([
    [
      'abc',
      grpc.status.INVALID_ARGUMENT,
      'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-sdk-block-height": strconv.ParseInt: parsing "abc": invalid syntax',
    ],
    [
      '-3',
      grpc.status.INVALID_ARGUMENT,
      'codespace sdk code 18: invalid request: cannot query with height < 0; please provide a valid height',
    ],
    [
      '1000',
      grpc.status.INVALID_ARGUMENT,
      'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
    ],
  ])('error: height %s → status %s with the upstream message', async (h, code, message) => {
    const r = await call(bank, 'Params', {}, h)
    expect(r.error?.code).toBe(code)
    expect(r.error?.details).toBe(message)
  })

  test('error: coded errors keep their status (not found, invalid argument)', async () => {
    const missing = 'sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7'
    const nf = await call(auth, 'Account', { address: missing })
    expect(nf.error?.code).toBe(grpc.status.NOT_FOUND)
    expect(nf.error?.details).toBe(`account ${missing} not found`)
    // The height was valid: it is sent before the handler runs, so it comes back with the error.
    expect(nf.headers?.get('x-sdk-block-height')).toEqual([String(HEIGHTS)])
    const bad = await call(bank, 'Balance', { address: 'sdk1xyz', denom: 'stake' })
    expect(bad.error?.code).toBe(grpc.status.INVALID_ARGUMENT)
    expect(bad.error?.details).toMatch(/^invalid address: decoding bech32 failed: /)
  })

  test('error: max-recv-msg-size and max-send-msg-size are enforced', async () => {
    const small = await startGrpcServer({
      router: t.node.router,
      address: '127.0.0.1:0',
      maxRecvMsgSize: 64,
      maxSendMsgSize: 128,
    })
    // Discovered on the normal server: reflection answers exceed the small send limit.
    const client = await discoverClient(server.address, 'sdk.bank.v1beta1.Query', small.address)
    const authClient = await discoverClient(server.address, 'sdk.auth.v1beta1.Query', small.address)
    try {
      const big = await call(client, 'Balance', { address: ALICE, denom: `d${'x'.repeat(100)}` })
      expect(big.error?.code).toBe(grpc.status.RESOURCE_EXHAUSTED)
      const fits = await call(client, 'Balance', { address: ALICE, denom: 'stake' })
      expect(fits.response.balance.denom).toBe('stake')
      const many = await call(authClient, 'Accounts', {})
      expect(many.error?.code).toBe(grpc.status.RESOURCE_EXHAUSTED)
    } finally {
      client.close()
      authClient.close()
      await small.close()
    }
  })

  test('behavior: the bound address is reported; a taken port is a clear error', async () => {
    expect(server.address).toMatch(/^127\.0\.0\.1:\d+$/)
    await expect(
      startGrpcServer({ router: t.node.router, address: server.address }),
    ).rejects.toThrow(`gRPC server: address ${server.address} is already in use`)
  })
})
