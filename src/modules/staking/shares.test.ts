import { describe, expect, test } from 'vitest'
import { decFromString as d, decQuoRoundUp, decToString } from '../../codec/dec.js'
import {
  addTokensFromDel,
  removeDelShares,
  sharesFromTokens,
  sharesFromTokensTruncated,
  tokensFromShares,
  tokensFromSharesRoundUp,
  tokensFromSharesTruncated,
} from './shares.js'

const s = decToString

describe('tokens ↔ shares as upstream LegacyDec', () => {
  test('vector: the first delegation gets one share a token', () => {
    const r = addTokensFromDel({ tokens: 0n, shares: 0n }, 10n)
    expect([r.tokens, s(r.shares), s(r.issued)]).toEqual([
      10n,
      '10.000000000000000000',
      '10.000000000000000000',
    ])
  })

  test('vector: after a slash a token buys more shares, truncated at 18 digits (MulInt then QuoInt)', () => {
    // 3 tokens for 2 shares: 1 token buys 2/3 share, the 19th digit dropped.
    const r = addTokensFromDel({ tokens: 3n, shares: d('2') }, 1n)
    expect(s(r.issued)).toBe('0.666666666666666666')
    expect([r.tokens, s(r.shares)]).toEqual([4n, '2.666666666666666666'])
  })

  test('vector: TokensFromShares rounds half to even, …Truncated truncates, …RoundUp rounds up', () => {
    const v = { tokens: 2n, shares: d('3') }
    expect(s(tokensFromShares(v, d('1')))).toBe('0.666666666666666667')
    expect(s(tokensFromSharesTruncated(v, d('1')))).toBe('0.666666666666666666')
    expect(s(tokensFromSharesRoundUp(v, d('1')))).toBe('0.666666666666666667')
    expect(s(tokensFromShares({ tokens: 3n, shares: d('2') }, d('1')))).toBe('1.500000000000000000')
  })

  test('vector: SharesFromTokens truncates; both refuse a validator without tokens (staking 22)', () => {
    const v = { tokens: 3n, shares: d('2') }
    expect(s(sharesFromTokens(v, 1n))).toBe('0.666666666666666666')
    expect(s(sharesFromTokensTruncated(v, 1n))).toBe('0.666666666666666666')
    expect(() => sharesFromTokens({ tokens: 0n, shares: d('1') }, 1n)).toThrow(
      'insufficient delegation shares',
    )
  })

  test('vector: removing shares pays the truncated tokens; the last shares take the dust', () => {
    const v = { tokens: 10n, shares: d('3') }
    const part = removeDelShares(v, d('1'))
    // 1 × 10 / 3 = 3.333… → 3 tokens; 7 tokens stay for 2 shares.
    expect([part.issued, part.tokens, s(part.shares)]).toEqual([3n, 7n, '2.000000000000000000'])
    const all = removeDelShares(part, d('2'))
    expect([all.issued, all.tokens, s(all.shares)]).toEqual([7n, 0n, '0.000000000000000000'])
  })

  test('vector: QuoRoundUp rounds any non-zero digit past the 18th up (upstream math tests)', () => {
    expect(s(decQuoRoundUp(d('1'), d('3')))).toBe('0.333333333333333334')
    expect(s(decQuoRoundUp(d('2'), d('4')))).toBe('0.500000000000000000')
    expect(s(decQuoRoundUp(d('-1'), d('3')))).toBe('-0.333333333333333333')
  })
})
