import { connect } from 'node:net'
import { Hono } from 'hono'
import { afterEach, expect, test } from 'vitest'
import { type HttpListener, listenHttp } from '../../../../src/server/listen.js'
import { attachWebsocket, type WebsocketEndpoint } from '../../../../src/server/rpc/websocket.js'
import { bareWebsocketOptions } from '../../../helpers/websocket-options.js'

const open: { l: HttpListener; ws: WebsocketEndpoint }[] = []
afterEach(async () => {
  for (const { l, ws } of open.splice(0)) {
    await ws.close()
    await l.close()
  }
})

/** What the server answers to `request` on a new connection, until it closes or 2 s pass. */
function answer(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    socket.on('data', (d) => {
      data += d
    })
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
    setTimeout(() => {
      socket.destroy()
      resolve(data)
    }, 2000)
  })
}

const upgrade = (host: string) =>
  `GET /websocket HTTP/1.1\r\n${host}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`

test("error: a websocket upgrade without a Host header, or with a malformed one, gets Go's 400, as CometBFT's server reads it as any request; with one it switches protocols", async () => {
  const l = await listenHttp(new Hono(), '127.0.0.1:0', 'rpc')
  const ws = attachWebsocket(l.server, bareWebsocketOptions())
  open.push({ l, ws })
  expect(await answer(l.port, upgrade(''))).toBe(
    'HTTP/1.1 400 Bad Request: missing required Host header\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request: missing required Host header',
  )
  expect(await answer(l.port, upgrade('Host: a b\r\n'))).toBe(
    'HTTP/1.1 400 Bad Request: malformed Host header\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request: malformed Host header',
  )
  expect(await answer(l.port, upgrade('Host: x\r\n'))).toMatch(
    /^HTTP\/1\.1 101 Switching Protocols\r\n[\s\S]*Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=\r\n/,
  )
})
