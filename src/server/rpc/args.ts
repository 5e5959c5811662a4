import type { Bytes } from '../../codec/bytes.js'
import { goBase64Decode } from '../../codec/go-base64.js'
import { goHexDecode } from '../../codec/go-hex.js'
import { goQuote } from '../../codec/go-strconv.js'
import { RpcError } from './errors.js'
import { goJsonKind, goTypeError, jsonText } from './go-json.js'
import { goJsonSyntaxError } from './go-json-scan.js'

/** The Go integer types of CometBFT's route arguments (`height` int64, `page` int, `chunk` uint). */
export type GoIntType = 'int64' | 'int' | 'uint'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
const UINT64_MAX = 2n ** 64n - 1n

/** URI integers CometBFT quotes before decoding (`rpc/jsonrpc/server/http_uri_handler.go`). */
const URI_INT = /^-?[0-9]+$/

/** A decoding failure: Go's error text, reported as CometBFT's Invalid params. */
class ArgError {
  constructor(readonly text: string) {}
}

/**
 * Arguments of one call: JSON-RPC params (JSON values) or the URI query (text), decoded the way
 * CometBFT's `libs/json` decodes them into the route's Go types, with its error texts. Absent
 * (missing, `null`, or an empty URI value) means the Go zero value / a nil pointer: undefined here.
 */
export class RpcArgs {
  constructor(
    private readonly values: Record<string, unknown>,
    readonly uri: boolean,
  ) {}

  /** The argument as given (for logging). */
  raw(name: string): unknown {
    return this.values[name]
  }

  /** Whether the argument is given (null and `''` count as absent): the dev API's lenient test. */
  has(name: string): boolean {
    const v = this.values[name]
    return v !== undefined && v !== null && v !== ''
  }

  /**
   * Whether CometBFT would decode the argument: present and not null. In the URI an empty value is
   * not decoded, and `null` is JSON's null, which leaves the Go zero value as absence does.
   */
  private given(name: string): boolean {
    const v = this.values[name]
    return v !== undefined && v !== null && !(this.uri && (v === '' || v === 'null'))
  }

  /** Runs a decoder; its Go error becomes CometBFT's -32602 with the transport's prefix. */
  private decode<T>(name: string, f: (v: unknown) => T | ArgError): T | undefined {
    if (!this.given(name)) return undefined
    const out = f(this.values[name])
    if (out instanceof ArgError) {
      const where = this.uri ? 'http' : 'json'
      throw new RpcError(
        -32602,
        'Invalid params',
        `error converting ${where} params to arguments: ${out.text}`,
      )
    }
    return out
  }

  /**
   * An integer argument (`height`, `page`, `chunk`…): in JSON-RPC a digit string (a bare number is
   * `invalid 64-bit integer encoding "5", expected string`); in the URI bare digits or a quoted
   * string. Values beyond the safe integer range keep their nearest double: where such a value is
   * echoed in an error, read it with `bigint`.
   */
  int(name: string, goType: GoIntType = 'int64'): number | undefined {
    const n = this.bigint(name, goType)
    return n === undefined ? undefined : Number(n)
  }

  /** An integer argument as `int` reads it, exactly (CometBFT echoes it whole in its errors). */
  bigint(name: string, goType: GoIntType = 'int64'): bigint | undefined {
    return this.decode(name, (v) => {
      if (this.uri) {
        const text = v as string
        if (URI_INT.test(text)) return goInt(`"${text}"`, goType)
        if (text.toLowerCase().startsWith('0x'))
          return new ArgError(`got a hex string arg, but expected '${goType}'`)
        return goInt(text, goType)
      }
      return goInt(jsonText(v), goType)
    })
  }

  /** A bool argument: the JSON literal `true` / `false` (a quoted "true" is refused). */
  bool(name: string): boolean | undefined {
    return this.decode(name, (v) => {
      if (this.uri) {
        const text = v as string
        if (text.toLowerCase().startsWith('0x'))
          return new ArgError("got a hex string arg, but expected 'bool'")
        const syntax = goJsonSyntaxError(text)
        if (syntax) return new ArgError(syntax)
        v = JSON.parse(text)
      }
      if (typeof v !== 'boolean') return new ArgError(goTypeError(goJsonKind(v), 'bool'))
      return v
    })
  }

