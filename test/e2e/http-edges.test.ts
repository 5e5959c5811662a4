import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { startKvstoreComet } from '../helpers/comet-kvstore.js'
import { BATCH_TOO_LONG_ANSWER, BODY_TOO_LARGE_ANSWER } from '../helpers/go-prechecks.js'
import { rawRequest } from '../helpers/raw-http.js'
import { boundPorts, heightAtLeast, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The HTTP around the routes. The RPC's beside a real CometBFT's (its kvstore app): the same
 * requests, sent byte for byte (no client cleans the paths), to both servers; what each answers is
 * compared where a client sees it. Go's mux redirects an unclean path, any method reaches a route, a
 * path without one is Go's 404 page, and the root lists the routes. The REST gateway's, as
 * upstream's gorilla/mux router answers an unclean path (read from its code: no upstream REST
 * server runs here): 301 to the clean path.
 */

const comet = requireUpstreamTool('cometbft', 'the RPC beside CometBFT')
const cleanups = cleanupAfterAll()

interface Answer {
  status: number
  headers: Record<string, string | undefined>
  body: string
}

/** One request as given (method, raw target, body), and the parts of its answer compared. */
async function send(
  port: number,
  method: string,
  target: string,
  body = '',
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await rawRequest(port, method, target, body, headers)
  const h = (name: string) => res.headers[name] as string | undefined
  return {
    status: res.status,
    headers: {
      'content-type': h('content-type'),
      location: h('location'),
      'x-content-type-options': h('x-content-type-options'),
      'sec-websocket-version': h('sec-websocket-version'),
      'content-length': h('content-length'),
      'transfer-encoding': h('transfer-encoding'),
      'access-control-allow-origin': h('access-control-allow-origin'),
    },
    body: res.body,
  }
}

let cometPort: number
let sdkdPort: number
let apiPort: number

beforeAll(async () => {
  const home = await tempDir('rpc-edges-sdkd-')
  cleanups.push(home.cleanup)
  const p = startSdkd([
    '--home',
    home.dir,
    'devnet',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
  ])
  cleanups.push(() => p.stop())
  const ports = await boundPorts(p, { api: true })
  sdkdPort = ports.rpcPort
  apiPort = ports.apiPort!
  await heightAtLeast(sdkdPort, 1, 20_000)
  if (!comet.path) return
  cometPort = await startKvstoreComet(comet.path, cleanups)
}, 40_000)

describe.skipIf(!comet.path)(`the RPC's HTTP beside cometbft ${comet.version ?? ''}`, () => {
  test('behavior: unclean paths, any method on a route, paths without a route and /websocket without an upgrade answer as CometBFT answers them', async () => {
    const cases: [string, string][] = [
      ['OPTIONS', '/health'],
      ['PUT', '/health'],
      ['DELETE', '/health'],
      ['POST', '/health'],
      ['GET', '//health'],
      ['GET', '/./health?x=1&y=%3C'],
      ['GET', '/a/../health'],
      ['POST', '//health'],
      ['HEAD', '//health'],
      ['GET', '//'],
      ['GET', '/health//'],
      ['GET', '/health/'],
      ['PUT', '/no_such_route'],
      ['GET', '/websocket'],
      ['POST', '/websocket'],
      ['OPTIONS', '/websocket'],
      // a request of `*`: Go's server's own answer to OPTIONS, http.ServeMux's 400 to the rest
      ['OPTIONS', '*'],
      ['GET', '*'],
      ['POST', '*'],
    ]
    for (const [method, target] of cases) {
      const [theirs, ours] = await Promise.all([
        send(cometPort, method, target),
        send(sdkdPort, method, target),
      ])
      expect({ method, target, ...ours }).toEqual({ method, target, ...theirs })
    }
  })

  test('behavior: the root without a body lists each route CometBFT has as CometBFT does, on the host asked', async () => {
    const links = (page: string) =>
      new Set(
        [...page.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1]!.replace(/^\/\/[^/]+/, '//H')),
      )
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const [theirs, ours] = await Promise.all([
        send(cometPort, method, '/'),
        send(sdkdPort, method, '/'),
      ])
      expect([ours.status, ours.headers['content-type']]).toEqual([
        theirs.status,
        theirs.headers['content-type'],
      ])
      const head =
        '<html><body><br>Available endpoints:<br><br>Endpoints that require arguments:<br>'
      expect([theirs.body.startsWith(head), ours.body.startsWith(head)]).toEqual([true, true])
      // sdkd serves every route CometBFT's kvstore node lists, with the same arguments; it lists
      // its dev API and CometMock's methods besides.
      const mine = links(ours.body)
      const missing = [...links(theirs.body)].filter((l) => !mine.has(l))
      expect(missing).toEqual([])
      expect(mine.has('//H/dev_mine?blocks=_&interval_ms=_')).toBe(true)
    }
  })
})

