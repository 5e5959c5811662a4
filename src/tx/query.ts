import { GrpcCode, StatusError } from '../errors.js'
import { DATE_LAYOUT, type GoTime, isDigit, parseGoTime, RFC3339 } from './go-time.js'
/**
 * CometBFT's event query language (v0.38 `libs/pubsub/query/syntax`), as `tx_search` and GetTxsEvent
 * take it: `message.sender='sdk1…' AND tx.height>=5`. Conditions are `tag op operand` with op one of
 * `=`, `<`, `<=`, `>`, `>=`, `CONTAINS`, or `tag EXISTS`; operands are 'strings', numbers,
 * `DATE 2024-01-02` or `TIME 2024-01-02T03:04:05Z`; conditions are joined by `AND`. A query that does
 * not parse fails with CometBFT's own text (`offset 9: got string, wanted …`), which tx_search returns
 * as is.
 */

export type QueryOp = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS'

/** An operand: a string, a number, or a DATE / TIME (`value` in Unix ms), with its text as written. */
export type QueryOperand =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number; text: string }
  | { kind: 'date' | 'time'; value: number; text: string }

export interface QueryCondition {
  key: string
  op: QueryOp
  /** Undefined for EXISTS. */
  operand?: QueryOperand
}

/** A query that does not parse; the message is CometBFT's. */
export class QuerySyntaxError extends StatusError {
  override readonly name: string = 'QuerySyntaxError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

type Token =
  | 'invalid'
  | 'tag'
  | 'string'
  | 'number'
  | 'time'
  | 'date'
  | 'and'
  | 'contains'
  | 'exists'
  | '='
  | '<'
  | '<='
  | '>'
  | '>='

/** CometBFT's token names, as its messages print them. */
const TOKEN_NAME: Record<Token, string> = {
  invalid: 'invalid token',
  tag: 'tag',
  string: 'string',
  number: 'number',
  time: 'timestamp',
  date: 'datestamp',
  and: 'AND operator',
  contains: 'CONTAINS operator',
  exists: 'EXISTS operator',
  '=': '= operator',
  '<': '< operator',
  '<=': '<= operator',
  '>': '> operator',
  '>=': '>= operator',
}

/** The scanner's end of input (Go's io.EOF). */
const EOF = 'EOF'

/** Go's unicode.IsSpace. */
const isSpace = (ch: string) => /^[\t\n\v\f\r \u0085\u00a0\p{Z}]$/u.test(ch)
const isFirstTagRune = (ch: string) => ch === '_' || /^[\p{L}\p{Nd}]$/u.test(ch)
const isTagRune = (ch: string) =>
  ch === '.' || ch === '_' || ch === '-' || /^[\p{L}\p{Nd}]$/u.test(ch)
const isTimeRune = (ch: string) => '-T:+Z'.includes(ch) || isDigit(ch)
const isDateRune = (ch: string) => isDigit(ch) || ch === '-'

/** CometBFT's scanner: one token per `next()`, offsets in bytes of the UTF-8 input. */
class Scanner {
  private readonly chars: string[]
  private i = 0
  /** Byte offset after the last rune read. */
  private end = 0
  /** Byte length of the last rune read (0 at the end of input). */
  private last = 0
  /** Start offset of the current token. */
  pos = 0
  tok: Token = 'invalid'
  text = ''

  constructor(input: string) {
    this.chars = [...input]
  }

  /** Advances to the next token; an error text (EOF at the end of input) or undefined. */
  next(): string | undefined {
    this.text = ''
    this.pos = this.end
    this.tok = 'invalid'
    for (;;) {
      const ch = this.rune()
      if (ch === undefined) return EOF
      if (isSpace(ch)) {
        this.pos = this.end
        continue
      }
      if (isDigit(ch)) return this.scanNumber(ch)
      if (isFirstTagRune(ch)) return this.scanTagLike(ch)
      if (ch === "'") return this.scanString(ch)
      if (ch === '<' || ch === '>' || ch === '=') return this.scanCompare(ch)
      return `invalid input ${ch} at offset ${this.end}`
    }
  }

  private rune(): string | undefined {
    const ch = this.chars[this.i]
    if (ch === undefined) {
      this.last = 0
      return undefined
    }
    this.i++
    this.last = Buffer.byteLength(ch, 'utf8')
    this.end += this.last
    return ch
  }

  private unrune(): void {
    if (this.last === 0) return
    this.i--
    this.end -= this.last
    this.last = 0
  }

  private scanWhile(ok: (ch: string) => boolean): void {
    for (;;) {
      const ch = this.rune()
      if (ch === undefined) return
      if (!ok(ch)) {
        this.unrune()
        return
      }
      this.text += ch
    }
  }

  private scanNumber(first: string): undefined {
    this.text = first
    this.scanWhile(isDigit)
    const ch = this.rune()
    if (ch === '.') {
      this.text += ch
      this.scanWhile(isDigit)
    } else this.unrune()
    this.tok = 'number'
    return undefined
  }

  private scanString(quote: string): string | undefined {
    for (;;) {
      const ch = this.rune()
      if (ch === undefined) return EOF
      if (ch === quote) {
        this.tok = 'string'
        return undefined
      }
      this.text += ch
    }
  }

