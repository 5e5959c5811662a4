import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { BRANDS, type BrandExpectation } from '../helpers/brand-checks.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import { grpcServices } from '../helpers/grpc-services.js'
import { runTool } from '../helpers/run-tool.js'
import { boundPorts, devMine, LOOPBACK_PORTS, rpcCall, startSdkd } from '../helpers/sdkd.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The upstream grpcurl binary against real `sdkd` devnet processes, one per brand, as a user drives
 * it: `list`, `describe` and a call of every served service, knowing nothing but the address (server
 * reflection), with the brand's height header; and the errors it prints, with its exit codes (64 + the
 * gRPC code for an RPC error, 1 for what it cannot resolve).
 */

const tool = requireUpstreamTool('grpcurl', 'grpcurl against sdkd')

/** The past height every call asks for: bob's token balance changes in the block after it. */
const PAST = 2

/** What `grpcurl -v` printed of the response: its headers (name → values) and JSON bodies. */
function responseOf(stdout: string): { headers: Record<string, string[]>; bodies: unknown[] } {
  const headers: Record<string, string[]> = {}
  const block = /\nResponse headers received:\n([\s\S]*?)\n\n/.exec(stdout)?.[1] ?? ''
  for (const line of block.split('\n')) {
    const header = /^([^:]+): (.*)$/.exec(line)
    if (header) headers[header[1]!] = [...(headers[header[1]!] ?? []), header[2]!]
  }
  const bodies = [...stdout.matchAll(/\nResponse contents:\n([\s\S]*?)\n\n/g)].map((m) =>
    JSON.parse(m[1]!),
  )
  return { headers, bodies }
}

/** grpcurl's report of an RPC error (on stderr). */
function rpcError(code: string, message: string): string {
  return `ERROR:\n  Code: ${code}\n  Message: ${message}\n`
}

/** One call of a service: the method, its request and the answer at PAST. */
interface Call {
  method: string
  request: object
  /** The whole body, or (`partial`) the part that matters of a large one. */
  expected: object
  partial?: true
  /** Served outside the height interceptor (reflection, as upstream): no height header. */
  heightless?: true
}

