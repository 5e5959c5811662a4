import { goQuote } from '../../codec/go-strconv.js'

/**
 * encoding/json's scanner, for text CometBFT's RPC and the SDK's gateway decode: whether Go takes
 * it, and when not, the error in the scanner's words (`json.Unmarshal`'s, or a `json.Decoder`'s for
 * a stream).
 */

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
