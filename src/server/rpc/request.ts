/**
 * A JSON-RPC request as CometBFT decodes it (`rpc/jsonrpc/types/types.go`, `RPCRequest.UnmarshalJSON`),
 * shared by HTTP POST and `/websocket`: the id is a string or a number (a float is truncated), a
 * missing or null id makes a notification, any other id type or a non-object fails the whole parse.
 */

import { goJsonKind } from './go-json.js'
import { goJsonFirstValue, parseGoJson } from './go-json-scan.js'

/** A request id that is answered. */
export type JsonRpcId = number | string

/** A decoded request; `id` undefined is a notification (never executed, never answered). */
export interface RpcRequest {
  id: JsonRpcId | undefined
  method: string
  params: unknown
}

/** A body or frame that does not decode: answered with -32700 and no id. */
export class ParseError extends Error {
  override readonly name = 'ParseError'
}

/** The Go type CometBFT decodes a request into, as its unmarshal errors print it. */
const REQUEST_TYPE =
  'struct { JSONRPC string "json:\\"jsonrpc\\""; ID interface {} "json:\\"id,omitempty\\""; Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }'

/** Go's `%v` and type name of a JSON value, for the id error. */
function goValue(v: unknown): [string, string] {
  if (typeof v === 'boolean') return [String(v), 'bool']
  if (Array.isArray(v)) return [`[${v.map((x) => goValue(x)[0]).join(' ')}]`, '[]interface {}']
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return [
      `map[${entries.map(([k, x]) => `${k}:${goValue(x)[0]}`).join(' ')}]`,
      'map[string]interface {}',
    ]
  }
  return [String(v), typeof v]
}

/** The request's members, as encoding/json matches the struct's field names: any case. */
const FIELDS = ['jsonrpc', 'id', 'method', 'params'] as const
type Field = (typeof FIELDS)[number]

/**
 * Decodes one parsed request (RPCRequest.UnmarshalJSON): null is a notification, as a request
 * without an id; a member whose name differs only in case is that member (the last one given
 * counts); `jsonrpc` and `method` must be strings (or null), the first that is not failing the
 * decode. Throws ParseError.
 */
export function decodeRequest(req: unknown): RpcRequest {
  if (req === null) return { id: undefined, method: '', params: undefined }
  if (typeof req !== 'object' || Array.isArray(req))
    throw new ParseError(
      `json: cannot unmarshal ${goJsonKind(req)} into Go value of type ${REQUEST_TYPE}`,
    )
  const r: Partial<Record<Field, unknown>> = {}
  let typeError: string | undefined
  for (const [key, value] of Object.entries(req)) {
    const field = FIELDS.find((f) => f === key) ?? FIELDS.find((f) => f === key.toLowerCase())
    if (!field) continue
    if (
      (field === 'jsonrpc' || field === 'method') &&
      value !== null &&
      typeof value !== 'string'
    ) {
      typeError ??= `json: cannot unmarshal ${goJsonKind(value)} into Go struct field .${field} of type string`
      continue
    }
    r[field] = value
  }
  if (typeError) throw new ParseError(typeError)
  const method = typeof r.method === 'string' ? r.method : ''
  if (r.id === undefined || r.id === null) return { id: undefined, method, params: r.params }
  if (typeof r.id === 'number') return { id: Math.trunc(r.id), method, params: r.params }
  if (typeof r.id === 'string') return { id: r.id, method, params: r.params }
  const [value, type] = goValue(r.id)
  throw new ParseError(`json-rpc ID (${value}) is of unknown type (${type})`)
}

/**
 * A POST body's requests, as CometBFT's handler reads them: an array of requests, or else one
 * request (null: none). An array with an element that does not decode is then read as one request,
 * whose error names the array.
 */
export function decodeBody(parsed: unknown): { requests: RpcRequest[]; batch: boolean } {
  if (parsed === null) return { requests: [], batch: true }
  if (Array.isArray(parsed)) {
    try {
      return { requests: parsed.map(decodeRequest), batch: true }
    } catch (err) {
      if (!(err instanceof ParseError)) throw err
      throw new ParseError(`json: cannot unmarshal array into Go value of type ${REQUEST_TYPE}`)
    }
  }
  return { requests: [decodeRequest(parsed)], batch: false }
}

/**
 * A websocket frame's request, as CometBFT reads a frame with json.Decoder: its first value,
 * whatever follows (an empty frame is `EOF`, a value cut short `unexpected EOF`); no batches over
 * the socket, so an array is a parse error.
 */
export function decodeFrame(text: string): RpcRequest {
  // A frame that is one JSON value (nearly every one) needs no second look.
  const whole = parseGoJson(text)
  if ('value' in whole) return decodeRequest(whole.value)
  const first = goJsonFirstValue(text)
  if ('error' in first) throw new ParseError(first.error)
  return decodeRequest(parseJson(first.text))
}

/** JSON.parse that fails as a ParseError with Go's `encoding/json` text, as CometBFT's says. */
export function parseJson(text: string): unknown {
  // Valid JSON nested past Go's limit is refused too (it would exhaust recursion here).
  const parsed = parseGoJson(text)
  if ('error' in parsed) throw new ParseError(parsed.error)
  return parsed.value
}

/** The response to a body or frame that does not decode: -32700, and no `id` key (it is unknown). */
export function parseErrorResponse(err: ParseError): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    error: {
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: `error unmarshaling request: ${err.message}`,
    },
  }
}
