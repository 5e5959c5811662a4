import * as grpc from '@grpc/grpc-js'
import protobuf from 'protobufjs'
import * as descriptor from 'protobufjs/ext/descriptor.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ProtoMessage, protoRegistry } from '../../../../src/codec/proto.js'
import { type GrpcListener, startGrpcServer } from '../../../../src/server/grpc/server.js'
import { ALICE, BOB, createQueryTestNode } from '../../../helpers/test-node.js'

const registry = protoRegistry()
const FileDescriptorProto = registry.type('google.protobuf.FileDescriptorProto')

/**
 * Asks a server's reflection service (v1 or v1alpha) a series of questions on one stream; resolves
 * with the answers, or rejects with the stream's error status.
 */
async function reflect(address: string, version: 'v1' | 'v1alpha', requests: ProtoMessage[]) {
  const Request = registry.type(`grpc.reflection.${version}.ServerReflectionRequest`)
  const Response = registry.type(`grpc.reflection.${version}.ServerReflectionResponse`)
  const client = new grpc.Client(address, grpc.credentials.createInsecure())
  try {
    const call = client.makeBidiStreamRequest(
      `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
      (m: ProtoMessage) => Buffer.from(Request.encode(Request.fromObject(m)).finish()),
      (b: Buffer) => Response.toObject(Response.decode(b), { defaults: false }) as ProtoMessage,
    )
    const answers: ProtoMessage[] = []
    const done = new Promise<void>((resolve, reject) => {
      call.on('data', (d: ProtoMessage) => {
        answers.push(d)
        if (answers.length === requests.length) call.end()
      })
      call.on('end', resolve)
      call.on('error', reject)
    })
    for (const r of requests) call.write(r)
    if (requests.length === 0) call.end()
    await done
    return answers
  } finally {
    client.close()
  }
}

/** The decoded FileDescriptorProtos of a reflection answer. */
function filesOf(answer: ProtoMessage): ProtoMessage[] {
  return answer.file_descriptor_response.file_descriptor_proto.map((b: Uint8Array) =>
    FileDescriptorProto.toObject(FileDescriptorProto.decode(b), { enums: String }),
  )
}

interface Client {
  call(
    method: string,
    request: ProtoMessage,
    height?: string,
  ): Promise<{ response?: any; error?: grpc.ServiceError; headers: grpc.Metadata | undefined }>
  close(): void
}

/**
 * A client for `service` built only from what the server's reflection describes: the descriptors
 * are turned back into types by protobufjs's descriptor import.
 */
async function discoverClient(address: string, service: string, target = address): Promise<Client> {
  const [answer] = await reflect(address, 'v1', [{ file_containing_symbol: service }])
  const files = answer!.file_descriptor_response.file_descriptor_proto as Uint8Array[]
  const set = descriptor.FileDescriptorSet.create({
    file: files.map((b) => descriptor.FileDescriptorProto.decode(b)),
  })
  const root = protobuf.Root.fromDescriptor(descriptor.FileDescriptorSet.encode(set).finish(), {
    keepCase: true,
  })
  const svc = root.lookupService(service)
  const client = new grpc.Client(target, grpc.credentials.createInsecure())
  return {
    call(method, request, height) {
      const m = svc.methods[method]!
      m.resolve()
      const req = m.resolvedRequestType!
      const res = m.resolvedResponseType!
      return new Promise((resolve) => {
        const md = new grpc.Metadata()
        if (height !== undefined) md.set('x-sdk-block-height', height)
        let headers: grpc.Metadata | undefined
        const c = client.makeUnaryRequest(
          `/${service}/${method}`,
          (r: ProtoMessage) => Buffer.from(req.encode(req.fromObject(r)).finish()),
          (b: Buffer) => res.toObject(res.decode(b), { longs: String, defaults: true }),
          request,
          md,
          (error, response) => resolve({ ...(error ? { error } : { response }), headers }),
        )
        c.on('metadata', (m: grpc.Metadata) => {
          headers = m
        })
      })
    },
    close: () => client.close(),
  }
}

const HEIGHTS = 5

/**
 * The query services of the newest app version (v2) docs/endpoints.md names: REST gateway and gRPC, the
 * Tx service, gov and staking queries, and x/consensus (Upgrades, "App versions").
 */
const README_QUERY_SERVICES = [
  'sdk.auth.v1beta1.Query',
  'sdk.autocli.v1.Query',
  'sdk.bank.v1beta1.Query',
  'sdk.base.node.v1beta1.Service',
  'sdk.base.reflection.v1beta1.ReflectionService',
  'sdk.base.tendermint.v1beta1.Service',
  'sdk.consensus.v1.Query',
  'sdk.distribution.v1beta1.Query',
  'sdk.evidence.v1beta1.Query',
  'sdk.gov.v1.Query',
  'sdk.gov.v1beta1.Query',
  'sdk.mint.v1beta1.Query',
  'sdk.params.v1beta1.Query',
  'sdk.reflection.v1.ReflectionService',
  'sdk.slashing.v1beta1.Query',
  'sdk.staking.v1beta1.Query',
  'sdk.tx.v1beta1.Service',
  'sdk.upgrade.v1beta1.Query',
]
let t: Awaited<ReturnType<typeof createQueryTestNode>>
let server: GrpcListener
let bank: Client
let auth: Client

beforeAll(async () => {
  t = await createQueryTestNode({ transfer: true })
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
    'behavior: reflection %s lists every served service, sorted, reflection included',
    async (version) => {
      const [answer] = await reflect(server.address, version, [{ list_services: '*' }])
      const names = answer!.list_services_response.service.map((s: { name: string }) => s.name)
      expect(names).toEqual([
        'grpc.reflection.v1.ServerReflection',
        'grpc.reflection.v1alpha.ServerReflection',
        ...README_QUERY_SERVICES,
      ])
    },
  )

  test('behavior: a discovered client queries the latest height; the height comes back', async () => {
    const r = await bank.call('AllBalances', { address: ALICE })
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
      const r = await bank.call('Balance', { address: BOB, denom: 'stake' }, String(h))
      expect(r.response.balance).toEqual({ denom: 'stake', amount: String(42 + h) })
      expect(r.headers?.get('x-sdk-block-height')).toEqual([String(h)])
    }
  })

  test('behavior: an answer kept for the heights it held (a balance never changed) is right at each, one changed at every height stays exact', async () => {
    for (const pass of [0, 1]) {
      for (const h of pass === 0 ? [2, 4, 1, HEIGHTS] : [HEIGHTS, 3, 1]) {
        const token = await bank.call('Balance', { address: ALICE, denom: 'token' }, String(h))
        expect([h, token.response.balance]).toEqual([h, { denom: 'token', amount: '5' }])
        const stake = await bank.call('Balance', { address: BOB, denom: 'stake' }, String(h))
        expect([h, stake.response.balance]).toEqual([h, { denom: 'stake', amount: String(42 + h) }])
        expect(stake.headers?.get('x-sdk-block-height')).toEqual([String(h)])
      }
    }
  })

  test('behavior: Any answers carry the packed account', async () => {
    const r = await auth.call('Account', { address: BOB })
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
    const r = await bank.call('Params', {}, h)
    expect(r.error?.code).toBe(code)
    expect(r.error?.details).toBe(message)
  })

  test('error: coded errors keep their status (not found, invalid argument)', async () => {
    const missing = 'sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7'
    const nf = await auth.call('Account', { address: missing })
    expect(nf.error?.code).toBe(grpc.status.NOT_FOUND)
    expect(nf.error?.details).toBe(`account ${missing} not found`)
    // The height was valid: it is sent before the handler runs, so it comes back with the error.
    expect(nf.headers?.get('x-sdk-block-height')).toEqual([String(HEIGHTS)])
    const bad = await bank.call('Balance', { address: 'sdk1xyz', denom: 'stake' })
    expect(bad.error?.code).toBe(grpc.status.INVALID_ARGUMENT)
    expect(bad.error?.details).toMatch(/^invalid address: decoding bech32 failed: /)
  })

  test('error: an unknown service or method is UNIMPLEMENTED with grpc-go’s texts, before any message is read', async () => {
    const client = new grpc.Client(server.address, grpc.credentials.createInsecure())
    const call = (path: string) =>
      new Promise<grpc.ServiceError | null>((resolve) => {
        client.makeUnaryRequest(
          path,
          (b: Buffer) => b,
          (b: Buffer) => b,
          Buffer.alloc(0),
          (err) => resolve(err),
        )
      })
    try {
      const service = await call('/sdk.nope.v1.Query/Params')
      expect(service).toMatchObject({
        code: grpc.status.UNIMPLEMENTED,
        details: 'unknown service sdk.nope.v1.Query',
      })
      const method = await call('/sdk.bank.v1beta1.Query/Nope')
      expect(method).toMatchObject({
        code: grpc.status.UNIMPLEMENTED,
        details: 'unknown method Nope for service sdk.bank.v1beta1.Query',
      })
      const reflection = await call('/grpc.reflection.v1.ServerReflection/Nope')
      expect(reflection?.details).toBe(
        'unknown method Nope for service grpc.reflection.v1.ServerReflection',
      )
      // A stream the client never closes is refused all the same.
      const stream = client.makeBidiStreamRequest(
        '/sdk.nope.v1.Query/Watch',
        (b: Buffer) => b,
        (b: Buffer) => b,
      )
      const refused = await new Promise<grpc.ServiceError>((resolve) => stream.on('error', resolve))
      expect(refused).toMatchObject({
        code: grpc.status.UNIMPLEMENTED,
        details: 'unknown service sdk.nope.v1.Query',
      })
    } finally {
      client.close()
    }
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
      const big = await client.call('Balance', { address: ALICE, denom: `d${'x'.repeat(100)}` })
      expect(big.error?.code).toBe(grpc.status.RESOURCE_EXHAUSTED)
      const fits = await client.call('Balance', { address: ALICE, denom: 'stake' })
      expect(fits.response.balance.denom).toBe('stake')
      const many = await authClient.call('Accounts', {})
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

describe('gRPC server reflection', () => {
  const QUERY_FILE = 'sdk/upgrade/v1beta1/query.proto'

  test('behavior: a symbol answers its real file first, then every file it imports, once', async () => {
    const [answer] = await reflect(server.address, 'v1', [
      { host: 'node0', file_containing_symbol: 'sdk.upgrade.v1beta1.Query' },
    ])
    expect(answer!.valid_host).toBe('node0')
    expect(answer!.original_request).toEqual({
      host: 'node0',
      file_containing_symbol: 'sdk.upgrade.v1beta1.Query',
    })
    const files = filesOf(answer!)
    const names = files.map((f) => f.name)
    expect(names[0]).toBe(QUERY_FILE)
    expect(files[0]!.package).toBe('sdk.upgrade.v1beta1')
    expect(files[0]!.dependency).toEqual([
      'google/api/annotations.proto',
      'sdk/upgrade/v1beta1/upgrade.proto',
    ])
    expect(names).toEqual(
      expect.arrayContaining([
        'google/api/annotations.proto',
        'google/api/http.proto',
        'google/protobuf/descriptor.proto',
        'sdk/upgrade/v1beta1/upgrade.proto',
        'gogoproto/gogo.proto',
        'google/protobuf/any.proto',
        'google/protobuf/timestamp.proto',
      ]),
    )
    expect(new Set(names).size).toBe(names.length)
    // Transitively complete: every import of every file is in the answer.
    for (const f of files) for (const dep of f.dependency ?? []) expect(names).toContain(dep)
  })

  test('behavior: files sent before on the stream are not sent again; the one asked for is', async () => {
    const [first, second, third] = await reflect(server.address, 'v1alpha', [
      { file_containing_symbol: 'sdk.upgrade.v1beta1.Query' },
      { file_containing_symbol: 'sdk.upgrade.v1beta1.Plan' },
      { file_by_filename: QUERY_FILE },
    ])
    expect(filesOf(first!).length).toBeGreaterThan(5)
    expect(filesOf(second!).map((f) => f.name)).toEqual(['sdk/upgrade/v1beta1/upgrade.proto'])
    expect(filesOf(third!).map((f) => f.name)).toEqual([QUERY_FILE])
  })

  test('behavior: descriptors keep the options tools read (http rules, field options)', async () => {
    const [upgrade, bankQuery] = await reflect(server.address, 'v1', [
      { file_by_filename: QUERY_FILE },
      { file_by_filename: 'sdk/bank/v1beta1/query.proto' },
    ])
    const service = filesOf(upgrade!)[0]!.service[0]
    expect(service.name).toBe('Query')
    const currentPlan = service.method.find((m: { name: string }) => m.name === 'CurrentPlan')
    expect(currentPlan).toEqual({
      name: 'CurrentPlan',
      input_type: '.sdk.upgrade.v1beta1.QueryCurrentPlanRequest',
      output_type: '.sdk.upgrade.v1beta1.QueryCurrentPlanResponse',
      options: { '.google.api.http': { get: '/sdk/upgrade/v1beta1/current_plan' } },
    })
    const response = filesOf(bankQuery!)[0]!.message_type.find(
      (m: { name: string }) => m.name === 'QueryAllBalancesResponse',
    )
    expect(response.field[0]).toEqual({
      name: 'balances',
      number: 1,
      label: 'LABEL_REPEATED',
      type: 'TYPE_MESSAGE',
      type_name: '.sdk.base.v1beta1.Coin',
      options: expect.objectContaining({ '.gogoproto.nullable': false }),
    })
  })

  test.each([
    ['sdk.upgrade.v1beta1.Query.CurrentPlan', QUERY_FILE],
    ['sdk.upgrade.v1beta1.QueryCurrentPlanResponse.plan', QUERY_FILE],
    ['sdk.upgrade.v1beta1.Plan', 'sdk/upgrade/v1beta1/upgrade.proto'],
    ['sdk.gov.v1.ProposalStatus', 'sdk/gov/v1/gov.proto'],
    ['sdk.gov.v1.PROPOSAL_STATUS_PASSED', 'sdk/gov/v1/gov.proto'],
    ['sdk.auth.v1beta1.BaseAccount', 'sdk/auth/v1beta1/auth.proto'],
    ['google.protobuf.Timestamp', 'google/protobuf/timestamp.proto'],
    ['grpc.reflection.v1.ServerReflection', 'grpc/reflection/v1/reflection.proto'],
  ])('behavior: file_containing_symbol %s → %s', async (symbol, file) => {
    const [answer] = await reflect(server.address, 'v1', [{ file_containing_symbol: symbol }])
    expect(filesOf(answer!)[0]!.name).toBe(file)
  })

  test('behavior: extensions by extendee and number, and every number of a type', async () => {
    const [http, numbers, none] = await reflect(server.address, 'v1', [
      {
        file_containing_extension: {
          containing_type: 'google.protobuf.MethodOptions',
          extension_number: 72295728,
        },
      },
      { all_extension_numbers_of_type: 'google.protobuf.FieldOptions' },
      { all_extension_numbers_of_type: 'sdk.upgrade.v1beta1.Plan' },
    ])
    expect(filesOf(http!)[0]!.name).toBe('google/api/annotations.proto')
    const { base_type_name, extension_number } = numbers!.all_extension_numbers_response
    expect(base_type_name).toBe('google.protobuf.FieldOptions')
    // gogoproto's nullable, stdtime, stdduration, ascending.
    expect(extension_number).toEqual(expect.arrayContaining([65001, 65010, 65011]))
    expect(extension_number).toEqual([...extension_number].sort((a: number, b: number) => a - b))
    // A known type without extensions: an empty answer, not an error.
    expect(none!.all_extension_numbers_response).toEqual({
      base_type_name: 'sdk.upgrade.v1beta1.Plan',
    })
  })

  test.each([
    [{ file_by_filename: 'sdk/nope/v1/query.proto' }],
    [{ file_containing_symbol: 'sdk.nope.v1.Query' }],
    [{ file_containing_symbol: 'sdk.upgrade.v1beta1' }],
    [
      {
        file_containing_extension: {
          containing_type: 'google.protobuf.MethodOptions',
          extension_number: 1234,
        },
      },
    ],
    [{ all_extension_numbers_of_type: 'sdk.nope.v1.Thing' }],
  ])('error: %j → NOT_FOUND "proto: not found", the stream goes on', async (request) => {
    const [miss, list] = await reflect(server.address, 'v1', [request, { list_services: '' }])
    expect(miss!.error_response).toEqual({ error_code: 5, error_message: 'proto: not found' })
    expect(list!.list_services_response.service.length).toBeGreaterThan(0)
  })

  test('error: a request asking nothing ends the stream with INVALID_ARGUMENT', async () => {
    await expect(reflect(server.address, 'v1', [{ host: 'x' }])).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'invalid MessageRequest: <nil>',
    })
  })
})