  /**
   * A string argument (`query`, `path`, `order_by`): JSON-RPC a JSON string; URI a JSON-quoted string
   * (`query="tx.height=5"`) or `0x` + hex of its UTF-8 bytes.
   */
  string(name: string): string | undefined {
    return this.decode(name, (v) => {
      if (this.uri) {
        const text = v as string
        if (text.toLowerCase().startsWith('0x')) {
          const bytes = goHexDecode(text.slice(2))
          return typeof bytes === 'string'
            ? new ArgError(bytes)
            : Buffer.from(bytes).toString('utf8')
        }
        const syntax = goJsonSyntaxError(text)
        if (syntax) return new ArgError(syntax)
        v = JSON.parse(text)
      }
      if (typeof v !== 'string') return new ArgError(goTypeError(goJsonKind(v), 'string'))
      return v
    })
  }

  /**
   * A byte-slice argument (`tx`, a `types.Tx`; the `hash` of `tx` and `block_by_hash`, a `[]byte`):
   * JSON-RPC base64, or an array of byte values as encoding/json reads any slice; URI `0x` + hex, a
   * quoted string meaning its UTF-8 bytes, or JSON as in JSON-RPC. Another JSON type is refused
   * naming the Go type (`goType`).
   */
  base64Bytes(name: string, goType: 'types.Tx' | '[]uint8' = '[]uint8'): Bytes | undefined {
    return this.decode(name, (v) => {
      if (this.uri) {
        const text = v as string
        const viaUri = uriBytes(text)
        if (viaUri !== undefined) return viaUri
        const syntax = goJsonSyntaxError(text)
        if (syntax) return new ArgError(syntax)
        v = JSON.parse(text)
      }
      if (Array.isArray(v)) return byteArray(v)
      if (typeof v !== 'string') return new ArgError(goTypeError(goJsonKind(v), goType))
      const decoded = goBase64Decode(v, 'std')
      return 'bytes' in decoded
        ? decoded.bytes
        : new ArgError(`illegal base64 data at input byte ${decoded.offset}`)
    })
  }

  /**
   * A HexBytes argument (`abci_query` data, `header_by_hash` hash): JSON-RPC a hex string without
   * `0x`, either case; URI `0x` + hex, or a quoted string meaning its UTF-8 bytes.
   */
  hexBytes(name: string): Bytes | undefined {
    return this.decode(name, (v) => {
      if (this.uri) {
        const text = v as string
        const viaUri = uriBytes(text)
        if (viaUri !== undefined) return viaUri
        return hexBytesJson(text)
      }
      return hexBytesJson(jsonText(v))
    })
  }

  /**
   * An interface argument's raw JSON value (`broadcast_evidence`'s `evidence`); in the URI only
   * JSON (`0x` + hex is refused, as for any type but a string or a byte slice).
   */
  json(name: string): unknown {
    return this.decode(name, (v) => {
      if (!this.uri) return v
      const text = v as string
      if (text.toLowerCase().startsWith('0x'))
        return new ArgError("got a hex string arg, but expected 'interface'")
      const syntax = goJsonSyntaxError(text)
      return syntax ? new ArgError(syntax) : (JSON.parse(text) as unknown)
    })
  }

  /**
   * A number given either way (JSON number, decimal string, or bare in the URI): the dev API's
   * lenient form (CometMock's `{"num_blocks":"20"}` as well as `{"blocks":20}`).
   */
  number(name: string): number | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    const text =
      typeof v === 'number'
        ? String(v)
        : typeof v === 'string'
          ? v.replace(/^"(.*)"$/, '$1')
          : undefined
    const n = text === undefined || text.trim() === '' ? Number.NaN : Number(text)
    if (!Number.isFinite(n)) this.lenientError(`expected a number, got ${jsonText(v)}`)
    return n
  }

  /** A string given either way: plain or JSON-quoted (the dev API's lenient form). */
  text(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (typeof v === 'number') return String(v)
    if (typeof v !== 'string') this.lenientError(`expected a string, got ${jsonText(v)}`)
    return /^".*"$/.test(v as string) ? (JSON.parse(v as string) as string) : (v as string)
  }

  private lenientError(why: string): never {
    const where = this.uri ? 'http' : 'json'
    throw new RpcError(
      -32602,
      'Invalid params',
      `error converting ${where} params to arguments: ${why}`,
    )
  }
}

