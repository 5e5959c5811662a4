/**
 * The texts Go's standard library gives when CometBFT's RPC decodes an argument (`encoding/json`'s
 * syntax and type errors, `encoding/hex`, `encoding/base64`, `strconv.Quote`), so the RPC reports a
 * bad argument with the words a CometBFT node uses.
 */

/** Go's `strconv.Quote` (what `%q` prints). */
export function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const cp = ch.codePointAt(0)!
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\x07') out += '\\a'
    else if (ch === '\b') out += '\\b'
    else if (ch === '\f') out += '\\f'
    else if (ch === '\v') out += '\\v'
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`
    else if (!isPrint(ch))
      out +=
        cp > 0xffff
          ? `\\U${cp.toString(16).padStart(8, '0')}`
          : `\\u${cp.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}

/** Go's unicode.IsPrint, close enough: letters, marks, numbers, punctuation, symbols and ' '. */
function isPrint(ch: string): boolean {
  return ch === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch)
}

/** encoding/json's quoteChar: how a syntax error names the offending byte. */
function quoteChar(b: number): string {
  if (b === 0x27) return "'\\''"
  if (b === 0x22) return `'"'`
  const q = goQuote(String.fromCharCode(b))
  return `'${q.slice(1, -1)}'`
}

/** encoding/json's maxNestingDepth: its scanner refuses an array or object nested deeper. */
const MAX_NESTING_DEPTH = 10_000

/**
 * Whether text nests arrays and objects deeper than encoding/json accepts: valid JSON that Go still
 * refuses. Only text longer than the limit can (each level takes a byte), so short text is not scanned.
 */
export function goJsonTooDeep(text: string): boolean {
  if (text.length <= MAX_NESTING_DEPTH) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_NESTING_DEPTH) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/**
 * `text` parsed as Go's `json.Unmarshal` takes it: the value, or, for text Go refuses (not JSON, or
 * nested past its limit), the error in its scanner's words.
 */
export function parseGoJson(text: string): { value: unknown } | { error: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { error: goJsonSyntaxError(text) ?? (err as Error).message }
  }
  // Valid JSON nested past Go's limit is still refused there.
  if (goJsonTooDeep(text)) return { error: goJsonSyntaxError(text) ?? 'exceeded max depth' }
  return { value }
}

/**
 * The error `json.Unmarshal` reports for text that is not valid JSON (its scanner's wording), or
 * undefined when the text is valid. Nesting past encoding/json's limit is its `exceeded max depth`.
 */
export function goJsonSyntaxError(text: string): string | undefined {
  return goJsonScan(text, false).error
}

/**
 * What json.Decoder's Decode reads of a stream (CometBFT reads a websocket frame so): the text of its
 * first value, whatever follows it, or its error: `EOF` for no value at all, `unexpected EOF` for
 * one cut short, the scanner's words for a bad character.
 */
