import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toBase64 } from '../../src/codec/bytes.js'
import { type HttpListener, listenHttp } from '../../src/server/listen.js'
import { createBroadcastFastPath } from '../../src/server/rest/broadcast-fast-path.js'
import { createGateway, type GatewayOptions } from '../../src/server/rest/gateway.js'
import { withoutClocks } from '../helpers/raw-http.js'
import { createTxTestNode } from '../helpers/tx-node.js'

// POST /sdk/tx/v1beta1/txs is answered from node:http ahead of Hono. Each raw request below goes to
// two nodes with the same genesis: one serving the fast path, one Hono only. Their raw responses
// (status line, every header, body) must be the same bytes; only the Date header's value may differ.

type T = Awaited<ReturnType<typeof createTxTestNode>>
const MAX_BODY = 4096
const PATH = '/sdk/tx/v1beta1/txs'

let fastNode: T
let honoNode: T
const servers: HttpListener[] = []
/** Ports: CORS off (fast path on one, Hono only on the other), then CORS on. */
const ports = { fast: 0, hono: 0, corsFast: 0, corsHono: 0 }
/** Requests the CORS server's fast path left to Hono. */
let corsLeft = 0

async function serve(t: T, cors: boolean, fast: boolean): Promise<number> {
  const options: GatewayOptions = {
    router: t.node.router,
    enabledUnsafeCors: cors,
    maxBodyBytes: MAX_BODY,
  }
  const fastPath = fast ? createBroadcastFastPath(options) : undefined
  const ahead = fastPath
    ? (...args: Parameters<typeof fastPath>) => {
        if (fastPath(...args)) return true
        if (cors) corsLeft++
        return false
      }
    : undefined
  const server = await listenHttp(createGateway(options), '127.0.0.1:0', 'test API', {
    ...(ahead ? { ahead } : {}),
    // As the node serves REST: the server's clock on every answer.
    serverTime: true,
  })
  servers.push(server)
  return server.port
}

beforeAll(async () => {
  fastNode = await createTxTestNode()
  honoNode = await createTxTestNode()
  await fastNode.block()
  await honoNode.block()
  ports.fast = await serve(fastNode, false, true)
  ports.hono = await serve(honoNode, false, false)
  ports.corsFast = await serve(fastNode, true, true)
  ports.corsHono = await serve(honoNode, true, false)
})

afterAll(async () => {
  for (const s of servers) await s.close()
  await fastNode?.close()
  await honoNode?.close()
})

/** Sends raw bytes on a fresh connection; resolves with everything the server sent back. */
function raw(port: number, request: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
    socket.end(request)
  })
}

