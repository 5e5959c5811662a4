import { type Bytes, fromBase64Strict, fromHex } from '../../codec/bytes.js'
import { RpcError } from './errors.js'

/** Arguments of one call: JSON-RPC params (typed JSON) or URI query (text). */
export class RpcArgs {
  constructor(
    private readonly values: Record<string, unknown>,
    readonly uri: boolean,
  ) {}

  /** The argument as given (for logging). */
  raw(name: string): unknown {
    return this.values[name]
  }

  /** Whether the argument is given (null and `''` count as absent). */
  has(name: string): boolean {
    const v = this.values[name]
    return v !== undefined && v !== null && v !== ''
  }

  private bad(name: string, why: string): never {
    const where = this.uri ? 'http' : 'json'
    throw new RpcError(
      -32602,
      'Invalid params',
      `error converting ${where} params to arguments: ${name}: ${why}`,
    )
  }

  /** An int64 argument (JSON-RPC: a string; URI: bare digits); undefined when absent. */
  int(name: string): number | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    const text =
      typeof v === 'number'
        ? String(v)
        : typeof v === 'string'
          ? v.replace(/^"(.*)"$/, '$1')
          : undefined
    if (text === undefined || !/^-?\d+$/.test(text))
      this.bad(name, `invalid 64-bit integer encoding ${JSON.stringify(v)}`)
    const n = Number(text)
    if (!Number.isSafeInteger(n)) this.bad(name, `value out of range ${text}`)
    return n
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
    if (!Number.isFinite(n)) this.bad(name, `expected a number, got ${JSON.stringify(v)}`)
    return n
  }

  /** A string given either way: plain or JSON-quoted (the dev API's lenient form). */
  text(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (typeof v === 'number') return String(v)
    if (typeof v !== 'string') this.bad(name, `expected a string, got ${JSON.stringify(v)}`)
    return /^".*"$/.test(v) ? (JSON.parse(v) as string) : v
  }

  /** A string argument (URI form: JSON-quoted). */
  string(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (this.uri && typeof v === 'string') {
      if (/^".*"$/.test(v)) return JSON.parse(v) as string
      if (v.startsWith('0x')) return Buffer.from(fromHex(v.slice(2))).toString('utf8')
      this.bad(name, `invalid string ${JSON.stringify(v)}: strings must be quoted`)
    }
    if (typeof v !== 'string') this.bad(name, `expected a string, got ${JSON.stringify(v)}`)
    return v
  }

  /** A boolean argument (JSON true/false, or the text `true` / `false`). */
  bool(name: string): boolean | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (typeof v === 'boolean') return v
    if (v === 'true') return true
    if (v === 'false') return false
    return this.bad(name, `expected true or false, got ${JSON.stringify(v)}`)
  }

  /** Bytes given as hex (HexBytes: JSON-RPC plain hex; URI 0x-hex or a quoted string). */
  hexBytes(name: string): Bytes | undefined {
    if (!this.has(name)) return undefined
    const v = String(this.values[name])
    try {
      if (this.uri) {
        if (v.startsWith('0x')) return fromHex(v.slice(2))
        if (/^".*"$/.test(v)) return new TextEncoder().encode(JSON.parse(v) as string)
      }
      return fromHex(v)
    } catch (err) {
      return this.bad(name, (err as Error).message)
    }
  }

  /** Bytes given as base64 in JSON-RPC ([]byte), or 0x-hex / quoted raw in URI form. */
  base64Bytes(name: string): Bytes | undefined {
    if (!this.has(name)) return undefined
    const v = String(this.values[name])
    if (this.uri) {
      try {
        if (v.startsWith('0x')) return fromHex(v.slice(2))
      } catch (err) {
        return this.bad(name, (err as Error).message)
      }
      if (/^".*"$/.test(v)) return new TextEncoder().encode(JSON.parse(v) as string)
    }
    const b = fromBase64Strict(v)
    if (!b) this.bad(name, `illegal base64 data ${JSON.stringify(v)}`)
    return b
  }
}

/** The arguments of a URI (GET) call: its query string. */
export function uriArgs(query: Record<string, string>): RpcArgs {
  return new RpcArgs(query, true)
}

/** The arguments of a JSON-RPC call: named params, or positional ones matched to `names`. */
export function jsonRpcArgs(params: unknown, names: readonly string[]): RpcArgs {
  let values: Record<string, unknown> = {}
  if (Array.isArray(params)) {
    const positional = params as unknown[]
    values = Object.fromEntries(names.map((name, i) => [name, positional[i]]))
  } else if (params && typeof params === 'object') {
    values = params as Record<string, unknown>
  }
  return new RpcArgs(values, false)
}
