// Go's time.Parse for the two layouts the event query language uses (DATE and TIME operands),
// with Go's error texts.

type LayoutElem = '2006' | '01' | '02' | '15' | '04' | '05' | 'Z07:00'

export interface Layout {
  text: string
  /** [literal prefix, element] in order. */
  chunks: readonly (readonly [string, LayoutElem])[]
}

export const DATE_LAYOUT: Layout = {
  text: '2006-01-02',
  chunks: [
    ['', '2006'],
    ['-', '01'],
    ['-', '02'],
  ],
}
export const RFC3339: Layout = {
  text: '2006-01-02T15:04:05Z07:00',
  chunks: [...DATE_LAYOUT.chunks, ['T', '15'], [':', '04'], [':', '05'], ['', 'Z07:00']],
}

export interface GoTime {
  year: number
  ms: number
}

export const isDigit = (ch: string) => ch >= '0' && ch <= '9'

/** Go's `getnum`: one or two leading digits (exactly two when `fixed`). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigit(s[0] ?? '')) return undefined
  if (!isDigit(s[1] ?? '')) return fixed ? undefined : [Number(s[0]), s.slice(1)]
  return [Number(s.slice(0, 2)), s.slice(2)]
}

/** time.Parse(layout, value): the time, or Go's ParseError text. */
export function parseGoTime(layout: Layout, input: string): GoTime | string {
  const q = (s: string) => JSON.stringify(s)
  const cannot = (value: string, elem: string) =>
    `parsing time ${q(input)} as ${q(layout.text)}: cannot parse ${q(value)} as ${q(elem)}`
  const outOfRange = (what: string) => `parsing time ${q(input)}: ${what} out of range`
  let value = input
  let year = 0
  let month = 0
  let day = 0
  let hour = 0
  let minute = 0
  let second = 0
  let offsetMin = 0
  for (const [prefix, elem] of layout.chunks) {
    for (const ch of prefix) {
      if (value[0] !== ch) return cannot(value, prefix)
      value = value.slice(1)
    }
    const hold = value
    if (elem === '2006') {
      if (value.length < 4 || !/^\d{4}/.test(value)) return cannot(hold, elem)
      year = Number(value.slice(0, 4))
      value = value.slice(4)
      continue
    }
    if (elem === 'Z07:00') {
      if (value[0] === 'Z') {
        value = value.slice(1)
        continue
      }
      if (value.length < 6 || value[3] !== ':') return cannot(hold, elem)
      const hh = getnum(value.slice(1, 3), true)
      const mm = hh && getnum(value.slice(4, 6), true)
      if (!hh || !mm) return cannot(hold, elem)
      const sign = value[0]
      value = value.slice(6)
      if (hh[0] > 24) return outOfRange('time zone offset hour')
      if (mm[0] > 60) return outOfRange('time zone offset minute')
      if (sign !== '+' && sign !== '-') return cannot(hold, elem)
      offsetMin = (sign === '-' ? -1 : 1) * (hh[0] * 60 + mm[0])
      continue
    }
    const n = getnum(value, elem !== '15')
    if (!n) return cannot(hold, elem)
    value = n[1]
    if (elem === '01') {
      month = n[0]
      if (month < 1 || month > 12) return outOfRange('month')
    } else if (elem === '02') day = n[0]
    else if (elem === '15') {
      hour = n[0]
      if (hour >= 24) return outOfRange('hour')
    } else if (elem === '04') {
      minute = n[0]
      if (minute >= 60) return outOfRange('minute')
    } else {
      second = n[0]
      if (second >= 60) return outOfRange('second')
    }
  }
  if (value !== '') return `parsing time ${q(input)}: extra text: ${q(value)}`
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  if (day < 1 || day > daysInMonth) return outOfRange('day')
  const utc = new Date(0)
  utc.setUTCFullYear(year, month - 1, day)
  utc.setUTCHours(hour, minute, second, 0)
  return { year, ms: utc.getTime() - offsetMin * 60_000 }
}
