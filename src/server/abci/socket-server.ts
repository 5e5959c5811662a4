import { lstat, unlink } from 'node:fs/promises'
import { type AddressInfo, connect, createServer } from 'node:net'
import type { AbciApplication } from '../../chain/abci-application.js'
import type { Logger } from '../../logger.js'
import { ListenError } from '../listen.js'
import { type AbciAddress, formatAbciAddress, parseAbciAddress } from './address.js'
import { AbciConnection } from './connection.js'
import { AsyncMutex } from './mutex.js'

export interface AbciServerOptions {
  /** CometBFT's `proxy_app` form: `tcp://127.0.0.1:26658`, `unix:///abs/path.sock`, `host:port`. */
  address: string
  app: AbciApplication
  logger: Logger
}

/** A running ABCI++ socket server. */
export interface AbciServer {
  /** The bound address in the form it was given (`tcp://127.0.0.1:<the real port>` for port 0). */
  readonly address: string
  /**
   * Stops listening, closes every connection and resolves once they are closed and the app call in
   * progress (if any) has returned. A FinalizeBlock parked with its lock released is abandoned: its
   * answer, if it ever comes, is not written.
   */
  close(): Promise<void>
}

/**
 * Serves `app` over CometBFT's ABCI socket protocol (v0.38): any number of connections, each
 * answered in request order; one app call at a time across all of them.
 */
export async function listenAbci(options: AbciServerOptions): Promise<AbciServer> {
  const where = parseAbciAddress(options.address)
  const log = options.logger.child({ module: 'abci-server' })
  if (where.kind === 'unix') await removeStaleSocket(where.path)
  const mutex = new AsyncMutex()
  const connections = new Set<AbciConnection>()
  let lastId = 0
  // Half-open: a peer that ends its side still gets the answers to what it sent before.
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => {
    const id = ++lastId
    const conn = new AbciConnection(id, socket, options.app, mutex, log)
    connections.add(conn)
    log.info({ conn: id }, 'ABCI connection opened')
    socket.once('close', () => {
      connections.delete(conn)
      log.info({ conn: id }, 'ABCI connection closed')
    })
  })
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const shown = formatAbciAddress(where)
      reject(
        new ListenError(
          err.code === 'EADDRINUSE'
            ? `ABCI server: address ${shown} is already in use`
            : `ABCI server: cannot listen on ${shown}: ${err.message}`,
          { cause: err },
        ),
      )
    }
    server.once('error', onError)
    const ready = () => {
      server.off('error', onError)
      resolve()
    }
    if (where.kind === 'unix') server.listen(where.path, ready)
    else server.listen(where.port, where.host, ready)
  })
  const bound: AbciAddress =
    where.kind === 'unix'
      ? where
      : { kind: 'tcp', host: where.host, port: (server.address() as AddressInfo).port }
  const address = formatAbciAddress(bound)
  log.info({ address }, 'ABCI server listening')
  let closing: Promise<void> | undefined
  return {
    address,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
        for (const conn of connections) conn.abandon()
        await stopped
        // The app call holding the lock finishes before close resolves, so the caller can close
        // the app's store after it; a parked FinalizeBlock gave the lock back and is not waited for.
        const release = await mutex.acquire()
        release()
        log.info({ address }, 'ABCI server stopped')
      })()
      return closing
    },
  }
}

/**
 * Removes a socket file left by a server that is gone (a crash leaves it, and listen would fail
 * with EADDRINUSE). A live server's socket, or a file that is not a socket, is left alone.
 */
async function removeStaleSocket(path: string): Promise<void> {
  let isSocket: boolean
  try {
    isSocket = (await lstat(path)).isSocket()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw new ListenError(`ABCI server: cannot use unix://${path}: ${(err as Error).message}`, {
      cause: err,
    })
  }
  if (!isSocket)
    throw new ListenError(
      `ABCI server: unix://${path} exists and is not a socket: remove it or choose another path`,
    )
  const live = await new Promise<boolean>((resolve) => {
    const probe = connect(path)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
  })
  if (live) throw new ListenError(`ABCI server: address unix://${path} is already in use`)
  await unlink(path)
}
