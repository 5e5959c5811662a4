import {
  type Dec,
  decFromInt,
  decMulInt,
  decQuo,
  decQuoRoundUp,
  decQuoTruncate,
  decTruncate,
} from '../../codec/dec.js'
import { ErrInsufficientShares } from './errors.js'

/**
 * Upstream's validator exchange rate (x/staking/types/validator.go): a validator's tokens against
 * the shares its delegators hold. Pure arithmetic on LegacyDec (bigint scaled by 10^18), so the
 * rounding of every step matches upstream's to the last digit.
 */
export interface ExchangeRate {
  tokens: bigint
  shares: Dec
}

/** Upstream AddTokensFromDel: the shares `amount` tokens buy, and the validator after them. */
export function addTokensFromDel(v: ExchangeRate, amount: bigint): ExchangeRate & { issued: Dec } {
  // The first delegation (or one into a validator whose shares are all gone) gets one share a token.
  const issued =
    v.shares === 0n ? decFromInt(amount) : decMulInt(v.shares, amount) / nonZero(v.tokens)
  return { tokens: v.tokens + amount, shares: v.shares + issued, issued }
}

/**
 * Upstream RemoveDelShares: the tokens `shares` take out (truncated), and the validator after them.
 * The last shares take every token left, so no dust stays behind a validator nobody holds.
 */
export function removeDelShares(v: ExchangeRate, shares: Dec): ExchangeRate & { issued: bigint } {
  const remaining = v.shares - shares
  const issued = remaining === 0n ? v.tokens : decTruncate(tokensFromShares(v, shares))
  return { tokens: v.tokens - issued, shares: remaining, issued }
}

/** Upstream TokensFromShares: shares × tokens ÷ shares, rounded half to even at 10^-18. */
export function tokensFromShares(v: ExchangeRate, shares: Dec): Dec {
  return decQuo(decMulInt(shares, v.tokens), v.shares)
}

/** Upstream TokensFromSharesTruncated. */
export function tokensFromSharesTruncated(v: ExchangeRate, shares: Dec): Dec {
  return decQuoTruncate(decMulInt(shares, v.tokens), v.shares)
}

/** Upstream TokensFromSharesRoundUp. */
export function tokensFromSharesRoundUp(v: ExchangeRate, shares: Dec): Dec {
  return decQuoRoundUp(decMulInt(shares, v.tokens), v.shares)
}

/** Upstream SharesFromTokens: shares × amount ÷ tokens (QuoInt, truncated); staking 22 at 0 tokens. */
export function sharesFromTokens(v: ExchangeRate, amount: bigint): Dec {
  if (v.tokens === 0n) throw ErrInsufficientShares.error()
  return decMulInt(v.shares, amount) / v.tokens
}

/** Upstream SharesFromTokensTruncated: shares × amount ÷ tokens as a QuoTruncate. */
export function sharesFromTokensTruncated(v: ExchangeRate, amount: bigint): Dec {
  if (v.tokens === 0n) throw ErrInsufficientShares.error()
  return decQuoTruncate(decMulInt(v.shares, amount), decFromInt(v.tokens))
}

/** A validator with shares but no tokens cannot price a delegation (upstream InvalidExRate). */
export function invalidExRate(v: ExchangeRate): boolean {
  return v.tokens === 0n && v.shares > 0n
}

function nonZero(n: bigint): bigint {
  if (n === 0n) throw ErrInsufficientShares.error()
  return n
}
