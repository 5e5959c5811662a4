import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type GrpcListener, startGrpcServer } from '../../src/server/grpc/server.js'
import { codeSpans, docText } from '../helpers/docs.js'
import { grpcServices } from '../helpers/grpc-services.js'
import { runTool } from '../helpers/run-tool.js'
import { BOB, createQueryTestNode } from '../helpers/test-node.js'

/**
 * `buf curl` — a Go gRPC client (protobuf-go's descriptor checks) — against the node's gRPC server,
 * knowing nothing but what server reflection tells it: it lists, resolves and calls every query
 * service. In process: the subject is the server's reflection, not the node process.
 */
const BUF = createRequire(import.meta.url).resolve('@bufbuild/buf/bin/buf')

const HEIGHTS = 5

/** The services a new user sees listed (docs/endpoints.md, "REST gateway and gRPC"), sorted. */
const SERVICES = grpcServices('sdk')

function buf(...args: string[]) {
  return runTool(BUF, ['curl', '--protocol', 'grpc', '--http2-prior-knowledge', ...args])
}

let t: Awaited<ReturnType<typeof createQueryTestNode>>
let server: GrpcListener
let base: string

beforeAll(async () => {
  // BOB receives 1stake per block: his balance tells which height answered.
  t = await createQueryTestNode({ transfer: true })
  await t.node.producer.produceBlocks(HEIGHTS)
  server = await startGrpcServer({
    router: t.node.router,
    address: '127.0.0.1:0',
    appDescriptor: { chainId: 'query-test', app: t.node.app },
  })
  base = `http://${server.address}`
})
afterAll(async () => {
  await server?.close()
  await t?.close()
})

