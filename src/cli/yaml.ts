/**
 * JSON → YAML as the upstream CLI's text output prints it (JSONToYAML over go-yaml v2): keys sorted,
 * lists under a key not indented, strings that would read back as another type double-quoted,
 * strings YAML syntax forbids plain single-quoted.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const RESERVED = new Set(
  'y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF ~ null Null NULL .inf .Inf .INF -.inf -.Inf -.INF +.inf .nan .NaN .NAN'.split(
    ' ',
  ),
)
const INT = /^[-+]?(0|[1-9][0-9_]*|0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]+)$/
const FLOAT = /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/
const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ]|$)/

/** A scalar string in go-yaml v2's style. */
export function yamlString(s: string): string {
  if (s === '' || /[\x00-\x1f\x7f]/.test(s)) return JSON.stringify(s)
  if (RESERVED.has(s) || INT.test(s) || FLOAT.test(s) || TIMESTAMP.test(s)) return JSON.stringify(s)
  const plainForbidden =
    /^[-?:,[\]{}#&*!|>'"%@`\s]/.test(s) ||
    /\s$/.test(s) ||
    s.includes(': ') ||
    s.includes(' #') ||
    s.endsWith(':')
  return plainForbidden ? `'${s.replaceAll("'", "''")}'` : s
}

function scalar(v: Json): string | undefined {
  if (v === null) return 'null'
  if (typeof v === 'boolean' || typeof v === 'number') return String(v)
  if (typeof v === 'string') return yamlString(v)
  if (Array.isArray(v) && v.length === 0) return '[]'
  if (!Array.isArray(v) && Object.keys(v).length === 0) return '{}'
  return undefined
}

function lines(v: Json, indent: string): string[] {
  if (Array.isArray(v)) {
    const out: string[] = []
    for (const item of v) {
      const s = scalar(item)
      if (s !== undefined) {
        out.push(`${indent}- ${s}`)
        continue
      }
      const inner = lines(item, `${indent}  `)
      out.push(`${indent}- ${inner[0]!.slice(indent.length + 2)}`, ...inner.slice(1))
    }
    return out
  }
  const out: string[] = []
  const o = v as { [key: string]: Json }
  for (const key of Object.keys(o).sort()) {
    const value = o[key]!
    const s = scalar(value)
    if (s !== undefined) out.push(`${indent}${yamlString(key)}: ${s}`)
    else if (Array.isArray(value)) out.push(`${indent}${yamlString(key)}:`, ...lines(value, indent))
    else out.push(`${indent}${yamlString(key)}:`, ...lines(value, `${indent}  `))
  }
  return out
}

/** The YAML text of a JSON value, ending with a newline. */
export function toYaml(value: unknown): string {
  const v = value as Json
  const s = scalar(v)
  return `${s ?? lines(v, '').join('\n')}\n`
}
