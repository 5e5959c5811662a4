import { connect } from 'node:net'
import { Hono } from 'hono'
import { afterEach, describe, expect, test } from 'vitest'
import { parseListenAddress } from '../../../src/config/listen-address.js'
import {
  answerAsterisk,
  type HttpListener,
  ListenError,
  listenHttp,
} from '../../../src/server/listen.js'
import { idleAfterAnswer } from '../../helpers/pipelined.js'

const open: HttpListener[] = []
afterEach(async () => {
  for (const l of open.splice(0)) await l.close()
})

const hello = () => new Hono().get('/', (c) => c.text('hi'))

/**
 * A raw exchange on a new connection: writes `parts[0]`, then each next part `gapMs` later, and
 * resolves with all it received once the server closes the connection or what it received ends
 * with `until`; after `boundMs` (the server must have answered by then), with `no answer; got …`.
 */
function exchange(
  port: number,
  parts: string[],
  o: { gapMs?: number; until?: string; boundMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = connect(port, '127.0.0.1', () => {
      parts.forEach((part, i) => {
        setTimeout(() => socket.writable && socket.write(part), i * (o.gapMs ?? 0))
      })
    })
    socket.on('data', (d) => {
      data += d
      if (o.until !== undefined && data.endsWith(o.until)) socket.destroy()
    })
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
    setTimeout(() => {
      socket.destroy()
      resolve(`no answer; got ${JSON.stringify(data)}`)
    }, o.boundMs ?? 10_000)
  })
}

