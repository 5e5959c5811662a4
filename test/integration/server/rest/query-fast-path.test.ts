import type { IncomingMessage, Server } from 'node:http'
import { connect } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  GO_MALFORMED_HOST_ANSWER,
  GO_MISSING_HOST_ANSWER,
  type HttpListener,
  listenHttp,
} from '../../../../src/server/listen.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { withoutClocks } from '../../../helpers/raw-http.js'
import { createTxTestNode } from '../../../helpers/tx-node.js'

// GET query routes are answered straight from node:http, before @hono/node-server builds a Request.
// Each raw request below goes to three servers of one node: the gateway as the node serves it
// (listenHttp: the fast path on), the same gateway served by @hono/node-server alone (the
// pre-router inside Hono's fetch, as before the fast path) and a gateway whose every request takes
// Hono's router. Their raw answers (status line, every header, body) must be the same bytes; only
// the Date header's value may differ. A handler placed after the fast path records the requests it
// leaves to Hono, so each case also shows which way it went. The same request also goes to a
// gateway with CORS on, served both ways: a request without an Origin takes the same way there.

type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T
const servers: HttpListener[] = []
const ports = { fast: 0, adapter: 0, hono: 0, cors: 0, corsHono: 0 }
/** Request targets the fast path left to Hono (seen by the handler after it). */
const leftToHono: string[] = []
let closeAdapter: () => Promise<void> = async () => undefined

beforeAll(async () => {
  t = await createTxTestNode()
  await t.block()
  await t.block()
  const seen = (req: IncomingMessage) => {
    leftToHono.push(`${req.method} ${req.url}`)
    return false
  }
  const fast = await listenHttp(createGateway({ router: t.node.router }), '127.0.0.1:0', 'fast', {
    ahead: seen,
  })
  const hono = await listenHttp(
    createGateway({ router: t.node.router, preRouter: false }),
    '127.0.0.1:0',
    'hono',
  )
  const cors = await listenHttp(
    createGateway({ router: t.node.router, enabledUnsafeCors: true }),
    '127.0.0.1:0',
    'cors',
    { ahead: seen },
  )
  const corsHono = await listenHttp(
    createGateway({ router: t.node.router, enabledUnsafeCors: true, preRouter: false }),
    '127.0.0.1:0',
    'cors-hono',
  )
  servers.push(fast, hono, cors, corsHono)
  // The same node server settings as listenHttp's without a read timeout (the host a request
  // without one is given; no timeouts, so no Keep-Alive header).
  const adapter = createAdaptorServer({
    fetch: createGateway({ router: t.node.router }).fetch,
    hostname: '127.0.0.1',
    serverOptions: { requestTimeout: 0, headersTimeout: 0 },
  }) as Server
  adapter.keepAliveTimeout = 0
  await new Promise<void>((resolve) => adapter.listen(0, '127.0.0.1', resolve))
  closeAdapter = () => new Promise((resolve) => adapter.close(() => resolve()))
  ports.fast = fast.port
  ports.hono = hono.port
  ports.cors = cors.port
  ports.corsHono = corsHono.port
  ports.adapter = (adapter.address() as { port: number }).port
})

afterAll(async () => {
  for (const s of servers) await s.close()
  await closeAdapter()
  await t?.close()
})

/** Sends raw bytes on a fresh connection; resolves with everything the server sent back. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
    socket.end(request)
  })
}

/** A request of `target` with the given extra header lines (the connection closes after it). */
function get(target: string, headers: string[] = [], method = 'GET'): string {
  return `${[`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close', ...headers].join('\r\n')}\r\n\r\n`
}

/**
 * The answers of the three servers to the same bytes (they must be identical), and whether the
 * fast path answered it. The CORS gateway answers as its Hono-only twin, and takes the same way
 * as the plain gateway.
 */