describe('buf curl over server reflection', () => {
  test('behavior: --list-services lists every service, over v1 and v1alpha reflection', async () => {
    const [v1, v1alpha] = await Promise.all([
      buf('--list-services', base),
      buf('--reflect-protocol', 'grpc-v1alpha', '--list-services', base),
    ])
    expect(v1).toMatchObject({ code: 0, stderr: '' })
    expect(v1.stdout.trim().split('\n')).toEqual(SERVICES)
    expect(v1alpha).toMatchObject({ code: 0, stdout: v1.stdout })
  })

  test('behavior: docs/endpoints.md names every service listed', () => {
    const named = new Set(codeSpans(docText('docs/endpoints.md')))
    expect(SERVICES.filter((s) => !named.has(s))).toEqual([])
  })

  test('behavior: --list-methods resolves every service from its real files', async () => {
    const r = await buf('-v', '--list-methods', base)
    expect(r.code).toBe(0)
    const methods = r.stdout.trim().split('\n')
    for (const service of SERVICES) {
      expect(methods.some((m) => m.startsWith(`${service}/`))).toBe(true)
    }
    expect(methods).toEqual(
      expect.arrayContaining([
        'grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
        'sdk.upgrade.v1beta1.Query/AppliedPlan',
        'sdk.upgrade.v1beta1.Query/Authority',
        'sdk.upgrade.v1beta1.Query/CurrentPlan',
        'sdk.upgrade.v1beta1.Query/ModuleVersions',
        'sdk.upgrade.v1beta1.Query/UpgradedConsensusState',
      ]),
    )
    // The files buf resolved are the real ones, dependencies included.
    for (const file of [
      'sdk/upgrade/v1beta1/query.proto',
      'google/api/annotations.proto',
      'google/api/http.proto',
      'google/protobuf/descriptor.proto',
      'gogoproto/gogo.proto',
    ]) {
      expect(r.stderr).toContain(`Server reflection has resolved file "${file}"`)
    }
  })

  /** One call per query service, at height 3: [method, request, expected answer (subset)]. */
  const CALLS: [string, object, object][] = [
    [
      'sdk.auth.v1beta1.Query/Account',
      { address: BOB },
      {
        account: {
          '@type': '/sdk.auth.v1beta1.BaseAccount',
          address: BOB,
          accountNumber: '1',
        },
      },
    ],
    [
      'sdk.bank.v1beta1.Query/Balance',
      { address: BOB, denom: 'stake' },
      { balance: { denom: 'stake', amount: '45' } },
    ],
    ['sdk.base.node.v1beta1.Service/Status', {}, { height: '3' }],
    [
      'sdk.base.reflection.v1beta1.ReflectionService/ListImplementations',
      { interface_name: 'sdk.gov.v1beta1.Content' },
      {
        implementationMessageNames: [
          '/sdk.gov.v1beta1.TextProposal',
          '/sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal',
          '/sdk.upgrade.v1beta1.SoftwareUpgradeProposal',
        ],
      },
    ],
    // Served without a height, as upstream's: no height header comes back (HEIGHTLESS).
    [
      'sdk.base.reflection.v2alpha1.ReflectionService/GetTxDescriptor',
      {},
      {
        tx: {
          fullname: 'sdk.tx.v1beta1.Tx',
          msgs: expect.arrayContaining([{ msgTypeUrl: '/sdk.bank.v1beta1.MsgSend' }]),
        },
      },
    ],
    [
      'sdk.autocli.v1.Query/AppOptions',
      {},
      {
        moduleOptions: {
          bank: {
            tx: { service: 'sdk.bank.v1beta1.Msg' },
            query: { service: 'sdk.bank.v1beta1.Query' },
          },
          vesting: { tx: { service: 'sdk.vesting.v1beta1.Msg' } },
        },
      },
    ],
    [
      'sdk.base.tendermint.v1beta1.Service/GetBlockByHeight',
      { height: '2' },
      {
        block: { header: { chainId: 'query-test', height: '2' } },
        sdkBlock: { header: { proposerAddress: expect.stringMatching(/^sdkvalcons1/) } },
      },
    ],
    [
      'sdk.consensus.v1.Query/Params',
      {},
      {
        params: {
          block: { maxBytes: '22020096', maxGas: '-1' },
          evidence: { maxAgeNumBlocks: '100000', maxAgeDuration: '172800s', maxBytes: '1048576' },
          validator: { pubKeyTypes: ['ed25519'] },
        },
      },
    ],
    [
      'sdk.distribution.v1beta1.Query/Params',
      {},
      // LegacyDecs on the protobuf wire: the scaled integers' text, as upstream.
      { params: { communityTax: '20000000000000000', withdrawAddrEnabled: true } },
    ],
    // No evidence yet: protojson leaves out the empty list and the zero total.
    ['sdk.evidence.v1beta1.Query/AllEvidence', {}, { pagination: {} }],
    [
      'sdk.gov.v1.Query/Params',
      { params_type: 'tallying' },
      {
        tallyParams: { quorum: '0.334000000000000000', threshold: '0.500000000000000000' },
        params: { votingPeriod: '172800s', minDeposit: [{ denom: 'stake', amount: '10000000' }] },
      },
    ],
    [
      'sdk.gov.v1beta1.Query/Params',
      { params_type: 'voting' },
      { votingParams: { votingPeriod: '172800s' } },
    ],
    [
      'sdk.mint.v1beta1.Query/Params',
      {},
      {
        // LegacyDecs on the protobuf wire: the scaled integers' text, as upstream.
        params: { mintDenom: 'stake', goalBonded: '670000000000000000', blocksPerYear: '6311520' },
      },
    ],
    [
      'sdk.params.v1beta1.Query/Params',
      { subspace: 'baseapp', key: 'BlockParams' },
      { param: { subspace: 'baseapp', key: 'BlockParams' } },
    ],
    [
      'sdk.slashing.v1beta1.Query/Params',
      {},
      { params: { signedBlocksWindow: '100', downtimeJailDuration: '600s' } },
    ],
    [
      'sdk.staking.v1beta1.Query/Params',
      {},
      {
        params: {
          unbondingTime: '1814400s',
          maxValidators: 100,
          maxEntries: 7,
          historicalEntries: 10000,
          bondDenom: 'stake',
          // A LegacyDec on the protobuf wire: the scaled integer's text (buf knows no custom type).
          minCommissionRate: '0',
        },
      },
    ],
    [
      'sdk.tx.v1beta1.Service/GetBlockWithTxs',
      { height: '2' },
      { block: { header: { chainId: 'query-test', height: '2' } } },
    ],
    // Descriptors with their options (extensions such as gogoproto's) decoded by a Go client.
    [
      'sdk.reflection.v1.ReflectionService/FileDescriptors',
      {},
      {
        files: expect.arrayContaining([
          expect.objectContaining({
            name: 'sdk/bank/v1beta1/query.proto',
            package: 'sdk.bank.v1beta1',
            dependency: expect.arrayContaining(['gogoproto/gogo.proto']),
          }),
        ]),
      },
    ],
    ['sdk.upgrade.v1beta1.Query/CurrentPlan', {}, {}],
    [
      'sdk.upgrade.v1beta1.Query/ModuleVersions',
      { module_name: 'bank' },
      { moduleVersions: [{ name: 'bank', version: '4' }] },
    ],
  ]

  /** Services served outside the query router, without a height. */
  const HEIGHTLESS = new Set(['sdk.base.reflection.v2alpha1.ReflectionService'])

  test('behavior: every query service answers a call made from reflection alone, at the height asked', async () => {
    expect(new Set(CALLS.map(([m]) => m.split('/')[0]))).toEqual(
      new Set(SERVICES.filter((s) => s.startsWith('sdk.'))),
    )
    const results = await Promise.all(
      CALLS.map(([method, request]) =>
        buf(
          '-v',
          '-H',
          'x-sdk-block-height: 3',
          '-d',
          JSON.stringify(request),
          `${base}/${method}`,
        ),
      ),
    )
    CALLS.forEach(([method, , expected], i) => {
      const r = results[i]!
      expect(r.code, `${method}: ${r.stderr.slice(-500)}`).toBe(0)
      expect(JSON.parse(r.stdout), method).toMatchObject(expected)
      // The response headers (-v): the height served comes back.
      if (HEIGHTLESS.has(method.split('/')[0]!)) {
        expect(r.stderr, method).not.toMatch(/^buf: < \(#\d+\) X-Sdk-Block-Height/im)
      } else {
        expect(r.stderr, method).toMatch(/^buf: < \(#\d+\) X-Sdk-Block-Height: 3$/m)
      }
    })
  })

  test('behavior: without the header the latest height answers', async () => {
    const r = await buf(
      '-v',
      '-d',
      JSON.stringify({ address: BOB, denom: 'stake' }),
      `${base}/sdk.bank.v1beta1.Query/Balance`,
    )
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      balance: { denom: 'stake', amount: String(42 + HEIGHTS) },
    })
    expect(r.stderr).toMatch(new RegExp(`^buf: < \\(#\\d+\\) X-Sdk-Block-Height: ${HEIGHTS}$`, 'm'))
  })

  test('error: a future height is INVALID_ARGUMENT with the upstream message', async () => {
    const r = await buf(
      '-H',
      'x-sdk-block-height: 1000',
      `${base}/sdk.upgrade.v1beta1.Query/CurrentPlan`,
    )
    // buf exits with the gRPC code shifted left by three bits.
    expect(r.code).toBe(3 << 3)
    expect(JSON.parse(r.stdout || r.stderr)).toEqual({
      code: 'invalid_argument',
      message:
        'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
    })
  })

  test('error: a service the node does not serve is not in the schema', async () => {
    const r = await buf(`${base}/sdk.nope.v1.Query/Params`)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('sdk.nope.v1.Query')
  })
})
