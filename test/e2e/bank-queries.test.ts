import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { QueryClient, setupBankExtension } from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import * as grpc from '@grpc/grpc-js'
import {
  QueryDenomMetadataByQueryStringRequest,
  QueryDenomMetadataByQueryStringResponse,
  QueryDenomOwnersByQueryRequest,
  QueryDenomOwnersByQueryResponse,
  QuerySpendableBalanceByDenomRequest,
  QuerySpendableBalanceByDenomResponse,
  QuerySpendableBalancesRequest,
  QuerySpendableBalancesResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import {
  boundPorts,
  devMine,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  startSdkd,
} from '../helpers/sdkd.js'

/**
 * x/bank's spendable balance, denom metadata and denom owner queries (upstream v0.50) against real
 * devnet nodes: REST, gRPC and the CLI (over `abci_query`) at a past height, where a later transfer
 * has changed the answer; pagination; the error answers with upstream's texts; genesis validation
 * of `denom_metadata`; and the same routes on a cosmos-brand node read with cosmjs' own types.
 */

const PAST = 2
const HEADER = 'x-sdk-block-height'
const IBC = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2'
/** Gateway JSON bodies, checked field by field. */
type Json = any

/** Devnet's bond denom metadata (what `init --devnet` writes). */
const STAKE_METADATA = {
  description: 'The staking token of the devnet',
  denom_units: [{ denom: 'stake', exponent: 0, aliases: [] }],
  base: 'stake',
  display: 'stake',
  name: 'stake',
  symbol: 'STAKE',
  uri: '',
  uri_hash: '',
}
const TOKEN_METADATA = {
  description: 'A token',
  denom_units: [
    { denom: 'token', exponent: 0, aliases: ['microtoken'] },
    { denom: 'mtoken', exponent: 3, aliases: [] },
    { denom: 'wholetoken', exponent: 6, aliases: [] },
  ],
  base: 'token',
  display: 'wholetoken',
  name: 'Token',
  symbol: 'TKN',
  uri: 'https://example.com/token.json',
  uri_hash: '',
}
const IBC_METADATA = {
  ...TOKEN_METADATA,
  description: 'An IBC voucher',
  denom_units: [{ denom: IBC, exponent: 0, aliases: [] }],
  base: IBC,
  display: IBC,
  name: 'Voucher',
  symbol: 'VCH',
  uri: '',
}

const cleanups = cleanupAfterAll()
let home: DevnetHome
let api: string
let grpcAddress: string
let rpc: string
let latest: number
let alice: string
/** An address that first receives tokens after PAST: the all-zero one, first in byte order. */
const carol = addressToBech32(new Uint8Array(20))

/** A REST GET at a height: status, body and the height the node says it answered at. */
async function restAt(path: string, height: number = PAST) {
  const res = await fetch(`${api}${path}`, { headers: { [HEADER]: String(height) } })
  return { status: res.status, body: (await res.json()) as Json, height: res.headers.get(HEADER) }
}

/** A unary gRPC call at the past height, encoded with the node's own proto types. */
async function grpcAt(method: string, request: Record<string, unknown>) {
  const registry = protoRegistry()
  const [service, name] = method.split('/') as [string, string]
  const m = registry.service(service).methods[name]!
  m.resolve()
  const req = m.resolvedRequestType!
  const res = m.resolvedResponseType!
  const client = new grpc.Client(grpcAddress, grpc.credentials.createInsecure())
  try {
    return await new Promise<{ body: Json; height: unknown }>((resolve, reject) => {
      let height: unknown
      const md = new grpc.Metadata()
      md.set(HEADER, String(PAST))
      const call = client.makeUnaryRequest(
        `/${method}`,
        (r: object) => Buffer.from(req.encode(req.fromObject(r)).finish()),
        (b: Buffer) => res.toObject(res.decode(b), { longs: String, arrays: true }),
        request,
        md,
        (err, body) => (err ? reject(err) : resolve({ body, height })),
      )
      call.on('metadata', (meta) => {
        height = meta.get(HEADER)[0]
      })
    })
  } finally {
    client.close()
  }
}

/** `sdkd query bank …` at a height against the node, as JSON (or the failure). */
async function cli(args: string[], height = PAST) {
  const r = await runSdkd([
    '--home',
    home.dir,
    'query',
    'bank',
    ...args,
    '--node',
    rpc,
    '--height',
    String(height),
    '-o',
    'json',
  ])
  return { code: r.code, stderr: r.stderr, body: r.code === 0 ? JSON.parse(r.stdout) : undefined }
}

/** Adds the token and IBC voucher metadata to the devnet's genesis. */
async function addMetadata(dir: string): Promise<void> {
  const file = join(dir, 'config/genesis.json')
  const g = JSON.parse(await readFile(file, 'utf8'))
  expect(g.app_state.bank.denom_metadata).toEqual([STAKE_METADATA])
  g.app_state.bank.denom_metadata.push(TOKEN_METADATA, IBC_METADATA)
  await writeFile(file, JSON.stringify(g, null, 2))
}

/** Starts a node on a home, mines to PAST in manual mode, then funds carol in the next block. */
async function startNode(dir: string, fundee: string) {
  const node = startSdkd([
    '--home',
    dir,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.address',
    '127.0.0.1:0',
    '--instrumentation.prometheus=false',
    '--timeout-commit',
    '1h',
  ])
  cleanups.push(() => node.stop())
  const ports = await boundPorts(node, { api: true, grpc: true })
  await node.waitForLog((l) => l.msg === 'committed block' && l.height === 1)
  await rpcCall(ports.rpcPort, 'dev_setMining', { mode: 'manual' })
  expect(await devMine(ports.rpcPort, PAST - 1)).toBe(PAST)
  const funded = await rpcCall(ports.rpcPort, 'dev_fund', { address: fundee, coins: '7token' })
  expect(Number(funded.result?.height)).toBe(PAST + 1)
  return ports
}

/** Account bytes as hex, for address byte order. */
const hexOf = (address: string) => Buffer.from(bech32ToAddress(address, 'sdk')).toString('hex')

beforeAll(async () => {
  home = await createDevnetHome('bank-q')
  cleanups.push(home.cleanup)
  alice = home.accounts.alice!.address
  await addMetadata(home.dir)
  const ports = await startNode(home.dir, carol)
  api = `http://127.0.0.1:${ports.apiPort}`
  grpcAddress = `127.0.0.1:${ports.grpcPort}`
  rpc = `tcp://127.0.0.1:${ports.rpcPort}`
  latest = PAST + 1
})

describe('spendable balances', () => {
  test('behavior: REST answers each held denom at the height asked (no vesting: the balance)', async () => {
    const past = await restAt(`/sdk/bank/v1beta1/spendable_balances/${alice}`)
    expect(past).toEqual({
      status: 200,
      height: String(PAST),
      body: {
        balances: [
          { denom: 'stake', amount: '100000000000000' },
          { denom: 'token', amount: '1000000000' },
        ],
        pagination: { next_key: null, total: '2' },
      },
    })
    // Carol holds nothing at PAST; the transfer after it shows at the latest height.
    expect((await restAt(`/sdk/bank/v1beta1/spendable_balances/${carol}`)).body).toEqual({
      balances: [],
      pagination: { next_key: null, total: '0' },
    })
    expect((await restAt(`/sdk/bank/v1beta1/spendable_balances/${carol}`, latest)).body).toEqual({
      balances: [{ denom: 'token', amount: '7' }],
      pagination: { next_key: null, total: '1' },
    })
    const one = await restAt(
      `/sdk/bank/v1beta1/spendable_balances/${carol}/by_denom?denom=token`,
      latest,
    )
    expect(one.body).toEqual({ balance: { denom: 'token', amount: '7' } })
    const before = await restAt(
      `/sdk/bank/v1beta1/spendable_balances/${carol}/by_denom?denom=token`,
    )
    expect(before.body).toEqual({ balance: { denom: 'token', amount: '0' } })
  })

  test('behavior: pages by denom; next_key is the next denom', async () => {
    const first = await restAt(`/sdk/bank/v1beta1/spendable_balances/${alice}?pagination.limit=1`)
    expect(first.body).toEqual({
      balances: [{ denom: 'stake', amount: '100000000000000' }],
      pagination: { next_key: Buffer.from('token').toString('base64'), total: '0' },
    })
    const key = encodeURIComponent(first.body.pagination.next_key)
    const second = await restAt(
      `/sdk/bank/v1beta1/spendable_balances/${alice}?pagination.limit=1&pagination.key=${key}`,
    )
    expect(second.body).toEqual({
      balances: [{ denom: 'token', amount: '1000000000' }],
      pagination: { next_key: null, total: '0' },
    })
  })

  test('error: a bad address, a bad denom and offset with key are 400 with upstream texts', async () => {
    expect(await restAt('/sdk/bank/v1beta1/spendable_balances/sdk1nope')).toMatchObject({
      status: 400,
      body: {
        code: 3,
        message: 'invalid address: decoding bech32 failed: invalid separator index 3',
        details: [],
      },
    })
    const cosmos = addressToBech32(bech32ToAddress(alice, 'sdk'), 'cosmos')
    expect(
      (await restAt(`/sdk/bank/v1beta1/spendable_balances/${cosmos}/by_denom?denom=stake`)).body,
    ).toEqual({
      code: 3,
      message:
        "invalid address: hrp does not match bech32 prefix: expected 'sdk' got 'cosmos': internal logic error",
      details: [],
    })
    expect(
      await restAt(`/sdk/bank/v1beta1/spendable_balances/${alice}/by_denom?denom=1stake`),
    ).toMatchObject({ status: 400, body: { code: 3, message: 'invalid denom: 1stake' } })
    expect(
      await restAt(
        `/sdk/bank/v1beta1/spendable_balances/${alice}?pagination.offset=1&pagination.key=AA==`,
      ),
    ).toMatchObject({
      status: 400,
      body: {
        code: 3,
        message: 'paginate: invalid request, either offset or key is expected, got both',
      },
    })
  })
})

describe('denom metadata', () => {
  test('behavior: the genesis entries in base denom order, one by path, one by query string', async () => {
    const all = await restAt('/sdk/bank/v1beta1/denoms_metadata')
    expect(all).toEqual({
      status: 200,
      height: String(PAST),
      body: {
        metadatas: [IBC_METADATA, STAKE_METADATA, TOKEN_METADATA],
        pagination: { next_key: null, total: '3' },
      },
    })
    const page = await restAt(
      '/sdk/bank/v1beta1/denoms_metadata?pagination.offset=1&pagination.limit=1&pagination.count_total=true',
    )
    expect(page.body).toEqual({
      metadatas: [STAKE_METADATA],
      pagination: { next_key: Buffer.from('token').toString('base64'), total: '3' },
    })
    expect((await restAt('/sdk/bank/v1beta1/denoms_metadata/token')).body).toEqual({
      metadata: TOKEN_METADATA,
    })
    const byQuery = await restAt(
      `/sdk/bank/v1beta1/denoms_metadata_by_query_string?denom=${encodeURIComponent(IBC)}`,
    )
    expect(byQuery.body).toEqual({ metadata: IBC_METADATA })
  })

  test('error: unknown is 404 `client metadata for denom …`; a bad or missing denom is 400', async () => {
    expect(await restAt('/sdk/bank/v1beta1/denoms_metadata/nope')).toMatchObject({
      status: 404,
      body: { code: 5, message: 'client metadata for denom nope', details: [] },
    })
    expect(
      await restAt('/sdk/bank/v1beta1/denoms_metadata_by_query_string?denom=ibc/NOPE'),
    ).toMatchObject({
      status: 404,
      body: { code: 5, message: 'client metadata for denom ibc/NOPE' },
    })
    expect(await restAt('/sdk/bank/v1beta1/denoms_metadata/1x')).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid denom: 1x' },
    })
    expect(await restAt('/sdk/bank/v1beta1/denoms_metadata_by_query_string')).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid denom: ' },
    })
  })
})

