import { describe, expect, test } from 'vitest'
import { matchesCondition, parseEventQuery, type QueryCondition } from './query.js'

/**
 * The tx_search query language (docs/endpoints.md, "Searches": CometBFT's query language). The
 * grammar and the error texts are CometBFT v0.38's (reference: cometbft-rpc-websocket-metrics.md §4.1,
 * §2.2); DATE and TIME errors carry Go's time.Parse texts.
 */

const parseError = (query: string): string => {
  try {
    parseEventQuery(query)
  } catch (err) {
    return (err as Error).message
  }
  throw new Error(`${JSON.stringify(query)} parsed`)
}

describe('parseEventQuery: valid queries', () => {
  test('behavior: the docs example: conditions joined by AND, a string and a number', () => {
    expect(parseEventQuery("message.sender='sdk1abc' AND tx.height>=5")).toEqual([
      { key: 'message.sender', op: '=', operand: { kind: 'string', value: 'sdk1abc' } },
      { key: 'tx.height', op: '>=', operand: { kind: 'number', value: 5, text: '5' } },
    ])
  })

  test.each([
    ['a.b=5', { key: 'a.b', op: '=', operand: { kind: 'number', value: 5, text: '5' } }],
    ['a.b<1', { key: 'a.b', op: '<', operand: { kind: 'number', value: 1, text: '1' } }],
    ['a.b<=2.5', { key: 'a.b', op: '<=', operand: { kind: 'number', value: 2.5, text: '2.5' } }],
    ['a.b>3', { key: 'a.b', op: '>', operand: { kind: 'number', value: 3, text: '3' } }],
    ['a.b>=4', { key: 'a.b', op: '>=', operand: { kind: 'number', value: 4, text: '4' } }],
    [
      "transfer.recipient CONTAINS 'sdk1 x'",
      { key: 'transfer.recipient', op: 'CONTAINS', operand: { kind: 'string', value: 'sdk1 x' } },
    ],
    ['transfer.amount EXISTS', { key: 'transfer.amount', op: 'EXISTS' }],
    ['transfer EXISTS', { key: 'transfer', op: 'EXISTS' }],
    [
      "tm.events.name = ''",
      { key: 'tm.events.name', op: '=', operand: { kind: 'string', value: '' } },
    ],
    [
      'cosm-wasm.transfer_amount=100',
      {
        key: 'cosm-wasm.transfer_amount',
        op: '=',
        operand: { kind: 'number', value: 100, text: '100' },
      },
    ],
    [
      'tx.date > DATE 2013-05-03',
      {
        key: 'tx.date',
        op: '>',
        operand: { kind: 'date', value: Date.UTC(2013, 4, 3), text: '2013-05-03' },
      },
    ],
    [
      'tx.date = DATE 2024-02-29',
      {
        key: 'tx.date',
        op: '=',
        operand: { kind: 'date', value: Date.UTC(2024, 1, 29), text: '2024-02-29' },
      },
    ],
    [
      'tx.time<=TIME 2024-01-02T03:04:05Z',
      {
        key: 'tx.time',
        op: '<=',
        operand: {
          kind: 'time',
          value: Date.UTC(2024, 0, 2, 3, 4, 5),
          text: '2024-01-02T03:04:05Z',
        },
      },
    ],
    [
      'tx.time > TIME 2013-05-03T14:45:00+07:00',
      {
        key: 'tx.time',
        op: '>',
        operand: {
          kind: 'time',
          value: Date.UTC(2013, 4, 3, 7, 45),
          text: '2013-05-03T14:45:00+07:00',
        },
      },
    ],
  ] as [string, QueryCondition][])('behavior: %s', (query, condition) => {
    expect(parseEventQuery(query)).toEqual([condition])
  })

  test('behavior: spaces between tokens are optional; keywords inside strings are text', () => {
    expect(parseEventQuery("a.b='AND'AND c.d>=1AND e EXISTS")).toEqual([
      { key: 'a.b', op: '=', operand: { kind: 'string', value: 'AND' } },
      { key: 'c.d', op: '>=', operand: { kind: 'number', value: 1, text: '1' } },
      { key: 'e', op: 'EXISTS' },
    ])
    expect(parseEventQuery("  tm.event = 'TIME'\t")).toEqual([
      { key: 'tm.event', op: '=', operand: { kind: 'string', value: 'TIME' } },
    ])
  })

  test('behavior: an unterminated string where AND may follow ends the query, as upstream', () => {
    expect(parseEventQuery("a.b='x' 'y")).toEqual([
      { key: 'a.b', op: '=', operand: { kind: 'string', value: 'x' } },
    ])
  })
})

