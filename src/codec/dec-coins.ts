import { ErrLogic } from '../errors.js'
import type { Coin } from './coins.js'
import {
  type Dec,
  DecimalError,
  decFromInt,
  decFromString,
  decMul,
  decMulTruncate,
  decQuoTruncate,
  decToString,
  decTruncate,
} from './dec.js'

/**
 * A decimal coin (upstream sdk.DecCoin): `amount` is a LegacyDec, the integer scaled by 10^18.
 * A list of them (upstream sdk.DecCoins) is kept sorted by denom, without zero amounts.
 */
export interface DecCoin {
  denom: string
  amount: Dec
}

/** The protobuf form of decimal coins: each amount as the LegacyDec's scaled integer text. */
export function decCoinsToProto(coins: readonly DecCoin[]): { denom: string; amount: string }[] {
  return coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
}

/** Decimal coins from their protobuf form (an empty amount is zero, as gogoproto reads it). */
export function decCoinsFromProto(
  list: readonly { denom: string; amount: string }[] | null | undefined,
): DecCoin[] {
  return (list ?? []).map((c) => ({
    denom: c.denom,
    amount: c.amount === '' ? 0n : BigInt(c.amount),
  }))
}

/** Upstream DecCoins.String: `amount+denom` with 18 decimals, comma-joined; empty for none. */
export function decCoinsToString(coins: readonly DecCoin[]): string {
  return coins.map((c) => `${decToString(c.amount)}${c.denom}`).join(',')
}

/** Decimal coins of whole coins (upstream NewDecCoinsFromCoins), zeros dropped. */
export function decCoinsFromCoins(coins: readonly Coin[]): DecCoin[] {
  return normalize(coins.map((c) => ({ denom: c.denom, amount: decFromInt(c.amount) })))
}

/** Sorted by denom, zeros dropped, equal denoms summed. */
function normalize(coins: readonly DecCoin[]): DecCoin[] {
  // One denom (the rewards and pools of a one-token chain, every block): a sum, no map or sort.
  const denom = coins[0]?.denom
  let sum = 0n
  let i = 0
  for (; i < coins.length && coins[i]!.denom === denom; i++) sum += coins[i]!.amount
  if (i === coins.length) return sum === 0n || denom === undefined ? [] : [{ denom, amount: sum }]
  const byDenom = new Map<string, bigint>()
  for (const c of coins) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount)
  return [...byDenom.entries()]
    .filter(([, a]) => a !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }))
}

/** The amount of `denom` (zero when absent). */
export function decAmountOf(coins: readonly DecCoin[], denom: string): Dec {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n
}

/** Upstream DecCoins.Add: per-denom sums, zeros dropped. */
export function decCoinsAdd(a: readonly DecCoin[], b: readonly DecCoin[]): DecCoin[] {
  return normalize([...a, ...b])
}

/** Upstream DecCoins.Sub: per-denom differences, zeros dropped; a negative result is a logic error. */
export function decCoinsSub(a: readonly DecCoin[], b: readonly DecCoin[]): DecCoin[] {
  const out = normalize([...a, ...b.map((c) => ({ denom: c.denom, amount: -c.amount }))])
  if (out.some((c) => c.amount < 0n)) throw ErrLogic.wrap('negative coin amount')
  return out
}

/** Upstream DecCoins.SafeSub: the difference and whether any amount went negative. */
export function decCoinsSafeSub(
  a: readonly DecCoin[],
  b: readonly DecCoin[],
): [DecCoin[], boolean] {
  const out = normalize([...a, ...b.map((c) => ({ denom: c.denom, amount: -c.amount }))])
  return [out, out.some((c) => c.amount < 0n)]
}

/** Upstream DecCoins.MulDec: each amount times `d`, rounded half to even; zeros dropped. */
export function decCoinsMulDec(coins: readonly DecCoin[], d: Dec): DecCoin[] {
  return dropZeros(coins.map((c) => ({ denom: c.denom, amount: decMul(c.amount, d) })))
}

/** Upstream DecCoins.MulDecTruncate: each amount times `d`, truncated; zeros dropped. */
export function decCoinsMulDecTruncate(coins: readonly DecCoin[], d: Dec): DecCoin[] {
  return dropZeros(coins.map((c) => ({ denom: c.denom, amount: decMulTruncate(c.amount, d) })))
}

/** Upstream DecCoins.QuoDecTruncate: each amount over `d`, truncated; zeros dropped. */
export function decCoinsQuoDecTruncate(coins: readonly DecCoin[], d: Dec): DecCoin[] {
  if (d === 0n) throw ErrLogic.wrap('invalid zero decimal')
  return dropZeros(coins.map((c) => ({ denom: c.denom, amount: decQuoTruncate(c.amount, d) })))
}

/** Upstream DecCoins.Intersect: the per-denom minimum over the denoms of `a`; zeros dropped. */
export function decCoinsIntersect(a: readonly DecCoin[], b: readonly DecCoin[]): DecCoin[] {
  return dropZeros(
    a.map((c) => {
      const other = decAmountOf(b, c.denom)
      return { denom: c.denom, amount: c.amount < other ? c.amount : other }
    }),
  )
}

/**
 * Upstream DecCoins.TruncateDecimal: the whole coins and the fractional rest, zeros dropped in
 * both.
 */
export function decCoinsTruncateDecimal(coins: readonly DecCoin[]): [Coin[], DecCoin[]] {
  const whole: Coin[] = []
  const change: DecCoin[] = []
  for (const c of coins) {
    const t = decTruncate(c.amount)
    const rest = c.amount - decFromInt(t)
    if (t !== 0n) whole.push({ denom: c.denom, amount: t })
    if (rest !== 0n) change.push({ denom: c.denom, amount: rest })
  }
  return [whole, change]
}

/** Upstream DecCoins.IsZero: no coin, or every amount zero. */
export function decCoinsIsZero(coins: readonly DecCoin[]): boolean {
  return coins.every((c) => c.amount === 0n)
}

/** Upstream DecCoins.IsAnyNegative. */
export function decCoinsIsAnyNegative(coins: readonly DecCoin[]): boolean {
  return coins.some((c) => c.amount < 0n)
}

/** Whether both hold the same amounts (upstream DecCoins.Equal over normalized lists). */
export function decCoinsEqual(a: readonly DecCoin[], b: readonly DecCoin[]): boolean {
  const x = normalize(a)
  const y = normalize(b)
  return (
    x.length === y.length && x.every((c, i) => c.denom === y[i]!.denom && c.amount === y[i]!.amount)
  )
}

/** Parses `1.5stake,2atom` (decimal amounts, as upstream ParseDecCoins), for tests and flags. */
export function parseDecCoins(text: string): DecCoin[] {
  if (text.trim() === '') return []
  return normalize(
    text.split(',').map((part) => {
      const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z][a-zA-Z0-9/:._-]{2,127})\s*$/.exec(part)
      if (!m) throw new DecimalError(`invalid decimal coin expression: ${part}`)
      return { denom: m[2]!, amount: decFromString(m[1]!) }
    }),
  )
}

function dropZeros(coins: DecCoin[]): DecCoin[] {
  return coins.filter((c) => c.amount !== 0n)
}