describe('denom owners', () => {
  test('behavior: holders with balances in address byte order; carol only after her transfer', async () => {
    const past = await restAt('/sdk/bank/v1beta1/denom_owners/token')
    expect([past.status, past.height]).toEqual([200, String(PAST)])
    const owners: { address: string; balance: Json }[] = past.body.denom_owners
    expect(owners.length).toBeGreaterThanOrEqual(10)
    expect(owners.map((o) => hexOf(o.address))).toEqual(owners.map((o) => hexOf(o.address)).sort())
    expect(owners.find((o) => o.address === alice)?.balance).toEqual({
      denom: 'token',
      amount: '1000000000',
    })
    expect(owners.some((o) => o.address === carol)).toBe(false)
    expect(past.body.pagination).toEqual({ next_key: null, total: String(owners.length) })

    const now = await restAt('/sdk/bank/v1beta1/denom_owners_by_query?denom=token', latest)
    // The devnet's faucet account paid carol's 7token: every other holder's balance is unchanged.
    const faucet = home.accounts.validator!.address
    expect(now.body.denom_owners).toEqual([
      { address: carol, balance: { denom: 'token', amount: '7' } },
      ...owners.map((o) =>
        o.address === faucet ? { ...o, balance: { denom: 'token', amount: '999999993' } } : o,
      ),
    ])
  })

  test('behavior: key pages and offset pages walk the same list; reverse walks it backwards', async () => {
    const all = (await restAt('/sdk/bank/v1beta1/denom_owners/token')).body.denom_owners
    const walked: Json[] = []
    let key: string | null = null
    let pages = 0
    do {
      const q: string = key ? `&pagination.key=${encodeURIComponent(key)}` : ''
      const r = await restAt(`/sdk/bank/v1beta1/denom_owners/token?pagination.limit=4${q}`)
      walked.push(...r.body.denom_owners)
      key = r.body.pagination.next_key
      pages++
    } while (key && pages < 20)
    expect(walked).toEqual(all)
    expect(pages).toBe(Math.ceil(all.length / 4))
    const offset = await restAt(
      '/sdk/bank/v1beta1/denom_owners_by_query?denom=token&pagination.offset=2&pagination.limit=3&pagination.count_total=true',
    )
    expect(offset.body.denom_owners).toEqual(all.slice(2, 5))
    expect(offset.body.pagination.total).toBe(String(all.length))
    const reverse = await restAt(
      '/sdk/bank/v1beta1/denom_owners/token?pagination.limit=2&pagination.reverse=true',
    )
    expect(reverse.body.denom_owners).toEqual(all.slice(-2).reverse())
  })

  test('error: a bad denom and offset with key are 400; a denom nobody holds has no owners', async () => {
    expect(await restAt('/sdk/bank/v1beta1/denom_owners/1x')).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid denom: 1x' },
    })
    expect(await restAt('/sdk/bank/v1beta1/denom_owners_by_query')).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid denom: ' },
    })
    expect(
      await restAt('/sdk/bank/v1beta1/denom_owners/token?pagination.offset=1&pagination.key=AA=='),
    ).toMatchObject({
      status: 400,
      body: { code: 3, message: 'invalid request, either offset or key is expected, got both' },
    })
    expect((await restAt('/sdk/bank/v1beta1/denom_owners/nope')).body).toEqual({
      denom_owners: [],
      pagination: { next_key: null, total: '0' },
    })
  })
})

