import { describe, expect, test } from 'vitest'
import { RpcCors, type RpcCorsConfig } from './cors.js'
import { createRpcApp } from './server.js'

const DEFAULTS: RpcCorsConfig = {
  corsAllowedOrigins: [],
  corsAllowedMethods: ['HEAD', 'GET', 'POST'],
  corsAllowedHeaders: ['Origin', 'Accept', 'Content-Type', 'X-Requested-With', 'X-Server-Time'],
}

const cors = (config: Partial<RpcCorsConfig>) => RpcCors.of({ ...DEFAULTS, ...config })!

const PREFLIGHT_VARY = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'

/** A preflight's answer headers as one object (each header's lines joined, as a client reads them). */
function preflight(c: RpcCors, origin: string, method: string, headers?: string[]) {
  const a = c.answer({
    method: 'OPTIONS',
    origin: [origin],
    requestMethod: [method],
    requestHeaders: headers,
  })
  expect(a.preflight).toBe(true)
  return Object.fromEntries(a.headers.map(([name, values]) => [name, values.join(', ')]))
}

describe('RpcCors (rs/cors v1.11.1 as CometBFT configures it)', () => {
  test('behavior: no allowed origin is CORS off; `*` allows any origin and grants `*`', () => {
    expect(RpcCors.of(DEFAULTS)).toBe(undefined)
    const any = cors({ corsAllowedOrigins: ['https://a.test', '*'] })
    expect(preflight(any, 'null', 'POST', ['content-type'])).toEqual({
      Vary: PREFLIGHT_VARY,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'content-type',
    })
    expect(
      any.answer({ method: 'GET', origin: ['x'], requestMethod: [], requestHeaders: undefined }),
    ).toEqual({
      preflight: false,
      headers: [
        ['Vary', ['Origin']],
        ['Access-Control-Allow-Origin', ['*']],
      ],
    })
  })

  test('behavior: an origin with a wildcard matches it with at least nothing in its place, in any case', () => {
    const c = cors({ corsAllowedOrigins: ['HTTP://*.Example.com'] })
    const granted = (origin: string) =>
      preflight(c, origin, 'GET')['Access-Control-Allow-Origin'] ?? 'refused'
    expect(granted('http://a.example.com')).toBe('http://a.example.com')
    expect(granted('HTTP://B.EXAMPLE.COM')).toBe('HTTP://B.EXAMPLE.COM')
    expect(granted('http://.example.com')).toBe('http://.example.com')
    expect(granted('http://example.com')).toBe('refused')
    expect(granted('https://a.example.com')).toBe('refused')
  })

  test('behavior: empty method and header lists are rs/cors defaults; `*` allows any header; OPTIONS is always a method allowed', () => {
    const defaults = cors({
      corsAllowedOrigins: ['*'],
      corsAllowedMethods: [],
      corsAllowedHeaders: [],
    })
    const methods = (c: RpcCors, m: string) =>
      preflight(c, 'o', m)['Access-Control-Allow-Methods'] ?? 'refused'
    expect(
      ['GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'get'].map((m) => methods(defaults, m)),
    ).toEqual(['GET', 'POST', 'HEAD', 'OPTIONS', 'refused', 'refused'])
    const headers = (c: RpcCors, h: string[]) =>
      preflight(c, 'o', 'GET', h)['Access-Control-Allow-Origin'] ? 'granted' : 'refused'
    // The defaults: accept, content-type and x-requested-with; Origin only when configured.
    expect(headers(defaults, ['accept,content-type,x-requested-with'])).toBe('granted')
    expect(headers(defaults, ['origin'])).toBe('refused')
    expect(headers(cors({ corsAllowedOrigins: ['*'] }), ['origin'])).toBe('granted')
    const all = cors({ corsAllowedOrigins: ['*'], corsAllowedHeaders: ['X-A', '*'] })
    expect(headers(all, ['Anything, Else'])).toBe('granted')
    expect(preflight(all, 'o', 'GET', ['Anything, Else'])['Access-Control-Allow-Headers']).toBe(
      'Anything, Else',
    )
  })

  test('behavior: requested headers are read across their lines, sorted, lower case, one space around each and up to 16 empty elements', () => {
    const c = cors({ corsAllowedOrigins: ['*'] })
    const granted = (lines: string[]) =>
      preflight(c, 'o', 'GET', lines)['Access-Control-Allow-Origin'] !== undefined
    expect(granted(['accept', 'content-type'])).toBe(true)
    expect(granted(['content-type', 'accept'])).toBe(false)
    expect(granted(['accept,accept'])).toBe(false)
    expect(granted([' accept ,\tcontent-type'])).toBe(true)
    expect(granted(['accept,  content-type'])).toBe(false)
    expect(granted([`${','.repeat(16)}accept`])).toBe(true)
    expect(granted([`${','.repeat(17)}accept`])).toBe(false)
    expect(granted(['  '])).toBe(true)
    expect(granted(['Accept'])).toBe(false)
    // The granted headers are the lines as sent.
    expect(preflight(c, 'o', 'GET', ['accept', 'content-type'])).toMatchObject({
      'Access-Control-Allow-Headers': 'accept, content-type',
    })
    // Sent but empty: granted, without Access-Control-Allow-Headers.
    expect(preflight(c, 'o', 'GET', [''])).toEqual({
      Vary: PREFLIGHT_VARY,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET',
    })
  })

  test('behavior: in the RPC app a preflight is answered 204 with the server time and no body; another request is answered by its route with the CORS headers', async () => {
    const app = createRpcApp(
      { health: { args: [], handler: async () => ({}) } },
      { cors: cors({ corsAllowedOrigins: ['https://app.test'] }) },
    )
    const pre = await app.request('/health', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.test', 'access-control-request-method': 'GET' },
    })
    expect([pre.status, await pre.text()]).toEqual([204, ''])
    expect(Object.fromEntries(pre.headers)).toEqual({
      vary: PREFLIGHT_VARY,
      'access-control-allow-origin': 'https://app.test',
      'access-control-allow-methods': 'GET',
      'x-server-time': expect.stringMatching(/^\d+$/),
    })
    const get = await app.request('/health', { headers: { origin: 'https://other.test' } })
    expect([get.status, await get.json(), get.headers.get('vary')]).toEqual([
      200,
      { jsonrpc: '2.0', id: -1, result: {} },
      'Origin',
    ])
    expect(get.headers.get('access-control-allow-origin')).toBe(null)
  })
})
