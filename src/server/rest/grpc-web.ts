import type { Context, MiddlewareHandler } from 'hono'
import { toChainError, unexpectedError } from '../../errors.js'
import type { Logger } from '../../logger.js'
import { unknownMethodStatus } from '../grpc/unknown-method-status.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'
import { canonicalHeaderKey } from './cors.js'

/**
 * gRPC-web on the REST API's port, as upstream v0.50 serves it there (`[grpc-web] enable`, with gRPC
 * on): improbable-eng's grpc-web wrapper (v0.15) around the gRPC server, ahead of the gateway. A
 * `POST` whose `Content-Type` starts with `application/grpc-web` is a gRPC call of its path
 * (`/sdk.bank.v1beta1.Query/Balance`): one length-prefixed message in (base64 for
 * `application/grpc-web-text`), the answer's message and a trailer frame out (`grpc-status: 0`, or
 * `grpc-message: …` and the code), always HTTP 200, the height header as gRPC's.
 */

export interface GrpcWebOptions {
  router: QueryRouter
  /** Methods the gRPC server serves besides the router's (the app descriptor service). */
  methods?: readonly RoutedMethod[]
  /** `[api] enabled-unsafe-cors`: upstream then lets any origin call, with credentials. */
  unsafeCors: boolean
  logger?: Logger
}

const GRPC_WEB = 'application/grpc-web'
const GRPC_WEB_TEXT = 'application/grpc-web-text'

/** Server reflection: bidirectional streams, which gRPC-web cannot carry. */
const STREAMING = [
  '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
  '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo',
]

/** One gRPC message frame: a flag byte (0x80: trailers), the length (big-endian), the bytes. */
function frame(flag: number, payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + payload.length)
  out[0] = flag
  out.writeUInt32BE(payload.length, 1)
  out.set(payload, 5)
  return out
}

/**
 * grpc-go's `grpc-message` encoding: printable ASCII but `%` as it is, every other byte (each byte
 * of a non-ASCII character) `%XX`.
 */
