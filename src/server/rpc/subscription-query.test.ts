import { describe, expect, test } from 'vitest'
import { compileSubscriptionQuery, type EventMap } from './subscription-query.js'

/**
 * Subscription matching as CometBFT's pubsub does it (reference: cometbft-rpc-websocket-metrics.md
 * §3.2 identity, §4.2 matching in subscriptions), which differs from tx_search's on purpose.
 */

const events = (entries: Record<string, string[]>): EventMap => new Map(Object.entries(entries))

const txEvent = events({
  'tm.event': ['Tx'],
  'tx.hash': ['9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08'],
  'tx.height': ['43'],
  'message.sender': ['sdk1alice'],
  'transfer.recipient': ['sdk1bob', 'sdk1carol'],
  'transfer.amount': ['100stake', '7token'],
  'proposal.time': ['2024-05-01T12:00:00.5Z'],
  'proposal.date': ['2024-05-01'],
})

const matches = (query: string, map: EventMap = txEvent) =>
  compileSubscriptionQuery(query).matches(map)

describe('compileSubscriptionQuery: identity', () => {
  test.each([
    ["tm.event='Tx'", "tm.event = 'Tx'"],
    ["tm.event = 'Tx'  AND tx.height>5", "tm.event = 'Tx' AND tx.height > 5"],
    ['a.b EXISTS', 'a.b EXISTS'],
    ["a.b CONTAINS 'x'", "a.b CONTAINS 'x'"],
    ['a.b>=2.50', 'a.b >= 2.50'],
    ['a.b<DATE 2024-01-02', 'a.b < DATE 2024-01-02'],
    ['a.b=TIME 2024-01-02T03:04:05Z', 'a.b = TIME 2024-01-02T03:04:05Z'],
  ])('behavior: %j is held as %j (conditions re-printed `tag op arg`)', (query, text) => {
    expect(compileSubscriptionQuery(query).text).toBe(text)
  })

  test('error: a query that does not parse throws the parser text', () => {
    expect(() => compileSubscriptionQuery('')).toThrow('offset 0: EOF')
  })
})

describe('compileSubscriptionQuery: matching', () => {
  test.each([
    ["tm.event='Tx'", true],
    ["tm.event='NewBlock'", false],
    ["tm.event='Tx' AND message.sender='sdk1alice'", true],
    ["tm.event='Tx' AND message.sender='sdk1bob'", false],
    // Any value of a key may satisfy a condition.
    ["transfer.recipient='sdk1carol'", true],
    ["transfer.recipient CONTAINS 'caro'", true],
    ['tx.height>42', true],
    ['tx.height>43', false],
    ['tx.height>=43 AND tx.height<=43', true],
    ['tx.height=43', true],
    ['tx.height=43.0', true],
    // A number is read from a value's leading digits: "100stake" counts as 100.
    ['transfer.amount>50', true],
    ['transfer.amount>100', false],
    ['transfer.amount=7', true],
    ['message.sender>0', false],
    ['transfer.recipient EXISTS', true],
    ['transfer.sender EXISTS', false],
    // A tag naming an event type matches that type.
    ['transfer EXISTS', true],
    ['coin_spent EXISTS', false],
    ['proposal.time>TIME 2024-05-01T12:00:00Z', true],
    ['proposal.time<TIME 2024-05-01T12:00:01Z', true],
    ['proposal.time=TIME 2024-05-01T12:00:00Z', false],
    ['proposal.date=DATE 2024-05-01', true],
    ['proposal.date>DATE 2024-04-30', true],
    ['proposal.date<DATE 2024-05-01', false],
  ])('behavior: %j matches the tx event: %s', (query, expected) => {
    expect(matches(query)).toBe(expected)
  })

  test('behavior: a negative or non-numeric value never satisfies a number', () => {
    const map = events({ 'a.n': ['-5'], 'a.s': ['abc'] })
    expect(matches('a.n<10', map)).toBe(false)
    expect(matches('a.s<10', map)).toBe(false)
  })

  test('behavior: numbers compare exactly, beyond 2^53', () => {
    const map = events({ 'a.n': ['9007199254740993'] })
    expect(matches('a.n>9007199254740992', map)).toBe(true)
    expect(matches('a.n=9007199254740993', map)).toBe(true)
  })

  test('behavior: an empty event map matches nothing, not even EXISTS on tm.event', () => {
    expect(matches('tm.event EXISTS', new Map())).toBe(false)
  })
})
