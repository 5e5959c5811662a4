import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import { runTool } from '../helpers/run-tool.js'
import { boundPorts, LOOPBACK_PORTS, type SdkdProcess, startSdkd } from '../helpers/sdkd.js'

/**
 * gRPC-web on the REST API's port of a real `sdkd start`, as upstream v0.50 serves it there
 * (`[grpc-web] enable`, on by default with gRPC): every answer compared with the same call over gRPC
 * (grpc-js, raw bytes) on the same node, and an unrelated gRPC-web client (`buf curl --protocol
 * grpcweb`, connect-go's) calling it with the node's own proto files as its schema.
 */

const BUF = createRequire(import.meta.url).resolve('@bufbuild/buf/bin/buf')
const PROTO = fileURLToPath(new URL('../../src/proto', import.meta.url))

let home: DevnetHome
let node: SdkdProcess
let api: string
let grpc: Client

/** One gRPC message frame. */
const frame = (flag: number, payload: Uint8Array) => {
  const out = Buffer.alloc(5 + payload.length)
  out[0] = flag
  out.writeUInt32BE(payload.length, 1)
  out.set(payload, 5)
  return out
}
const trailer = (text: string) => frame(0x80, Buffer.from(text, 'latin1'))

/** A gRPC-web call: its status, headers and body bytes. */
async function web(path: string, message: Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1', ...headers },
    body: frame(0, message),
  })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

/** The same call over gRPC: the answer's bytes, or its error. */
function viaGrpc(path: string, message: Uint8Array, metadata = new Metadata()) {
  return new Promise<{ value?: Buffer; err?: ServiceError; height: string | undefined }>(
    (resolve) => {
      let height: string | undefined
      const call = grpc.makeUnaryRequest(
        path,
        (b: Buffer) => b,
        (b: Buffer) => b,
        Buffer.from(message),
        metadata,
        (err, value) => resolve({ ...(err ? { err } : {}), ...(value ? { value } : {}), height }),
      )
      call.on('metadata', (md) => {
        height = md.get('x-sdk-block-height')[0]?.toString()
      })
    },
  )
}

beforeAll(async () => {
  home = await createDevnetHome('grpc-web')
  node = startSdkd([
    ...['--home', home.dir, 'start', ...LOOPBACK_PORTS, '--grpc.address', '127.0.0.1:0'],
  ])
  const ports = await boundPorts(node, { api: true, grpc: true })
  await node.waitForLog((l) => l.msg === 'committed block')
  api = `http://127.0.0.1:${ports.apiPort}`
  grpc = new Client(`127.0.0.1:${ports.grpcPort}`, credentials.createInsecure())
}, 60_000)

afterAll(async () => {
  grpc?.close()
  await node?.stop()
  await home?.cleanup()
})

