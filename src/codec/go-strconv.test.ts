import { describe, expect, test } from 'vitest'
import { goAtoi, goParseBool, goParseInt, goParseUint, goQuote } from './go-strconv.js'

/**
 * What Go's strconv answers, by a Go program: text, then ParseUint(·, 0, 64), ParseInt(·, 0, 64),
 * ParseInt(·, 0, 32), ParseUint(·, 0, 32); an error as `Uint: …` / `Int: …` (the rest of Go's text
 * is `strconv.Parse<that>: parsing <quoted text>: …`).
 */
const GO_BASE_0: readonly (readonly [string, string, string, string, string])[] = [
  ['10', '10', '10', '10', '10'],
  ['+10', 'Uint: invalid syntax', '10', '10', 'Uint: invalid syntax'],
  ['-10', 'Uint: invalid syntax', '-10', '-10', 'Uint: invalid syntax'],
  ['0x10', '16', '16', '16', '16'],
  ['0X1f', '31', '31', '31', '31'],
  ['0o17', '15', '15', '15', '15'],
  ['017', '15', '15', '15', '15'],
  ['0b101', '5', '5', '5', '5'],
  ['1_000', '1000', '1000', '1000', '1000'],
  [
    '1__000',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '_1000',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '1000_',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  ['0x_10', '16', '16', '16', '16'],
  ['0_17', '15', '15', '15', '15'],
  [
    '0_x10',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  ['0', '0', '0', '0', '0'],
  [
    '08',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '0x',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  ['0b1', '1', '1', '1', '1'],
  [
    '',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    ' 1',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '+',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '-',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '\u0001',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    'é',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '18446744073709551615',
    '18446744073709551615',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '18446744073709551616',
    'Uint: value out of range',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '0xffffffffffffffff',
    '18446744073709551615',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '9223372036854775808',
    '9223372036854775808',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '-9223372036854775808',
    'Uint: invalid syntax',
    '-9223372036854775808',
    'Int: value out of range',
    'Uint: invalid syntax',
  ],
  [
    '-9223372036854775809',
    'Uint: invalid syntax',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: invalid syntax',
  ],
  ['2147483648', '2147483648', '2147483648', 'Int: value out of range', '2147483648'],
  [
    '-2147483649',
    'Uint: invalid syntax',
    '-2147483649',
    'Int: value out of range',
    'Uint: invalid syntax',
  ],
  ['4294967296', '4294967296', '4294967296', 'Int: value out of range', 'Uint: value out of range'],
  ['+0x10', 'Uint: invalid syntax', '16', '16', 'Uint: invalid syntax'],
  ['-0x10', 'Uint: invalid syntax', '-16', '-16', 'Uint: invalid syntax'],
  [
    '1e3',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  [
    '99999999999999999999x',
    'Uint: value out of range',
    'Int: value out of range',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '4294967296x',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: value out of range',
    'Uint: value out of range',
  ],
  [
    '2147483648x',
    'Uint: invalid syntax',
    'Int: invalid syntax',
    'Int: invalid syntax',
    'Uint: invalid syntax',
  ],
  ['0x1_0', '16', '16', '16', '16'],
  ['01_7', '15', '15', '15', '15'],
]

function outcome(parse: () => bigint, fn: string, text: string): string {
  try {
    return parse().toString()
  } catch (err) {
    const message = (err as Error).message
    const prefix = `strconv.Parse${fn}: parsing ${goQuote(text)}: `
    expect(message.startsWith(prefix)).toBe(true)
    return `${fn}: ${message.slice(prefix.length)}`
  }
}

describe('go-strconv', () => {
  test.each(GO_BASE_0)('behavior: %j parses as Go does with base 0', (text, u64, i64, i32, u32) => {
    expect(outcome(() => goParseUint(text, 0, 64), 'Uint', text)).toBe(u64)
    expect(outcome(() => goParseInt(text, 0, 64), 'Int', text)).toBe(i64)
    expect(outcome(() => goParseInt(text, 0, 32), 'Int', text)).toBe(i32)
    expect(outcome(() => goParseUint(text, 0, 32), 'Uint', text)).toBe(u32)
  })

  test('error: the text is quoted as Go quotes it', () => {
    expect(() => goParseUint('\x01', 0, 64)).toThrow(
      'strconv.ParseUint: parsing "\\x01": invalid syntax',
    )
    expect(() => goParseInt('a"b', 0, 64)).toThrow(
      'strconv.ParseInt: parsing "a\\"b": invalid syntax',
    )
  })

  test('behavior: base 10 reads no prefix and no underscore', () => {
    expect(goParseInt('017', 10, 64)).toBe(17n)
    expect(() => goParseInt('0x10', 10, 64)).toThrow('invalid syntax')
    expect(() => goParseInt('1_000', 10, 64)).toThrow('invalid syntax')
  })

  test('behavior: Atoi is decimal with a sign; undefined where Go fails', () => {
    expect(goAtoi('+2')).toBe(2n)
    expect(goAtoi('02')).toBe(2n)
    expect(goAtoi('-4294967294')).toBe(-4294967294n)
    for (const text of ['0x2', '1_0', '', '+', ' 2', '9223372036854775808']) {
      expect(goAtoi(text)).toBeUndefined()
    }
  })

  test("behavior: ParseBool takes Go's twelve spellings", () => {
    expect(['1', 't', 'T', 'TRUE', 'true', 'True'].map(goParseBool)).toEqual(Array(6).fill(true))
    expect(['0', 'f', 'F', 'FALSE', 'false', 'False'].map(goParseBool)).toEqual(
      Array(6).fill(false),
    )
    expect(() => goParseBool('yes')).toThrow('strconv.ParseBool: parsing "yes": invalid syntax')
  })
})
