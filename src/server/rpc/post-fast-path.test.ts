import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type HttpListener, listenHttp } from '../listen.js'
import { RpcCors } from './cors.js'
import { createRpcApp, RpcError, type RpcRoutes } from './server.js'

/** Routes answering as CometBFT's kinds of route do: a result, an error, a cacheable block. */
const routes: RpcRoutes = {
  health: { args: [], handler: async () => ({}) },
  echo: { args: ['text'], handler: async (args) => ({ text: args.string('text') ?? null }) },
  fail: {
    args: [],
    handler: async () => {
      throw new RpcError(-32603, 'Internal error', 'it broke')
    },
  },
  // Slow, as a route reading the disk: its answer comes after the request's last byte was read.
  block: {
    args: ['height'],
    handler: async (args) => {
      await new Promise((r) => setTimeout(r, 5))
      return { height: args.int('height') ?? null }
    },
  },
  broadcast_tx_sync: {
    args: ['tx'],
    handler: async (args) => ({ code: 0, length: args.base64Bytes('tx')?.length ?? 0 }),
  },
}

/** A request over its own connection, read until the server closes it; the answer's bytes. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1')
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
  })
}

/** A POST of `/` with `body` as a declared length (the fast path's) or chunked (the app's). */
function postRequest(port: number, body: string, chunked: boolean, origin?: string): string {
  const bytes = Buffer.from(body)
  const head = [
    'POST / HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    ...(origin ? [`Origin: ${origin}`] : []),
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes.length}`,
    'Connection: close',
  ].join('\r\n')
  const payload = chunked ? `${bytes.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body
  return `${head}\r\n\r\n${payload}`
}

/** The answer without what moves with the clock (the Date and X-Server-Time headers' values). */
const timeless = (answer: string) =>
  answer
    .replace(/\r\nDate: [^\r]*/, '\r\nDate: -')
    .replace(/x-server-time: \d+/, 'x-server-time: -')

const BODIES = {
  'a call': '{"jsonrpc":"2.0","id":1,"method":"health"}',
  'a call with params': '{"jsonrpc":"2.0","id":"a","method":"echo","params":{"text":"hi"}}',
  'a broadcast': '{"jsonrpc":"2.0","id":7,"method":"broadcast_tx_sync","params":{"tx":"CgQ="}}',
  'a cacheable call': '{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":"3"}}',
  'a failing call': '{"jsonrpc":"2.0","id":1,"method":"fail"}',
  'an unknown method': '{"jsonrpc":"2.0","id":1,"method":"nope"}',
  'a websocket-only method': '{"jsonrpc":"2.0","id":1,"method":"subscribe","params":["x"]}',
  'a call without its params (a panic)': '{"jsonrpc":"2.0","id":1,"method":"echo"}',
  'notifications alone': '[{"jsonrpc":"2.0","method":"health"}]',
  'a batch':
    '[{"jsonrpc":"2.0","id":1,"method":"health"},{"jsonrpc":"2.0","id":2,"method":"nope"}]',
  'a batch too long': `[${Array.from({ length: 11 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"health"}`).join(',')}]`,
  'invalid JSON': '{"jsonrpc":"2.0","id":1,"method":"health"',
  'a byte-order mark': '\ufeff{"jsonrpc":"2.0","id":1,"method":"health"}',
}

describe('JSON-RPC POSTs answered straight from node:http', () => {
  let listener: HttpListener
  let appCalls = 0

  beforeAll(async () => {
    const cors = RpcCors.of({
      corsAllowedOrigins: ['https://allowed.example'],
      corsAllowedMethods: [],
      corsAllowedHeaders: [],
    })
    const app = createRpcApp(routes, { maxBodyBytes: 4096, maxBatchSize: 10, cors: cors! })
    // Counts the requests the app itself serves (a Web Request each).
    const fetch = app.fetch
    app.fetch = (...args) => {
      appCalls++
      return fetch(...args)
    }
    listener = await listenHttp(app, 'tcp://127.0.0.1:0', 'test RPC')
  })
  afterAll(() => listener.close())

  for (const [what, body] of Object.entries(BODIES)) {
    for (const origin of [undefined, 'https://allowed.example', 'https://other.example']) {
      test(`behavior: ${what}${origin ? ` from ${origin}` : ''}: the same status, headers and body as the app's route, without the app`, async () => {
        const before = appCalls
        const fast = await exchange(listener.port, postRequest(listener.port, body, false, origin))
        expect(appCalls, 'requests the app served').toBe(before)
        const app = await exchange(listener.port, postRequest(listener.port, body, true, origin))
        expect(appCalls, 'requests the app served').toBe(before + 1)
        expect(fast).toMatch(/^HTTP\/1\.1 (200|500) /)
        expect(timeless(fast)).toBe(timeless(app))
      })
    }
  }

  test('behavior: an empty body (the list of endpoints), a GET and a path other than `/` go to the app', async () => {
    const before = appCalls
    const empty = await exchange(
      listener.port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${listener.port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(empty).toContain('<a href=')
    await exchange(
      listener.port,
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${listener.port}\r\nConnection: close\r\n\r\n`,
    )
    const body = BODIES['a call']
    await exchange(
      listener.port,
      `POST /x HTTP/1.1\r\nHost: 127.0.0.1:${listener.port}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    )
    expect(appCalls - before).toBe(3)
  })
})

describe('a client that half-closes its connection after its request', () => {
  let listener: HttpListener

  beforeAll(async () => {
    listener = await listenHttp(
      createRpcApp(routes, { maxBodyBytes: 4096 }),
      'tcp://127.0.0.1:0',
      'test RPC',
    )
  })
  afterAll(() => listener.close())

  /** The request, then the client's FIN at once; the answer's bytes. */
  const halfClosed = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(listener.port, '127.0.0.1', () => socket.end(request))
      let answer = ''
      socket.on('data', (d: Buffer) => {
        answer += d.toString('latin1')
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(answer))
    })

  test('behavior: it still gets the answer of a route that answers after the request was read, as from Go’s server (the fast path and the app alike)', async () => {
    const body = BODIES['a cacheable call']
    for (const chunked of [false, true]) {
      const answer = await halfClosed(postRequest(listener.port, body, chunked))
      expect(answer, chunked ? 'the app' : 'the fast path').toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(answer).toContain('"result":{"height":3}')
    }
  })
})
