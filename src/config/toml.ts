import { createRequire } from 'node:module'
import { ConfigError } from './fields.js'

// smol-toml's single-file CommonJS build: its ES module build is nine modules, and every client
// command reads client.toml (loading each ES module costs more than the parse).
const { parse } = createRequire(import.meta.url)('smol-toml') as typeof import('smol-toml')

/**
 * Parses a TOML file's text; a syntax error names the file, the line and the column:
 * `config/app.toml: invalid TOML at line 12, column 9: invalid value`.
 */
export function parseTomlFile(label: string, text: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>
  } catch (err) {
    const e = err as Error & { line?: number; column?: number }
    const problem = e.message
      .split('\n')[0]!
      .replace(/^Invalid TOML document: /, '')
      .trim()
    const open = e.line !== undefined ? unterminatedString(text, e.line, problem) : undefined
    if (open) {
      throw new ConfigError(
        label,
        '',
        `invalid TOML at line ${e.line}, column ${open.column}: the string starting here is not terminated (its closing ${open.quote} is missing before the end of the ${open.multiline ? 'file' : 'line'})`,
      )
    }
    const where = e.line !== undefined ? ` at line ${e.line}, column ${e.column ?? 0}` : ''
    throw new ConfigError(label, '', `invalid TOML${where}: ${problem}`)
  }
}

interface OpenString {
  /** 1-based column of the opening quote. */
  column: number
  quote: string
  multiline: boolean
}

/**
 * The string left open on the error's line, if that is what the parser tripped on: the parser
 * reports a single-line string that runs into the line's end as a control character in a string
 * (the newline), and one that runs into the file's end as an unfinished string — neither says
 * which quote is missing, which is what the user has to fix.
 */
function unterminatedString(text: string, line: number, problem: string): OpenString | undefined {
  if (
    problem !== 'unfinished string' &&
    problem !== 'control characters are not allowed in strings'
  )
    return undefined
  const row = text.split(/\r?\n/)[line - 1]
  if (row === undefined) return undefined
  let open: OpenString | undefined
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!
    if (open === undefined) {
      if (c === '#') break
      if (c === '"' || c === "'") {
        const triple = row.startsWith(c.repeat(3), i)
        open = { column: i + 1, quote: triple ? c.repeat(3) : c, multiline: triple }
        if (triple) i += 2
      }
    } else if (c === '\\' && open.quote === '"') i++
    else if (row.startsWith(open.quote, i)) {
      i += open.quote.length - 1
      open = undefined
    }
  }
  // A control character inside a string that does close on the line (e.g. a raw \x01) is reported
  // as the parser says.
  return open
}