export function encodeGrpcMessage(message: string): string {
  let out = ''
  for (const b of Buffer.from(message, 'utf8'))
    out +=
      b >= 0x20 && b <= 0x7e && b !== 0x25
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`
  return out
}

/** The trailer frame of a status, its keys lower case and sorted, as the wrapper writes them. */
function trailers(code: number, message: string): Buffer {
  const text =
    (message === '' ? '' : `grpc-message: ${encodeGrpcMessage(message)}\r\n`) +
    `grpc-status: ${code}\r\n`
  return frame(0x80, Buffer.from(text, 'latin1'))
}

/** A status before any message was read: grpc-go's for a body that holds no whole message. */
class CallStatus {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/**
 * The status of anything a call threw, as the gRPC server gives it (see toServiceError): coded
 * errors keep their code and message; anything else is Internal and logged as a bug.
 */
function statusOf(err: unknown, logger: Logger | undefined): CallStatus {
  const e = toChainError(err)
  if (unexpectedError(err)) logger?.error({ err }, 'query failed')
  return new CallStatus(e.grpcCode, e.statusMessage())
}

/** The request message of a unary call's body, as grpc-go's parser reads the first frame. */
function requestMessage(body: Buffer): Buffer | CallStatus {
  if (body.length === 0) return new CallStatus(2, 'EOF')
  if (body.length < 5) return new CallStatus(2, 'unexpected EOF')
  const flag = body[0]!
  const length = body.readUInt32BE(1)
  if (body.length < 5 + length) return new CallStatus(2, 'unexpected EOF')
  if (flag === 1)
    return new CallStatus(13, 'grpc: compressed flag set with identity or empty encoding')
  if (flag !== 0) return new CallStatus(13, `grpc: received unexpected payload format ${flag}`)
  return body.subarray(5, 5 + length)
}

/** The gRPC-web layer of the REST app (registered after its CORS and clean-path layers). */
export function grpcWebMiddleware(o: GrpcWebOptions): MiddlewareHandler {
  const { router, logger } = o
  const extra = new Map((o.methods ?? []).map((m) => [m.path, m]))
  const services = new Set([
    ...router.services,
    ...[...extra.values()].map((m) => m.service.fullName.slice(1)),
    'grpc.reflection.v1.ServerReflection',
    'grpc.reflection.v1alpha.ServerReflection',
  ])
  const registered = (path: string) =>
    router.byPath(path) !== undefined || extra.has(path) || STREAMING.includes(path)
  const heightHeader = canonicalHeaderKey(router.heightHeader)
  /** Why a path without a method is refused (Unimplemented), in grpc-go's words where it has any. */
  const unknownPath = (path: string): string =>
    STREAMING.includes(path)
      ? `${path.slice(1)} is a bidirectional stream, which gRPC-web cannot carry`
      : (unknownMethodStatus(path, services)?.details ?? `malformed method name: "${path}"`)

  async function call(c: Context, contentType: string): Promise<Response> {
    const text = contentType.startsWith(GRPC_WEB_TEXT)
    // grpc-go answers with the request's content subtype (`+proto`), which the wrapper keeps.
    const subtype = contentType.slice(text ? GRPC_WEB_TEXT.length : GRPC_WEB.length)
    const plus = subtype.startsWith('+') ? (subtype.split(';')[0] ?? '') : ''
    const headers = new Headers({ 'Content-Type': `${text ? GRPC_WEB_TEXT : GRPC_WEB}${plus}` })
    const raw = Buffer.from(await c.req.arrayBuffer())
    const body = text ? Buffer.from(raw.toString('latin1'), 'base64') : raw
    const m = router.byPath(c.req.path) ?? extra.get(c.req.path)
    const chunks = m ? await unary(m, body, c, headers) : [trailers(12, unknownPath(c.req.path))]
    // The CORS of upstream's wrapper: any origin with credentials when unsafe CORS is on.
    const origin = c.req.header('origin') ?? ''
    headers.set('Vary', 'Origin')
    if (o.unsafeCors && origin !== '') {
      headers.set('Access-Control-Allow-Origin', origin)
      headers.set('Access-Control-Allow-Credentials', 'true')
    }
    const exposed = [...headers.keys()].map(canonicalHeaderKey)
    headers.set(
      'Access-Control-Expose-Headers',
      [...exposed, 'X-Server-Time', 'grpc-status', 'grpc-message'].join(', '),
    )
    // The text form: each frame base64 on its own, as the wrapper flushes after each.
    const out = text
      ? Buffer.from(chunks.map((b) => b.toString('base64')).join(''), 'latin1')
      : Buffer.concat(chunks)
    return new Response(out, { status: 200, headers })
  }

  /** A unary call's frames, the height header set as gRPC's interceptor sets it. */
  async function unary(
    m: RoutedMethod,
    body: Buffer,
    c: Context,
    headers: Headers,
  ): Promise<Buffer[]> {
    const started = performance.now()
    let height = 0
    let requested = 0n
    try {
      if (!m.heightless) {
        const values = c.req.raw.headers.get(router.heightHeader)
        requested = values === null ? 0n : router.requestedHeight(values.split(', '))
        height = router.resolveHeight(requested)
        headers.set(heightHeader, String(height))
      }
    } catch (err) {
      const s = statusOf(err, logger)
      return [trailers(s.code, s.message)]
    }
    const request = requestMessage(body)
    if (request instanceof CallStatus) return [trailers(request.code, request.message)]
    try {
      const answer = m.heightless
        ? await router.runBytes(m, request, 0)
        : (router.cachedBytes(m, request, height) ??
          (await router.runBytes(m, request, height, requested === 0n)))
      if (!m.heightless) router.observe('grpc', m, height, started)
      return [frame(0, answer), trailers(0, '')]
    } catch (err) {
      if (!m.heightless) router.observe('grpc', m, height, started)
      const s = statusOf(err, logger)
      return [trailers(s.code, s.message)]
    }
  }

  return async function grpcWeb(c, next) {
    const method = c.req.method
    if (method === 'POST') {
      const type = c.req.header('content-type') ?? ''
      if (type.startsWith(GRPC_WEB)) return call(c, type)
    } else if (
      method === 'OPTIONS' &&
      (c.req.header('access-control-request-headers') ?? '').toLowerCase().includes('x-grpc-web') &&
      (c.req.header('access-control-request-method') ?? '') !== '' &&
      registered(c.req.path)
    ) {
      // The wrapper's own preflight (its origin check refuses every origin unless unsafe CORS is on,
      // and then the CORS layer ahead of it has answered): no grant.
      return new Response(null, {
        status: 204,
        headers: {
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      })
    }
    await next()
    return undefined
  }
}
