import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'smol-toml'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { startKvstoreComet } from '../helpers/comet-kvstore.js'
import { rawRequest } from '../helpers/raw-http.js'
import { boundPorts, heightAtLeast, initHome, rpcOnlyStart, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The RPC's CORS beside a real CometBFT's (its kvstore app), both with the
 * same `[rpc]` settings: the same requests, sent byte for byte, to both servers; the status, the
 * CORS headers and the bodies are compared. The bodies CometBFT's server reads before its handlers
 * (one too large, a batch too long) are compared here too: their answers carry no CORS headers.
 */

const comet = requireUpstreamTool('cometbft', 'the RPC beside CometBFT')
const cleanups = cleanupAfterAll()

const RPC = {
  cors_allowed_origins: ['https://app.test', 'http://*.example.com'],
  cors_allowed_methods: ['GET', 'POST'],
  cors_allowed_headers: ['Origin', 'Accept', 'Content-Type', 'X-Requested-With', 'X-Server-Time'],
}

const CORS_HEADERS = [
  'vary',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-allow-credentials',
  'access-control-max-age',
] as const

type Headers = Record<string, string | string[]>

interface Answer {
  status: number
  cors: Record<string, string | undefined>
  serverTime: boolean
  /** Whether the server closes the connection after the answer. */
  closes: boolean
  body: string
}

async function send(
  port: number,
  method: string,
  target: string,
  headers: Headers = {},
  body = '',
): Promise<Answer> {
  const res = await rawRequest(port, method, target, body, headers)
  const cors: Answer['cors'] = {}
  for (const name of CORS_HEADERS) cors[name] = res.headers[name] as string | undefined
  return {
    status: res.status,
    cors,
    serverTime: res.headers['x-server-time'] !== undefined,
    closes: res.headers.connection === 'close',
    body: res.body,
  }
}

let cometPort: number
let sdkdPort: number

beforeAll(async () => {
  if (!comet.path) return
  const home = await tempDir('rpc-cors-sdkd-')
  cleanups.push(home.cleanup)
  await initHome(home.dir)
  const file = join(home.dir, 'config/config.toml')
  const doc = parse(await readFile(file, 'utf8')) as { rpc: Record<string, unknown> }
  Object.assign(doc.rpc, RPC)
  await writeFile(file, stringify(doc))
  const p = startSdkd(rpcOnlyStart(home.dir))
  cleanups.push(() => p.stop())
  sdkdPort = (await boundPorts(p)).rpcPort
  await heightAtLeast(sdkdPort, 1, 20_000)
  cometPort = await startKvstoreComet(comet.path, cleanups, RPC)
}, 60_000)

describe.skipIf(!comet.path)(`the RPC's CORS beside cometbft ${comet.version ?? ''}`, () => {
  test('behavior: preflights, cross-origin requests and bodies read before the handlers get the answers and headers CometBFT gives them, for allowed and refused origins, methods and headers', async () => {
    const allowed = { origin: 'https://app.test' }
    const preflight = (method: string, extra: Headers = {}): Headers => ({
      ...allowed,
      'access-control-request-method': method,
      ...extra,
    })
    const cases: [string, string, Headers][] = [
      // requests that are not preflights
      ['GET', '/health', {}],
      ['GET', '/health', allowed],
      ['GET', '/health', { origin: 'HTTPS://App.Test' }],
      ['GET', '/health', { origin: 'http://node.example.com' }],
      ['GET', '/health', { origin: 'http://example.com' }],
      ['GET', '/health', { origin: 'https://elsewhere.test' }],
      ['GET', '/health', { origin: '' }],
      ['HEAD', '/health', allowed],
      ['PUT', '/health', allowed],
      ['OPTIONS', '/health', allowed],
      ['POST', '/', { ...allowed, 'content-type': 'application/json' }],
      ['GET', '/no_such_route', allowed],
      ['GET', '//health', allowed],
      ['GET', '/websocket', allowed],
      ['GET', '*', allowed],
      // preflights
      ['OPTIONS', '/', preflight('POST')],
      ['OPTIONS', '/', preflight('POST', { 'access-control-request-headers': 'content-type' })],
      [
        'OPTIONS',
        '/',
        preflight('POST', { 'access-control-request-headers': 'accept,content-type' }),
      ],
      [
        'OPTIONS',
        '/',
        preflight('POST', { 'access-control-request-headers': 'accept, content-type' }),
      ],
      [
        'OPTIONS',
        '/',
        preflight('POST', { 'access-control-request-headers': 'content-type,accept' }),
      ],
      ['OPTIONS', '/', preflight('POST', { 'access-control-request-headers': 'Content-Type' })],
      ['OPTIONS', '/', preflight('POST', { 'access-control-request-headers': 'x-custom' })],
      ['OPTIONS', '/', preflight('POST', { 'access-control-request-headers': '' })],
      ['OPTIONS', '/', preflight('POST', { 'access-control-request-headers': ',,accept,' })],
      [
        'OPTIONS',
        '/',
        preflight('POST', { 'access-control-request-headers': 'accept,  content-type' }),
      ],
      [
        'OPTIONS',
        '/',
        preflight('POST', { 'access-control-request-headers': ['accept', 'content-type'] }),
      ],
      ['OPTIONS', '/', preflight('GET')],
      ['OPTIONS', '/', preflight('HEAD')],
      ['OPTIONS', '/', preflight('OPTIONS')],
      ['OPTIONS', '/', preflight('get')],
      ['OPTIONS', '/', preflight('DELETE')],
      ['OPTIONS', '/status', { 'access-control-request-method': 'GET' }],
      [
        'OPTIONS',
        '/status',
        { origin: 'https://elsewhere.test', 'access-control-request-method': 'GET' },
      ],
      [
        'OPTIONS',
        '/status',
        { origin: 'http://a.example.com', 'access-control-request-method': 'GET' },
      ],
      ['OPTIONS', '/no_such_route', preflight('GET')],
      ['OPTIONS', '*', preflight('GET')],
    ]
    const health = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"health"}`
    const batch = (n: number) => `[${Array.from({ length: n }, (_, i) => health(i)).join(',')}]`
    // CometBFT reads every body before its handlers: one too large, or a batch too long, is answered
    // there, whatever the path, without its handlers' server time and CORS headers.
    const bodies: [string, string, Headers, string][] = [
      ['POST', '/', allowed, batch(10)],
      ['POST', '/', allowed, batch(11)],
      ['POST', '/health', allowed, batch(11)],
      ['POST', '/no_such_route', allowed, ` \n null`],
      ['POST', '/', allowed, 'x'.repeat(1_000_001)],
      ['POST', '/health', allowed, 'x'.repeat(1_000_001)],
      ['POST', '/', allowed, `[${'1,'.repeat(10)}1]`],
    ]
    for (const [method, target, headers, body] of [
      ...cases.map(([m, t, h]): [string, string, Headers, string] => [
        m,
        t,
        h,
        m === 'POST' ? health(1) : '',
      ]),
      ...bodies,
    ]) {
      const [theirs, ours] = await Promise.all([
        send(cometPort, method, target, headers, body),
        send(sdkdPort, method, target, headers, body),
      ])
      const request = { method, target, headers, body: body.slice(0, 80) }
      expect({ request, ...ours }).toEqual({ request, ...theirs })
    }
    // The cases reach each branch: a preflight granted with its headers, and an origin refused.
    const granted = await send(
      sdkdPort,
      'OPTIONS',
      '/',
      preflight('POST', { 'access-control-request-headers': 'content-type' }),
    )
    expect(granted).toEqual({
      status: 204,
      cors: {
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        'access-control-allow-origin': 'https://app.test',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
        'access-control-expose-headers': undefined,
        'access-control-allow-credentials': undefined,
        'access-control-max-age': undefined,
      },
      serverTime: true,
      closes: false,
      body: '',
    })
    const refused = await send(sdkdPort, 'GET', '/health', { origin: 'https://elsewhere.test' })
    expect([
      refused.status,
      refused.cors.vary,
      refused.cors['access-control-allow-origin'],
    ]).toEqual([200, 'Origin', undefined])
  })
})
