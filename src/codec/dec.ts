/**
 * Fixed-point decimals with 18 fractional digits (upstream math.LegacyDec): the text form is
 * `123.000000000000000000`; products and quotients are rounded half to even at the 18th digit, as
 * upstream chopPrecisionAndRound does, so tallies match the real chain's to the last digit.
 */

/** A decimal as its integer scaled by 10^18. */
export type Dec = bigint

/** Digits after the point. */
export const DEC_PRECISION = 18
const ONE: Dec = 10n ** 18n

/** A codec error: text that is not a decimal; the message is upstream's (`cause` when wrapped). */
export class DecimalError extends Error {
  override readonly name = 'DecimalError'
}

const DEC_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/

/** Parses decimal text (`0.5`, `1`, `-2.25`; at most 18 fractional digits), as LegacyNewDecFromStr. */
export function decFromString(text: string): Dec {
  if (text.length === 0) throw new DecimalError('decimal string cannot be empty')
  const m = DEC_TEXT.exec(text)
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) {
    throw new DecimalError(`failed to set decimal string with base 10: ${text}`)
  }
  const [, sign, whole, frac = ''] = m
  if (frac.length > DEC_PRECISION) {
    throw new DecimalError(
      `value '${text}' exceeds max precision by ${frac.length - DEC_PRECISION} decimal places: max precision ${DEC_PRECISION}`,
    )
  }
  const v = BigInt(whole || '0') * ONE + BigInt(frac.padEnd(DEC_PRECISION, '0') || '0')
  return sign === '-' ? -v : v
}

/** Whether `text` parses as a decimal. */
export function isDecString(text: string): boolean {
  try {
    decFromString(text)
    return true
  } catch {
    return false
  }
}

/** An integer as a decimal. */
export function decFromInt(n: bigint): Dec {
  return n * ONE
}

/** Text with all 18 fractional digits (`0.500000000000000000`), as LegacyDec.String(). */
export function decToString(d: Dec): string {
  const neg = d < 0n
  const abs = neg ? -d : d
  const whole = abs / ONE
  const frac = (abs % ONE).toString().padStart(DEC_PRECISION, '0')
  return `${neg ? '-' : ''}${whole}.${frac}`
}

/** Divides by 10^18 rounding half to even (upstream chopPrecisionAndRound). */
function chopAndRound(v: bigint): bigint {
  if (v < 0n) return -chopAndRound(-v)
  const quo = v / ONE
  const rem = v % ONE
  const half = ONE / 2n
  if (rem < half) return quo
  if (rem > half) return quo + 1n
  return quo % 2n === 0n ? quo : quo + 1n
}

/** a × b, rounded at the 18th digit. */
export function decMul(a: Dec, b: Dec): Dec {
  return chopAndRound(a * b)
}

/** a × n for an integer n (exact, as MulInt). */
export function decMulInt(a: Dec, n: bigint): Dec {
  return a * n
}

/** a ÷ b, rounded at the 18th digit (upstream Quo); throws on division by zero. */
export function decQuo(a: Dec, b: Dec): Dec {
  if (b === 0n) throw new DecimalError('division by zero')
  return chopAndRound((a * ONE * ONE) / b)
}

/** The integer part, truncated toward zero (TruncateInt). */
export function decTruncate(d: Dec): bigint {
  return d / ONE
}

/** Rounds to the nearest integer, halves to even (RoundInt). */
export function decRound(d: Dec): bigint {
  return chopAndRound(d)
}

/** a × b, truncated at the 18th digit (upstream MulTruncate). */
export function decMulTruncate(a: Dec, b: Dec): Dec {
  return (a * b) / ONE
}

/** a ÷ b, truncated at the 18th digit (upstream QuoTruncate); throws on division by zero. */
export function decQuoTruncate(a: Dec, b: Dec): Dec {
  if (b === 0n) throw new DecimalError('division by zero')
  return (a * ONE * ONE) / b / ONE
}

/**
 * a ÷ b as upstream QuoRoundUp: the quotient at 36 digits (truncated), then any non-zero digit past
 * the 18th rounds away from zero when positive (negative results truncate); throws on b = 0.
 */
export function decQuoRoundUp(a: Dec, b: Dec): Dec {
  if (b === 0n) throw new DecimalError('division by zero')
  const wide = (a * ONE * ONE) / b
  const q = wide / ONE
  return wide > 0n && wide % ONE !== 0n ? q + 1n : q
}

/**
 * A LegacyDec's protobuf wire text (its integer scaled by 10^18: `100000000000000000` is 0.1), as
 * gogoproto's customtype Unmarshal reads it; empty is zero (an absent field).
 */
export function decFromAtomics(text: string): Dec {
  if (text === '') return 0n
  if (!/^-?\d+$/.test(text)) {
    throw new DecimalError(`math/big: cannot unmarshal "${text}" into a *big.Int`)
  }
  return BigInt(text)
}

/** Whether `text` is a LegacyDec's wire text (see `decFromAtomics`). */
export function isAtomicsString(text: string): boolean {
  return /^-?\d+$/.test(text)
}

/** A decimal as its protobuf wire text (the integer scaled by 10^18), as gogoproto's Marshal. */
export function decToAtomics(d: Dec): string {
  return d.toString()
}