  private scanCompare(first: '<' | '>' | '='): undefined {
    this.text = first
    this.tok = first
    if (first === '=') return undefined
    const ch = this.rune()
    if (ch === undefined) return undefined
    if (ch === '=') {
      this.text += ch
      this.tok = first === '<' ? '<=' : '>='
    } else this.unrune()
    return undefined
  }

  private scanTagLike(first: string): string | undefined {
    this.text = first
    let hasSpace = false
    for (;;) {
      const ch = this.rune()
      if (ch === undefined) break
      if (!isTagRune(ch)) {
        hasSpace = ch === ' ' // TIME and DATE are followed by one
        break
      }
      this.text += ch
    }
    if ((this.text === 'TIME' || this.text === 'DATE') && hasSpace) return this.scanStamp(this.text)
    this.tok =
      this.text === 'AND'
        ? 'and'
        : this.text === 'EXISTS'
          ? 'exists'
          : this.text === 'CONTAINS'
            ? 'contains'
            : 'tag'
    this.unrune()
    return undefined
  }

  private scanStamp(label: 'TIME' | 'DATE'): string | undefined {
    this.text = ''
    this.scanWhile(label === 'TIME' ? isTimeRune : isDateRune)
    const parsed = parseGoTime(label === 'TIME' ? RFC3339 : DATE_LAYOUT, this.text)
    if (typeof parsed === 'string') return `invalid ${label} value: ${parsed}`
    if (parsed.year < 1900 || parsed.year > 2999) {
      return `${label === 'TIME' ? 'timestamp' : 'datestamp'} year ${parsed.year} out of range`
    }
    this.tok = label === 'TIME' ? 'time' : 'date'
    return undefined
  }
}

/** `A, B or C`, as CometBFT lists the tokens it wanted. */
function tokenList(tokens: readonly Token[]): string {
  const names = tokens.map((t) => TOKEN_NAME[t])
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

const OPERATORS: Partial<Record<Token, QueryOp>> = {
  '=': '=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  contains: 'CONTAINS',
  exists: 'EXISTS',
}

/** Parses a query into its AND-ed conditions, as CometBFT's parser does. */
export function parseEventQuery(text: string): QueryCondition[] {
  const s = new Scanner(text)
  const require = (...tokens: Token[]): void => {
    const err = s.next()
    if (err !== undefined) throw new QuerySyntaxError(`offset ${s.pos}: ${err}`)
    if (!tokens.includes(s.tok)) {
      throw new QuerySyntaxError(
        `offset ${s.pos}: got ${TOKEN_NAME[s.tok]}, wanted ${tokenList(tokens)}`,
      )
    }
  }
  const condition = (): QueryCondition => {
    require('tag')
    const key = s.text
    require('<=', '>=', '<', '>', '=', 'contains', 'exists')
    const op = OPERATORS[s.tok]!
    if (op === 'EXISTS') return { key, op }
    if (op === 'CONTAINS') require('string')
    else if (op === '=') require('number', 'time', 'date', 'string')
    else require('number', 'time', 'date')
    return { key, op, operand: operandOf(s.tok, s.text) }
  }

  const conditions = [condition()]
  // As upstream, the loop ends at any scanner EOF, an unterminated string included.
  while (s.next() !== EOF) {
    if (s.tok !== 'and') {
      // Go formats the wanted token, an untyped constant there, as its number (TAnd = 6).
      throw new QuerySyntaxError(`offset ${s.pos}: got ${TOKEN_NAME[s.tok]}, want 6`)
    }
    conditions.push(condition())
  }
  return conditions
}

function operandOf(tok: Token, text: string): QueryOperand {
  if (tok === 'string') return { kind: 'string', value: text }
  if (tok === 'number') return { kind: 'number', value: Number(text), text }
  const kind = tok === 'time' ? 'time' : 'date'
  const parsed = parseGoTime(kind === 'time' ? RFC3339 : DATE_LAYOUT, text) as GoTime
  return { kind, value: parsed.ms, text }
}

/**
 * Whether an attribute value satisfies a condition, as CometBFT's kv indexer decides: `=` is an exact
 * match of the text (even for a number), `CONTAINS` a substring, `EXISTS` anything; a range needs a
 * number operand and a value that is a number as a whole (`100stake` is not). DATE and TIME ranges
 * match nothing.
 */
export function matchesCondition(c: QueryCondition, value: string): boolean {
  const o = c.operand
  if (c.op === 'EXISTS' || !o) return true
  if (c.op === 'CONTAINS') return o.kind === 'string' && value.includes(o.value)
  if (c.op === '=') return value === (o.kind === 'string' ? o.value : o.text)
  const v = kvNumber(value)
  if (o.kind !== 'number' || v === undefined) return false
  switch (c.op) {
    case '<':
      return v < o.value
    case '<=':
      return v <= o.value
    case '>':
      return v > o.value
    default:
      return v >= o.value
  }
}

/** A value Go's big.Int / big.Float parse as a whole in base 10. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** An attribute value as the kv indexers read it for a range: a number as a whole, or undefined. */
export function kvNumber(value: string): number | undefined {
  return DECIMAL.test(value) ? Number(value) : undefined
}

/** The operand's text as CometBFT's `Arg.Value()` gives it (empty for EXISTS). */
export function operandText(c: QueryCondition): string {
  const o = c.operand
  if (!o) return ''
  return o.kind === 'string' ? o.value : o.text
}
