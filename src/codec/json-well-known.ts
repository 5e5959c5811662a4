import { JsonMappingError } from './json.js'
import type { ProtoMessage } from './proto.js'
import { parseRfc3339, timeToTimestamp } from './time.js'

// The well-known types' JSON forms: Timestamp as RFC 3339, Duration as seconds with an `s`.

/** Go's zero time as a protobuf Timestamp (what a non-nullable stdtime field holds when unset). */
export const GO_ZERO_TIMESTAMP = { seconds: '-62135596800', nanos: 0 }

function fraction(nanos: number): string {
  if (nanos === 0) return ''
  const s = String(nanos).padStart(9, '0')
  if (nanos % 1_000_000 === 0) return `.${s.slice(0, 3)}`
  if (nanos % 1_000 === 0) return `.${s.slice(0, 6)}`
  return `.${s}`
}

/** Timestamp → RFC 3339 UTC with 0, 3, 6 or 9 fractional digits. */
export function timestampToJson(ts: ProtoMessage): string {
  const seconds = Number(ts.seconds ?? 0)
  const nanos = Number(ts.nanos ?? 0)
  const iso = new Date(seconds * 1000).toISOString() // YYYY-MM-DDTHH:MM:SS.sssZ
  return `${iso.slice(0, 19)}${fraction(nanos)}Z`
}

/** Duration → seconds with 0, 3, 6 or 9 fractional digits and an `s`. */
export function durationToJson(d: ProtoMessage): string {
  const seconds = BigInt(String(d.seconds ?? 0))
  const nanos = Number(d.nanos ?? 0)
  const negative = seconds < 0n || nanos < 0
  const abs = (seconds < 0n ? -seconds : seconds).toString()
  return `${negative ? '-' : ''}${abs}${fraction(Math.abs(nanos))}s`
}

/** RFC 3339 text → {seconds, nanos} (the project's one RFC 3339 parser, codec/time.ts). */
export function parseTimestamp(
  text: string,
  path = 'timestamp',
): { seconds: string; nanos: number } {
  try {
    return timeToTimestamp(parseRfc3339(text))
  } catch (err) {
    throw new JsonMappingError(`${path}: bad Timestamp: ${JSON.stringify(text)} is not RFC 3339`, {
      cause: err,
    })
  }
}

/** `1.5s` → {seconds, nanos}. */
export function parseDuration(text: string, path = 'duration'): { seconds: string; nanos: number } {
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(text)
  if (!m) throw new JsonMappingError(`${path}: bad Duration: ${JSON.stringify(text)}`)
  const sign = m[1] ? -1 : 1
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0
  return { seconds: String(sign * Number(m[2])), nanos: sign * nanos }
}