describe("the REST gateway's HTTP", () => {
  test('behavior: a path that is not clean is redirected to the clean one, 301 with the query kept and no body, as gorilla/mux does; CORS still answers', async () => {
    const redirect = (location: string, cors?: string) => ({
      status: 301,
      headers: {
        'content-type': undefined,
        location,
        'x-content-type-options': undefined,
        'sec-websocket-version': undefined,
        'content-length': '0',
        'transfer-encoding': undefined,
        'access-control-allow-origin': cors,
      },
      body: '',
    })
    const params = '/sdk/bank/v1beta1/params'
    expect(await send(apiPort, 'GET', `/${params}?x=1&y=%3C`)).toEqual(
      redirect(`${params}?x=1&y=%3C`),
    )
    expect(await send(apiPort, 'GET', '/sdk/./bank/v1beta1/params')).toEqual(redirect(params))
    // gorilla/mux cleans the decoded path: escaped slashes and dots are segments too.
    expect(await send(apiPort, 'GET', '/sdk/x%2F..%2Fbank/v1beta1/params?a')).toEqual(
      redirect(`${params}?a`),
    )
    expect(await send(apiPort, 'POST', '/sdk/../sdk/tx/v1beta1/simulate', '{}')).toEqual(
      redirect('/sdk/tx/v1beta1/simulate'),
    )
    // The devnet's CORS handler wraps the router: its header is on the redirect too.
    expect(await send(apiPort, 'GET', `/${params}`, '', { origin: 'http://app.example' })).toEqual(
      redirect(params, '*'),
    )
    // A request of `*`: cleaned to `/*` and redirected, as gorilla/mux does; OPTIONS is Go's
    // server's own empty 200.
    expect(await send(apiPort, 'GET', '*')).toEqual(redirect('/%2A'))
    // The CORS handler around the router adds its header before the redirect.
    expect(await send(apiPort, 'GET', '*', '', { origin: 'http://app.example' })).toEqual(
      redirect('/%2A', '*'),
    )
    // Go's server answers OPTIONS * before any handler: no CORS header, even with an Origin.
    const options = await send(apiPort, 'OPTIONS', '*', '', { origin: 'http://app.example' })
    expect([
      options.status,
      options.headers['content-length'],
      options.body,
      options.headers['access-control-allow-origin'],
    ]).toEqual([200, '0', '', undefined])
    // A clean path is answered, whatever its query holds.
    const answered = await send(apiPort, 'GET', `${params}?x=a//b/../c`)
    expect([answered.status, JSON.parse(answered.body).params.default_send_enabled]).toEqual([
      200,
      true,
    ])
  })

  test('behavior: every answer of the handlers carries X-Server-Time, as CometBFT’s HTTP server under upstream’s API server sets it; a body over rpc-max-body-bytes is refused before them: 400, a JSON-RPC error, no CORS or server time, the connection closed', async () => {
    const origin = { origin: 'http://app.example' }
    const before = Math.floor(Date.now() / 1000)
    for (const [method, target, headers] of [
      ['GET', '/sdk/bank/v1beta1/params', {}],
      ['GET', '/sdk/bank/v1beta1/nope', {}],
      ['GET', '//sdk/bank/v1beta1/params', origin],
      ['GET', '/swagger/', {}],
      [
        'OPTIONS',
        '/sdk/bank/v1beta1/params',
        { ...origin, 'access-control-request-method': 'GET' },
      ],
    ] as const) {
      const r = await rawRequest(apiPort, method, target, '', headers)
      const time = Number(r.headers['x-server-time'])
      expect({ target, ok: time >= before && time <= Math.floor(Date.now() / 1000) + 1 }).toEqual({
        target,
        ok: true,
      })
    }
    // Go's server's own answer to OPTIONS * comes before any handler.
    expect((await rawRequest(apiPort, 'OPTIONS', '*')).headers['x-server-time']).toBe(undefined)
    const big = await rawRequest(
      apiPort,
      'POST',
      '/sdk/tx/v1beta1/simulate',
      'x'.repeat(1_000_001),
      {
        ...origin,
        'content-type': 'application/json',
      },
    )
    expect({
      status: big.status,
      body: JSON.parse(big.body),
      connection: big.headers.connection,
      cors: big.headers['access-control-allow-origin'],
      time: big.headers['x-server-time'],
    }).toEqual({
      status: 400,
      body: BODY_TOO_LARGE_ANSWER,
      connection: 'close',
      cors: undefined,
      time: undefined,
    })
  })
  test('behavior: a body that reads as a batch of more than 10 JSON-RPC requests is answered on any route with CometBFT’s batch error before the handler (HTTP 200, no CORS or server time), as upstream’s API server; 10 go on to the route', async () => {
    const batch = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'x' })))
    const origin = { origin: 'http://app.example' }
    const json = { 'content-type': 'application/json' }
    const answer = async (method: string, target: string, body: string, headers = {}) => {
      // A declared length (node:http would send a POST's body chunked, and a DELETE's unframed).
      const length = { 'content-length': String(Buffer.byteLength(body)) }
      const r = await rawRequest(apiPort, method, target, body, { ...json, ...length, ...headers })
      let parsed: unknown = r.body
      try {
        parsed = JSON.parse(r.body)
      } catch {}
      return {
        target,
        status: r.status,
        body: parsed,
        type: r.headers['content-type'],
        cors: r.headers['access-control-allow-origin'],
        time: r.headers['x-server-time'],
      }
    }
    // The broadcast route straight from node:http, the same through Hono (a query string, an
    // Origin), another POST route, and a GET route asked with another method.
    for (const [method, target, headers] of [
      ['POST', '/sdk/tx/v1beta1/txs', {}],
      ['POST', '/sdk/tx/v1beta1/txs?x=1', {}],
      ['POST', '/sdk/tx/v1beta1/txs', origin],
      ['POST', '/sdk/tx/v1beta1/simulate', origin],
      ['DELETE', '/sdk/bank/v1beta1/params', {}],
    ] as const) {
      expect(await answer(method, target, ` \n${batch(11)}`, headers)).toEqual({
        target,
        status: 200,
        body: BATCH_TOO_LONG_ANSWER,
        type: 'application/json',
        cors: undefined,
        time: undefined,
      })
    }
    // Ten are the route's to answer, as an empty array is.
    for (const target of ['/sdk/tx/v1beta1/txs', '/sdk/tx/v1beta1/simulate']) {
      const ten = await answer('POST', target, batch(10))
      expect({ ...ten, time: undefined }).toEqual({
        ...(await answer('POST', target, '[]')),
        time: undefined,
      })
      expect(ten.status).not.toBe(200)
    }
  })
})
