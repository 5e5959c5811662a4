import { describe, expect, it } from 'vitest'
import { CliError } from './errors.js'
import { autocliIntArg, FlagValueError, pflagBigIntArg, pflagIntArg } from './options.js'

describe('pflag integer flags', () => {
  it('behavior: values read as strconv with base 0, within the type', () => {
    expect(
      ['0x10', '0X10', '020', '0o20', '0b10000', '1_6', '+16'].map(pflagIntArg('int')),
    ).toEqual(Array(7).fill(16))
    expect(pflagIntArg('int32')('-0x80000000')).toBe(-2147483648)
    expect(pflagIntArg('uint32')('4294967295')).toBe(4294967295)
    expect(pflagBigIntArg('uint64')('18446744073709551615')).toBe(2n ** 64n - 1n)
    expect(pflagBigIntArg('int64')('-9223372036854775808')).toBe(-(2n ** 63n))
  })

  it("error: strconv's text, as a FlagValueError; sdkd's own bound is commander's plain error", () => {
    const cases: [() => unknown, string][] = [
      [() => pflagIntArg('uint64')('-1'), 'strconv.ParseUint: parsing "-1": invalid syntax'],
      [() => pflagIntArg('uint')('+1'), 'strconv.ParseUint: parsing "+1": invalid syntax'],
      [
        () => pflagIntArg('int32')('2147483648'),
        'strconv.ParseInt: parsing "2147483648": value out of range',
      ],
      [
        () => pflagIntArg('uint32')('4294967296'),
        'strconv.ParseUint: parsing "4294967296": value out of range',
      ],
      [() => pflagIntArg('int')('1_'), 'strconv.ParseInt: parsing "1_": invalid syntax'],
      [() => pflagIntArg('int')('08'), 'strconv.ParseInt: parsing "08": invalid syntax'],
      [() => pflagIntArg('int')(''), 'strconv.ParseInt: parsing "": invalid syntax'],
    ]
    for (const [parse, text] of cases) {
      expect(parse).toThrow(FlagValueError)
      expect(parse).toThrow(text)
    }
    expect(() => pflagIntArg('int', 1)('0')).toThrow('must be at least 1')
    expect(() => pflagIntArg('int', 1)('0')).not.toThrow(FlagValueError)
  })

  it("error: an autocli argument is pflag's error for the flag named by its position", () => {
    expect(autocliIntArg('uint64', 2, '0x1f')).toBe(31n)
    expect(() => autocliIntArg('uint64', 2, 'x')).toThrow(CliError)
    expect(() => autocliIntArg('uint64', 2, 'x')).toThrow(
      'invalid argument "x" for "--2" flag: strconv.ParseUint: parsing "x": invalid syntax',
    )
  })
})
