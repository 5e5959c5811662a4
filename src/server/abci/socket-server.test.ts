import { connect } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { capturedLogger, RawAbciClient, sleep, testApp } from '../../../test/helpers/abci-client.js'
import { cleanupAfterEach } from '../../../test/helpers/cleanup.js'
import { tempDir } from '../../../test/helpers/temp-dir.js'
import type { AbciApplication } from '../../chain/abci-application.js'
import { encodeRequestFrame, encodeResponseFrame } from './frames.js'
import { type AbciServer, listenAbci } from './socket-server.js'

/**
 * The ABCI socket server against raw bytes, as CometBFT v0.38 writes them: golden frames in and out,
 * pipelined requests answered in order, one app call at a time across connections, exceptions.
 */

const cleanups = cleanupAfterEach()
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const ascii = (s: string) => Buffer.from(s, 'latin1').toString('hex')
/** `Request{info}` as CometBFT 0.38.25 sends it first on its query connection. */
const INFO_0_38_25 = `16 1a 14 0a 07 ${ascii('0.38.25')} 10 0b 18 08 22 05 ${ascii('2.0.0')}`
const FLUSH = '02 12 00'
const RESPONSE_FLUSH = '021a00'

async function serve(
  app: AbciApplication,
  address = 'tcp://127.0.0.1:0',
): Promise<{ server: AbciServer; lines: () => Record<string, unknown>[] }> {
  const { logger, lines } = capturedLogger()
  const server = await listenAbci({ address, app, logger })
  cleanups.push(() => server.close())
  return { server, lines }
}

async function client(server: AbciServer): Promise<RawAbciClient> {
  const c = await RawAbciClient.connect(server.address)
  cleanups.push(() => c.close())
  return c
}

async function unixAddress(): Promise<string> {
  const { dir, cleanup } = await tempDir('abci-')
  cleanups.push(cleanup)
  return `unix://${join(dir, 'app.sock')}`
}

