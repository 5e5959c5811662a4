/** Go duration strings (`5s`, `250ms`, `1m30s`, `0`), as config.toml and flags use them. */
import { GrpcCode, StatusError } from '../errors.js'

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/** Parses a Go duration into milliseconds; throws with Go's message on bad input. */
export function parseGoDuration(text: string): number {
  const s = text.trim()
  if (s === '0') return 0
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y
  let i = 0
  let total = 0
  let sign = 1
  if (s[0] === '-' || s[0] === '+') {
    sign = s[0] === '-' ? -1 : 1
    i = 1
  }
  if (i >= s.length)
    throw new StatusError(
      GrpcCode.InvalidArgument,
      `time: invalid duration ${JSON.stringify(text)}`,
    )
  while (i < s.length) {
    re.lastIndex = i
    const m = re.exec(s)
    if (!m) {
      const unitless = /^\d+(?:\.\d*)?$/.test(s.slice(i))
      throw new StatusError(
        GrpcCode.InvalidArgument,
        unitless
          ? `time: missing unit in duration ${JSON.stringify(text)}`
          : `time: invalid duration ${JSON.stringify(text)}`,
      )
    }
    total += Number(m[1]) * UNITS[m[2]!]!
    i = re.lastIndex
  }
  return sign * total
}

/** Formats milliseconds as a Go duration string (`250ms`, `5s`, `1m30s`). */
export function formatGoDuration(ms: number): string {
  if (ms === 0) return '0s'
  if (ms < 1000) return `${ms}ms`
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = (ms % 60_000) / 1000
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`
}
