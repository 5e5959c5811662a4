import * as grpc from '@grpc/grpc-js'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../src/codec/address.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { SDKD_VERSION } from '../../src/node/node.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import {
  boundPorts,
  devMine,
  getJson,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  startSdkd,
} from '../helpers/sdkd.js'

/**
 * The auth routes of upstream v0.50 (AccountInfo, AccountAddressByID, ModuleAccountByName and the
 * bech32 helpers), the tendermint service's ABCIQuery and gov's Deposit miss, against real devnet
 * nodes of both brands: over REST, gRPC, ABCI and the CLI, at a past height where state differs (an
 * account created after it).
 */

const PAST = 2
const BRANDS = ['sdk', 'cosmos'] as const
type Brand = (typeof BRANDS)[number]
/** Gateway JSON bodies, checked field by field. */
type Json = any

/** Bytes of an account that does not exist until a block after PAST creates it. */
const FRESH_BYTES = new Uint8Array(20).fill(0x42)

interface Node {
  home: DevnetHome
  api: string
  grpcAddress: string
  rpcPort: number
  header: string
  fresh: string
  alice: string
  /** The height at which the fresh account exists. */
  latest: number
}

const cleanups = cleanupAfterAll()
const nodes = {} as Record<Brand, Node>

async function startNode(brand: Brand): Promise<Node> {
  const home = await createDevnetHome(`auth-${brand}`, {}, 'v2', brand)
  cleanups.push(home.cleanup)
  const p = startSdkd([
    '--home',
    home.dir,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.address',
    '127.0.0.1:0',
    '--instrumentation.prometheus=false',
    '--timeout-commit',
    '1h',
  ])
  cleanups.push(() => p.stop())
  const ports = await boundPorts(p, { api: true, grpc: true })
  await p.waitForLog((l) => l.msg === 'committed block' && l.height === 1)
  await rpcCall(ports.rpcPort, 'dev_setMining', { mode: 'manual' })
  expect(await devMine(ports.rpcPort, PAST + 1)).toBe(PAST + 2)
  const fresh = addressToBech32(FRESH_BYTES, brand)
  // The account appears in a block of its own, after PAST.
  const set = await rpcCall(ports.rpcPort, 'dev_setBalance', { address: fresh, coins: '5stake' })
  expect(set.result, JSON.stringify(set)).toBeDefined()
  return {
    home,
    api: `http://127.0.0.1:${ports.apiPort}`,
    grpcAddress: `127.0.0.1:${ports.grpcPort}`,
    rpcPort: ports.rpcPort,
    header: `x-${brand}-block-height`,
    fresh,
    alice: home.accounts.alice!.address,
    latest: Number(set.result.height),
  }
}

beforeAll(async () => {
  const started = await Promise.all(BRANDS.map(startNode))
  BRANDS.forEach((b, i) => {
    nodes[b] = started[i]!
  })
})

/**
 * A REST GET of `/<brand>/<path>` at `height` (undefined: the latest), with the height served as
 * grpc-gateway's metadata header says it (sent on errors too).
 */
async function rest(brand: Brand, path: string, height?: number) {
  const n = nodes[brand]
  const r = await getJson(`${n.api}/${brand}/${path}`, {
    headers: height === undefined ? {} : { [n.header]: String(height) },
  })
  const metadata = `grpc-metadata-x-${brand}-block-height`
  return { status: r.status, body: r.body as Json, height: r.headers.get(metadata) }
}

/** A unary gRPC call (method named canonically, sent under the brand's name) at `height`. */
async function grpcCall(brand: Brand, method: string, request: object, height?: number) {
  const registry = protoRegistry()
  const [service, name] = method.split('/') as [string, string]
  const m = registry.service(service).methods[name]!
  m.resolve()
  const req = m.resolvedRequestType!
  const res = m.resolvedResponseType!
  const n = nodes[brand]
  const client = new grpc.Client(n.grpcAddress, grpc.credentials.createInsecure())
  try {
    return await new Promise<Json>((resolve, reject) => {
      const md = new grpc.Metadata()
      if (height !== undefined) md.set(n.header, String(height))
      client.makeUnaryRequest(
        `/${brand}${service.slice('sdk'.length)}/${name}`,
        (r: object) => Buffer.from(req.encode(req.fromObject(r)).finish()),
        (b: Buffer) => res.toObject(res.decode(b), { longs: String, bytes: Array }),
        request,
        md,
        (err, body) => (err ? reject(err) : resolve(body)),
      )
    })
  } finally {
    client.close()
  }
}