describe('listenHttp', () => {
  test('behavior: addresses with and without tcp://, and port 0', async () => {
    expect(parseListenAddress('tcp://127.0.0.1:26657')).toEqual({ host: '127.0.0.1', port: 26657 })
    expect(parseListenAddress('localhost:1317')).toEqual({ host: 'localhost', port: 1317 })
    expect(parseListenAddress(':9090')).toEqual({ host: '0.0.0.0', port: 9090 })
    expect(() => parseListenAddress('nonsense')).toThrow('invalid listen address "nonsense"')
    const l = await listenHttp(hello(), 'tcp://127.0.0.1:0', 'test server')
    open.push(l)
    expect(l.port).toBeGreaterThan(0)
    expect(await (await fetch(`http://${l.address}/`)).text()).toBe('hi')
  })

  test('error: a taken port is a clear error', async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'first')
    open.push(l)
    await expect(listenHttp(hello(), `127.0.0.1:${l.port}`, 'REST server')).rejects.toThrow(
      new ListenError(`REST server: address 127.0.0.1:${l.port} is already in use`),
    )
  })

  test("behavior: a request that does not arrive within the read timeout is closed without an answer, as Go's server", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test', { readTimeoutSeconds: 1 })
    open.push(l)
    const reply = await exchange(l.port, ['GET / HTTP/1.1\r\nHost: x\r\n'])
    // Closed by the server (the bound would say so), with nothing written.
    expect(reply).toBe('')
  })

  test("behavior: a kept-alive connection waits the read timeout for its next request, as Go's server, then is closed", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test', { readTimeoutSeconds: 1 })
    open.push(l)
    const { reply, idleMs } = await new Promise<{ reply: string; idleMs: number }>(
      (resolve, reject) => {
        let answered = 0
        let data = ''
        const socket = connect(l.port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
        )
        socket.on('data', (d) => {
          data += d
          if (answered === 0 && data.endsWith('hi')) answered = performance.now()
        })
        socket.on('close', () => resolve({ reply: data, idleMs: performance.now() - answered }))
        socket.on('error', reject)
        // Bounded: Node's own keep-alive timeout (5 s) would close it after this.
        setTimeout(() => {
          socket.destroy()
          reject(new Error(`still open after 4.5 s; got ${JSON.stringify(data)}`))
        }, 4_500)
      },
    )
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Keep-Alive: timeout=1\r\n[\s\S]*hi$/)
    // Not before the timeout: the close comes from the server's idle timer.
    expect(idleMs).toBeGreaterThanOrEqual(900)
  })

  test("behavior: a header timeout alone: headers late by it close the connection; a body may take longer, as Go's ReadHeaderTimeout without ReadTimeout", async () => {
    const app = new Hono().post('/', async (c) => c.text(`got ${(await c.req.text()).length}`))
    const l = await listenHttp(app, '127.0.0.1:0', 'test', { readHeaderTimeoutSeconds: 1 })
    open.push(l)
    const timing = { gapMs: 2_500, until: 'got 2', boundMs: 6_000 }
    const late = await exchange(
      l.port,
      ['POST / HTTP/1.1\r\nHost: x\r\n', 'Content-Length: 2\r\n\r\nab'],
      timing,
    )
    expect(late).toBe('')
    const slowBody = await exchange(
      l.port,
      ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\na', 'b'],
      timing,
    )
    expect(slowBody).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*got 2$/)
    // No read timeout: no idle timeout either, so no Keep-Alive header (Go sends none).
    expect(slowBody).not.toMatch(/Keep-Alive:/i)
  })

  test("error: headers over max header bytes (and Go's 4 KB of slop) get Go's 431, a request that does not parse Go's 400; a long URI within it is served", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test', { maxHeaderBytes: 1000 })
    open.push(l)
    const send = (text: string) => exchange(l.port, [text], { until: 'hi' })
    const within = await send(`GET /?q=${'a'.repeat(4000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(within).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
    expect(await send(`GET /?q=${'a'.repeat(6000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n431 Request Header Fields Too Large',
    )
    expect(await send('GARBAGE\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request',
    )
  })

  test("error: an HTTP/1.1 request without a Host header gets Go's 400, which names it; after the answers pipelined before it; HTTP/1.0 needs none", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test')
    open.push(l)
    const refusal =
      'HTTP/1.1 400 Bad Request: missing required Host header\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request: missing required Host header'
    expect(await exchange(l.port, ['GET / HTTP/1.1\r\n\r\n'])).toBe(refusal)
    const pipelined = await exchange(l.port, [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n',
    ])
    expect(pipelined.split('HTTP/1.1 200 OK').length - 1).toBe(2)
    expect(pipelined.endsWith(refusal)).toBe(true)
    const old = await exchange(l.port, ['GET / HTTP/1.0\r\n\r\n'], { until: 'hi' })
    expect(old).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
  })

  test("error: a Host header with a byte Go does not take in a host gets Go's 400 naming it; hosts, ports, IPv6 and an empty one are served", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test')
    open.push(l)
    const malformed =
      'HTTP/1.1 400 Bad Request: malformed Host header\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request: malformed Host header'
    const withHost = (host: string) =>
      exchange(l.port, [`GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`], { until: 'hi' })
    for (const host of ['bad host', 'a/b', 'x@y', 'h\u00e9te', 'a"b']) {
      expect(await withHost(host), host).toBe(malformed)
    }
    for (const host of ['', 'NODE.example:1317', '[::1]:26657', "a!$&'()*+,;=_~-.b"]) {
      expect(await withHost(host), host).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
    }
  })

  test("error: two Host lines or a bad escape in the path get Go's plain 400, a request line of another major version than 1 Go's 505 naming it", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test')
    open.push(l)
    expect(await exchange(l.port, ['GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'])).toBe(
      'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request',
    )
    // A bad escape in the path (origin or absolute form) is url.ParseRequestURI's error: the same
    // plain 400; in the query it is the handler's to read.
    for (const target of ['/a%zz', '/a%2', '/a%', 'http://h/a%zz', '/a%zz?x=1']) {
      expect(await exchange(l.port, [`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`]), target).toBe(
        'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request',
      )
    }
    for (const target of ['/?x=%zz', '/%2F%41', 'http://h/?x=%zz']) {
      const r = await exchange(l.port, [
        `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ])
      expect(r, target).toMatch(/^HTTP\/1\.1 (200|404) /)
    }
    expect(await exchange(l.port, ['GET / HTTP/2.0\r\nHost: x\r\n\r\n'])).toBe(
      'HTTP/1.1 505 HTTP Version Not Supported: unsupported protocol version\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n505 HTTP Version Not Supported: unsupported protocol version',
    )
  })

  test("behavior: a request of `*`: OPTIONS is Go's server's own empty 200, any other method the router's answer, or the app's to `/` without one", async () => {
    const plain = await listenHttp(hello(), '127.0.0.1:0', 'test')
    const withRouter = hello()
    answerAsterisk(withRouter, (_req, res) => {
      res.writeHead(418, { 'Content-Length': '0' })
      res.end()
      return true
    })
    const routed = await listenHttp(withRouter, '127.0.0.1:0', 'test')
    open.push(plain, routed)
    const ask = (port: number, method: string) =>
      exchange(port, [`${method} * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`])
    for (const port of [plain.port, routed.port]) {
      expect(await ask(port, 'OPTIONS')).toMatch(
        /^HTTP\/1\.1 200 OK\r\nContent-Length: 0\r\n[\s\S]*\r\n\r\n$/,
      )
    }
    expect(await ask(plain.port, 'GET')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nhi$/)
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await ask(routed.port, method)).toMatch(/^HTTP\/1\.1 418 /)
    }
  })

  test("behavior: with no read timeout (rpc-read-timeout = 0), as Go's server: a kept-alive connection stays open past Node's own 5 s, and no Keep-Alive timeout is announced", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test', { readTimeoutSeconds: 0 })
    open.push(l)
    const { reply, open: stillOpen } = await idleAfterAnswer(l.port, '/', 6_000)
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
    expect(reply).not.toMatch(/Keep-Alive:/i)
    expect(stillOpen).toBe(true)
  })

  test("behavior: without max header bytes, Go's 1 MiB: a URI of 100 KB is served (Node's own limit is 16 KB)", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test')
    open.push(l)
    const res = await fetch(`http://${l.address}/?q=${'a'.repeat(100_000)}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('hi')
    const over = await fetch(`http://${l.address}/?q=${'a'.repeat((1 << 20) + 8192)}`).catch(
      (err: Error) => err,
    )
    expect(over instanceof Error ? over.message : over.status).toBe(431)
  })

  test("behavior: max connections: one more is accepted but not read until a served one closes, as Go's LimitListener; one that gives up while waiting frees nothing and harms nothing; closing drops the waiting", async () => {
    const l = await listenHttp(hello(), '127.0.0.1:0', 'test', { maxConnections: 1 })
    open.push(l)
    const request = 'GET / HTTP/1.1\r\nhost: x\r\n\r\n'
    // The first connection is served and stays open (kept alive).
    const client = () => connect(l.port, '127.0.0.1').on('error', () => {})
    const first = client()
    const firstReply = new Promise<string>((resolve) =>
      first.once('data', (d) => resolve(String(d))),
    )
    first.write(request)
    expect(await firstReply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
    // A second gives up while it waits; a third waits its turn.
    const quitter = client()
    quitter.write(request)
    await new Promise((r) => setTimeout(r, 100))
    quitter.destroy()
    const third = exchange(l.port, ['GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'], {
      boundMs: 5_000,
    })
    let thirdDone = false
    void third.then(() => {
      thirdDone = true
    })
    await new Promise((r) => setTimeout(r, 300))
    expect(thirdDone).toBe(false)
    first.destroy()
    expect(await third).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*hi$/)
    // A connection waiting when the server closes is dropped, and the close completes.
    const holder = client()
    holder.write(request)
    await new Promise((r) => holder.once('data', r))
    const waiting = exchange(l.port, [request], { boundMs: 5_000 })
    await new Promise((r) => setTimeout(r, 100))
    await l.close()
    open.splice(open.indexOf(l), 1)
    // Reset, as a connection still in Go's listener backlog is when the listener closes.
    await expect(waiting).rejects.toMatchObject({ code: 'ECONNRESET' })
    holder.destroy()
  })

  test("behavior: with serverTime every answer of the app (and of a handler ahead of it) carries X-Server-Time; Go's own answers do not", async () => {
    const app = hello()
    const l = await listenHttp(app, '127.0.0.1:0', 'test', {
      serverTime: true,
      ahead: (req, res) => {
        if (req.url !== '/ahead') return false
        res.end('ahead')
        return true
      },
    })
    open.push(l)
    const now = Math.floor(Date.now() / 1000)
    for (const path of ['/', '/ahead', '/missing']) {
      const res = await fetch(`http://${l.address}${path}`)
      const time = Number(res.headers.get('x-server-time'))
      expect({ path, ok: time >= now && time <= now + 2 }).toEqual({ path, ok: true })
    }
    const options = await exchange(l.port, [
      'OPTIONS * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    ])
    expect(options).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(options).not.toMatch(/x-server-time/i)
    const noHost = await exchange(l.port, ['GET / HTTP/1.1\r\n\r\n'])
    expect(noHost).toMatch(/^HTTP\/1\.1 400 Bad Request: missing required Host header/)
    expect(noHost).not.toMatch(/x-server-time/i)
  })
})
