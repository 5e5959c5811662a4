import { describe, expect, test } from 'vitest'
import { capturedLogger, RawAbciClient, sleep, testApp } from '../../../test/helpers/abci-client.js'
import { cleanupAfterEach } from '../../../test/helpers/cleanup.js'
import type { AbciApplication } from '../../chain/abci-application.js'
import { encodeRequestFrame } from './frames.js'
import { type AbciServer, listenAbci } from './socket-server.js'

/**
 * One app call at a time across all connections (CometBFT's Go server holds one mutex), except a
 * FinalizeBlock that releases it; and a server that closes without waiting for a parked call.
 */

const cleanups = cleanupAfterEach()
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const FLUSH = Buffer.from('021200', 'hex')

async function serve(app: AbciApplication): Promise<AbciServer> {
  const server = await listenAbci({
    address: 'tcp://127.0.0.1:0',
    app,
    logger: capturedLogger().logger,
  })
  cleanups.push(() => server.close())
  return server
}

async function client(server: AbciServer): Promise<RawAbciClient> {
  const c = await RawAbciClient.connect(server.address)
  cleanups.push(() => c.close())
  return c
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const finalize = (height: number) => encodeRequestFrame({ finalize_block: { height } })
const query = (path: string) => encodeRequestFrame({ query: { path } })

describe('ABCI socket server: one app call at a time', () => {
  test('behavior: two connections pipelining slow requests never overlap inside the app', async () => {
    const trace: string[] = []
    const slow = async (what: string) => {
      trace.push(`enter ${what}`)
      await sleep(5)
      trace.push(`exit ${what}`)
    }
    const server = await serve(
      testApp({
        checkTx: async (req) => {
          await slow(`check ${req.tx[0]}`)
          return {}
        },
        query: async (req) => {
          await slow(`query ${req.path}`)
          return {}
        },
      }),
    )
    const [a, b] = [await client(server), await client(server)]
    a.write(
      Buffer.concat([
        ...[1, 2, 3].map((i) => encodeRequestFrame({ check_tx: { tx: Uint8Array.of(i) } })),
        FLUSH,
      ]),
    )
    b.write(Buffer.concat([query('q1'), query('q2'), query('q3'), FLUSH]))
    const [fromA, fromB] = await Promise.all([a.frames(4), b.frames(4)])
    expect(fromA.map((f) => f.response.value)).toEqual([
      'check_tx',
      'check_tx',
      'check_tx',
      'flush',
    ])
    expect(fromB.map((f) => f.response.value)).toEqual(['query', 'query', 'query', 'flush'])
    expect(trace).toHaveLength(12)
    // Each entry is followed by its own exit: no call started while another was inside the app.
    for (let i = 0; i < trace.length; i += 2)
      expect(trace[i + 1], trace.join(', ')).toBe(trace[i]!.replace('enter', 'exit'))
    // Both connections were served before either finished (the lock is shared, not per connection).
    const order = trace.filter((t) => t.startsWith('enter')).map((t) => t.split(' ')[1])
    expect(order.indexOf('query')).toBeLessThan(order.lastIndexOf('check'))
  })

  test('behavior: FinalizeBlock holds the lock: a Query on another connection waits for it', async () => {
    const done = gate()
    const server = await serve(
      testApp({
        finalizeBlock: async () => {
          await done.opened
          return { app_hash: new Uint8Array(32) }
        },
      }),
    )
    const [consensus, queries] = [await client(server), await client(server)]
    consensus.write(Buffer.concat([finalize(1), FLUSH]))
    await sleep(20)
    queries.write(Buffer.concat([query('/a'), FLUSH]))
    await sleep(150)
    expect(hex(queries.unread())).toBe('')
    done.open()
    expect((await consensus.frames(2)).map((f) => f.response.value)).toEqual([
      'finalize_block',
      'flush',
    ])
    expect((await queries.frames(2)).map((f) => f.response.value)).toEqual(['query', 'flush'])
  })

  test('behavior: FinalizeBlock that releases the lock lets a Query through while it is parked; its connection still answers in order', async () => {
    const parked = gate()
    const resume = gate()
    const server = await serve(
      testApp({
        finalizeBlock: async (_req, lock) => {
          lock.release()
          parked.open()
          await resume.opened
          return { app_hash: new Uint8Array(32).fill(1) }
        },
        query: async (req) => ({ value: Buffer.from(`answered ${req.path}`) }),
      }),
    )
    const [consensus, queries] = [await client(server), await client(server)]
    // Echo and Flush behind the parked call wait for it: answers leave in request order.
    consensus.write(
      Buffer.concat([finalize(5), encodeRequestFrame({ echo: { message: 'after' } }), FLUSH]),
    )
    await parked.opened
    queries.write(Buffer.concat([query('/b'), FLUSH]))
    const [q, flush] = await queries.frames(2)
    expect(Buffer.from(q!.response.query!.value).toString()).toBe('answered /b')
    expect(flush!.response.value).toBe('flush')
    expect(hex(consensus.unread())).toBe('')
    resume.open()
    const answers = await consensus.frames(3)
    expect(answers.map((f) => f.response.value)).toEqual(['finalize_block', 'echo', 'flush'])
    expect(hex(answers[0]!.response.finalize_block!.app_hash)).toBe('01'.repeat(32))
  })
})

describe('ABCI socket server: close', () => {
  test('behavior: close() does not wait for a parked FinalizeBlock; the connections end', async () => {
    const parked = gate()
    const { logger } = capturedLogger()
    const server = await listenAbci({
      address: 'tcp://127.0.0.1:0',
      logger,
      app: testApp({
        finalizeBlock: async (_req, lock) => {
          lock.release()
          parked.open()
          return new Promise(() => {})
        },
      }),
    })
    const [consensus, queries] = [await client(server), await client(server)]
    consensus.write(Buffer.concat([finalize(9), FLUSH]))
    await parked.opened
    const started = Date.now()
    await server.close()
    expect(Date.now() - started).toBeLessThan(1000)
    await Promise.all([consensus.closed, queries.closed])
    expect(hex(consensus.unread())).toBe('')
    await expect(RawAbciClient.connect(server.address)).rejects.toThrow(/ECONNREFUSED/)
  })

  test('behavior: close() lets the app call in progress finish first, and runs none of those queued behind it', async () => {
    const trace: string[] = []
    const inCommit = gate()
    const server = await serve(
      testApp({
        commit: async () => {
          inCommit.open()
          await sleep(100)
          trace.push('commit returned')
          return {}
        },
        checkTx: async () => {
          trace.push('checkTx called')
          return {}
        },
      }),
    )
    const [consensus, mempool] = [await client(server), await client(server)]
    consensus.write(Buffer.concat([encodeRequestFrame({ commit: {} }), FLUSH]))
    await inCommit.opened
    mempool.write(encodeRequestFrame({ check_tx: { tx: Uint8Array.of(1) } }))
    await sleep(20)
    await server.close()
    trace.push('closed')
    await sleep(20)
    expect(trace).toEqual(['commit returned', 'closed'])
  })
})
