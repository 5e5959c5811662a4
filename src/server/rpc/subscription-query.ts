import { parseRfc3339 } from '../../codec/time.js'
import { parseEventQuery, type QueryCondition } from '../../tx/query.js'

/**
 * Event queries as CometBFT's pubsub matches them for websocket subscriptions (v0.38
 * `libs/pubsub/query`): the same language as tx_search (parsed by `parseEventQuery`), matched against
 * an event's flattened map (`transfer.recipient` → every value), where a number compares by its
 * leading digits (`100stake` counts as 100) and a bare event type matches `EXISTS`.
 */

/** An event's flattened attributes: `<type>.<key>` → its values in order (`tm.event` included). */
export type EventMap = ReadonlyMap<string, readonly string[]>

/** A parsed subscription query. */
export interface SubscriptionQuery {
  /** The normalized text (`tag op arg` joined by ` AND `): what identifies a subscription. */
  readonly text: string
  /** Whether an event with this map satisfies every condition (an empty map never does). */
  matches(events: EventMap): boolean
}

/** Parses a query (throws QuerySyntaxError with CometBFT's text). */
export function compileSubscriptionQuery(query: string): SubscriptionQuery {
  const conditions = parseEventQuery(query)
  const matchers = conditions.map((c) => ({ tag: c.key, match: valueMatcher(c) }))
  return {
    text: conditions.map(conditionText).join(' AND '),
    matches(events) {
      if (events.size === 0) return false
      return matchers.every(({ tag, match }) => {
        for (const [composite, values] of events) {
          if (composite === tag && values.some(match)) return true
          // A tag naming an event type itself is matched against '' (so `transfer EXISTS` works).
          if (eventTypeOf(composite) === tag && match('')) return true
        }
        return false
      })
    },
  }
}

/** A condition as CometBFT prints it (`tm.event = 'Tx'`, `tx.height > 5`, `a.b EXISTS`). */
function conditionText(c: QueryCondition): string {
  const o = c.operand
  if (!o) return `${c.key} ${c.op}`
  const arg =
    o.kind === 'string'
      ? `'${o.value}'`
      : o.kind === 'number'
        ? o.text
        : `${o.kind === 'time' ? 'TIME' : 'DATE'} ${o.text}`
  return `${c.key} ${c.op} ${arg}`
}

/** The event type of a composite key: everything before its last dot. */
function eventTypeOf(composite: string): string {
  const dot = composite.lastIndexOf('.')
  return dot < 0 ? '' : composite.slice(0, dot)
}

/** The test one condition applies to each value. */
function valueMatcher(c: QueryCondition): (value: string) => boolean {
  const o = c.operand
  if (c.op === 'EXISTS' || !o) return () => true
  if (o.kind === 'string') {
    const arg = o.value
    return c.op === 'CONTAINS' ? (v) => v.includes(arg) : (v) => v === arg
  }
  const order = (cmp: number) =>
    c.op === '='
      ? cmp === 0
      : c.op === '<'
        ? cmp < 0
        : c.op === '<='
          ? cmp <= 0
          : c.op === '>'
            ? cmp > 0
            : cmp >= 0
  if (o.kind === 'number') {
    const arg = o.text
    return (v) => {
      const n = LEADING_NUMBER.exec(v)
      return n !== null && order(compareDecimals(n[0], arg))
    }
  }
  const arg = BigInt(o.value) * 1_000_000n
  const parse = o.kind === 'date' ? parseDateValue : parseTimeValue
  return (v) => {
    const t = parse(v)
    return t !== undefined && order(t < arg ? -1 : t > arg ? 1 : 0)
  }
}

/** CometBFT reads a value's leading digits as its number (`100stake` → 100; `-5` is none). */
const LEADING_NUMBER = /^\d+(\.\d+)?/

/** Compares two unsigned decimals (`12`, `0.50`, `5.`) exactly. */
function compareDecimals(a: string, b: string): number {
  const split = (s: string): [string, string] => {
    const [int = '', frac = ''] = s.split('.')
    return [int.replace(/^0+/, ''), frac.replace(/0+$/, '')]
  }
  const [ai, af] = split(a)
  const [bi, bf] = split(b)
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1
  if (ai !== bi) return ai < bi ? -1 : 1
  const width = Math.max(af.length, bf.length)
  const x = af.padEnd(width, '0')
  const y = bf.padEnd(width, '0')
  return x === y ? 0 : x < y ? -1 : 1
}

/** A `YYYY-MM-DD` value as a time (ns), or undefined. */
function parseDateValue(v: string): bigint | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseTimeValue(`${v}T00:00:00Z`) : undefined
}

/** An RFC 3339 value as a time (ns), or undefined. */
function parseTimeValue(v: string): bigint | undefined {
  try {
    return parseRfc3339(v)
  } catch {
    return undefined
  }
}