async function all(request: string): Promise<{ text: string; fast: boolean }> {
  const before = leftToHono.length
  const fast = withoutClocks(await raw(ports.fast, request))
  const fastTook = leftToHono.length === before
  const adapter = withoutClocks(await raw(ports.adapter, request))
  const hono = withoutClocks(await raw(ports.hono, request))
  expect(fast).toBe(adapter)
  expect(fast).toBe(hono)
  const corsBefore = leftToHono.length
  const cors = withoutClocks(await raw(ports.cors, request))
  expect(leftToHono.length === corsBefore).toBe(fastTook)
  expect(cors).toBe(withoutClocks(await raw(ports.corsHono, request)))
  return { text: fast, fast: fastTook }
}

const statusOf = (text: string) => Number(text.slice(9, 12))
const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4)
const UNKNOWN = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'

describe('GET query routes from node:http ahead of Hono', () => {
  test('behavior: answers at the latest height and at a chosen height, byte for byte as Hono', async () => {
    const latest = await all(get('/sdk/upgrade/v1beta1/current_plan'))
    expect(latest.fast).toBe(true)
    expect(statusOf(latest.text)).toBe(200)
    expect(latest.text).toContain('\r\ncontent-type: application/json\r\n')
    expect(latest.text).toContain('\r\nGrpc-Metadata-Content-Type: application/grpc\r\n')
    expect(latest.text).toContain('\r\nContent-Length: ')
    // the same request again: the response cache's answer
    expect(await all(get('/sdk/upgrade/v1beta1/current_plan'))).toEqual(latest)
    for (const headers of [
      ['x-sdk-block-height: 1'],
      ['Grpc-Metadata-X-Sdk-Block-Height: 2'],
      // two values: latest, as upstream's interceptor reads them
      ['x-sdk-block-height: 1', 'x-sdk-block-height: 2'],
      // no ETag is served: a conditional request gets the full answer
      ['if-none-match: "x"', 'if-modified-since: Sun, 29 Nov 2026 00:00:00 GMT'],
    ]) {
      const r = await all(get(`/sdk/bank/v1beta1/balances/${t.alice.address}`, headers))
      expect(r.fast).toBe(true)
      expect(statusOf(r.text)).toBe(200)
    }
    const at1 = await all(get('/sdk/bank/v1beta1/params', ['x-sdk-block-height: 1']))
    expect(at1.text).toContain('\r\nx-sdk-block-height: 1\r\n')
    expect(at1.text).toContain('\r\nGrpc-Metadata-X-Sdk-Block-Height: 1\r\n')
    // header names in any case, a Host among them
    const upper = await all(
      `GET /sdk/bank/v1beta1/params HTTP/1.1\r\nHOST: 127.0.0.1\r\nConnection: close\r\nX-SDK-BLOCK-HEIGHT: 1\r\n\r\n`,
    )
    expect(upper.fast).toBe(true)
    expect(upper.text).toBe(at1.text)
    const metadataUpper = await all(
      get('/sdk/bank/v1beta1/params', ['GRPC-METADATA-X-SDK-BLOCK-HEIGHT: 1']),
    )
    expect(metadataUpper.fast).toBe(true)
    expect(metadataUpper.text).toBe(at1.text)
    // a query string and a path variable
    const page = await all(
      get(
        `/sdk/bank/v1beta1/balances/${t.alice.address}?pagination.limit=1&pagination.count_total=true`,
      ),
    )
    expect(page.fast).toBe(true)
    expect(JSON.parse(bodyOf(page.text)).balances).toHaveLength(1)
  })

  test('error: refused heights, bad fields and unknown entries answer byte for byte as Hono', async () => {
    const cases: [string, string[], number][] = [
      ['/sdk/bank/v1beta1/params', ['x-sdk-block-height: abc'], 400],
      ['/sdk/bank/v1beta1/params', ['x-sdk-block-height: -1'], 400],
      ['/sdk/bank/v1beta1/params', ['x-sdk-block-height: 99999'], 400],
      [`/sdk/bank/v1beta1/balances/${t.alice.address}?pagination.limit=abc`, [], 400],
      ['/sdk/bank/v1beta1/balances/notanaddress', [], 400],
      [`/sdk/auth/v1beta1/accounts/${UNKNOWN}`, [], 404],
    ]
    for (const [target, headers, status] of cases) {
      const r = await all(get(target, headers))
      expect(r.fast).toBe(true)
      expect(statusOf(r.text)).toBe(status)
      expect(Object.keys(JSON.parse(bodyOf(r.text)))).toEqual(['code', 'message', 'details'])
    }
  })

  test('behavior: requests the fast path leaves to Hono answer as before', async () => {
    const left: [string, number][] = [
      [get('/sdk/bank/v1beta1/nope'), 404],
      [get('/sdk/bank/v1beta1/params/'), 404],
      [get('/sdk/bank/v1beta1/params', [], 'HEAD'), 200],
      [get('/sdk/bank/v1beta1/params', [], 'POST'), 405],
      [get('/sdk/bank/v1beta1/params', [], 'OPTIONS'), 405],
      // a percent-escape, a dot segment, an absolute-form target
      [get(`/sdk/bank/v1beta1/balances/${t.alice.address}%20`), 400],
      // (a dot segment is redirected to the clean path, as upstream's gorilla/mux router does)
      [get('/sdk/bank/v1beta1/../v1beta1/params'), 301],
      [get('/sdk/bank//v1beta1/params'), 301],
      [get('http://127.0.0.1/sdk/bank/v1beta1/params'), 200],
    ]
    for (const [request, status] of left) {
      const r = await all(request)
      expect(r.fast).toBe(false)
      expect(statusOf(r.text)).toBe(status)
    }
    // host headers the node server must parse or refuses
    for (const host of ['NODE.example', 'node.example:80', '[::1]:1317']) {
      const request = get('/sdk/bank/v1beta1/params').replace('host: 127.0.0.1', `host: ${host}`)
      expect((await all(request)).fast).toBe(false)
    }
    // no host header at all: refused before any handler sees it, with Go's answer (the adapter
    // alone answers node:http's own 400)
    const noHost = get('/sdk/bank/v1beta1/params').replace('host: 127.0.0.1\r\n', '')
    const before = leftToHono.length
    for (const port of [ports.fast, ports.hono, ports.cors, ports.corsHono]) {
      expect(await raw(port, noHost)).toBe(GO_MISSING_HOST_ANSWER)
    }
    // a host with a byte Go does not take: Go's answer too (the adapter alone serves it)
    const badHost = get('/sdk/bank/v1beta1/params').replace('host: 127.0.0.1', 'host: bad host')
    for (const port of [ports.fast, ports.hono, ports.cors, ports.corsHono]) {
      expect(await raw(port, badHost)).toBe(GO_MALFORMED_HOST_ANSWER)
    }
    expect(leftToHono.length).toBe(before)
    expect(statusOf(withoutClocks(await raw(ports.adapter, noHost)))).toBe(400)
    // a host the node server takes as it is: answered from node:http
    const plain = await all(
      get('/sdk/bank/v1beta1/params').replace('host: 127.0.0.1', 'host: node.example:1317'),
    )
    expect(plain.fast).toBe(true)
    // HTTP/1.0 (the node server writes its Content-Length among the headers), with a host header
    // and without one
    const http10 = get('/sdk/bank/v1beta1/params').replace('HTTP/1.1', 'HTTP/1.0')
    expect(await all(http10)).toMatchObject({ fast: false, text: /\r\nContent-Length: 58\r\n/ })
    expect((await all(http10.replace('host: 127.0.0.1\r\n', ''))).fast).toBe(false)
  })

  test('behavior: a request target asked again takes the way it took the first time, and a host is checked every time', async () => {
    // The fast path remembers, per request target, whether it passed its checks and its route.
    const targets: [string, boolean][] = [
      ['/sdk/bank/v1beta1/params', true],
      ['/sdk/bank/v1beta1/nope', false],
      ['/sdk/bank//v1beta1/params', false],
      [`/sdk/bank/v1beta1/balances/${t.alice.address}?pagination.limit=1`, true],
    ]
    const first = new Map<string, string>()
    for (const round of [1, 2, 3]) {
      for (const [target, fast] of targets) {
        const r = await all(get(target))
        expect([round, target, r.fast]).toEqual([round, target, fast])
        if (round === 1) first.set(target, r.text)
        else expect(r.text).toBe(first.get(target))
      }
    }
    // A host the node server parses takes Hono even for a remembered target, and the plain host
    // after it is answered ahead again.
    const params = get('/sdk/bank/v1beta1/params')
    expect((await all(params.replace('host: 127.0.0.1', 'host: NODE.example'))).fast).toBe(false)
    expect((await all(params)).fast).toBe(true)
    // An answer is kept under the request target: two hosts get the same answer.
    const other = await all(params.replace('host: 127.0.0.1', 'host: node.example:1317'))
    expect(other).toEqual({ fast: true, text: first.get('/sdk/bank/v1beta1/params') })
  })

  test('behavior: with CORS on, a request with an Origin takes Hono (its middleware adds headers), one without is answered ahead', async () => {
    const viaHono = async (request: string) => {
      const before = leftToHono.length
      const text = withoutClocks(await raw(ports.cors, request))
      expect(text).toBe(withoutClocks(await raw(ports.corsHono, request)))
      return { text, hono: leftToHono.length > before }
    }
    for (const origin of ['origin: https://wallet.example', 'ORIGIN: null']) {
      const r = await viaHono(get('/sdk/bank/v1beta1/params', [origin]))
      expect(r.hono).toBe(true)
      expect(r.text).toContain('\r\naccess-control-allow-origin: *\r\n')
      expect(r.text).toContain('\r\naccess-control-expose-headers: x-sdk-block-height, ')
    }
    const plain = await viaHono(get('/sdk/bank/v1beta1/params'))
    expect(plain.hono).toBe(false)
    expect(statusOf(plain.text)).toBe(200)
    expect(plain.text).not.toContain('access-control')
    expect(plain.text).toBe(withoutClocks(await raw(ports.fast, get('/sdk/bank/v1beta1/params'))))
    const preflight = await viaHono(
      get(
        '/sdk/bank/v1beta1/params',
        [
          'origin: https://wallet.example',
          'access-control-request-method: GET',
          'access-control-request-headers: x-sdk-block-height',
        ],
        'OPTIONS',
      ),
    )
    expect(preflight.hono).toBe(true)
    expect(preflight.text).toContain('\r\naccess-control-allow-headers: X-Sdk-Block-Height\r\n')
  })

  test('behavior: requests pipelined on one keep-alive connection get their answers in order', async () => {
    const requests = [
      get('/sdk/bank/v1beta1/params', ['x-sdk-block-height: 1']),
      get('/sdk/bank/v1beta1/nope'),
      get(`/sdk/auth/v1beta1/accounts/${UNKNOWN}`),
      get('/sdk/upgrade/v1beta1/current_plan'),
    ].map((r) => r.replace('connection: close', 'connection: keep-alive'))
    // a GET with a body (skipped unread) and one expecting 100-continue
    requests.push(
      get('/sdk/bank/v1beta1/params', ['content-length: 5'])
        .replace('connection: close', 'connection: keep-alive')
        .concat('{"a":'),
      get('/sdk/bank/v1beta1/params', ['expect: 100-continue']),
    )
    const { text } = await all(requests.join(''))
    expect(text.match(/HTTP\/1\.1 \d+/g)).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 404',
      'HTTP/1.1 404',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 100',
      'HTTP/1.1 200',
    ])
  })
})
