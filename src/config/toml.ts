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
    const where = e.line !== undefined ? ` at line ${e.line}, column ${e.column ?? 0}` : ''
    throw new ConfigError(label, '', `invalid TOML${where}: ${problem}`)
  }
}
