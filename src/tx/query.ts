/**
 * CometBFT's event query language, as `tx_search` and GetTxsEvent take it:
 * `message.sender='sdk1…' AND tx.height>=5`. Conditions are `key op operand` with op one of
 * `=`, `<`, `<=`, `>`, `>=`, `CONTAINS`, or `key EXISTS`; operands are 'strings', numbers,
 * `DATE 2024-01-02` or `TIME 2024-01-02T03:04:05Z`; conditions are joined by `AND`.
 */

export type QueryOp = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS'

export interface QueryCondition {
  key: string
  op: QueryOp
  /** Undefined for EXISTS. */
  operand?: { kind: 'string'; value: string } | { kind: 'number'; value: number; text: string }
}

/** A query that does not parse; the message says where and why. */
export class QuerySyntaxError extends Error {
  override readonly name = 'QuerySyntaxError'
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.\-/]*/
const NUMBER = /^-?\d+(?:\.\d+)?/

/** Parses a query into its AND-ed conditions. */
export function parseEventQuery(text: string): QueryCondition[] {
  const conditions: QueryCondition[] = []
  let pos = 0
  const rest = () => text.slice(pos)
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++
  }
  const fail = (what: string): never => {
    throw new QuerySyntaxError(`${what} at position ${pos + 1} of query ${JSON.stringify(text)}`)
  }
  skip()
  if (pos >= text.length) fail('empty query')
  for (;;) {
    skip()
    const k = KEY.exec(rest())
    if (!k) fail('expected an event key such as message.sender')
    const key = k![0]
    pos += key.length
    skip()
    let op: QueryOp | undefined
    for (const candidate of ['<=', '>=', '=', '<', '>', 'CONTAINS', 'EXISTS'] as const) {
      if (rest().startsWith(candidate)) {
        op = candidate
        pos += candidate.length
        break
      }
    }
    if (!op) fail('expected an operator (=, <, <=, >, >=, CONTAINS, EXISTS)')
    const cond: QueryCondition = { key, op: op! }
    if (op !== 'EXISTS') {
      skip()
      cond.operand = parseOperand()
      if (op === 'CONTAINS' && cond.operand.kind !== 'string')
        fail('CONTAINS needs a quoted string')
    }
    conditions.push(cond)
    skip()
    if (pos >= text.length) return conditions
    if (!rest().startsWith('AND')) fail('expected AND')
    pos += 3
  }

  function parseOperand(): NonNullable<QueryCondition['operand']> {
    if (text[pos] === "'") {
      const end = text.indexOf("'", pos + 1)
      if (end < 0) fail('unterminated string')
      const value = text.slice(pos + 1, end)
      pos = end + 1
      return { kind: 'string', value }
    }
    for (const [word, re] of [
      ['DATE', /^\d{4}-\d{2}-\d{2}/],
      ['TIME', /^\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2})/],
    ] as const) {
      if (rest().startsWith(word)) {
        pos += word.length
        skip()
        const m = re.exec(rest())
        if (!m) fail(`invalid ${word}`)
        pos += m![0].length
        const ms = Date.parse(word === 'DATE' ? `${m![0]}T00:00:00Z` : m![0])
        if (Number.isNaN(ms)) fail(`invalid ${word}`)
        return { kind: 'number', value: ms, text: m![0] }
      }
    }
    const n = NUMBER.exec(rest())
    if (!n) fail('expected a quoted string, a number, DATE or TIME')
    pos += n![0].length
    return { kind: 'number', value: Number(n![0]), text: n![0] }
  }
}

/** Whether an attribute value satisfies a condition (numbers compare numerically). */
export function matchesCondition(c: QueryCondition, value: string): boolean {
  if (c.op === 'EXISTS' || !c.operand) return true
  if (c.op === 'CONTAINS') return value.includes(c.operand.kind === 'string' ? c.operand.value : '')
  if (c.operand.kind === 'string') {
    if (c.op === '=') return value === c.operand.value
    return compare(value, c.operand.value, c.op)
  }
  const v = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number(value)
  if (Number.isNaN(v)) return false
  return compare(v, c.operand.value, c.op)
}

function compare<T extends number | string>(a: T, b: T, op: QueryOp): boolean {
  switch (op) {
    case '=':
      return a === b
    case '<':
      return a < b
    case '<=':
      return a <= b
    case '>':
      return a > b
    case '>=':
      return a >= b
    default:
      return false
  }
}
