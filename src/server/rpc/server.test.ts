import { describe, expect, test } from 'vitest'
import { BODY_TOO_LARGE_ANSWER } from '../../../test/helpers/go-prechecks.js'
import { toHex } from '../../codec/bytes.js'
import { createRpcApp, RpcError, type RpcRoutes } from './server.js'

/** Routes that echo their arguments as each reader parses them. */
const routes: RpcRoutes = {
  echo: {
    args: ['height', 'text', 'flag', 'hex', 'b64'],
    handler: async (args) => {
      const hex = args.hexBytes('hex')
      const b64 = args.base64Bytes('b64')
      return {
        height: args.int('height') ?? null,
        text: args.string('text') ?? null,
        flag: args.bool('flag') ?? null,
        hex: hex ? toHex(hex) : null,
        b64: b64 ? toHex(b64) : null,
      }
    },
  },
  fail: {
    args: [],
    handler: async () => {
      throw new RpcError(-32603, 'Internal error', 'it broke')
    },
  },
  // Named as CometBFT routes whose answers are cacheable: at a given height, and always.
  block: { args: ['height'], handler: async (args) => ({ height: args.int('height') ?? null }) },
  genesis: { args: [], handler: async () => ({}) },
}

const app = createRpcApp(routes, { maxBodyBytes: 200 })

