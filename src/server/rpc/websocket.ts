import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { hostRefusal } from '../listen.js'
import {
  COMETBFT_WEBSOCKET_TIMINGS,
  Connection,
  type WebsocketOptions,
} from './websocket-connection.js'

/**
 * `/websocket` as CometBFT v0.38 serves it (`rpc/jsonrpc/server/ws_handler.go`, `rpc/core/events.go`):
 * one JSON-RPC request per frame, answered with its id; every RPC route plus `subscribe`,
 * `unsubscribe` and `unsubscribe_all`; events as responses that reuse the subscribe id. Each
 * connection has a bounded write queue (`experimental_websocket_write_buffer_size` frames not yet
 * written to the socket) and each subscription a bounded buffer of events waiting for room in it
 * (`experimental_subscription_buffer_size`): a client that does not read loses its subscriptions,
 * then its connection, and never slows the chain.
 */

/** The websocket endpoint of an RPC server. */
export interface WebsocketEndpoint {
  /** Open connections. */
  readonly connections: number
  /** Ends every subscription (`CometBFT exited`) and closes every connection. */
  close(): Promise<void>
}

/** Serves `/websocket` on the HTTP upgrade of the RPC server's `server`. */
export function attachWebsocket(server: Server, o: WebsocketOptions): WebsocketEndpoint {
  const timings = { ...COMETBFT_WEBSOCKET_TIMINGS, ...o.timings }
  const log = o.logger.child({ module: 'rpc-server', protocol: 'websocket' })
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: o.maxBodyBytes,
    perMessageDeflate: false,
  })
  const open = new Set<Connection>()
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Go's server reads an upgrade as any request, and refuses one for its Host header.
    const refusal = hostRefusal(req)
    if (refusal) {
      socket.end(refusal)
      return
    }
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/websocket') {
      socket.end(
        'HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 19\r\nConnection: close\r\n\r\n404 page not found\n',
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, req, o, timings, log)
      open.add(c)
      ws.once('close', () => open.delete(c))
    })
  }
  server.on('upgrade', onUpgrade)
  return {
    get connections() {
      return open.size
    },
    async close() {
      server.off('upgrade', onUpgrade)
      o.bus.close()
      await Promise.all([...open].map((c) => c.close()))
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
