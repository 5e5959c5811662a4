import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Serves at most `max` connections at once, as Go's `netutil.LimitListener` under CometBFT's RPC
 * server and the SDK's API server: a further connection is accepted but not read, so its request
 * waits, until a served one closes (an idle kept-alive or a WebSocket connection holds its place).
 * Returns what drops the waiting connections when the server closes.
 */
export function limitConnections(server: Server, max: number): () => void {
  const serveListeners = server.listeners('connection') as ((socket: Socket) => void)[]
  server.removeAllListeners('connection')
  // A connection is not read until it is served (net.Server reads this when it accepts one).
  ;(server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true
  let open = 0
  const waiting = new Set<Socket>()
  const ignoreError = () => {}
  const serve = (socket: Socket) => {
    open++
    socket.once('close', release)
    for (const listener of serveListeners) listener.call(server, socket)
    socket.resume()
  }
  function release() {
    open--
    for (const socket of waiting) {
      if (open >= max) break
      waiting.delete(socket)
      socket.off('error', ignoreError)
      if (!socket.destroyed) serve(socket)
    }
  }
  server.on('connection', (socket: Socket) => {
    if (open < max) {
      serve(socket)
      return
    }
    waiting.add(socket)
    // A client that gives up while it waits: its reset is not an error of the server's.
    socket.on('error', ignoreError)
    socket.once('close', () => waiting.delete(socket))
  })
  return () => {
    for (const socket of waiting) socket.destroy()
    waiting.clear()
  }
}