/** CometBFT's URI shortcuts for byte arguments: `0x` + hex, or a quoted string's UTF-8 bytes. */
function uriBytes(text: string): Bytes | ArgError | undefined {
  if (text.toLowerCase().startsWith('0x')) {
    const bytes = goHexDecode(text.slice(2))
    return typeof bytes === 'string' ? new ArgError(bytes) : bytes
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const syntax = goJsonSyntaxError(text)
    if (syntax) return new ArgError(syntax)
    return new Uint8Array(Buffer.from(JSON.parse(text) as string, 'utf8'))
  }
  return undefined
}

/**
 * encoding/json's decoding of a JSON array into a byte slice: each item a uint8 (null leaves 0); the
 * first item that is not fails it. A number is named by its JavaScript text, which is Go's (the
 * literal as written) for every integer literal and most others.
 */
function byteArray(items: readonly unknown[]): Bytes | ArgError {
  const out = new Uint8Array(items.length)
  for (const [i, item] of items.entries()) {
    if (item === null) continue
    if (typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 255) {
      out[i] = item
      continue
    }
    const kind = typeof item === 'number' ? `number ${String(item)}` : goJsonKind(item)
    return new ArgError(goTypeError(kind, 'uint8'))
  }
  return out
}

/** HexBytes.UnmarshalJSON of raw JSON text. */
function hexBytesJson(raw: string): Bytes | ArgError {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"'))
    return new ArgError(`invalid hex string: ${raw}`)
  const bytes = goHexDecode(raw.slice(1, -1))
  return typeof bytes === 'string' ? new ArgError(bytes) : bytes
}

/**
 * libs/json's decoding of an integer from raw JSON: it must be a quoted string, whose content
 * encoding/json then reads as a number of the Go type.
 */
function goInt(raw: string, goType: GoIntType): bigint | ArgError {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"'))
    return new ArgError(`invalid 64-bit integer encoding ${goQuote(raw)}, expected string`)
  const inner = raw.slice(1, -1)
  const syntax = goJsonSyntaxError(inner)
  if (syntax) return new ArgError(syntax)
  const v = JSON.parse(inner) as unknown
  if (typeof v !== 'number') return new ArgError(goTypeError(goJsonKind(v), goType))
  const literal = inner.trim()
  const out = new ArgError(goTypeError(`number ${literal}`, goType))
  if (!/^-?\d+$/.test(literal)) return out
  const n = BigInt(literal)
  // strconv.ParseUint takes no sign, not even that of -0.
  if (
    goType === 'uint' ? literal.startsWith('-') || n > UINT64_MAX : n < INT64_MIN || n > INT64_MAX
  )
    return out
  return n
}

/**
 * The arguments of a URI (GET) call: its query string. CometBFT reads the query string, then a form
 * value; the first value of a repeated key counts.
 */
export function uriArgs(query: Record<string, string>): RpcArgs {
  return new RpcArgs(query, true)
}

/**
 * The arguments of a JSON-RPC call: named params (unknown names ignored), or positional ones, exactly
 * one per argument (`expected 3 parameters ([height page per_page]), got 1 ([[34 49 34]])`).
 */
export function jsonRpcArgs(params: unknown, names: readonly string[]): RpcArgs {
  const invalid = (why: string) =>
    new RpcError(-32602, 'Invalid params', `error converting json params to arguments: ${why}`)
  if (Array.isArray(params)) {
    if (params.length !== names.length) {
      // Go prints each raw item as its bytes.
      const raw = params.map((p) => `[${[...Buffer.from(jsonText(p) ?? 'null')].join(' ')}]`)
      throw invalid(
        `expected ${names.length} parameters ([${names.join(' ')}]), got ${params.length} ([${raw.join(' ')}])`,
      )
    }
    return new RpcArgs(Object.fromEntries(names.map((name, i) => [name, params[i]])), false)
  }
  if (params === undefined || params === null) return new RpcArgs({}, false)
  if (typeof params !== 'object') {
    throw invalid(
      `unknown type for JSON params: ${goTypeError(goJsonKind(params), '[]json.RawMessage')}. Expected map or array`,
    )
  }
  return new RpcArgs(params as Record<string, unknown>, false)
}