/** A POST of `body` with the given extra header lines (the connection closes after the answer). */
function post(body: Buffer | string, headers: string[] = ['content-type: application/json']) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body)
  const head = [
    `POST ${PATH} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    ...headers,
    `content-length: ${bytes.length}`,
  ]
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes])
}

/** The answers of both servers of a pair to the same bytes (they must be identical). */
async function both(request: Buffer | string, pair: 'plain' | 'cors' = 'plain') {
  const [a, b] = pair === 'plain' ? [ports.fast, ports.hono] : [ports.corsFast, ports.corsHono]
  const fast = withoutClocks(await raw(a, request))
  const hono = withoutClocks(await raw(b, request))
  expect(fast).toBe(hono)
  return fast
}

const statusOf = (text: string) => Number(text.slice(9, 12))
const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4)

/** A bank send from alice at `sequence` (the same bytes for both nodes: same keys, same genesis). */
function sendBytes(sequence: bigint, amount = '5stake', corrupt = false): string {
  const t = fastNode
  const bytes = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, amount)], {
    sequence,
    fee: [{ denom: 'stake', amount: 500n }],
    edit: (tx) => {
      if (corrupt) tx.signatures![0]![3]! ^= 1
      return tx
    },
  })
  return toBase64(bytes)
}

const json = (o: unknown) => JSON.stringify(o)

describe('POST /sdk/tx/v1beta1/txs from node:http ahead of Hono', () => {
  test('behavior: broadcasts in every mode answer byte for byte as the Hono route', async () => {
    const first = await both(post(json({ tx_bytes: sendBytes(0n), mode: 'BROADCAST_MODE_SYNC' })))
    expect(statusOf(first)).toBe(200)
    expect(JSON.parse(bodyOf(first)).tx_response).toMatchObject({ code: 0, raw_log: '' })
    expect(first).toContain('\r\nContent-Length: ')
    expect(first).toContain('\r\ncontent-type: application/json\r\n')
    // the same tx again: the mempool cache's code 19
    const again = await both(post(json({ tx_bytes: sendBytes(0n), mode: 'BROADCAST_MODE_SYNC' })))
    expect(JSON.parse(bodyOf(again)).tx_response.code).toBe(19)
    const async = await both(post(json({ tx_bytes: sendBytes(1n), mode: 'BROADCAST_MODE_ASYNC' })))
    expect(JSON.parse(bodyOf(async)).tx_response.code).toBe(0)
    // numeric mode, as grpc-gateway accepts it
    expect(statusOf(await both(post(json({ tx_bytes: sendBytes(2n), mode: 2 }))))).toBe(200)
    for (const mode of ['BROADCAST_MODE_BLOCK', 'BROADCAST_MODE_UNSPECIFIED', 'NO_SUCH_MODE']) {
      const r = await both(post(json({ tx_bytes: sendBytes(3n), mode })))
      expect(statusOf(r)).toBe(400)
    }
    // a body without a mode, a tx with a bad signature, a wrong sequence, bytes that are no tx
    expect(statusOf(await both(post(json({ tx_bytes: sendBytes(3n) }))))).toBe(400)
    const badSig = await both(
      post(json({ tx_bytes: sendBytes(3n, '6stake', true), mode: 'BROADCAST_MODE_SYNC' })),
    )
    expect(JSON.parse(bodyOf(badSig)).tx_response.code).toBe(4)
    const badSeq = await both(post(json({ tx_bytes: sendBytes(9n), mode: 'BROADCAST_MODE_SYNC' })))
    expect(JSON.parse(bodyOf(badSeq)).tx_response.code).toBe(32)
    const notATx = await both(post(json({ tx_bytes: 'AAEC', mode: 'BROADCAST_MODE_SYNC' })))
    expect(JSON.parse(bodyOf(notATx)).tx_response.code).toBe(2)
    // an unknown body field is ignored, as grpc-gateway does
    const extra = await both(
      post(json({ tx_bytes: 'AAED', mode: 'BROADCAST_MODE_SYNC', no_such_field: 1 })),
    )
    expect(JSON.parse(bodyOf(extra)).tx_response.code).toBe(2)
  })

  test('error: malformed bodies answer byte for byte as the Hono route', async () => {
    const bodies: (string | Buffer)[] = [
      '{"tx_bytes":',
      '',
      '   ',
      'null',
      '[]',
      '"text"',
      json({ tx_bytes: '!!!not base64!!!', mode: 'BROADCAST_MODE_SYNC' }),
      json({ tx_bytes: '', mode: 'BROADCAST_MODE_SYNC' }),
      json({ mode: 'BROADCAST_MODE_SYNC' }),
      // a UTF-8 byte order mark before the JSON, and bytes that are not UTF-8
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json({ mode: 1 }))]),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    ]
    for (const body of bodies) {
      const r = await both(post(body))
      expect(statusOf(r)).toBe(400)
      expect(Object.keys(JSON.parse(bodyOf(r)))).toEqual(['code', 'message', 'details'])
    }
  })

  test('behavior: requests the fast path leaves to Hono answer as before', async () => {
    const body = json({ tx_bytes: sendBytes(3n, '7stake'), mode: 'BROADCAST_MODE_SYNC' })
    // other content types (or none): the body is read as JSON all the same
    for (const headers of [['content-type: text/plain'], [], ['origin: https://wallet.example']]) {
      await both(post(json({ tx_bytes: 'AAEC', mode: 'BROADCAST_MODE_SYNC' }), headers))
    }
    // larger than rpc-max-body-bytes: upstream's server refuses it before its handler
    const oversize = await both(post(json({ tx_bytes: 'A'.repeat(MAX_BODY), mode: 1 })))
    expect([statusOf(oversize), JSON.parse(bodyOf(oversize)).error.code]).toEqual([400, -32600])
    // a chunked body (no declared length), within and over the limit
    const chunked = (text: string) =>
      `POST ${PATH} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`
    const viaChunks = await both(chunked(body))
    expect(JSON.parse(bodyOf(viaChunks)).tx_response.code).toBe(0)
    expect(statusOf(await both(chunked('x'.repeat(MAX_BODY + 10))))).toBe(400)
    // a query string, a trailing slash, other methods on the path
    await both(post(body).toString('latin1').replace(PATH, `${PATH}?mode=BROADCAST_MODE_SYNC`))
    // (with a trailing slash, the path of GetTx with an empty hash: a GET route, so 405)
    expect(statusOf(await both(post(body).toString('latin1').replace(PATH, `${PATH}/`)))).toBe(405)
    for (const method of ['GET', 'PUT', 'HEAD', 'OPTIONS']) {
      await both(`${method} ${PATH} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`)
    }
    // a form naming GET (grpc-gateway's path-length fallback) is GetTxsEvent's, as a GET asks it
    const form = 'query=tx.height%3E0&order_by=9'
    const viaForm = await both(
      post(form, [
        'content-type: application/x-www-form-urlencoded',
        'x-http-method-override: GET',
      ]),
    )
    const viaGet = await both(
      `GET ${PATH}?${form} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
    )
    expect([statusOf(viaForm), bodyOf(viaForm)]).toEqual([400, bodyOf(viaGet)])
    expect(JSON.parse(bodyOf(viaForm)).message).toBe('9 is not a valid tx.OrderBy')
    // host headers the server takes as they are, must parse, or refuses; and none at all
    for (const host of [
      'node.example:26657',
      'NODE.example',
      'node.example:80',
      '[::1]:1317',
      'bad host',
      'a/b',
    ]) {
      await both(post(body).toString('latin1').replace('host: 127.0.0.1', `host: ${host}`))
    }
    await both(post(body).toString('latin1').replace('host: 127.0.0.1\r\n', ''))
    // expect: 100-continue
    await both(post(json({ tx_bytes: 'AAEC', mode: 1 }), ['expect: 100-continue']))
  })

  test('behavior: with CORS on, answers carry the CORS headers (preflights included), the same either way', async () => {
    const body = json({ tx_bytes: 'AAEC', mode: 'BROADCAST_MODE_SYNC' })
    // with an Origin, Hono's way (the CORS middleware adds its headers)
    let left = corsLeft
    const withOrigin = await both(
      post(body, ['content-type: application/json', 'origin: https://wallet.example']),
      'cors',
    )
    expect(withOrigin).toContain('access-control-allow-origin: *')
    expect(corsLeft).toBe(left + 1)
    // without one, answered ahead of Hono, a tx included
    left = corsLeft
    const noOrigin = await both(post(body), 'cors')
    expect(noOrigin).not.toContain('access-control-allow-origin')
    const sent = await both(
      post(json({ tx_bytes: sendBytes(4n, '8stake'), mode: 'BROADCAST_MODE_SYNC' })),
      'cors',
    )
    expect(JSON.parse(bodyOf(sent)).tx_response.code).toBe(0)
    expect(corsLeft).toBe(left)
    const preflight = await both(
      `OPTIONS ${PATH} HTTP/1.1\r\nhost: x\r\nconnection: close\r\norigin: https://wallet.example\r\naccess-control-request-method: POST\r\naccess-control-request-headers: content-type\r\n\r\n`,
      'cors',
    )
    expect(statusOf(preflight)).toBe(200)
    // gorilla/handlers' grant: the requested header in Go's canonical form, no Allow-Methods for POST.
    expect(preflight).toContain('access-control-allow-headers: Content-Type')
    expect(preflight).not.toContain('access-control-allow-methods')
  })

  test('behavior: requests pipelined on one keep-alive connection get their answers in order', async () => {
    const requests = [0, 1, 2].map((i) =>
      post(json({ tx_bytes: `AAE${i}`, mode: 'BROADCAST_MODE_SYNC' }))
        .toString('latin1')
        .replace('connection: close', 'connection: keep-alive'),
    )
    requests.push(post(json({ mode: 1 })).toString('latin1'))
    const fast = withoutClocks(await raw(ports.fast, requests.join('')))
    const hono = withoutClocks(await raw(ports.hono, requests.join('')))
    expect(fast).toBe(hono)
    expect(fast.match(/HTTP\/1\.1 /g)).toHaveLength(4)
  })
})