describe('gRPC and CLI', () => {
  test('behavior: every new method over gRPC at the height of the metadata header', async () => {
    const S = 'sdk.bank.v1beta1.Query'
    const spendable = await grpcAt(`${S}/SpendableBalances`, { address: carol })
    // An empty page: the PageResponse's fields are all defaults.
    expect(spendable).toEqual({ height: String(PAST), body: { balances: [], pagination: {} } })
    const byDenom = await grpcAt(`${S}/SpendableBalanceByDenom`, { address: alice, denom: 'token' })
    expect(byDenom.body).toEqual({ balance: { denom: 'token', amount: '1000000000' } })
    const metas = await grpcAt(`${S}/DenomsMetadata`, {})
    expect(metas.body.metadatas.map((m: Json) => m.base)).toEqual([IBC, 'stake', 'token'])
    const meta = await grpcAt(`${S}/DenomMetadata`, { denom: 'token' })
    expect(meta.body.metadata.denom_units[2]).toEqual({
      denom: 'wholetoken',
      exponent: 6,
      aliases: [],
    })
    const byQs = await grpcAt(`${S}/DenomMetadataByQueryString`, { denom: IBC })
    expect(byQs.body.metadata.symbol).toBe('VCH')
    const owners = await grpcAt(`${S}/DenomOwners`, { denom: 'token' })
    const ownersByQuery = await grpcAt(`${S}/DenomOwnersByQuery`, { denom: 'token' })
    expect(owners.body.denom_owners.some((o: Json) => o.address === carol)).toBe(false)
    expect(ownersByQuery.body.denom_owners).toEqual(owners.body.denom_owners)
    await expect(grpcAt(`${S}/DenomMetadata`, { denom: 'nope' })).rejects.toMatchObject({
      code: 5,
      details: 'client metadata for denom nope',
    })
  })

  test('behavior: sdkd query bank commands answer at --height', async () => {
    expect((await cli(['spendable-balances', carol])).body).toEqual({
      balances: [],
      pagination: { next_key: null, total: '0' },
    })
    expect((await cli(['spendable-balances', carol], latest)).body.balances).toEqual([
      { denom: 'token', amount: '7' },
    ])
    expect((await cli(['spendable-balance', alice, 'stake'])).body).toEqual({
      balance: { denom: 'stake', amount: '100000000000000' },
    })
    // --resolve-denom (autocli's flag of AllBalances' resolve_denom): token is shown as its display.
    const plain = (await cli(['balances', carol], latest)).body.balances
    expect(plain).toEqual([{ denom: 'token', amount: '7' }])
    expect((await cli(['balances', carol, '--resolve-denom'], latest)).body.balances).toEqual([
      { denom: 'wholetoken', amount: '7' },
    ])
    expect((await cli(['balances', carol, '--resolve-denom=false'], latest)).body.balances).toEqual(
      plain,
    )
    expect((await cli(['denom-metadata', 'stake'])).body).toEqual({ metadata: STAKE_METADATA })
    expect((await cli(['denom-metadata-by-query-string', '--denom', IBC])).body).toEqual({
      metadata: IBC_METADATA,
    })
    const metas = (await cli(['denoms-metadata', '--page-limit', '2'])).body
    expect(metas.metadatas.map((m: Json) => m.base)).toEqual([IBC, 'stake'])
    const owners = (await cli(['denom-owners', 'token', '--page-limit', '2'])).body
    expect(owners.denom_owners).toHaveLength(2)
    const next = (
      await cli([
        'denom-owners-by-query',
        '--denom',
        'token',
        '--page-key',
        owners.pagination.next_key,
      ])
    ).body
    const all = (await restAt('/sdk/bank/v1beta1/denom_owners/token')).body.denom_owners
    expect([...owners.denom_owners, ...next.denom_owners]).toEqual(all)
    expect(await cli(['denom-metadata', 'nope'])).toMatchObject({
      code: 1,
      stderr:
        'Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = client metadata for denom nope: key not found\n',
    })
  })
})

