import { rm } from 'node:fs/promises'
import {
  type MethodDefinition,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type sendUnaryData,
  status,
} from '@grpc/grpc-js'
import { protoRegistry } from '../../codec/proto.js'
import { StatusError } from '../../error-status.js'
import { GrpcCode } from '../../errors.js'
import { ListenError } from '../listen.js'
import { formatAbciAddress, parseAbciAddress } from './address.js'
import { type AppRequest, METHODS } from './connection.js'
import { AsyncMutex } from './mutex.js'
import type { AbciServer, AbciServerOptions } from './socket-server.js'

/** CometBFT v0.38's gRPC service of the app (`proto/tendermint/abci/types.proto`). */
export const ABCI_GRPC_SERVICE = 'tendermint.abci.ABCI'

/** `check_tx` → `CheckTx`: the service's method, and the suffix of its message types. */
const pascal = (member: string) =>
  member.replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase())

type Handler = (call: ServerUnaryCall<Buffer, Uint8Array>, cb: sendUnaryData<Uint8Array>) => void

/**
 * Serves `app` over ABCI's gRPC transport, CometBFT's `abci = "grpc"` (`--abci grpc`), as its Go
 * server does: one unary method per request, Echo and Flush answered by the server, a method that
 * throws answered with status UNKNOWN and its message (CometBFT stops on it). One app call runs
 * at a time across all calls, as over the socket transport.
 */
export async function listenAbciGrpc(options: AbciServerOptions): Promise<AbciServer> {
  const where = parseAbciAddress(options.address)
  const log = options.logger.child({ module: 'abci-server' })
  const registry = protoRegistry()
  const mutex = new AsyncMutex()
  const definition: Record<string, MethodDefinition<Buffer, Uint8Array>> = {}
  const impl: Record<string, Handler> = {}
  const add = (member: string, answer: (req: unknown) => Promise<object>) => {
    const name = pascal(member)
    const reqType = registry.type(`tendermint.abci.Request${name}`)
    const resType = registry.type(`tendermint.abci.Response${name}`)
    definition[name] = {
      path: `/${ABCI_GRPC_SERVICE}/${name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: (b) => b,
      requestDeserialize: (b) => b,
      responseSerialize: (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      responseDeserialize: (b) => b,
      originalName: name,
    }
    impl[name] = (call, cb) => {
      let req: unknown
      try {
        req = reqType.decode(call.request)
      } catch (err) {
        cb({
          code: status.INTERNAL,
          details: `grpc: error unmarshalling request: ${(err as Error).message}`,
        })
        return
      }
      answer(req).then(
        (res) => {
          try {
            cb(null, resType.encode(resType.fromObject(res)).finish())
          } catch (err) {
            fail(name, err, cb)
          }
        },
        (err: unknown) => fail(name, err, cb),
      )
    }
  }
  const fail = (method: string, err: unknown, cb: sendUnaryData<Uint8Array>) => {
    const message = err instanceof Error ? err.message : String(err)
    log.error({ method, error: message }, 'ABCI application error: answering with an error status')
    cb({
      code: err instanceof StatusError ? (err.grpcCode as status) : status.UNKNOWN,
      details: message,
    })
  }
  let closed = false
  add('echo', async (req) => ({ message: (req as { message: string }).message }))
  add('flush', async () => ({}))
  for (const member of Object.keys(METHODS) as AppRequest[]) {
    const method = METHODS[member]
    add(member, async (req) => {
      const release = await mutex.acquire()
      try {
        if (closed) throw new StatusError(GrpcCode.Unavailable, 'the ABCI server is closing')
        const call = options.app[method].bind(options.app) as (
          r: unknown,
          lock: { release(): void },
        ) => Promise<object | null | undefined>
        return (await call(req, { release })) ?? {}
      } finally {
        release()
      }
    })
  }
  const server = new Server({ 'grpc.enable_channelz': 0 })
  server.addService(definition, impl as never)
  if (where.kind === 'unix') await rm(where.path, { force: true })
  const target =
    where.kind === 'unix'
      ? `unix://${where.path}`
      : `${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}`
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(target, ServerCredentials.createInsecure(), (err, p) => {
      if (!err) return resolve(p)
      const shown = formatAbciAddress(where)
      reject(
        new ListenError(
          /in use/i.test(err.message)
            ? `ABCI server: address ${shown} is already in use`
            : `ABCI server: cannot listen on ${shown}: ${err.message}`,
          { cause: err },
        ),
      )
    })
  })
  const address = formatAbciAddress(where.kind === 'unix' ? where : { ...where, port })
  log.info({ address, transport: 'grpc' }, 'ABCI server listening')
  let closing: Promise<void> | undefined
  return {
    address,
    close() {
      closing ??= (async () => {
        closed = true
        // Calls in progress are cancelled (a parked FinalizeBlock with them); the app call holding
        // the lock still finishes before close resolves, as over the socket transport.
        server.forceShutdown()
        const release = await mutex.acquire()
        release()
        log.info({ address }, 'ABCI server stopped')
      })()
      return closing
    },
  }
}
