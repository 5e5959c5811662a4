import { ErrInvalidRequest } from '../errors.js'

/** Block time: nanoseconds since the Unix epoch as a bigint (exact, totally ordered). */
export type TimeNs = bigint

const NS_PER_MS = 1_000_000n
const NS_PER_S = 1_000_000_000n

/** The latest time an RFC 3339 text (four-digit year) and a protobuf Timestamp can hold. */
export const LATEST_TIME_TEXT = '9999-12-31T23:59:59.999999999Z'

/** `LATEST_TIME_TEXT` as a time: no block may be later (CometBFT could not print it). */
export const LATEST_TIME: TimeNs =
  BigInt(Date.UTC(9999, 11, 31, 23, 59, 59)) * NS_PER_MS + 999_999_999n

/** protobuf Timestamp fields of a time (seconds as a decimal string for 64-bit safety). */
export function timeToTimestamp(t: TimeNs): { seconds: string; nanos: number } {
  let seconds = t / NS_PER_S
  let nanos = t % NS_PER_S
  if (nanos < 0n) {
    nanos += NS_PER_S
    seconds -= 1n
  }
  return { seconds: seconds.toString(), nanos: Number(nanos) }
}

/** Time of a protobuf Timestamp. */
export function timestampToTime(ts: { seconds?: unknown; nanos?: unknown }): TimeNs {
  return BigInt(String(ts.seconds ?? 0)) * NS_PER_S + BigInt(Number(ts.nanos ?? 0))
}

/** RFC 3339 with nanoseconds, trailing zeros trimmed (Go's RFC3339Nano, as CometBFT prints). */
export function formatRfc3339Nano(t: TimeNs): string {
  const { seconds, nanos } = timeToTimestamp(t)
  const iso = new Date(Number(seconds) * 1000).toISOString().slice(0, 19)
  if (nanos === 0) return `${iso}Z`
  return `${iso}.${String(nanos).padStart(9, '0').replace(/0+$/, '')}Z`
}

/** RFC 3339 without fractions (Go time.RFC3339), as TxResponse.timestamp. */
export function formatRfc3339(t: TimeNs): string {
  const { seconds } = timeToTimestamp(t)
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}Z`
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})$/

/**
 * Parses RFC 3339 text (any fraction up to nanoseconds, Z or an offset) into a time — the one parser
 * of the project. Years before 100 are taken literally (JavaScript's Date would read 0099 as 1999).
 */
export function parseRfc3339(text: string): TimeNs {
  const m = RFC3339.exec(text)
  if (!m) throw ErrInvalidRequest.wrap(`invalid RFC 3339 time ${JSON.stringify(text)}`)
  const [, y, mo, d, h, mi, s, frac, zone] = m
  const date = new Date(0)
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d))
  date.setUTCHours(Number(h), Number(mi), Number(s), 0)
  let ms = BigInt(date.getTime())
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1n : 1n
    ms -= sign * BigInt(Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000n
  }
  return ms * NS_PER_MS + BigInt(frac ? frac.padEnd(9, '0') : 0)
}

let lastHr = process.hrtime.bigint()
let lastWall = BigInt(Date.now()) * NS_PER_MS

/** Wall-clock time with sub-millisecond digits (Date.now() anchored, hrtime for the fraction). */
export function nowNs(): TimeNs {
  const hr = process.hrtime.bigint()
  const wall = BigInt(Date.now()) * NS_PER_MS
  const viaHr = lastWall + (hr - lastHr)
  // Re-anchor when the monotonic estimate drifts more than a millisecond from the wall clock.
  if (viaHr - wall > NS_PER_MS || wall - viaHr > NS_PER_MS) {
    lastWall = wall
    lastHr = hr
    return wall
  }
  return viaHr
}

/** Next block time: now, but always strictly after the previous block. */
export function nextBlockTime(previous: TimeNs | undefined, now: TimeNs = nowNs()): TimeNs {
  if (previous === undefined || now > previous) return now
  return previous + 1n
}

/** Go's time.Duration String() (`0s`, `-10m0s`, `1h0m0.5s`), as upstream's messages print it. */
export function goDuration(ns: bigint): string {
  if (ns === 0n) return '0s'
  const sign = ns < 0n ? '-' : ''
  let rest = ns < 0n ? -ns : ns
  if (rest < 1_000_000_000n) {
    for (const [unit, size] of [
      ['ms', 1_000_000n],
      ['µs', 1_000n],
    ] as const) {
      if (rest >= size) return `${sign}${fraction(rest, size)}${unit}`
    }
    return `${sign}${rest}ns`
  }
  const h = rest / 3_600_000_000_000n
  rest %= 3_600_000_000_000n
  const m = rest / 60_000_000_000n
  rest %= 60_000_000_000n
  const s = fraction(rest, 1_000_000_000n)
  if (h > 0n) return `${sign}${h}h${m}m${s}s`
  if (m > 0n) return `${sign}${m}m${s}s`
  return `${sign}${s}s`
}

/** `n / size` with the fraction's trailing zeros dropped (`1.5`, `2`). */
function fraction(n: bigint, size: bigint): string {
  const whole = n / size
  const frac = (n % size)
    .toString()
    .padStart(size.toString().length - 1, '0')
    .replace(/0+$/, '')
  return frac === '' ? `${whole}` : `${whole}.${frac}`
}