describe('genesis denom_metadata', () => {
  test('error: validate-genesis refuses a bad entry with upstream text', async () => {
    const file = join(home.dir, 'config/genesis.json')
    const g = JSON.parse(await readFile(file, 'utf8'))
    g.app_state.bank.denom_metadata.push({ ...TOKEN_METADATA, description: 'twice' })
    const bad = join(home.dir, 'bad-genesis.json')
    await writeFile(bad, JSON.stringify(g))
    const r = await runSdkd(['--home', home.dir, 'genesis', 'validate-genesis', bad])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      'app_state.bank.denom_metadata[3]: duplicate client metadata for denom token',
    )
    g.app_state.bank.denom_metadata[3] = { ...TOKEN_METADATA, base: 'other' }
    await writeFile(bad, JSON.stringify(g))
    const r2 = await runSdkd(['--home', home.dir, 'genesis', 'validate-genesis', bad])
    expect(r2.stderr).toContain(
      "app_state.bank.denom_metadata[3]: metadata's first denomination unit must be the one with base denom 'other'",
    )
  })
})

describe('cosmos brand', () => {
  test('behavior: cosmjs reads metadata, spendable balances and owners with upstream types', async () => {
    const c = await createDevnetHome('bank-q-cosmos', {}, 'v2', 'cosmos')
    cleanups.push(c.cleanup)
    const calice = c.accounts.alice!.address
    const ccarol = addressToBech32(new Uint8Array(20), 'cosmos')
    const ports = await startNode(c.dir, ccarol)
    const rest = await fetch(
      `http://127.0.0.1:${ports.apiPort}/cosmos/bank/v1beta1/denoms_metadata/stake`,
    )
    expect(await rest.json()).toEqual({ metadata: STAKE_METADATA })
    const comet = await Comet38Client.connect(`http://127.0.0.1:${ports.rpcPort}`)
    try {
      const q = QueryClient.withExtensions(comet, setupBankExtension)
      expect(await q.bank.denomMetadata('stake')).toMatchObject({ base: 'stake', symbol: 'STAKE' })
      expect((await q.bank.denomsMetadata()).map((m) => m.base)).toEqual(['stake'])
      const abci = async <T>(
        method: string,
        data: Uint8Array,
        decode: (b: Uint8Array) => T,
        height?: number,
      ) => decode((await q.queryAbci(`/cosmos.bank.v1beta1.Query/${method}`, data, height)).value)
      const spendable = await abci(
        'SpendableBalances',
        QuerySpendableBalancesRequest.encode({ address: ccarol }).finish(),
        (b) => QuerySpendableBalancesResponse.decode(b),
      )
      expect(spendable.balances).toEqual([{ denom: 'token', amount: '7' }])
      const atPast = await abci(
        'SpendableBalanceByDenom',
        QuerySpendableBalanceByDenomRequest.encode({ address: ccarol, denom: 'token' }).finish(),
        (b) => QuerySpendableBalanceByDenomResponse.decode(b),
        PAST,
      )
      expect(atPast.balance).toEqual({ denom: 'token', amount: '0' })
      const owners = await abci(
        'DenomOwnersByQuery',
        QueryDenomOwnersByQueryRequest.encode({ denom: 'token' }).finish(),
        (b) => QueryDenomOwnersByQueryResponse.decode(b),
      )
      expect(owners.denomOwners[0]).toEqual({
        address: ccarol,
        balance: { denom: 'token', amount: '7' },
      })
      expect(owners.denomOwners.some((o) => o.address === calice)).toBe(true)
      await expect(
        abci(
          'DenomMetadataByQueryString',
          QueryDenomMetadataByQueryStringRequest.encode({ denom: 'token' }).finish(),
          (b) => QueryDenomMetadataByQueryStringResponse.decode(b),
        ),
      ).rejects.toThrow('client metadata for denom token')
    } finally {
      comet.disconnect()
    }
  })
})
