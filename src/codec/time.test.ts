import { describe, expect, test } from 'vitest'
import { parseTimestamp } from './json-well-known.js'
import {
  formatRfc3339Nano,
  goDuration,
  nextBlockTime,
  parseRfc3339,
  timeToTimestamp,
} from './time.js'

describe('RFC 3339 (one parser for blocks, genesis and JSON)', () => {
  test('behavior: fractions to the nanosecond, Z and offsets', () => {
    expect(parseRfc3339('1970-01-01T00:00:01.5Z')).toBe(1_500_000_000n)
    expect(parseRfc3339('1970-01-01T00:00:00.000000001z')).toBe(1n)
    expect(parseRfc3339('1970-01-01T01:00:00+01:00')).toBe(0n)
    expect(parseRfc3339('1969-12-31T23:00:00-01:00')).toBe(0n)
    expect(formatRfc3339Nano(parseRfc3339('2026-11-23T13:50:01.123456789Z'))).toBe(
      '2026-11-23T13:50:01.123456789Z',
    )
  })

  test('behavior: years before 100 are taken literally (Date would read 0099 as 1999)', () => {
    const t = parseRfc3339('0099-03-01T00:00:00Z')
    expect(formatRfc3339Nano(t)).toBe('0099-03-01T00:00:00Z')
    // The zero time upstream writes into upgrade-info.json.
    expect(timeToTimestamp(parseRfc3339('0001-01-01T00:00:00Z'))).toEqual({
      seconds: '-62135596800',
      nanos: 0,
    })
    expect(parseTimestamp('0099-03-01T00:00:00Z')).toEqual(timeToTimestamp(t))
  })

  test('error: text that is not RFC 3339 is refused, naming it', () => {
    expect(() => parseRfc3339('2026-11-23 13:50:01')).toThrow(
      'invalid RFC 3339 time "2026-11-23 13:50:01"',
    )
    expect(() => parseTimestamp('yesterday', 'plan.time')).toThrow(
      'plan.time: bad Timestamp: "yesterday" is not RFC 3339',
    )
  })

  test('behavior: block times are strictly increasing', () => {
    expect(nextBlockTime(10n, 5n)).toBe(11n)
    expect(nextBlockTime(10n, 10n)).toBe(11n)
    expect(nextBlockTime(10n, 12n)).toBe(12n)
    expect(nextBlockTime(undefined, 3n)).toBe(3n)
  })
})

describe('Go durations (time.Duration String, as upstream messages print them)', () => {
  test('behavior: the largest unit first, fractions without trailing zeros, sub-second units', () => {
    const S = 1_000_000_000n
    expect(goDuration(0n)).toBe('0s')
    expect(goDuration(-S)).toBe('-1s')
    expect(goDuration(172_800n * S)).toBe('48h0m0s')
    expect(goDuration(600n * S)).toBe('10m0s')
    expect(goDuration(-(3_600n * S + S / 2n))).toBe('-1h0m0.5s')
    expect(goDuration(1_500_000n)).toBe('1.5ms')
    expect(goDuration(2_000n)).toBe('2µs')
    expect(goDuration(7n)).toBe('7ns')
  })
})