describe('ABCI socket server: the wire', () => {
  test.for(['tcp', 'unix'] as const)(
    'behavior: over %s, golden request frames get golden response frames',
    async (kind) => {
      const address = kind === 'tcp' ? 'tcp://127.0.0.1:0' : await unixAddress()
      const { server } = await serve(testApp(), address)
      if (kind === 'tcp') expect(server.address).toMatch(/^tcp:\/\/127\.0\.0\.1:[1-9]\d*$/)
      else expect(server.address).toBe(address)
      const c = await client(server)
      c.write(FLUSH)
      expect(hex(await c.take(3))).toBe(RESPONSE_FLUSH)
      c.write(`${INFO_0_38_25} ${FLUSH}`)
      const [info, flush] = await c.frames(2)
      expect(hex(info!.raw)).toBe(
        hex(
          encodeResponseFrame({
            info: { data: 'abci-test', version: '1.0.0', app_version: 1, last_block_height: 0 },
          }),
        ),
      )
      expect(info!.response.info?.data).toBe('abci-test')
      expect(hex(flush!.raw)).toBe(RESPONSE_FLUSH)
      // Empty answers are still their oneof member: Response{commit}, not Response{}.
      c.write('02 5a 00')
      expect(hex(await c.take(3))).toBe('026200')
      c.write(encodeRequestFrame({ process_proposal: { height: 1 } }))
      expect(hex(await c.take(6))).toBe('059201020801')
      expect(hex(c.unread())).toBe('')
    },
  )

  test('behavior: with no scheme the address is TCP, and the bound one comes back as tcp://', async () => {
    const { server } = await serve(testApp(), '127.0.0.1:0')
    expect(server.address).toMatch(/^tcp:\/\/127\.0\.0\.1:[1-9]\d*$/)
    const c = await client(server)
    c.write(FLUSH)
    expect(hex(await c.take(3))).toBe(RESPONSE_FLUSH)
  })

  test('behavior: three pipelined CheckTx and a Flush in one write are answered in order, the slowest first', async () => {
    const { server } = await serve(
      testApp({
        // The first tx takes longest: an answer written as soon as it is ready would come last.
        checkTx: async (req) => {
          await sleep(30 * (3 - req.tx[0]!))
          return { code: req.tx[0]!, log: `tx ${req.tx[0]}` }
        },
      }),
    )
    const c = await client(server)
    c.write(
      Buffer.concat([
        ...[0, 1, 2].map((i) => encodeRequestFrame({ check_tx: { tx: Uint8Array.of(i) } })),
        Buffer.from(FLUSH.replace(/ /g, ''), 'hex'),
      ]),
    )
    const frames = await c.frames(4)
    expect(frames.map((f) => f.response.value)).toEqual([
      'check_tx',
      'check_tx',
      'check_tx',
      'flush',
    ])
    expect(frames.slice(0, 3).map((f) => f.response.check_tx?.log)).toEqual([
      'tx 0',
      'tx 1',
      'tx 2',
    ])
    expect(hex(frames[3]!.raw)).toBe(RESPONSE_FLUSH)
  })

  test('behavior: Echo answers with the same message; a request split byte by byte is read whole', async () => {
    const { server } = await serve(testApp())
    const c = await client(server)
    c.write(encodeRequestFrame({ echo: { message: 'hello' } }))
    const echo = await c.frame()
    expect(echo.response.echo?.message).toBe('hello')
    expect(hex(echo.raw)).toBe(`0912070a05${ascii('hello')}`)
    // A 200-byte query: its length prefix itself takes two bytes, each written alone.
    const query = encodeRequestFrame({
      query: { data: new Uint8Array(200).fill(0xab), path: '/x' },
    })
    expect(query[0]! & 0x80).toBe(0x80)
    for (const b of [...query, ...Buffer.from('021200', 'hex')]) {
      c.write(Uint8Array.of(b))
      await sleep(1)
    }
    const [res, flush] = await c.frames(2)
    expect(hex(res!.response.query!.value)).toBe('ab'.repeat(200))
    expect(hex(flush!.raw)).toBe(RESPONSE_FLUSH)
  })

  test('behavior: a client that ends its side after writing still gets every answer, then the connection closes', async () => {
    const { server } = await serve(
      testApp({
        checkTx: async (req) => {
          await sleep(20)
          return { code: req.tx[0]! }
        },
      }),
    )
    const c = await client(server)
    c.write(
      Buffer.concat([
        ...[1, 2].map((i) => encodeRequestFrame({ check_tx: { tx: Uint8Array.of(i) } })),
        Buffer.from('021200', 'hex'),
      ]),
    )
    c.socket.end()
    const frames = await c.frames(3)
    expect(frames.map((f) => f.response.check_tx?.code ?? f.response.value)).toEqual([
      1,
      2,
      'flush',
    ])
    await c.closed
  })

  test('behavior: a client that resets its connection leaves the requests it queued unhandled', async () => {
    const handled: number[] = []
    const { server } = await serve(
      testApp({
        checkTx: async (req) => {
          handled.push(req.tx[0]!)
          await sleep(50)
          return {}
        },
      }),
    )
    const c = await client(server)
    c.write(
      Buffer.concat(
        [1, 2, 3].map((i) => encodeRequestFrame({ check_tx: { tx: Uint8Array.of(i) } })),
      ),
    )
    await expect.poll(() => handled).toEqual([1])
    c.socket.resetAndDestroy()
    await sleep(150)
    expect(handled).toEqual([1])
    // The server goes on for others.
    const d = await client(server)
    d.write(FLUSH)
    expect(hex(await d.take(3))).toBe(RESPONSE_FLUSH)
  })

  test('error: an app method that throws gets a ResponseException, the connection closes, and the error is logged', async () => {
    const { server, lines } = await serve(
      testApp({
        checkTx: async (req) => {
          if (req.tx[0] === 1) throw new TypeError('boom: cannot read the tx')
          return { code: 0 }
        },
      }),
    )
    const c = await client(server)
    c.write(
      Buffer.concat(
        [0, 1, 2].map((i) => encodeRequestFrame({ check_tx: { tx: Uint8Array.of(i) } })),
      ),
    )
    const [ok, exception] = await c.frames(2)
    expect(ok!.response.value).toBe('check_tx')
    expect(exception!.response.value).toBe('exception')
    expect(exception!.response.exception?.error).toBe('boom: cannot read the tx')
    await c.closed
    // The request after the failed one is not answered.
    expect(hex(c.unread())).toBe('')
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: 50,
        module: 'abci-server',
        method: 'checkTx',
        error: 'boom: cannot read the tx',
      }),
    )
    // The server itself goes on.
    const d = await client(server)
    d.write(FLUSH)
    expect(hex(await d.take(3))).toBe(RESPONSE_FLUSH)
  })

  /**
   * A server whose Query throws, and a client that has sent it a query over a connection that stays
   * open for writing after the server's EOF, as a Go connection does.
   */
  async function failedQuery() {
    const served = await serve(
      testApp({
        query: async () => {
          throw new Error('store is gone')
        },
      }),
    )
    const m = /:(\d+)$/.exec(served.server.address)!
    const socket = connect({ port: Number(m[1]), host: '127.0.0.1', allowHalfOpen: true })
    cleanups.push(() => socket.destroy())
    const errors: string[] = []
    socket.on('error', (err: NodeJS.ErrnoException) => errors.push(err.code ?? err.message))
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(
      encodeRequestFrame({ query: { data: Uint8Array.of(1), path: '', height: 0n, prove: false } }),
    )
    return { ...served, socket, errors }
  }

  test('behavior: after an exception, a client that writes its next request before it reads the exception still reads it, and the connection then closes cleanly', async () => {
    // As abci-cli's socket client, whose flush timer may have sent the failed request before the
    // flush it then writes.
    const received: Buffer[] = []
    const { socket, errors } = await failedQuery()
    socket.on('data', (d: Buffer) => received.push(d))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    await new Promise<void>((resolve) => socket.once('end', () => resolve()))
    // The flushes come after the server has ended its side, as a late client's do.
    for (let i = 0; i < 5; i++) {
      socket.write(Buffer.from(FLUSH.replace(/\s/g, ''), 'hex'))
      await sleep(20)
    }
    socket.end()
    await closed
    expect(errors).toEqual([])
    const exception = encodeResponseFrame({ exception: { error: 'store is gone' } })
    expect(hex(Buffer.concat(received))).toBe(hex(exception))
  })

  test('behavior: after an exception, a client that never closes is disconnected all the same', async () => {
    const { socket, lines } = await failedQuery()
    // The server's side closes (it logs it) while the client still holds its own open.
    await expect
      .poll(() => lines().map((l) => `${l.module} ${l.msg}`), { timeout: 10_000 })
      .toContain('abci-server ABCI connection closed')
    expect(socket.destroyed).toBe(false)
  })

  test.for([
    ['a reserved oneof number (4, once SetOption)', '02 22 00'],
    ['an empty Request', '00'],
  ])(
    'error: %s gets ResponseException "unknown request from client" and the connection closes',
    async ([, bytes]) => {
      const { server } = await serve(testApp())
      const c = await client(server)
      c.write(bytes!)
      const f = await c.frame()
      expect(f.response.exception?.error).toBe('unknown request from client')
      await c.closed
    },
  )

  test.for([
    [
      'a malformed length prefix',
      '80 80 80 80 80 80 80 80 80 02',
      'ABCI malformed frame: closing the connection',
    ],
    // Field 1 (echo) announces 5 bytes and the frame holds 1.
    [
      'a frame that is not a Request',
      `${FLUSH} 03 0a 05 00`,
      'ABCI frame is not a Request: closing the connection',
    ],
  ])('error: %s closes the connection without an answer, logged', async ([, bytes, msg]) => {
    const { server, lines } = await serve(testApp())
    const c = await client(server)
    c.write(bytes!)
    await c.closed
    // Only the Flush before the bad frame was answered.
    expect(hex(c.unread())).toBe(bytes!.startsWith(FLUSH) ? RESPONSE_FLUSH : '')
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 50, module: 'abci-server', msg }),
    )
  })

  test('behavior: each connection is logged when it opens and closes', async () => {
    const { server, lines } = await serve(testApp())
    const c = await client(server)
    c.write(FLUSH)
    await c.take(3)
    c.close()
    await expect
      .poll(() => lines().map((l) => `${l.module} ${l.msg}`))
      .toEqual(
        expect.arrayContaining([
          'abci-server ABCI connection opened',
          'abci-server ABCI connection closed',
        ]),
      )
  })
})