/** The RPC `abci_query` route's `response`. */
async function abciQuery(brand: Brand, path: string, data: Uint8Array, height = 0) {
  const reply = await rpcCall(nodes[brand].rpcPort, 'abci_query', {
    path,
    data: Buffer.from(data).toString('hex'),
    height: String(height),
  })
  return reply.result.response as Json
}

describe.each(BRANDS)('auth routes, brand %s', (brand) => {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

  test('behavior: account_info and address_by_id answer at the height asked', async () => {
    const n = nodes[brand]
    const account = await rest(brand, `auth/v1beta1/accounts/${n.fresh}`)
    expect(account.status).toBe(200)
    const number = account.body.account.account_number as string

    const past = await rest(brand, `auth/v1beta1/account_info/${n.fresh}`, PAST)
    expect(past).toEqual({
      status: 404,
      body: { code: 5, message: `account ${n.fresh} not found`, details: [] },
      height: String(PAST),
    })
    const now = await rest(brand, `auth/v1beta1/account_info/${n.fresh}`)
    expect(now.status).toBe(200)
    expect(now.body).toEqual({
      info: { address: n.fresh, pub_key: null, account_number: number, sequence: '0' },
    })
    expect(now.height).toBe(String(n.latest))

    const byIdPast = await rest(brand, `auth/v1beta1/address_by_id/0?account_id=${number}`, PAST)
    expect(byIdPast.status).toBe(404)
    expect(byIdPast.body).toEqual({
      code: 5,
      message: `account address not found with account number ${number}`,
      details: [],
    })
    expect(await rest(brand, `auth/v1beta1/address_by_id/0?account_id=${number}`)).toMatchObject({
      status: 200,
      body: { account_address: n.fresh },
    })
    // The deprecated path id is refused unless 0, as upstream.
    expect(await rest(brand, 'auth/v1beta1/address_by_id/7', PAST)).toMatchObject({
      status: 400,
      body: {
        code: 3,
        message: "requesting with id isn't supported, try to request using account-id",
      },
    })
    // An empty last path segment is an empty address, as upstream's router takes it.
    expect(await rest(brand, 'auth/v1beta1/account_info/', PAST)).toMatchObject({
      status: 400,
      body: { code: 3, message: 'address cannot be empty' },
    })
  })

  test('behavior: module_accounts/{name} and the bech32 routes', async () => {
    const n = nodes[brand]
    const gov = await rest(brand, 'auth/v1beta1/module_accounts/gov', PAST)
    expect(gov.status).toBe(200)
    expect(gov.height).toBe(String(PAST))
    expect(gov.body.account).toMatchObject({
      '@type': `/${brand}.auth.v1beta1.ModuleAccount`,
      base_account: { pub_key: null, sequence: '0' },
      name: 'gov',
      permissions: ['burner'],
    })
    expect(gov.body.account.base_account.address).toMatch(new RegExp(`^${brand}1`))
    expect(await rest(brand, 'auth/v1beta1/module_accounts/foo', PAST)).toMatchObject({
      status: 404,
      body: { code: 5, message: 'account foo not found' },
    })

    expect(await rest(brand, 'auth/v1beta1/bech32', PAST)).toMatchObject({
      status: 200,
      body: { bech32_prefix: brand },
      height: String(PAST),
    })
    const bytesToString = await rest(
      brand,
      `auth/v1beta1/bech32/${encodeURIComponent(b64(FRESH_BYTES))}`,
      PAST,
    )
    expect(bytesToString.status).toBe(200)
    expect(bytesToString.body).toEqual({ address_string: n.fresh })
    // AddressStringToBytes shares the path shape and is declared second: on REST the bytes
    // method answers, and a bech32 string is not base64.
    const toBytes = await rest(brand, `auth/v1beta1/bech32/${n.fresh}`, PAST)
    expect(toBytes.status).toBe(400)
    expect(toBytes.body.code).toBe(3)
    expect(toBytes.body.message).toMatch(
      /^type mismatch, parameter: address_bytes, error: illegal base64 data at input byte \d+$/,
    )
  })

  test('behavior: over gRPC and ABCI the same handlers answer, AddressStringToBytes included', async () => {
    const n = nodes[brand]
    const bytes = await grpcCall(brand, 'sdk.auth.v1beta1.Query/AddressStringToBytes', {
      address_string: n.fresh,
    })
    expect(Buffer.from(bytes.address_bytes)).toEqual(Buffer.from(FRESH_BYTES))
    await expect(
      grpcCall(brand, 'sdk.auth.v1beta1.Query/AddressStringToBytes', { address_string: ' ' }),
    ).rejects.toMatchObject({ code: 3, details: 'empty address string is not allowed' })
    await expect(
      grpcCall(brand, 'sdk.auth.v1beta1.Query/AccountInfo', { address: n.fresh }, PAST),
    ).rejects.toMatchObject({ code: 5, details: `account ${n.fresh} not found` })
    expect(await grpcCall(brand, 'sdk.auth.v1beta1.Query/Bech32Prefix', {}, PAST)).toEqual({
      bech32_prefix: brand,
    })

    const registry = protoRegistry()
    const request = registry.type('sdk.auth.v1beta1.QueryAccountInfoRequest')
    const data = request.encode(request.fromObject({ address: n.fresh })).finish()
    const missing = await abciQuery(brand, `/${brand}.auth.v1beta1.Query/AccountInfo`, data, PAST)
    expect(missing).toMatchObject({
      code: 22,
      codespace: 'sdk',
      log: `rpc error: code = NotFound desc = account ${n.fresh} not found: key not found`,
    })
    const found = await abciQuery(brand, `/${brand}.auth.v1beta1.Query/AccountInfo`, data)
    expect(found.code).toBe(0)
    const info = registry.decode(
      'sdk.auth.v1beta1.QueryAccountInfoResponse',
      Buffer.from(found.value, 'base64'),
    )
    expect(info.info?.address).toBe(n.fresh)
  })

  test('behavior: base/tendermint abci_query is the app ABCI query at the request height', async () => {
    const n = nodes[brand]
    // The auth store's global account number: one more once the fresh account exists.
    const key = Uint8Array.of(0x02)
    const route = (height: number) =>
      rest(
        brand,
        `base/tendermint/v1beta1/abci_query?path=/store/auth/key&data=${encodeURIComponent(b64(key))}&height=${height}`,
      )
    const past = await route(PAST)
    expect(past.status).toBe(200)
    const rpcPast = await abciQuery(brand, '/store/auth/key', key, PAST)
    expect(past.body).toEqual({
      code: rpcPast.code,
      log: rpcPast.log,
      info: rpcPast.info,
      index: rpcPast.index,
      key: rpcPast.key,
      value: rpcPast.value,
      proof_ops: null,
      height: String(PAST),
      codespace: rpcPast.codespace,
    })
    expect(past.body.key).toBe(b64(key))
    // Over gRPC the same answer, the height header aside (the request's height decides).
    const overGrpc = await grpcCall(
      brand,
      'sdk.base.tendermint.v1beta1.Service/ABCIQuery',
      { path: '/store/auth/key', data: key, height: PAST },
      n.latest,
    )
    expect(Buffer.from(overGrpc.value).toString('base64')).toBe(rpcPast.value)
    expect(overGrpc.height).toBe(String(PAST))
    const latest = await route(0)
    expect(latest.body.height).toBe(String(n.latest))
    expect(latest.body.value).not.toBe(past.body.value)

    // gRPC method paths are refused (they have routes of their own), as upstream's cmtservice.
    const grpcPath = `/${brand}.auth.v1beta1.Query/Params`
    expect(
      await rest(brand, `base/tendermint/v1beta1/abci_query?path=${encodeURIComponent(grpcPath)}`),
    ).toMatchObject({
      status: 400,
      body: { code: 3, message: `unsupported ABCI query path: ${grpcPath}` },
    })
    expect(await rest(brand, 'base/tendermint/v1beta1/abci_query')).toMatchObject({
      status: 400,
      body: { code: 3, message: 'empty query path' },
    })
    // A raw path the app does not serve is an ABCI failure inside a 200, as upstream.
    expect(await rest(brand, 'base/tendermint/v1beta1/abci_query?path=/custom/x')).toMatchObject({
      status: 200,
      body: { code: 6, codespace: 'sdk', log: 'unknown query path: unknown request' },
    })
    // Upstream BaseApp's `/app/version`: the binary's version as the value, the height asked for.
    const version = await rest(
      brand,
      `base/tendermint/v1beta1/abci_query?path=/app/version&height=${PAST}`,
    )
    expect(version).toMatchObject({
      status: 200,
      body: { code: 0, codespace: 'sdk', height: String(PAST) },
    })
    expect(Buffer.from(version.body.value, 'base64').toString('utf8')).toBe(SDKD_VERSION)
  })

  test('behavior: a deposit that does not exist is 404 with the collections text of v0.50', async () => {
    const n = nodes[brand]
    expect(await rest(brand, `gov/v1/proposals/1/deposits/${n.alice}`, PAST)).toEqual({
      status: 404,
      body: {
        code: 5,
        message: `collections: not found: key '("1", "${n.alice}")' of type github.com/cosmos/gogoproto/${brand}.gov.v1.Deposit`,
        details: [],
      },
      height: String(PAST),
    })
  })
})