describe('gRPC-web on the REST port', () => {
  test('behavior: a query answers its message and a trailer frame, HTTP 200, the content type and height header as gRPC’s; the same bytes as over gRPC, at a past height too', async () => {
    const path = '/sdk.bank.v1beta1.Query/Params'
    const r = await web(path, new Uint8Array(), { 'x-sdk-block-height': '1' })
    const g = await viaGrpc(
      path,
      new Uint8Array(),
      (() => {
        const md = new Metadata()
        md.set('x-sdk-block-height', '1')
        return md
      })(),
    )
    expect(g.err).toBe(undefined)
    expect([r.status, r.headers.get('content-type'), r.headers.get('x-sdk-block-height')]).toEqual([
      200,
      'application/grpc-web+proto',
      '1',
    ])
    expect(g.height).toBe('1')
    expect(r.body).toEqual(Buffer.concat([frame(0, g.value!), trailer('grpc-status: 0\r\n')]))
    expect(r.headers.get('access-control-expose-headers')).toMatch(/grpc-status, grpc-message$/)
    // A devnet's CORS (enabled-unsafe-cors): upstream's wrapper then grants the origin itself, with
    // credentials; the CORS layer ahead of it refuses a preflight naming x-grpc-web (403).
    const cross = await web(path, new Uint8Array(), { origin: 'https://app.test' })
    expect([
      cross.headers.get('access-control-allow-origin'),
      cross.headers.get('access-control-allow-credentials'),
      cross.headers.get('vary'),
    ]).toEqual(['https://app.test', 'true', 'Origin'])
    const preflight = await fetch(`${api}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-grpc-web',
      },
    })
    expect(preflight.status).toBe(403)
    // The app descriptor service, served by the gRPC server beside the router's.
    const chain = '/sdk.base.reflection.v2alpha1.ReflectionService/GetChainDescriptor'
    const descriptor = await web(chain, new Uint8Array())
    const fromGrpc = await viaGrpc(chain, new Uint8Array())
    expect(descriptor.body).toEqual(
      Buffer.concat([frame(0, fromGrpc.value!), trailer('grpc-status: 0\r\n')]),
    )
    expect(fromGrpc.value!.toString('latin1')).toContain('grpc-web')
  })

  test('behavior: the text form answers the same frames in base64, each on its own', async () => {
    const path = '/sdk.bank.v1beta1.Query/Params'
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web-text' },
      body: frame(0, new Uint8Array()).toString('base64'),
    })
    const g = await viaGrpc(path, new Uint8Array())
    expect(res.headers.get('content-type')).toBe('application/grpc-web-text')
    expect(await res.text()).toBe(
      frame(0, g.value!).toString('base64') + trailer('grpc-status: 0\r\n').toString('base64'),
    )
  })

  test('error: a refused query, an unknown method or service and a body without a message end with grpc-status and grpc-message in the trailer frame, as gRPC ends them', async () => {
    // QueryBalanceRequest{address: "nope", denom: "stake"}
    const balance = Buffer.from([0x0a, 4, ...Buffer.from('nope'), 0x12, 5, ...Buffer.from('stake')])
    const path = '/sdk.bank.v1beta1.Query/Balance'
    const [r, g] = await Promise.all([web(path, balance), viaGrpc(path, balance)])
    expect(g.err?.code).toBe(3)
    expect(r.status).toBe(200)
    const message = g.err!.details.replace(/[^ -~]|%/g, (ch) =>
      [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase()}`).join(''),
    )
    expect(r.body.toString('latin1')).toBe(
      trailer(`grpc-message: ${message}\r\ngrpc-status: 3\r\n`).toString('latin1'),
    )
    for (const unknown of ['/sdk.bank.v1beta1.Query/Nope', '/sdk.nope.v1.Query/Params']) {
      const [w, u] = await Promise.all([
        web(unknown, new Uint8Array()),
        viaGrpc(unknown, new Uint8Array()),
      ])
      expect({ unknown, code: u.err?.code }).toEqual({ unknown, code: 12 })
      expect(w.body.toString('latin1')).toBe(
        trailer(`grpc-message: ${u.err!.details}\r\ngrpc-status: 12\r\n`).toString('latin1'),
      )
    }
    // Any path, the REST broadcast route's too: gRPC's answer to a path of no service.
    const rest = await web('/sdk/tx/v1beta1/txs', new Uint8Array())
    expect(rest.body.toString('latin1')).toBe(
      trailer('grpc-message: unknown service sdk/tx/v1beta1\r\ngrpc-status: 12\r\n').toString(
        'latin1',
      ),
    )
    const empty = await fetch(`${api}/sdk.bank.v1beta1.Query/Params`, {
      method: 'POST',
      headers: { 'content-type': 'application/grpc-web' },
    })
    expect(Buffer.from(await empty.arrayBuffer()).toString('latin1')).toBe(
      trailer('grpc-message: EOF\r\ngrpc-status: 2\r\n').toString('latin1'),
    )
  })

  test('behavior: buf curl, a gRPC-web client of its own, reads an answer, a refusal and the height header', async () => {
    const curl = (...args: string[]) =>
      runTool(BUF, ['curl', '--protocol', 'grpcweb', '--schema', PROTO, ...args])
    const params = await curl('-d', '{}', `${api}/sdk.bank.v1beta1.Query/Params`)
    expect([params.code, JSON.parse(params.stdout)]).toEqual([
      0,
      { params: { defaultSendEnabled: true } },
    ])
    const refused = await curl(
      ...['-d', '{"address":"nope","denom":"stake"}'],
      `${api}/sdk.bank.v1beta1.Query/Balance`,
    )
    expect(refused.code).not.toBe(0)
    expect(JSON.parse(refused.stderr)).toEqual({
      code: 'invalid_argument',
      message: 'invalid address: decoding bech32 failed: invalid bech32 string length 4',
    })
    const past = await curl(
      ...['-v', '-H', 'x-sdk-block-height: 1', '-d', '{}'],
      `${api}/sdk.base.tendermint.v1beta1.Service/GetLatestBlock`,
    )
    expect(past.stderr).toContain('< (#1) X-Sdk-Block-Height: 1')
  })

  test('behavior: with gRPC off there is no gRPC-web: the request is a REST request as any other', async () => {
    await node.stop()
    node = startSdkd([...['--home', home.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false']])
    const ports = await boundPorts(node, { api: true })
    api = `http://127.0.0.1:${ports.apiPort}`
    const r = await web('/sdk.bank.v1beta1.Query/Params', new Uint8Array())
    expect([r.status, JSON.parse(r.body.toString())]).toEqual([
      404,
      { code: 5, message: 'Not Found', details: [] },
    ])
  })
})