describe('parseEventQuery: malformed queries get CometBFT’s messages', () => {
  test.each([
    // the two the reference quotes
    ['', 'offset 0: EOF'],
    [
      "tx.height'5'",
      'offset 9: got string, wanted <= operator, >= operator, < operator, > operator, = operator, CONTAINS operator or EXISTS operator',
    ],
    ['   ', 'offset 3: EOF'],
    ['tx.height=', 'offset 10: EOF'],
    ["a.b='x", 'offset 4: EOF'],
    ["a.b='x' AND", 'offset 11: EOF'],
    ["a.b='x' AND c.d='y", 'offset 16: EOF'],
    ["'x'", 'offset 0: got string, wanted tag'],
    ['=', 'offset 0: got = operator, wanted tag'],
    ["AND a.b='x'", 'offset 0: got AND operator, wanted tag'],
    ['a.b=NewBlock', 'offset 4: got tag, wanted number, timestamp, datestamp or string'],
    ["tx.height>'5'", 'offset 10: got string, wanted number, timestamp or datestamp'],
    ['a.b>>=4', 'offset 4: got >= operator, wanted number, timestamp or datestamp'],
    ['a.b CONTAINS 5', 'offset 13: got number, wanted string'],
    ['a.b EXISTS 5', 'offset 11: got number, want 6'],
    ["a.b='x' c.d=1", 'offset 8: got tag, want 6'],
    ["a.b='x' and c.d=1", 'offset 8: got tag, want 6'],
    ['a.b = 33.22.1', 'offset 11: got invalid token, want 6'],
    ['a.b=1 ~', 'offset 6: got invalid token, want 6'],
    ['~', 'offset 0: invalid input ~ at offset 1'],
    ['account.balance >= -300', 'offset 19: invalid input - at offset 20'],
    ['é.b=1 ~', 'offset 7: got invalid token, want 6'],
    ['a.b<=DATE2013-05-03', 'offset 5: got tag, wanted number, timestamp or datestamp'],
    ['a.b>=DAT 2013-05-03', 'offset 5: got tag, wanted number, timestamp or datestamp'],
  ])('error: %j → %s', (query, message) => {
    expect(parseError(query)).toBe(message)
  })

  test.each([
    ['DATE 2013-31-03', 'invalid DATE value: parsing time "2013-31-03": month out of range'],
    ['DATE 2013-01-83', 'invalid DATE value: parsing time "2013-01-83": day out of range'],
    ['DATE 2023-02-29', 'invalid DATE value: parsing time "2023-02-29": day out of range'],
    ['DATE 0013-01-03', 'datestamp year 13 out of range'],
    [
      'DATE 20130503',
      'invalid DATE value: parsing time "20130503" as "2006-01-02": cannot parse "0503" as "-"',
    ],
    [
      'DATE 2013-5-03',
      'invalid DATE value: parsing time "2013-5-03" as "2006-01-02": cannot parse "5-03" as "01"',
    ],
    [
      'DATE -05-03',
      'invalid DATE value: parsing time "-05-03" as "2006-01-02": cannot parse "-05-03" as "2006"',
    ],
    ['DATE 2013-05-03-', 'invalid DATE value: parsing time "2013-05-03-": extra text: "-"'],
    [
      'TIME 2013-05-03T14:45:00',
      'invalid TIME value: parsing time "2013-05-03T14:45:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
    ],
    [
      // no fraction: the scanner stops at the dot
      'TIME 2013-05-03T14:45:00.5Z',
      'invalid TIME value: parsing time "2013-05-03T14:45:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
    ],
    [
      'TIME 2021-01-01T34:56:08Z',
      'invalid TIME value: parsing time "2021-01-01T34:56:08Z": hour out of range',
    ],
    [
      'TIME 2021-01-01T14:56:78Z',
      'invalid TIME value: parsing time "2021-01-01T14:56:78Z": second out of range',
    ],
    [
      'TIME 2021-01-99T14:56:11+3',
      'invalid TIME value: parsing time "2021-01-99T14:56:11+3" as "2006-01-02T15:04:05Z07:00": cannot parse "+3" as "Z07:00"',
    ],
    ['TIME 3100-01-01T00:00:00Z', 'timestamp year 3100 out of range'],
  ])('error: a.b>=%s → offset 5: %s', (operand, message) => {
    expect(parseError(`a.b>=${operand}`)).toBe(`offset 5: ${message}`)
  })
})

describe('matchesCondition: the kv indexer’s matching', () => {
  test.each([
    ['a.b=100', '100', true],
    ['a.b=100', '100.0', false], // `=` is an exact match of the text, even for a number
    ['a.b>=100', '100', true],
    ['a.b>=100', '250.5', true],
    ['a.b>=100', '99', false],
    ['a.b>=100', '100stake', false], // a range needs the whole value to be a number
    ['a.b>=100', '', false],
    ["a.b CONTAINS 'stake'", '100stake', true],
    ["a.b CONTAINS 'stake'", '100token', false],
    ['a.b EXISTS', '', true],
    ['a.b<DATE 2030-01-01', '0', false], // DATE and TIME ranges match nothing
    ['a.b<DATE 2030-01-01', '2024-01-01', false],
    ['a.b>TIME 2020-01-01T00:00:00Z', '2024-01-01T00:00:00Z', false],
    ['a.b=DATE 2030-01-01', '2030-01-01', true],
  ] as const)('behavior: %s on %j → %s', (query, value, expected) => {
    expect(matchesCondition(parseEventQuery(query)[0]!, value)).toBe(expected)
  })
})
