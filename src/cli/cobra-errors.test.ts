import { describe, expect, test } from 'vitest'
import {
  argCountText,
  flagNeedsArgumentText,
  requiredFlagsText,
  suggestionsFor,
  unknownCommandText,
  unknownFlagText,
} from './cobra-errors.js'

describe('usage errors in pflag and cobra words', () => {
  test('error: an unknown flag as pflag names it, long, with a value, shorthand, in a group', () => {
    expect(unknownFlagText('--foo')).toBe('unknown flag: --foo')
    expect(unknownFlagText('--foo=bar=baz')).toBe('unknown flag: --foo')
    expect(unknownFlagText('-x')).toBe("unknown shorthand flag: 'x' in -x")
    expect(unknownFlagText('-xyz')).toBe("unknown shorthand flag: 'x' in -xyz")
    expect(unknownFlagText('---x')).toBe('bad flag syntax: ---x')
    expect(unknownFlagText('--=1')).toBe('bad flag syntax: --=1')
  })

  test('error: a flag without its value, named as typed', () => {
    expect(flagNeedsArgumentText('--node', '-n', '--node')).toBe('flag needs an argument: --node')
    expect(flagNeedsArgumentText('--node', '-n', '-n')).toBe("flag needs an argument: 'n' in -n")
    expect(flagNeedsArgumentText('--gas', undefined, undefined)).toBe(
      'flag needs an argument: --gas',
    )
  })

  test('error: required flags, every one named', () => {
    expect(requiredFlagsText(['query'])).toBe('required flag(s) "query" not set')
    expect(requiredFlagsText(['from', 'chain-id'])).toBe(
      'required flag(s) "from", "chain-id" not set',
    )
  })

  test("error: a wrong number of arguments by autocli's choice of cobra validator", () => {
    const exact = { required: 3, total: 3, variadic: false }
    expect(argCountText(exact, 1)).toBe('accepts 3 arg(s), received 1')
    expect(argCountText({ required: 0, total: 0, variadic: false }, 2)).toBe(
      'accepts 0 arg(s), received 2',
    )
    expect(argCountText({ required: 1, total: 2, variadic: false }, 3)).toBe(
      'accepts between 1 and 2 arg(s), received 3',
    )
    expect(argCountText({ required: 1, total: 2, variadic: true }, 0)).toBe(
      'requires at least 1 arg(s), only received 0',
    )
  })

  test("behavior: cobra's suggestions: two edits at most, case ignored, or a prefix; in order", () => {
    const names = ['status', 'query', 'keys', 'tx', 'dev', 'staking']
    expect(suggestionsFor('stat', names)).toEqual(['status'])
    expect(suggestionsFor('sta', names)).toEqual(['status', 'tx', 'staking'])
    expect(suggestionsFor('KEYZ', names)).toEqual(['keys'])
    expect(suggestionsFor('devnt', names)).toEqual(['dev'])
    expect(suggestionsFor('qry', names)).toEqual(['query'])
    // Three edits, no prefix: nothing.
    expect(suggestionsFor('stakingxyz', names)).toEqual([])
    expect(suggestionsFor('zzzz', names)).toEqual([])
    // Every name within two edits of a short word.
    expect(suggestionsFor('d', names)).toEqual(['tx', 'dev'])
  })

  test('error: an unknown command with and without suggestions', () => {
    expect(unknownCommandText('zzzz', 'sdkd', ['status'])).toBe('unknown command "zzzz" for "sdkd"')
    expect(unknownCommandText('sta', 'sdkd', ['status', 'staking'])).toBe(
      'unknown command "sta" for "sdkd"\n\nDid you mean this?\n\tstatus\n\tstaking\n',
    )
  })
})
