/**
 * The texts Go's standard library gives when CometBFT's RPC decodes an argument (`encoding/json`'s
 * type errors, `encoding/base64`; `encoding/hex` is in codec/go-hex.ts, `strconv.Quote` in
 * codec/go-strconv.ts, the scanner's syntax errors in go-json-scan.ts), so the RPC reports a bad
 * argument with the words a CometBFT node uses, and JSON written as Go writes it.
 */

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
