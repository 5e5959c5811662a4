import { UserError } from '../errors.js'
import { parseGoDuration } from './duration.js'
/**
 * Typed reads of parsed TOML/JSON with errors that name the file, the field and the problem:
 * `config/app.toml: api.address: expected a string, got 5`.
 */
export class ConfigError extends UserError {
  override readonly name: string = 'ConfigError'

  constructor(
    readonly file: string,
    readonly field: string,
    problem: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`)
  }
}

type Table = Record<string, unknown>

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'object') return 'a table'
  return JSON.stringify(v)
}

/** A reader over one parsed file. */
export class FieldReader {
  constructor(
    readonly file: string,
    private readonly data: Table,
  ) {}

  private lookup(path: string): unknown {
    let cur: unknown = this.data
    for (const part of path.split('.')) {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined
      cur = (cur as Table)[part]
    }
    return cur
  }

  fail(field: string, problem: string): never {
    throw new ConfigError(this.file, field, problem)
  }

  has(path: string): boolean {
    return this.lookup(path) !== undefined
  }

  string(path: string, fallback: string): string {
    const v = this.lookup(path)
    if (v === undefined) return fallback
    if (typeof v !== 'string') this.fail(path, `expected a string, got ${describe(v)}`)
    return v
  }

  /** A non-negative Go duration (`"500ms"`, `"168h0m0s"`): its text and its milliseconds. */
  duration(path: string, fallback: string): { text: string; ms: number } {
    const text = this.string(path, fallback)
    let ms: number
    try {
      ms = parseGoDuration(text)
    } catch (err) {
      return this.fail(path, (err as Error).message)
    }
    if (ms < 0) this.fail(path, 'must not be negative')
    return { text, ms }
  }

  bool(path: string, fallback: boolean): boolean {
    const v = this.lookup(path)
    if (v === undefined) return fallback
    if (typeof v !== 'boolean') this.fail(path, `expected true or false, got ${describe(v)}`)
    return v
  }

  /** A non-negative integer given as a number (or, where upstream quotes it, a decimal string). */
  uint(path: string, fallback: number, { quoted = false }: { quoted?: boolean } = {}): number {
    const v = this.lookup(path)
    if (v === undefined) return fallback
    if (typeof v === 'number' || typeof v === 'bigint') {
      const n = Number(v)
      if (!Number.isSafeInteger(n) || n < 0)
        this.fail(path, `expected a non-negative integer, got ${describe(n)}`)
      return n
    }
    if (quoted && typeof v === 'string') {
      if (!/^\d+$/.test(v)) this.fail(path, `expected a non-negative integer, got ${describe(v)}`)
      const n = Number(v)
      if (!Number.isSafeInteger(n)) this.fail(path, `value out of range: ${v}`)
      return n
    }
    return this.fail(path, `expected a non-negative integer, got ${describe(v)}`)
  }

  /** An integer, negative ones too, given as a number. */
  int(path: string, fallback: number): number {
    const v = this.lookup(path)
    if (v === undefined) return fallback
    const n = typeof v === 'number' || typeof v === 'bigint' ? Number(v) : Number.NaN
    if (!Number.isSafeInteger(n)) this.fail(path, `expected an integer, got ${describe(v)}`)
    return n
  }

  /** A non-negative integer, or the string `word` (e.g. `"auto"`). */
  uintOr<W extends string>(path: string, word: W, fallback: number | W): number | W {
    const v = this.lookup(path)
    if (v === word) return word
    if (typeof v === 'string')
      this.fail(
        path,
        `expected a non-negative integer or ${JSON.stringify(word)}, got ${describe(v)}`,
      )
    return v === undefined ? fallback : this.uint(path, 0)
  }

  /** One of the strings `values`. */
  oneOf<T extends string>(path: string, values: readonly T[], fallback: T): T {
    const v = this.string(path, fallback)
    if (!(values as readonly string[]).includes(v))
      this.fail(
        path,
        `expected ${values.map((x) => JSON.stringify(x)).join(' or ')}, got ${describe(v)}`,
      )
    return v as T
  }

  stringArray(path: string, fallback: string[]): string[] {
    const v = this.lookup(path)
    if (v === undefined) return fallback
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.fail(path, `expected an array of strings, got ${describe(v)}`)
    }
    return v as string[]
  }

  table(path: string): Table {
    const v = this.lookup(path)
    if (v === undefined) return {}
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      this.fail(path, `expected a table, got ${describe(v)}`)
    return v as Table
  }
}
