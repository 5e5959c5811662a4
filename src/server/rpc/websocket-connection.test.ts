import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { WebSocket } from 'ws'
import { bareWebsocketOptions } from '../../../test/helpers/websocket-options.js'
import { createLogger } from '../../logger.js'
import { COMETBFT_WEBSOCKET_TIMINGS, Connection } from './websocket-connection.js'

/**
 * The keep-alive a node serves when nothing overrides it (websocket.ts merges these defaults): the
 * node pings every 27 s and closes a connection silent for 30 s, as CometBFT. The clock is faked,
 * so the test does not wait 27 s; the socket is a stand-in that records pings and terminations.
 */

class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN
  pings: number[] = []
  terminatedAt: number | undefined

  ping(_data: unknown, _mask: unknown, done: (err?: Error) => void): void {
    this.pings.push(Date.now())
    done()
  }

  terminate(): void {
    this.terminatedAt = Date.now()
    this.readyState = WebSocket.CLOSED
    this.emit('close', 1006)
  }
}

describe('websocket keep-alive defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('behavior: CometBFT timings: a ping every 27 s, a connection with nothing read for 30 s closed; a pong keeps it', () => {
    expect(COMETBFT_WEBSOCKET_TIMINGS).toEqual({
      pingPeriodMs: 27_000,
      readWaitMs: 30_000,
      writeWaitMs: 10_000,
      slowClientWaitMs: 10_000,
    })
    const open = () => {
      const ws = new FakeSocket()
      const req = { socket: { remoteAddress: '127.0.0.1', remotePort: 1234 } }
      new Connection(
        ws as unknown as WebSocket,
        req as unknown as IncomingMessage,
        bareWebsocketOptions(),
        COMETBFT_WEBSOCKET_TIMINGS,
        createLogger({ level: 'error' }),
      )
      return ws
    }
    const silent = open()
    const answering = open()
    vi.advanceTimersByTime(26_999)
    expect(silent.pings).toEqual([])
    vi.advanceTimersByTime(1)
    expect(silent.pings).toEqual([27_000])
    // The answering client's pong resets its read deadline; the silent one's runs out at 30 s.
    answering.emit('pong')
    vi.advanceTimersByTime(2_999)
    expect(silent.terminatedAt).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(silent.terminatedAt).toBe(30_000)
    expect(answering.terminatedAt).toBeUndefined()
    expect(answering.pings).toEqual([27_000])
    vi.advanceTimersByTime(24_000)
    expect(answering.pings).toEqual([27_000, 54_000])
    // 30 s after its pong at 27 s, with no other frame, it too is closed.
    vi.advanceTimersByTime(3_000)
    expect(answering.terminatedAt).toBe(57_000)
  })
})
