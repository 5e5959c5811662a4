import { describe, expect, test } from 'vitest'
import { jsonText } from './go-json.js'
import { goJsonFirstValue, goJsonSyntaxError, goJsonTooDeep } from './go-json-scan.js'

describe('goJsonSyntaxError: encoding/json scanner texts', () => {
  test('behavior: valid text, nested or not, has no error', () => {
    for (const text of [
      '{}',
      '[]',
      ' 1 ',
      '"a\\u00e9"',
      '{"a":[{"b":{}},null,true,-1.5e3]}',
      '[[[]]]',
    ])
      expect([text, goJsonSyntaxError(text)]).toEqual([text, undefined])
  })

  test('error: each kind of mistake is named as Go names it', () => {
    const cases: [string, string][] = [
      ['{"a":1', 'unexpected end of JSON input'],
      ['{x}', "invalid character 'x' looking for beginning of object key string"],
      ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
      ['{"a" 1}', "invalid character '1' after object key"],
      ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
      ['{"a":}', "invalid character '}' looking for beginning of value"],
      ['[1,]', "invalid character ']' looking for beginning of value"],
      ['[1 2]', "invalid character '2' after array element"],
      // Cut short inside a literal, a number or an escape: Go's scanner steps on a space at the end.
      ['[tru', "invalid character ' ' in literal true (expecting 'e')"],
      ['t', "invalid character ' ' in literal true (expecting 'r')"],
      ['n', "invalid character ' ' in literal null (expecting 'u')"],
      ['{"a":-', "invalid character ' ' in numeric literal"],
      ['1.', "invalid character ' ' after decimal point in numeric literal"],
      ['1e', "invalid character ' ' in exponent of numeric literal"],
      ['1e+', "invalid character ' ' in exponent of numeric literal"],
      ['"\\', "invalid character ' ' in string escape code"],
      ['"\\u12', "invalid character ' ' in \\u hexadecimal character escape"],
      ['"abc', 'unexpected end of JSON input'],
      ['[1', 'unexpected end of JSON input'],
      ['trux', "invalid character 'x' in literal true (expecting 'e')"],
      ['1 2', "invalid character '2' after top-level value"],
      ['[{"a":[1,{"b":x}]}]', "invalid character 'x' looking for beginning of value"],
    ]
    for (const [text, error] of cases)
      expect([text, goJsonSyntaxError(text)]).toEqual([text, error])
  })

  test("behavior: goJsonFirstValue reads a stream's first value as json.Decoder does", () => {
    expect(goJsonFirstValue(' {"a":1} xyz')).toEqual({ text: ' {"a":1}' })
    expect(goJsonFirstValue('5 6')).toEqual({ text: '5' })
    for (const text of ['', ' \n'])
      expect([text, goJsonFirstValue(text)]).toEqual([text, { error: 'EOF' }])
    for (const text of ['{"a":', 'tru', '"\\u1', '[1', '-'])
      expect([text, goJsonFirstValue(text)]).toEqual([text, { error: 'unexpected EOF' }])
    expect(goJsonFirstValue('{x}')).toEqual({
      error: "invalid character 'x' looking for beginning of object key string",
    })
  })

  test('error: nesting past 10,000 levels is `exceeded max depth`, without exhausting the stack', () => {
    expect(goJsonSyntaxError(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).toBeUndefined()
    expect(goJsonSyntaxError('['.repeat(10_001))).toBe("invalid character '[' exceeded max depth")
    expect(goJsonSyntaxError('{"a":'.repeat(200_000))).toBe(
      "invalid character '{' exceeded max depth",
    )
    // A mistake before the limit is reached is the one reported, as Go scans in order.
    expect(goJsonSyntaxError(`[x${'['.repeat(20_000)}`)).toBe(
      "invalid character 'x' looking for beginning of value",
    )
  })

  test('behavior: goJsonTooDeep flags valid JSON Go would refuse, and only that', () => {
    expect(goJsonTooDeep(`${'['.repeat(10_001)}${']'.repeat(10_001)}`)).toBe(true)
    expect(goJsonTooDeep(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).toBe(false)
    expect(goJsonTooDeep(JSON.stringify({ a: '['.repeat(20_000) }))).toBe(false)
    expect(goJsonTooDeep(JSON.stringify(['[\\"'.repeat(5_000), '['.repeat(20_000)]))).toBe(false)
  })

  test("behavior: jsonText writes a value nested past JSON.stringify's reach, as JSON.stringify would", () => {
    const shallow = { a: [1, 'x', null, { b: true }], c: {} }
    expect(jsonText(shallow)).toBe(JSON.stringify(shallow))
    const text = `${'[{"k":'.repeat(9_990)}1${'}]'.repeat(9_990)}`
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError)
    expect(jsonText(JSON.parse(text))).toBe(text)
  })
})
