/**
 * A strict reader of the YAML the project's compose files are written in (no YAML library is
 * installed): block mappings, block sequences of scalars, flow sequences of scalars, plain and
 * quoted scalars (kept as strings), comments. Anything else — tabs, anchors and aliases, block
 * scalars, flow mappings, a duplicate key, an indentation that is not the block's — is an error
 * naming the line, so a file that would not read as intended fails instead of being misread.
 */

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue }

interface Line {
  no: number
  indent: number
  text: string
}

/** Parses `source` (the subset above) into plain objects, arrays and strings. */
export function parseYamlSubset(source: string): YamlValue {
  const lines: Line[] = []
  source.split('\n').forEach((raw, i) => {
    if (raw.includes('\t')) fail(i + 1, 'a tab')
    const text = stripComment(raw, i + 1).trimEnd()
    if (text.trim() === '' || text === '---') return
    lines.push({ no: i + 1, indent: text.length - text.trimStart().length, text: text.trim() })
  })
  if (lines.length === 0) return {}
  const at = { i: 0 }
  const value = block(lines, at, lines[0]!.indent)
  if (at.i < lines.length) fail(lines[at.i]!.no, 'a line outside the top-level block')
  return value
}

function fail(no: number, what: string): never {
  throw new SyntaxError(`YAML line ${no}: ${what} (not read: this reader takes a subset of YAML)`)
}

/** The line without its comment (a `#` at the start or after a space, outside quotes). */
function stripComment(raw: string, no: number): string {
  let quote: string | undefined
  for (let k = 0; k < raw.length; k++) {
    const c = raw[k]!
    if (quote !== undefined) {
      if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") quote = c
    else if (c === '#' && (k === 0 || raw[k - 1] === ' ')) return raw.slice(0, k)
  }
  if (quote !== undefined) fail(no, 'an unterminated quoted string')
  return raw
}

function block(lines: Line[], at: { i: number }, indent: number): YamlValue {
  const first = lines[at.i]!
  if (first.text === '-' || first.text.startsWith('- ')) {
    const items: YamlValue[] = []
    // A key at the same indentation ends a sequence that sits at its own key's indentation.
    while (at.i < lines.length && lines[at.i]!.indent === indent) {
      const line = lines[at.i]!
      if (!line.text.startsWith('- ')) break
      items.push(scalarOrFlow(line.text.slice(2).trim(), line.no))
      at.i++
    }
    return items
  }
  const map: { [key: string]: YamlValue } = {}
  while (at.i < lines.length && lines[at.i]!.indent === indent) {
    const line = lines[at.i]!
    const m = /^([A-Za-z0-9_.-]+|"[^"]*"|'[^']*'):(?: (.*))?$/.exec(line.text)
    if (!m) fail(line.no, `${JSON.stringify(line.text)} (not "key: value")`)
    const key = unquote(m[1]!)
    if (Object.hasOwn(map, key)) fail(line.no, `the duplicate key ${JSON.stringify(key)}`)
    at.i++
    if (m[2] !== undefined && m[2].trim() !== '') {
      map[key] = scalarOrFlow(m[2].trim(), line.no)
      continue
    }
    const next = lines[at.i]
    // A nested block is indented deeper, except a sequence, which may sit at its key's indentation.
    const nested =
      next !== undefined &&
      (next.indent > indent || (next.indent === indent && next.text.startsWith('- ')))
    if (!nested) fail(line.no, `the empty value of ${JSON.stringify(key)}`)
    map[key] = block(lines, at, next.indent)
  }
  if (at.i < lines.length && lines[at.i]!.indent > indent)
    fail(lines[at.i]!.no, 'an indentation deeper than its block')
  return map
}

function scalarOrFlow(text: string, no: number): YamlValue {
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) fail(no, 'a flow sequence that does not end on its line')
    const inner = text.slice(1, -1).trim()
    if (inner === '') return []
    return inner.split(',').map((item) => scalar(item.trim(), no))
  }
  return scalar(text, no)
}

function scalar(text: string, no: number): string {
  if (text === '') fail(no, 'an empty item')
  if (/^["']/.test(text)) {
    if (text.length < 2 || text.at(-1) !== text[0]) fail(no, 'text after a quoted string')
    return unquote(text)
  }
  if (/^[&*!|>{[\]@`%]/.test(text) || text.includes(': ')) fail(no, `the scalar ${text}`)
  return text
}

function unquote(s: string): string {
  if (s.startsWith('"')) return JSON.parse(s) as string
  if (s.startsWith("'")) return s.slice(1, -1).replaceAll("''", "'")
  return s
}
