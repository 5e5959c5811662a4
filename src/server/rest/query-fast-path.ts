import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../../logger.js'
import type { NodeRequestHandler } from '../listen.js'
import { type PlainResponse, thrownErrorPlain } from './errors.js'
import type { GetRouter, Matched } from './get-router.js'
import { firstHeaderValue, nodeHeaderValues, type QueryCall } from './query-call.js'

// The checks below are @hono/node-server's own (verbatim): a request they pass has its URL built
// by plain concatenation there, `http://<host><target>`; any other is parsed as a URL (and may be
// normalised or refused), so it is left to the node server.
/** Host headers the node server takes as they are. */
export const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
/** Request targets the node server takes as they are. */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
/**
 * `.` and `..` segments, which URL parsing would resolve, and empty ones (`//`): a path that is not
 * clean is redirected by Hono's way (the gateway's middleware), as gorilla/mux does.
 */
const UNCLEAN = /\/(?:\.\.?)?(?:[/?#]|$)/

/** A GET through the node:http fast path: the URL the node server would build, headers as sent. */
class NodeGetCall implements QueryCall {
  constructor(
    private readonly host: string,
    readonly target: string,
    private readonly incoming: IncomingMessage,
    private readonly params: readonly string[],
  ) {}

  /** Built when asked for (an answer computed, not one kept): most calls never ask. */
  get url(): string {
    return `http://${this.host}${this.target}`
  }

  param(i: number): string {
    return this.params[i] ?? ''
  }

  headerValues(name: string): readonly string[] {
    return nodeHeaderValues(this.incoming, name)
  }

  body(): Promise<unknown> {
    return Promise.resolve({})
  }
}

/** Request targets whose checks and route the fast path remembers (then it starts over). */
const KNOWN_TARGETS = 4096
const KNOWN_TARGET_LENGTH = 256

/** Writes an answer's parts as @hono/node-server writes the Response made of them. */
export function writePlain(res: ServerResponse, answer: PlainResponse): void {
  res.statusCode = answer.status
  const { headers } = answer
  for (const name in answer.headers) res.setHeader(name, headers[name]!)
  // A body given to end() with no Content-Length set: Node adds it after Date and Connection, as
  // it does for the node server's answer.
  res.end(answer.body)
}

/** What the node server answers when a route's answer fails unexpectedly (its fetch error). */
function writeFetchError(res: ServerResponse): void {
  res.writeHead(500)
  res.end()
}

/**
 * GET query routes answered straight from node:http, ahead of Hono and of the node server's Web
 * Request and Response: the pre-router's match and the route's own answer, written with the same
 * status, headers and body bytes. It takes only what the pre-router would take from the node
 * server, with a URL the node server builds as it is (a plain host header and request target),
 * over HTTP/1.1; HEAD, other methods and anything else go to Hono. A request carrying the header
 * `leaveWith` names (lower-case) goes to Hono too: with CORS on, one with an `origin` (the CORS
 * middleware adds its headers to that answer alone).
 */
export function createQueryFastPath(
  routes: GetRouter,
  logger: Logger | undefined,
  leaveWith?: string,
): NodeRequestHandler {
  // Targets repeat (a query asked again and again): whether one passes the checks below, and its
  // route, are remembered by the target as sent (null: left to Hono), so a repeated request is one
  // lookup. The host that last passed its check is remembered too.
  const known = new Map<string, Matched | null>()
  let plainHost = ''
  return (req, res) => {
    if (req.method !== 'GET') return false
    if (leaveWith !== undefined && firstHeaderValue(req, leaveWith) !== undefined) return false
    // HTTP/1.0 answers carry their length among the headers in the node server's writing (no
    // chunked encoding to fall back on): left to it.
    if (req.httpVersionMajor !== 1 || req.httpVersionMinor !== 1) return false
    const target = req.url
    if (target === undefined) return false
    const host = firstHeaderValue(req, 'host')
    if (host === undefined) return false
    if (host !== plainHost) {
      if (!PLAIN_HOST.test(host)) return false
      plainHost = host
    }
    let found = known.get(target)
    if (found === undefined) {
      found =
        PLAIN_TARGET.test(target) && !UNCLEAN.test(target)
          ? (routes.match(`http://${host}${target}`) ?? null)
          : null
      if (target.length <= KNOWN_TARGET_LENGTH) {
        if (known.size >= KNOWN_TARGETS) known.clear()
        known.set(target, found)
      }
    }
    if (found === null) return false
    let answer: PlainResponse | Promise<PlainResponse>
    try {
      answer = found.answer(new NodeGetCall(host, target, req, found.params))
    } catch (err) {
      answer = thrownErrorPlain(err, logger)
    }
    if (answer instanceof Promise) {
      answer.then(
        (a) => writePlain(res, a),
        () => writeFetchError(res),
      )
    } else writePlain(res, answer)
    return true
  }
}
