import { describe, expect, test } from 'vitest'
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
}

const app = createRpcApp(routes, { maxBodyBytes: 200 })

async function get(path: string) {
  const res = await app.request(path)
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

async function post(body: string) {
  const res = await app.request('/', { method: 'POST', body })
  const text = await res.text()
  return { status: res.status, text, body: (text === '' ? undefined : JSON.parse(text)) as any }
}

const none = { height: null, text: null, flag: null, hex: null, b64: null }

describe('URI routes', () => {
  test('behavior: arguments are read from the query string', async () => {
    const res = await get('/echo?height=7&text="hi"&flag=true&hex=0x0aff&b64="ab"')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      id: -1,
      result: { height: 7, text: 'hi', flag: true, hex: '0aff', b64: '6162' },
    })
    const plain = await get('/echo?height="8"&text=0x6869&b64=AQI=')
    expect(plain.body.result).toEqual({ ...none, height: 8, text: 'hi', b64: '0102' })
    const absent = await get('/echo')
    expect(absent.headers.get('cache-control')).toBeNull()
    expect(absent.body.result).toEqual(none)
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
          data: 'error converting http params to arguments: height: invalid 64-bit integer encoding "abc"',
        },
      },
    })
    expect((await get('/echo?height=99999999999999999999')).body.error.data).toBe(
      'error converting http params to arguments: height: value out of range 99999999999999999999',
    )
    expect((await get('/echo?text=hi')).body.error.data).toBe(
      'error converting http params to arguments: text: invalid string "hi": strings must be quoted',
    )
    expect((await get('/echo?flag=yes')).body.error.data).toBe(
      'error converting http params to arguments: flag: expected true or false, got "yes"',
    )
  })

  test('error: route failures and unknown methods', async () => {
    expect(await get('/fail')).toMatchObject({
      status: 500,
      body: { id: -1, error: { code: -32603, message: 'Internal error', data: 'it broke' } },
    })
    expect(await get('/nope')).toMatchObject({
      status: 404,
      body: { jsonrpc: '2.0', id: -1, error: { code: -32601, message: 'Method not found' } },
    })
    expect((await get('/nope')).body.error).not.toHaveProperty('data')
  })

  test('behavior: the root lists the routes', async () => {
    const res = await app.request('/')
    expect(await res.text()).toBe(
      '<html><body><br>Available endpoints:<br><a href="/echo">/echo</a></br>\n<a href="/fail">/fail</a></br></body></html>',
    )
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
      JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'echo', params: [3, 'x', false, '0aff'] }),
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
          data: 'error converting json params to arguments: text: expected a string, got 5',
        },
      },
    })
    expect((await post(JSON.stringify({ id: 3, method: 'nope' }))).body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found' },
    })
    expect((await post(JSON.stringify({ id: 4 }))).body.error).toEqual({
      code: -32600,
      message: 'Invalid Request',
      data: 'missing method',
    })
    expect((await post('5')).body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: 'expected a JSON-RPC request object',
      },
    })
    const parse = await post('{')
    expect(parse.status).toBe(500)
    expect(parse.body.error.code).toBe(-32700)
    expect(parse.body.error.message).toBe('Parse error. Invalid JSON')
  })

  test('behavior: notifications get no reply; batches get one per request', async () => {
    expect(await post(JSON.stringify({ method: 'echo' }))).toMatchObject({ status: 200, text: '' })
    const batch = await post(
      JSON.stringify([
        { id: 1, method: 'echo', params: { height: 1 } },
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

  test('error: a body over the limit or a path other than / is an Invalid Request', async () => {
    expect(await post(JSON.stringify({ id: 1, method: 'echo', pad: 'x'.repeat(300) }))).toEqual({
      status: 200,
      text: expect.any(String),
      body: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request', data: 'http: request body too large' },
      },
    })
    const res = await app.request('/echo', { method: 'POST', body: '{}' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request', data: 'path /echo is invalid' },
    })
  })
})