export function goJsonFirstValue(text: string): { text: string } | { error: string } {
  const { error, end, bytes } = goJsonScan(text, true)
  if (error === undefined) return { text: bytes.toString('utf8', 0, end) }
  if (error !== 'unexpected end of JSON input') return { error }
  const blank = bytes.every((c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)
  return { error: blank ? 'EOF' : 'unexpected EOF' }
}

/** encoding/json's scanner over the text: the error, and where the first value ends (`first`). */
function goJsonScan(
  text: string,
  first: boolean,
): { error: string | undefined; end: number; bytes: Buffer } {
  const b = Buffer.from(text, 'utf8')
  let i = 0
  const scanned = (error: string | undefined) => ({ error, end: i, bytes: b })
  const END = 'unexpected end of JSON input'
  const bad = (context: string) => `invalid character ${quoteChar(b[i]!)} ${context}`
  // The input ended inside a literal, a number or an escape: json.Unmarshal's scanner then steps on a
  // space and reports that (`invalid character ' ' in literal true (expecting 'r')`); a Decoder
  // reports the stream cut short.
  const eof = (context: string) => (first ? END : `invalid character ' ' ${context}`)
  const ws = () => {
    while (i < b.length && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++
  }
  const digit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39

  const literal = (word: string): string | undefined => {
    for (let k = 1; k < word.length; k++) {
      i++
      if (i >= b.length)
        return eof(`in literal ${word} (expecting ${quoteChar(word.charCodeAt(k))})`)
      if (b[i] !== word.charCodeAt(k))
        return bad(`in literal ${word} (expecting ${quoteChar(word.charCodeAt(k))})`)
    }
    i++
    return undefined
  }

  const string = (): string | undefined => {
    i++ // the opening quote
    for (;;) {
      if (i >= b.length) return END
      const c = b[i]!
      if (c === 0x22) {
        i++
        return undefined
      }
      if (c === 0x5c) {
        i++
        if (i >= b.length) return eof('in string escape code')
        const e = b[i]!
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            i++
            if (i >= b.length) return eof('in \\u hexadecimal character escape')
            if (!/[0-9a-fA-F]/.test(String.fromCharCode(b[i]!)))
              return bad('in \\u hexadecimal character escape')
          }
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e)))
          return bad('in string escape code')
        i++
        continue
      }
      if (c < 0x20) return bad('in string literal')
      i++
    }
  }

  const number = (): string | undefined => {
    if (b[i] === 0x2d) {
      i++
      if (i >= b.length) return eof('in numeric literal')
      if (!digit(b[i])) return bad('in numeric literal')
    }
    if (b[i] === 0x30) i++
    else while (digit(b[i])) i++
    if (b[i] === 0x2e) {
      i++
      if (i >= b.length) return eof('after decimal point in numeric literal')
      if (!digit(b[i])) return bad('after decimal point in numeric literal')
      while (digit(b[i])) i++
    }
    if (b[i] === 0x65 || b[i] === 0x45) {
      i++
      if (b[i] === 0x2b || b[i] === 0x2d) i++
      if (i >= b.length) return eof('in exponent of numeric literal')
      if (!digit(b[i])) return bad('in exponent of numeric literal')
      while (digit(b[i])) i++
    }
    return undefined
  }

  /** One value, containers kept on an explicit stack (no recursion, however deep the text). */
  const value = (): string | undefined => {
    const stack: number[] = []
    for (;;) {
      // A value is expected here.
      ws()
      if (i >= b.length) return END
      const c = b[i]!
      if (c === 0x7b || c === 0x5b) {
        if (stack.length + 1 > MAX_NESTING_DEPTH) return bad('exceeded max depth')
        i++
        ws()
        if (i >= b.length) return END
        if (c === 0x7b && b[i] === 0x7d) i++
        else if (c === 0x5b && b[i] === 0x5d) i++
        else {
          stack.push(c)
          if (c === 0x5b) continue
          const key = objectKey()
          if (key) return key
          continue
        }
      } else {
        const scalar =
          c === 0x22
            ? string()
            : c === 0x2d || digit(c)
              ? number()
              : c === 0x74
                ? literal('true')
                : c === 0x66
                  ? literal('false')
                  : c === 0x6e
                    ? literal('null')
                    : bad('looking for beginning of value')
        if (scalar) return scalar
      }
      // A value ended: close the containers it ends, or go on to the next element.
      let next = false
      while (stack.length > 0 && !next) {
        ws()
        if (i >= b.length) return END
        const open = stack[stack.length - 1]
        if (open === 0x7b) {
          if (b[i] === 0x7d) {
            i++
            stack.pop()
            continue
          }
          if (b[i] !== 0x2c) return bad('after object key:value pair')
          i++
          ws()
          const key = objectKey()
          if (key) return key
        } else {
          if (b[i] === 0x5d) {
            i++
            stack.pop()
            continue
          }
          if (b[i] !== 0x2c) return bad('after array element')
          i++
        }
        next = true
      }
      if (!next) return undefined
    }
  }

  /** An object's `"key":`, the cursor on the key's quote. */
  const objectKey = (): string | undefined => {
    if (i >= b.length) return END
    if (b[i] !== 0x22) return bad('looking for beginning of object key string')
    const k = string()
    if (k) return k
    ws()
    if (i >= b.length) return END
    if (b[i] !== 0x3a) return bad('after object key')
    i++
    return undefined
  }

  const err = value()
  if (err) return scanned(err)
  if (first) return scanned(undefined)
  ws()
  if (i < b.length) return scanned(bad('after top-level value'))
  return scanned(undefined)
}

/** The kind word encoding/json's UnmarshalTypeError uses for a JSON value. */
export function goJsonKind(v: unknown): string {
  if (typeof v === 'number') return 'number'
  if (typeof v === 'string') return 'string'
  if (typeof v === 'boolean') return 'bool'
  if (Array.isArray(v)) return 'array'
  return 'object'
}

/** `json: cannot unmarshal <kind> into Go value of type <type>`. */
export function goTypeError(kind: string, goType: string): string {
  return `json: cannot unmarshal ${kind} into Go value of type ${goType}`
}