describe('sdkd query auth: the new commands', () => {
  const query = (args: string[]) => {
    const n = nodes.sdk
    return runSdkd([
      '--home',
      n.home.dir,
      'query',
      'auth',
      ...args,
      '--node',
      `tcp://127.0.0.1:${n.rpcPort}`,
      '-o',
      'json',
    ])
  }

  test('behavior: account-info, address-by-acc-num, module-account and the bech32 commands', async () => {
    const n = nodes.sdk
    const info = await query(['account-info', n.fresh])
    expect(info.code, info.stderr).toBe(0)
    const { account_number } = JSON.parse(info.stdout).info
    expect(JSON.parse(info.stdout).info).toMatchObject({ address: n.fresh, sequence: '0' })

    const before = await query(['account-info', n.fresh, '--height', String(PAST)])
    expect(before.code).toBe(1)
    expect(before.stderr.trim()).toBe(
      `Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = account ${n.fresh} not found: key not found`,
    )

    const byNum = await query(['address-by-acc-num', account_number])
    expect(JSON.parse(byNum.stdout)).toEqual({ account_address: n.fresh })
    const badNum = await query(['address-by-acc-num', 'x'])
    expect(badNum.code).toBe(1)
    expect(badNum.stderr).toContain('invalid account number "x": expected a uint64')

    const gov = await query(['module-account', 'gov'])
    expect(JSON.parse(gov.stdout).account).toMatchObject({ name: 'gov', permissions: ['burner'] })

    expect(JSON.parse((await query(['bech32-prefix'])).stdout)).toEqual({ bech32_prefix: 'sdk' })
    const hex = Buffer.from(FRESH_BYTES).toString('hex')
    expect(JSON.parse((await query(['address-bytes-to-string', hex])).stdout)).toEqual({
      address_string: n.fresh,
    })
    expect(JSON.parse((await query(['address-string-to-bytes', n.fresh])).stdout)).toEqual({
      address_bytes: Buffer.from(FRESH_BYTES).toString('base64'),
    })
  })
})