/** One call per served service, keyed by the service's full name in the brand. */
function callsOf(x: BrandExpectation, home: DevnetHome): Record<string, Call> {
  const bob = home.accounts.bob!.address
  const reflection: Call = {
    method: 'ServerReflectionInfo',
    request: { list_services: '' },
    expected: {
      original_request: { list_services: '' },
      list_services_response: { service: grpcServices(x.pkg).map((name) => ({ name })) },
    },
    heightless: true,
  }
  const block = {
    block: { header: { chain_id: home.chainId, height: String(PAST) } },
  }
  return {
    'grpc.reflection.v1.ServerReflection': reflection,
    'grpc.reflection.v1alpha.ServerReflection': reflection,
    [`${x.pkg}.auth.v1beta1.Query`]: {
      method: 'Account',
      request: { address: bob },
      expected: {
        account: {
          '@type': `/${x.pkg}.auth.v1beta1.BaseAccount`,
          address: bob,
          account_number: '2',
        },
      },
    },
    // 1000token more arrive after PAST: the answer is the balance at PAST.
    [`${x.pkg}.bank.v1beta1.Query`]: {
      method: 'Balance',
      request: { address: bob, denom: 'token' },
      expected: { balance: { denom: 'token', amount: '1000000000' } },
    },
    // Every module with its services, as upstream answers for modules without options of their own.
    [`${x.pkg}.autocli.v1.Query`]: {
      method: 'AppOptions',
      request: {},
      expected: {
        module_options: {
          bank: {
            tx: { service: `${x.pkg}.bank.v1beta1.Msg` },
            query: { service: `${x.pkg}.bank.v1beta1.Query` },
          },
          vesting: { tx: { service: `${x.pkg}.vesting.v1beta1.Msg` } },
        },
      },
      partial: true,
    },
    // The interface registry: every Msg the app routes, by the brand's type URLs.
    [`${x.pkg}.base.reflection.v1beta1.ReflectionService`]: {
      method: 'ListImplementations',
      request: { interface_name: `${x.pkg}.base.v1beta1.Msg` },
      expected: {
        implementation_message_names: expect.arrayContaining([
          `/${x.pkg}.bank.v1beta1.MsgSend`,
          `/${x.pkg}.gov.v1.MsgSubmitProposal`,
        ]),
      },
    },
    // The app descriptor: on the gRPC server alone, as upstream's, so without a height.
    [`${x.pkg}.base.reflection.v2alpha1.ReflectionService`]: {
      method: 'GetConfigurationDescriptor',
      request: {},
      expected: { config: { bech32_account_address_prefix: x.account } },
      heightless: true,
    },
    // The descriptor of every file, the reflection services' own among them.
    [`${x.pkg}.reflection.v1.ReflectionService`]: {
      method: 'FileDescriptors',
      request: {},
      expected: {
        files: expect.arrayContaining([
          expect.objectContaining({
            name: `${x.pkg}/base/reflection/v1beta1/reflection.proto`,
            package: `${x.pkg}.base.reflection.v1beta1`,
          }),
        ]),
      },
      partial: true,
    },
    // The height served, with that height's block time.
    [`${x.pkg}.base.node.v1beta1.Service`]: {
      method: 'Status',
      request: {},
      expected: { height: String(PAST) },
      partial: true,
    },
    // The latest block of the height asked, not the node's latest.
    [`${x.pkg}.base.tendermint.v1beta1.Service`]: {
      method: 'GetLatestBlock',
      request: {},
      expected: {
        ...block,
        sdk_block: { header: { proposer_address: expect.stringMatching(`^${x.valcons}1`) } },
      },
      partial: true,
    },
    [`${x.pkg}.consensus.v1.Query`]: {
      method: 'Params',
      request: {},
      expected: {
        params: {
          block: { max_bytes: '22020096', max_gas: '-1' },
          evidence: {
            max_age_num_blocks: '100000',
            max_age_duration: '172800s',
            max_bytes: '1048576',
          },
          validator: { pub_key_types: ['ed25519'] },
          version: {},
          abci: {},
        },
      },
    },
    [`${x.pkg}.distribution.v1beta1.Query`]: {
      method: 'Params',
      request: {},
      // LegacyDecs on the protobuf wire: the scaled integers' text, as upstream.
      expected: { params: { community_tax: '20000000000000000', withdraw_addr_enabled: true } },
      partial: true,
    },
    [`${x.pkg}.evidence.v1beta1.Query`]: {
      method: 'AllEvidence',
      request: {},
      // No evidence yet: grpcurl leaves out the empty list and the zero total.
      expected: { pagination: {} },
    },
    [`${x.pkg}.mint.v1beta1.Query`]: {
      method: 'Params',
      request: {},
      // LegacyDecs on the protobuf wire: the scaled integers' text, as upstream.
      expected: {
        params: {
          mint_denom: 'stake',
          goal_bonded: '670000000000000000',
          blocks_per_year: '6311520',
        },
      },
      partial: true,
    },
    [`${x.pkg}.slashing.v1beta1.Query`]: {
      method: 'Params',
      request: {},
      expected: { params: { signed_blocks_window: '100', downtime_jail_duration: '600s' } },
      partial: true,
    },
    [`${x.pkg}.gov.v1.Query`]: {
      method: 'Params',
      request: { params_type: 'tallying' },
      expected: {
        tally_params: {
          quorum: '0.334000000000000000',
          threshold: '0.500000000000000000',
          veto_threshold: '0.334000000000000000',
        },
        params: { voting_period: '5s', min_deposit: [{ denom: 'stake', amount: '10000000' }] },
      },
      partial: true,
    },
    // The legacy answer's other params are upstream's non-nullable zero values (LegacyDec 0 is the
    // bytes "0", which grpcurl prints in base64).
    [`${x.pkg}.gov.v1beta1.Query`]: {
      method: 'Params',
      request: { params_type: 'voting' },
      expected: {
        voting_params: { voting_period: '5s' },
        deposit_params: { max_deposit_period: '0s' },
        tally_params: { quorum: 'MA==', threshold: 'MA==', veto_threshold: 'MA==' },
      },
    },
    [`${x.pkg}.params.v1beta1.Query`]: {
      method: 'Params',
      request: { subspace: 'baseapp', key: 'BlockParams' },
      expected: { param: { subspace: 'baseapp', key: 'BlockParams' } },
    },
    [`${x.pkg}.staking.v1beta1.Query`]: {
      method: 'Pool',
      request: {},
      expected: { pool: { not_bonded_tokens: '0', bonded_tokens: '10000000' } },
    },
    [`${x.pkg}.tx.v1beta1.Service`]: {
      method: 'GetBlockWithTxs',
      request: { height: String(PAST) },
      expected: block,
      partial: true,
    },
    [`${x.pkg}.upgrade.v1beta1.Query`]: {
      method: 'ModuleVersions',
      request: { module_name: 'bank' },
      expected: { module_versions: [{ name: 'bank', version: '4' }] },
    },
  }
}

