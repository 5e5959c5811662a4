import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { goJsonFirstValue, parseGoJson } from '../rpc/go-json-scan.js'
import { type PlainResponse, plainToResponse } from './errors.js'
import { RequestFieldError } from './request-fields.js'

/**
 * What a query route needs of a request, however it arrived: through Hono's router or the GET
 * pre-router (see `createGateway`). Both answer through the same code, so they answer alike.
 */
export interface QueryCall {
  /** The full request URL (the query string comes from it). */
  readonly url: string
  /** The request target, path and query (`targetOf(url)`): answers are kept under it. */
  readonly target: string
  /** Path variable `i` (decoded), in template order. */
  param(i: number): string
  /** The values of a request header (lower-case name), one per header line. */
  headerValues(name: string): readonly string[]
  /** The parsed JSON body. */
  body(): Promise<unknown>
}

/**
 * Answers one query route as plain parts; synchronous when the answer is cached or the height is
 * refused.
 */
export type Answer = (call: QueryCall) => PlainResponse | Promise<PlainResponse>

/** An answer's parts as the Response a Hono route returns (synchronous when the answer is). */
export function answerResponse(
  answer: PlainResponse | Promise<PlainResponse>,
): Response | Promise<Response> {
  return answer instanceof Promise ? answer.then(plainToResponse) : plainToResponse(answer)
}

/** The node server's request, when the app is served by @hono/node-server. */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming
}

/** A URL's request target: its path and query (what node:http gives as `req.url`). */
export function targetOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  return start < 0 ? '/' : url.slice(start)
}

/** A call through Hono's router. */
export function honoCall(c: Context): QueryCall {
  const incoming = incomingOf(c.env)
  const url = c.req.url
  return {
    url,
    target: targetOf(url),
    param: (i) => c.req.param(`p${i}`) ?? '',
    headerValues: incoming
      ? (name) => nodeHeaderValues(incoming, name)
      : (name) => webHeaderValues(c.req.raw.headers, name),
    body: () => jsonBody(c),
  }
}

/** The values of a header the request does not carry (shared: nobody changes it). */
const NO_VALUES: readonly string[] = Object.freeze([])

/**
 * A header's values as Go's net/http keeps them, one per header line: a comma inside a line is
 * part of its value (`1,2` is one value, refused by the height check, as upstream). Read from the
 * request's raw lines, so node:http never has to build its joined headers object.
 */
export function nodeHeaderValues(incoming: IncomingMessage, name: string): readonly string[] {
  const raw = incoming.rawHeaders
  let values: string[] | undefined
  for (let i = 0; i < raw.length; i += 2) {
    if (!sameName(raw[i]!, name)) continue
    if (values === undefined) values = [raw[i + 1]!]
    else values.push(raw[i + 1]!)
  }
  return values ?? NO_VALUES
}

/** The first line's value of a header (lower-case name), as node:http's `headers` keeps `host`. */
export function firstHeaderValue(incoming: IncomingMessage, name: string): string | undefined {
  const raw = incoming.rawHeaders
  for (let i = 0; i < raw.length; i += 2) if (sameName(raw[i]!, name)) return raw[i + 1]
  return undefined
}

/** Whether a header name as sent is `lower` (a lower-case name) in any case. */
function sameName(sent: string, lower: string): boolean {
  return sent.length === lower.length && (sent === lower || sent.toLowerCase() === lower)
}

/**
 * A header's values from Web headers (a request made without a node server, as in tests): they
 * join repeated lines with `, ` and cannot tell them from one line with a comma; each part counts.
 */
function webHeaderValues(headers: Headers, name: string): readonly string[] {
  const text = headers.get(name)
  if (text === null) return []
  return text.includes(',') ? text.split(',').map((v) => v.trim()) : [text]
}

/** A call through the pre-router: path variables as matched, headers from the node request. */
export function fastCall(request: Request, env: unknown, params: readonly string[]): QueryCall {
  const incoming = incomingOf(env)
  return {
    url: request.url,
    target: targetOf(request.url),
    param: (i) => params[i] ?? '',
    headerValues: incoming
      ? (name) => nodeHeaderValues(incoming, name)
      : (name) => webHeaderValues(request.headers, name),
    body: async () => ({}),
  }
}

/** The JSON body of a request (an empty body is allowed, as upstream). */
async function jsonBody(c: Context): Promise<unknown> {
  return parseJsonBody(await c.req.text())
}

/**
 * A request body's text as JSON (empty: `{}`); bad JSON is the client's error, in the words of the
 * gateway's Go JSON decoder (`unexpected EOF` for a body cut short, `invalid character …`), never
 * JavaScript's parser's.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {}
  // Valid JSON nested past Go's limit is refused too, as by the gateway's decoder.
  const parsed = parseGoJson(text)
  if ('error' in parsed) {
    // A body cut short (inside a literal too) is the decoder's `unexpected EOF`.
    const first = goJsonFirstValue(text)
    throw new RequestFieldError(
      'error' in first && first.error === 'unexpected EOF' ? first.error : parsed.error,
    )
  }
  return parsed.value
}