async function get(path: string) {
  const res = await app.request(path)
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

async function post(body: string, to = app) {
  const res = await to.request('/', { method: 'POST', body })
  const text = await res.text()
  return { status: res.status, text, body: (text === '' ? undefined : JSON.parse(text)) as any }
}

/** The names of Object.prototype's properties (a route table that is a plain object has them all). */
const INHERITED_NAMES = Object.getOwnPropertyNames(Object.prototype)

const none = { height: null, text: null, flag: null, hex: null, b64: null }

describe('URI routes', () => {
  test('behavior: arguments are read from the query string', async () => {
    const res = await get('/echo?height=7&text="hi"&flag=true&hex=0x0aff&b64="ab"')
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('x-server-time'))).toBeCloseTo(Date.now() / 1000, -1)
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      id: -1,
      result: { height: 7, text: 'hi', flag: true, hex: '0aff', b64: '6162' },
    })
    const plain = await get('/echo?height="8"&text=0x6869&b64=0x0102')
    expect(plain.body.result).toEqual({ ...none, height: 8, text: 'hi', b64: '0102' })
    const absent = await get('/echo')
    expect(absent.body.result).toEqual(none)
    // POST to a route's path is a URI call too.
    const posted = await app.request('/echo?height=4', { method: 'POST', body: '{}' })
    expect(await posted.json()).toEqual({ jsonrpc: '2.0', id: -1, result: { ...none, height: 4 } })
  })

  test('behavior: a URI value of null is JSON null, read as an absent argument (the Go zero value), as CometBFT reads it', async () => {
    const res = await get('/echo?height=null&text=null&flag=null&hex=null&b64=null')
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual(none)
    // Only the bare word: a quoted "null" is a string.
    expect((await get('/echo?text="null"')).body.result).toEqual({ ...none, text: 'null' })
  })

  test("behavior: the query string is read as Go's url.ParseQuery reads it: a pair with ';' or a bad '%' escape is dropped, '+' is a space, the first of a repeated key counts", async () => {
    expect((await get('/echo?height=5;x=1')).body.result).toEqual(none)
    expect((await get('/echo?height=%zz&text="a"')).body.result).toEqual({ ...none, text: 'a' })
    expect((await get('/echo?height=%')).body.result).toEqual(none)
    expect((await get('/echo?text="a+b%2Bc"')).body.result).toEqual({ ...none, text: 'a b+c' })
    expect((await get('/echo?height=3&height=4')).body.result).toEqual({ ...none, height: 3 })
    expect((await get('/echo?%68eight=6')).body.result).toEqual({ ...none, height: 6 })
  })

  test('behavior: Cache-Control on answers that cannot change, as CometBFT marks its routes', async () => {
    const cached = 'public, max-age=86400'
    expect((await get('/block?height=7')).headers.get('cache-control')).toBe(cached)
    expect((await get('/block')).headers.get('cache-control')).toBeNull()
    expect((await get('/block?height=0')).headers.get('cache-control')).toBeNull()
    expect((await get('/genesis')).headers.get('cache-control')).toBe(cached)
    expect((await get('/echo?height=7')).headers.get('cache-control')).toBeNull()
    const byPost = await app.request('/', {
      method: 'POST',
      body: JSON.stringify({ id: 1, method: 'block', params: { height: '7' } }),
    })
    expect(byPost.headers.get('cache-control')).toBe(cached)
  })

  test('error: a malformed argument is Invalid params, status 500', async () => {
    expect(await get('/echo?height=abc')).toMatchObject({
      status: 500,
      body: {
        jsonrpc: '2.0',
        id: -1,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: 'error converting http params to arguments: invalid 64-bit integer encoding "abc", expected string',
        },
      },
    })
    expect((await get('/echo?height=99999999999999999999')).body.error.data).toBe(
      'error converting http params to arguments: json: cannot unmarshal number 99999999999999999999 into Go value of type int64',
    )
    expect((await get('/echo?text=hi')).body.error.data).toBe(
      "error converting http params to arguments: invalid character 'h' looking for beginning of value",
    )
    expect((await get('/echo?flag=yes')).body.error.data).toBe(
      "error converting http params to arguments: invalid character 'y' looking for beginning of value",
    )
  })

  test('error: route failures and unknown methods', async () => {
    expect(await get('/fail')).toMatchObject({
      status: 500,
      body: { id: -1, error: { code: -32603, message: 'Internal error', data: 'it broke' } },
    })
    // A path with no route is Go's plain-text not found, not JSON.
    const unknown = await app.request('/nope')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toBe('404 page not found\n')
    expect((await app.request('/a/b')).status).toBe(404)
    // The websocket-only routes answer Method not found, HTTP 404.
    expect(await get('/subscribe?query="tm.event=\'NewBlock\'"')).toEqual({
      status: 404,
      headers: expect.anything(),
      body: { jsonrpc: '2.0', id: -1, error: { code: -32601, message: 'Method not found' } },
    })
  })

  test("behavior: the root lists the routes with their arguments on the request's host, as CometBFT's page does", async () => {
    const res = await app.request('/', { headers: { host: 'localhost:26657' } })
    expect(res.headers.get('content-type')).toBe('text/html')
    const link = (l: string) => `<a href="//localhost:26657/${l}">//localhost:26657/${l}</a></br>`
    expect(await res.text()).toBe(
      `<html><body><br>Available endpoints:<br><br>Endpoints that require arguments:<br>${link('block?height=_')}${link('echo?height=_&text=_&flag=_&hex=_&b64=_')}${link('fail?')}${link('genesis?')}${link('subscribe?query=_')}${link('unsubscribe?query=_')}${link('unsubscribe_all?')}</body></html>`,
    )
    // The same for any request to the root without a body; with one, it is a JSON-RPC call.
    const options = await app.request('/', { method: 'OPTIONS', headers: { host: 'h' } })
    expect(await options.text()).toContain('<a href="//h/genesis?">')
    const empty = await app.request('/', { method: 'POST', body: '', headers: { host: 'h' } })
    expect(await empty.text()).toContain('<a href="//h/genesis?">')
  })

  test("behavior: a route answers whatever the method; an unclean path is redirected (307) to the clean one, as Go's mux does; a path without a route is Go's 404", async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await app.request('/genesis', { method })
      expect([method, res.status, await res.json()]).toEqual([
        method,
        200,
        { jsonrpc: '2.0', id: -1, result: {} },
      ])
    }
    const redirected = await app.request('//block?height=3&x=%3C')
    expect([redirected.status, redirected.headers.get('location')]).toEqual([
      307,
      '/block?height=3&x=%3C',
    ])
    expect(redirected.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await redirected.text()).toBe(
      '<a href="/block?height=3&amp;x=%3C">Temporary Redirect</a>.\n\n',
    )
    const posted = await app.request('/block//', { method: 'POST' })
    expect([posted.status, posted.headers.get('location'), await posted.text()]).toEqual([
      307,
      '/block/',
      '',
    ])
    const missing = await app.request('/block/', { method: 'PUT' })
    expect([missing.status, await missing.text()]).toEqual([404, '404 page not found\n'])
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('JSON-RPC', () => {
  test('behavior: named and positional params', async () => {
    const named = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'echo',
        params: { height: '9', b64: 'AQI=' },
      }),
    )
    expect(named).toMatchObject({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: { ...none, height: 9, b64: '0102' } },
    })
    const positional = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'a',
        method: 'echo',
        params: ['3', 'x', false, '0aff', null],
      }),
    )
    expect(positional.body.result).toEqual({
      ...none,
      height: 3,
      text: 'x',
      flag: false,
      hex: '0aff',
    })
  })

  test('error: bad params, unknown methods and bad requests', async () => {
    const bad = await post(JSON.stringify({ id: 2, method: 'echo', params: { text: 5 } }))
    expect(bad).toMatchObject({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: 'error converting json params to arguments: json: cannot unmarshal number into Go value of type string',
        },
      },
    })
    expect((await post(JSON.stringify({ id: 3, method: 'nope' }))).body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found' },
    })
    expect((await post(JSON.stringify({ id: 4 }))).body.error).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    expect((await post(JSON.stringify({ id: 5, method: 'subscribe', params: {} }))).body).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32601, message: 'Method not found' },
    })
    // A float id is truncated, as Go decodes it.
    expect((await post(JSON.stringify({ id: 6.9, method: 'fail' }))).body.id).toBe(6)
    // Parse errors: HTTP 500, -32700, and no id key (the id is unknown).
    const number = await post('5')
    expect(number.status).toBe(500)
    expect(number.body).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'Parse error. Invalid JSON',
        data: expect.stringMatching(
          /^error unmarshaling request: json: cannot unmarshal number into Go value of type struct \{ JSONRPC string/,
        ),
      },
    })
    expect((await post(JSON.stringify({ id: true, method: 'echo' }))).body).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'Parse error. Invalid JSON',
        data: 'error unmarshaling request: json-rpc ID (true) is of unknown type (bool)',
      },
    })
    const parse = await post('{')
    expect(parse.status).toBe(500)
    expect(parse.body).not.toHaveProperty('id')
    // The data is Go's encoding/json text, as CometBFT's, not JavaScript's.
    expect(parse.body.error).toEqual({
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: 'error unmarshaling request: unexpected end of JSON input',
    })
    expect((await post('{"id":1,"method":"health"}x')).body.error.data).toBe(
      "error unmarshaling request: invalid character 'x' after top-level value",
    )
    expect((await post('{id:1}')).body.error.data).toBe(
      "error unmarshaling request: invalid character 'i' looking for beginning of object key string",
    )
  })

  test("behavior: a body is read as Go's encoding/json reads it into CometBFT's request: members in any case, null a notification, a byte-order mark refused", async () => {
    // Go matches a struct's field names in any case; the last one given counts.
    expect(
      (await post('{"JSONRPC":"2.0","ID":7,"METHOD":"echo","Params":{"height":"3"}}')).body,
    ).toEqual({ jsonrpc: '2.0', id: 7, result: { ...none, height: 3 } })
    expect(
      (await post('{"id":1,"method":"fail","Method":"echo","params":{}}')).body.result,
    ).toEqual(none)
    // null, alone or in a batch, is a request without an id: not answered.
    expect(await post('null')).toEqual({ status: 200, text: '', body: undefined })
    expect(await post('[null]')).toEqual({ status: 200, text: '', body: undefined })
    expect((await post('[{"id":1,"method":"echo","params":{}},null]')).body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: none,
    })
    const parseError = (data: string) => ({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error. Invalid JSON', data },
    })
    // jsonrpc, like method, must be a string.
    expect(await post('{"jsonrpc":2.0,"id":1,"method":"echo"}')).toMatchObject({
      status: 500,
      body: parseError(
        'error unmarshaling request: json: cannot unmarshal number into Go struct field .jsonrpc of type string',
      ),
    })
    // A batch with an element that does not decode is read again as one request: the error names the array.
    expect((await post('[{"id":1,"method":"echo"},5]')).body).toEqual(
      parseError(
        expect.stringMatching(
          /^error unmarshaling request: json: cannot unmarshal array into Go value of type struct \{ JSONRPC string/,
        ) as unknown as string,
      ),
    )
    expect((await post('\ufeff{"id":1,"method":"echo"}')).body).toEqual(
      parseError(
        "error unmarshaling request: invalid character 'ï' looking for beginning of value",
      ),
    )
  })

  test('error: methods named after the properties every object inherits are not found, as in CometBFT', async () => {
    for (const method of INHERITED_NAMES) {
      expect((await post(JSON.stringify({ id: 1, method, params: {} }))).body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method not found' },
      })
      const uri = await app.request(`/${method}?height=1`, { method: 'POST' })
      expect([uri.status, await uri.text()]).toEqual([404, '404 page not found\n'])
    }
    const batch = await post(
      JSON.stringify([
        { id: 1, method: 'constructor' },
        { id: 2, method: 'genesis' },
      ]),
    )
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
  })

  test('behavior: notifications get no reply; batches get one per request', async () => {
    expect(await post(JSON.stringify({ method: 'echo' }))).toMatchObject({ status: 200, text: '' })
    expect(await post(JSON.stringify({ id: null, method: 'fail' }))).toMatchObject({ text: '' })
    expect(await post('[]')).toMatchObject({ status: 200, text: '' })
    // A batch that produced one answer is written as that answer alone.
    expect(
      (await post(JSON.stringify([{ id: 9, method: 'genesis' }, { method: 'echo' }]))).body,
    ).toEqual({ jsonrpc: '2.0', id: 9, result: {} })
    const batch = await post(
      JSON.stringify([
        { id: 1, method: 'echo', params: { height: '1' } },
        { method: 'echo' },
        { id: 2, method: 'fail' },
      ]),
    )
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: { ...none, height: 1 } },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32603, message: 'Internal error', data: 'it broke' },
      },
    ])
  })

  test('error: no params key, to a route taking arguments, is Go’s reflect.Call panic: HTTP 500, id -1, for the whole body', async () => {
    // CometBFT v0.38.26's answer, byte for byte.
    const panic =
      '{"jsonrpc":"2.0","id":-1,"error":{"code":-32603,"message":"Internal error","data":"reflect: Call with too few input arguments"}}'
    let ticks = 0
    const more = createRpcApp({
      ...routes,
      tick: { args: [], handler: async () => ({ tick: ++ticks }) },
      lenient: { args: ['n'], paramsOptional: true, handler: async () => ({}) },
    })
    expect(await post('{"jsonrpc":"2.0","id":1,"method":"block"}')).toMatchObject({
      status: 500,
      text: panic,
    })
    // A route without arguments, params null or {}, a route of sdkd's own: answered as usual.
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"genesis"}')).text).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    )
    for (const params of ['null', '{}']) {
      expect(await post(`{"jsonrpc":"2.0","id":1,"method":"block","params":${params}}`)).toEqual({
        status: 200,
        text: '{"jsonrpc":"2.0","id":1,"result":{"height":null}}',
        body: { jsonrpc: '2.0', id: 1, result: { height: null } },
      })
    }
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"lenient"}', more)).text).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    )
    // A batch fails as a whole: the calls before the panic ran, the ones after it did not.
    const batch = await post(
      '[{"jsonrpc":"2.0","id":1,"method":"tick"},{"jsonrpc":"2.0","id":2,"method":"block"},{"jsonrpc":"2.0","id":3,"method":"tick"}]',
      more,
    )
    expect(batch).toMatchObject({ status: 500, text: panic })
    expect(ticks).toBe(1)
    // A notification is never called; unknown and websocket-only methods are not found first.
    expect(
      (
        await post(
          '[{"jsonrpc":"2.0","method":"block"},{"jsonrpc":"2.0","id":2,"method":"genesis"}]',
        )
      ).text,
    ).toBe('{"jsonrpc":"2.0","id":2,"result":{}}')
    for (const method of ['subscribe', 'nope']) {
      expect(await post(`{"jsonrpc":"2.0","id":3,"method":"${method}"}`)).toMatchObject({
        status: 200,
        text: '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found"}}',
      })
    }
  })

  test('error: a body over the limit (400) or a batch over max_request_batch_size is an Invalid Request without id', async () => {
    expect(await post(JSON.stringify({ id: 1, method: 'echo', pad: 'x'.repeat(300) }))).toEqual({
      status: 400,
      text: expect.any(String),
      body: BODY_TOO_LARGE_ANSWER,
    })
    const eleven = JSON.stringify(
      Array.from({ length: 11 }, (_, i) => ({ id: i, method: 'genesis' })),
    )
    const big = createRpcApp(routes)
    const res = await big.request('/', { method: 'POST', body: eleven })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: 'batch request exceeds maximum (10) allowed number of requests',
      },
    })
    const unlimited = createRpcApp(routes, { maxBatchSize: 0 })
    const all = await (await unlimited.request('/', { method: 'POST', body: eleven })).json()
    expect(all).toHaveLength(11)
  })
})