/** encoding/hex DecodeString: the bytes, or Go's error text (an invalid byte before a bad length). */
export function goHexDecode(text: string): Uint8Array | string {
  const b = Buffer.from(text, 'utf8')
  const isHex = (c: number) =>
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
  const invalid = (c: number) =>
    `encoding/hex: invalid byte: U+${c.toString(16).toUpperCase().padStart(4, '0')} ${goQuoteRune(c)}`
  let j = 1
  for (; j < b.length; j += 2) {
    if (!isHex(b[j - 1]!)) return invalid(b[j - 1]!)
    if (!isHex(b[j]!)) return invalid(b[j]!)
  }
  if (b.length % 2 === 1) {
    if (!isHex(b[j - 1]!)) return invalid(b[j - 1]!)
    return 'encoding/hex: odd length hex string'
  }
  return new Uint8Array(Buffer.from(text, 'hex'))
}

/** `%#U`'s quoted part: 'x' for a printable rune, nothing otherwise. */
function goQuoteRune(c: number): string {
  const ch = String.fromCharCode(c)
  return isPrint(ch) ? `'${ch}'` : ''
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * base64.StdEncoding.DecodeString as encoding/json decodes a []byte: the bytes, or Go's
 * `illegal base64 data at input byte N` (N where Go stops; line breaks are skipped as Go does).
 */
export function goBase64Decode(text: string): Uint8Array | string {
  const src = Buffer.from(text, 'utf8')
  const corrupt = (at: number) => `illegal base64 data at input byte ${at}`
  let si = 0
  const out: number[] = []
  while (si < src.length) {
    const quantum: number[] = []
    let j = 0
    for (; j < 4; j++) {
      while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++
      if (si === src.length) {
        if (j === 0) return finish()
        return corrupt(si - j)
      }
      const c = src[si]!
      si++
      const v = B64.indexOf(String.fromCharCode(c))
      if (v >= 0) {
        quantum.push(v)
        continue
      }
      if (c !== 0x3d) return corrupt(si - 1)
      // Padding: only as the third or fourth character.
      if (j === 0 || j === 1) return corrupt(si - 1)
      if (j === 2) {
        while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++
        if (si === src.length) return corrupt(src.length)
        if (src[si] !== 0x3d) return corrupt(si - 1)
        si++
      }
      while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++
      if (si < src.length) return corrupt(si)
      break
    }
    const n = quantum.length
    const word =
      ((quantum[0] ?? 0) << 18) |
      ((quantum[1] ?? 0) << 12) |
      ((quantum[2] ?? 0) << 6) |
      (quantum[3] ?? 0)
    out.push((word >> 16) & 0xff)
    if (n >= 3) out.push((word >> 8) & 0xff)
    if (n >= 4) out.push(word & 0xff)
    if (n < 4) break
  }
  return finish()
  function finish() {
    return Uint8Array.from(out)
  }
}

/** A piece of output text, told apart from the JSON values still to write. */
class JsonPiece {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify of a parsed JSON value, also for one nested deeper than its recursion reaches (Go
 * accepts 10,000 levels, and quotes such a value back in its errors): past that it writes the value
 * from an explicit stack.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
  }
  let out = ''
  const todo: unknown[] = [value]
  while (todo.length > 0) {
    const item = todo.pop()
    if (item instanceof JsonPiece) out += item.text
    else if (Array.isArray(item)) {
      out += '['
      todo.push(new JsonPiece(']'))
      for (let k = item.length - 1; k >= 0; k--) {
        todo.push(item[k] ?? null)
        if (k > 0) todo.push(new JsonPiece(','))
      }
    } else if (item !== null && typeof item === 'object') {
      out += '{'
      todo.push(new JsonPiece('}'))
      const entries = Object.entries(item)
      for (let k = entries.length - 1; k >= 0; k--) {
        todo.push(entries[k]![1])
        todo.push(new JsonPiece(`${k > 0 ? ',' : ''}${JSON.stringify(entries[k]![0])}:`))
      }
    } else out += JSON.stringify(item) ?? 'null'
  }
  return out
}

/**
 * JSON text as Go's json.Marshal writes it (json.MarshalIndent with `indent` spaces): `<`, `>`, `&`,
 * U+2028 and U+2029 escaped (what CometBFT hashes and chunks, e.g. `genesis_chunked`'s document).
 */
export function goJsonStringify(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