describe.skipIf(!tool.path)(`grpcurl ${tool.version ?? ''} against sdkd`, () => {
  describe.each(['sdk', 'cosmos'] as const)('brand %s', (name) => {
    const x = BRANDS[name]
    const cleanups = cleanupAfterAll()
    let home: DevnetHome
    /** `host:port` of the node's gRPC server. */
    let address: string
    /** The latest height: the block after PAST, which paid bob 1000token. */
    let latest: number

    const grpcurl = (...args: string[]) => runTool(tool.path!, ['-plaintext', ...args])

    beforeAll(async () => {
      home = await createDevnetHome(`grpcurl-${name}`, {}, 'v2', name)
      cleanups.push(home.cleanup)
      const node = startSdkd([
        '--home',
        home.dir,
        'start',
        ...LOOPBACK_PORTS,
        '--grpc.address',
        '127.0.0.1:0',
        '--instrumentation.prometheus=false',
        // Height 1 at start, then blocks only when asked (below), so that the heights are known.
        '--timeout-commit',
        '1h',
      ])
      cleanups.push(() => node.stop())
      const ports = await boundPorts(node, { grpc: true })
      address = `127.0.0.1:${ports.grpcPort}`
      await node.waitForLog((l) => l.msg === 'committed block' && l.height === 1)
      const mining = await rpcCall(ports.rpcPort, 'dev_setMining', { mode: 'manual' })
      expect(mining.result?.mode).toBe('manual')
      expect(await devMine(ports.rpcPort, PAST - 1)).toBe(PAST)
      const funded = await rpcCall(ports.rpcPort, 'dev_fund', {
        address: home.accounts.bob!.address,
        coins: '1000token',
      })
      latest = Number(funded.result?.height)
      expect(latest).toBe(PAST + 1)
    })

    test('behavior: list names every service of the brand; list <service> its methods', async () => {
      const services = grpcServices(x.pkg)
      const [listed, ...each] = await Promise.all([
        grpcurl(address, 'list'),
        ...services.map((s) => grpcurl(address, 'list', s)),
      ])
      expect(listed).toEqual({ code: 0, stdout: `${services.join('\n')}\n`, stderr: '' })
      expect(each[services.indexOf(`${x.pkg}.bank.v1beta1.Query`)]).toEqual({
        code: 0,
        stdout: [
          'AllBalances',
          'Balance',
          'DenomMetadata',
          'DenomMetadataByQueryString',
          'DenomOwners',
          'DenomOwnersByQuery',
          'DenomsMetadata',
          'Params',
          'SendEnabled',
          'SpendableBalanceByDenom',
          'SpendableBalances',
          'SupplyOf',
          'TotalSupply',
        ]
          .map((m) => `${x.pkg}.bank.v1beta1.Query.${m}\n`)
          .join(''),
        stderr: '',
      })
      services.forEach((service, i) => {
        const r = each[i]!
        expect(r.code, `${service}: ${r.stderr}`).toBe(0)
        const methods = r.stdout.trim().split('\n')
        expect(methods.length).toBeGreaterThan(0)
        for (const m of methods) expect(m).toMatch(new RegExp(`^${service}\\.[A-Z]\\w*$`))
      })
    })

    test('behavior: describe prints the rpc signatures of a service and the fields of a message', async () => {
      const p = x.pkg
      const [service, request, response] = await Promise.all([
        grpcurl(address, 'describe', `${p}.bank.v1beta1.Query`),
        grpcurl(address, 'describe', `${p}.bank.v1beta1.QueryBalanceRequest`),
        grpcurl(address, 'describe', `${p}.bank.v1beta1.QueryAllBalancesResponse`),
      ])
      expect(service).toMatchObject({ code: 0, stderr: '' })
      expect(
        service.stdout.startsWith(`${p}.bank.v1beta1.Query is a service:\nservice Query {\n`),
      ).toBe(true)
      for (const [method, route] of [
        ['AllBalances', 'balances/{address}'],
        ['Balance', 'balances/{address}/by_denom'],
        ['Params', 'params'],
        ['SendEnabled', 'send_enabled'],
        ['SupplyOf', 'supply/by_denom'],
        ['TotalSupply', 'supply'],
      ] as const) {
        expect(service.stdout).toContain(
          `  rpc ${method} ( .${p}.bank.v1beta1.Query${method}Request ) returns ( .${p}.bank.v1beta1.Query${method}Response ) {\n`,
        )
        expect(service.stdout).toContain(`get: "${x.rest}/bank/v1beta1/${route}"`)
      }
      expect(request).toEqual({
        code: 0,
        stdout: `${p}.bank.v1beta1.QueryBalanceRequest is a message:\nmessage QueryBalanceRequest {\n  string address = 1;\n  string denom = 2;\n}\n`,
        stderr: '',
      })
      // Types of other files and field options come through reflection too.
      expect(response).toEqual({
        code: 0,
        stdout: `${p}.bank.v1beta1.QueryAllBalancesResponse is a message:\nmessage QueryAllBalancesResponse {\n  repeated .${p}.base.v1beta1.Coin balances = 1 [(.gogoproto.nullable) = false];\n  .${p}.base.query.v1beta1.PageResponse pagination = 2;\n}\n`,
        stderr: '',
      })
    })

    test('behavior: a call of every listed service answers at the height asked, which comes back in the headers', async () => {
      const listed = await grpcurl(address, 'list')
      expect(listed.code).toBe(0)
      const services = listed.stdout.trim().split('\n')
      const calls = callsOf(x, home)
      // A service served without a case here fails the test.
      expect(services.filter((s) => !calls[s])).toEqual([])
      const results = await Promise.all(
        services.map((s) =>
          grpcurl(
            '-v',
            '-H',
            `${x.header}: ${PAST}`,
            '-d',
            JSON.stringify(calls[s]!.request),
            address,
            `${s}/${calls[s]!.method}`,
          ),
        ),
      )
      services.forEach((service, i) => {
        const call = calls[service]!
        const r = results[i]!
        const what = `${service}/${call.method}`
        expect(r.code, `${what}: ${r.stderr}`).toBe(0)
        expect(r.stderr, what).toBe('')
        const { headers, bodies } = responseOf(r.stdout)
        expect(bodies, what).toHaveLength(1)
        if (call.partial) expect(bodies[0], what).toMatchObject(call.expected)
        else expect(bodies[0], what).toEqual(call.expected)
        expect(headers[x.header], what).toEqual(call.heightless ? undefined : [String(PAST)])
      })
    })

    test('behavior: without the header the latest height answers, and says so', async () => {
      const r = await grpcurl(
        '-v',
        '-d',
        JSON.stringify({ address: home.accounts.bob!.address, denom: 'token' }),
        address,
        `${x.pkg}.bank.v1beta1.Query/Balance`,
      )
      expect(r.code).toBe(0)
      const { headers, bodies } = responseOf(r.stdout)
      expect(bodies).toEqual([{ balance: { denom: 'token', amount: '1000001000' } }])
      expect(headers[x.header]).toEqual([String(latest)])
    })

    test('behavior: the interface registry in the brand’s names; an interface name is required (exit 67)', async () => {
      const service = `${x.pkg}.base.reflection.v1beta1.ReflectionService`
      const [all, none] = await Promise.all([
        grpcurl(address, `${service}/ListAllInterfaces`),
        grpcurl('-d', '{"interface_name":""}', address, `${service}/ListImplementations`),
      ])
      expect(all).toMatchObject({ code: 0, stderr: '' })
      expect(JSON.parse(all.stdout).interface_names).toEqual(
        expect.arrayContaining(
          [
            'base.v1beta1.Msg',
            'tx.v1beta1.MsgResponse',
            'tx.v1beta1.Tx',
            'crypto.PubKey',
            'auth.v1beta1.AccountI',
            'gov.v1beta1.Content',
          ].map((name) => `${x.pkg}.${name}`),
        ),
      )
      expect(none).toEqual({
        code: 64 + 3,
        stdout: '',
        stderr: rpcError('InvalidArgument', 'invalid interface name'),
      })
    })

    test('error: an unknown service or method: grpcurl’s reflection errors (exit 1), grpc-go’s Unimplemented texts from the server (exit 76)', async () => {
      // Described by local files, grpcurl skips reflection and the server itself answers.
      const dir = join(home.dir, 'grpcurl-protos')
      await mkdir(dir, { recursive: true })
      await writeFile(
        join(dir, 'nope.proto'),
        `syntax = "proto3";\npackage ${x.pkg}.nope.v1;\nmessage Empty {}\nservice Query { rpc Params(Empty) returns (Empty); }\n`,
      )
      await writeFile(
        join(dir, 'bank-nope.proto'),
        `syntax = "proto3";\npackage ${x.pkg}.bank.v1beta1;\nmessage Empty {}\nservice Query { rpc Nope(Empty) returns (Empty); }\n`,
      )
      const [service, method, localService, localMethod] = await Promise.all([
        grpcurl(address, `${x.pkg}.nope.v1.Query/Params`),
        grpcurl(address, `${x.pkg}.bank.v1beta1.Query/Nope`),
        grpcurl(
          '-import-path',
          dir,
          '-proto',
          'nope.proto',
          address,
          `${x.pkg}.nope.v1.Query/Params`,
        ),
        grpcurl(
          '-import-path',
          dir,
          '-proto',
          'bank-nope.proto',
          address,
          `${x.pkg}.bank.v1beta1.Query/Nope`,
        ),
      ])
      expect(service).toEqual({
        code: 1,
        stdout: '',
        stderr: `Error invoking method "${x.pkg}.nope.v1.Query/Params": target server does not expose service "${x.pkg}.nope.v1.Query"\n`,
      })
      expect(method).toEqual({
        code: 1,
        stdout: '',
        stderr: `Error invoking method "${x.pkg}.bank.v1beta1.Query/Nope": service "${x.pkg}.bank.v1beta1.Query" does not include a method named "Nope"\n`,
      })
      expect(localService).toEqual({
        code: 64 + 12,
        stdout: '',
        stderr: rpcError('Unimplemented', `unknown service ${x.pkg}.nope.v1.Query`),
      })
      expect(localMethod).toEqual({
        code: 64 + 12,
        stdout: '',
        stderr: rpcError(
          'Unimplemented',
          `unknown method Nope for service ${x.pkg}.bank.v1beta1.Query`,
        ),
      })
    })

    test('error: a bad height header is InvalidArgument with the upstream message (exit 67), no height comes back', async () => {
      const cases: [string, string][] = [
        [
          'abc',
          `codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "${x.header}": strconv.ParseInt: parsing "abc": invalid syntax`,
        ],
        [
          '9223372036854775808',
          `codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "${x.header}": strconv.ParseInt: parsing "9223372036854775808": value out of range`,
        ],
        [
          '-1',
          'codespace sdk code 18: invalid request: cannot query with height < 0; please provide a valid height',
        ],
        [
          String(latest + 1),
          'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
        ],
      ]
      const results = await Promise.all(
        cases.map(([height]) =>
          grpcurl(
            '-v',
            '-H',
            `${x.header}: ${height}`,
            '-d',
            '{}',
            address,
            `${x.pkg}.upgrade.v1beta1.Query/CurrentPlan`,
          ),
        ),
      )
      cases.forEach(([height, message], i) => {
        const r = results[i]!
        expect(r.code, height).toBe(64 + 3)
        expect(r.stderr, height).toBe(rpcError('InvalidArgument', message))
        // The height is checked before any header is sent (upstream's interceptor).
        expect(r.stdout, height).toContain('\nResponse headers received:\n(empty)\n')
        expect(responseOf(r.stdout).bodies, height).toEqual([])
      })
    })
  })
})
