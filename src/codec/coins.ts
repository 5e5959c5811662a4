import { ErrInvalidCoins } from '../errors.js'

/** A token amount (amount is a non-negative integer). */
export interface Coin {
  denom: string
  amount: bigint
}

/** A coin as a message or a tx carries it: denom and amount text, as signed (maybe invalid). */
export interface RawCoin {
  readonly denom?: unknown
  readonly amount?: unknown
}

/** Upstream denom rule: a letter, then 2–127 of letters, digits, `/ : . _ -`. */
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/
const COIN_TEXT = /^\s*(\d+)\s*([a-zA-Z][a-zA-Z0-9/:._-]{2,127})\s*$/

/** Whether a denom follows upstream's rule. */
export function isValidDenom(denom: string): boolean {
  return DENOM.test(denom)
}

/** Throws `invalid denom: <d>` when the denom is not valid. */
export function validateDenom(denom: string): void {
  if (!DENOM.test(denom)) throw ErrInvalidCoins.wrap(`invalid denom: ${denom}`)
}

/** Coins as text: `100stake,5token` (sorted, zero amounts dropped). */
export function coinsToString(coins: readonly Coin[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(',')
}

/** Upstream's math.Int holds at most 256 bits. */
const MAX_AMOUNT = 2n ** 256n

/** Parses `100stake,5token` (upstream ParseCoinsNormalized for integers); sorted by denom. */
export function parseCoins(text: string): Coin[] {
  const t = text.trim()
  if (t === '') return []
  const seen = new Set<string>()
  const coins = t.split(',').map((part) => {
    const m = COIN_TEXT.exec(part)
    if (!m) throw ErrInvalidCoins.wrap(`invalid decimal coin expression: ${part.trim()}`)
    // Upstream's ParseCoinsNormalized validates the coins it read: a denom twice is refused, not summed.
    if (seen.has(m[2]!)) throw ErrInvalidCoins.wrap(`duplicate denomination ${m[2]}`)
    seen.add(m[2]!)
    const amount = BigInt(m[1]!)
    // A coin's amount is a 256-bit integer (upstream's math.Int): a larger one could be written to
    // a genesis or a dev balance, and no tx could ever carry it.
    if (amount >= MAX_AMOUNT)
      throw ErrInvalidCoins.wrap(
        `integer out of range; got: ${amount.toString(2).length}, max: 256: ${part.trim()}`,
      )
    return { denom: m[2]!, amount }
  })
  return normalizeCoins(coins)
}

/** Upstream's decimal coin text: a decimal amount (`1`, `1.5`, `.5`), optional spaces, a denom. */
const DEC_COIN_TEXT = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/
/** Most decimal places of an amount (upstream LegacyDec's precision). */
const DEC_PLACES = 18

/**
 * One coin as upstream's `ParseCoinNormalized` reads a command's amount argument: a decimal amount
 * truncated to a whole one (`1.5stake` is `1stake`), a zero amount kept (the chain refuses it with
 * its own code, as upstream's does).
 */
export function parseCoinNormalized(text: string): Coin {
  const t = text.trim()
  const m = DEC_COIN_TEXT.exec(t)
  if (!m) throw ErrInvalidCoins.wrap(`invalid decimal coin expression: ${t}`)
  const [whole, fraction = ''] = m[1]!.split('.')
  if (fraction.length > DEC_PLACES) {
    throw ErrInvalidCoins.wrap(
      `failed to parse decimal coin amount: ${m[1]}: invalid precision; max: ${DEC_PLACES}, got: ${fraction.length}`,
    )
  }
  return { denom: m[2]!, amount: BigInt(whole === '' ? '0' : whole!) }
}

/** Sorts by denom, merges duplicates, drops zero amounts. */
export function normalizeCoins(coins: readonly Coin[]): Coin[] {
  const byDenom = new Map<string, bigint>()
  for (const c of coins) {
    validateDenom(c.denom)
    if (c.amount < 0n) throw ErrInvalidCoins.wrap(`negative coin amount: ${c.amount}${c.denom}`)
    byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount)
  }
  return [...byDenom.entries()]
    .filter(([, a]) => a > 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }))
}

/** Coins from their proto form (`{denom, amount: "123"}`), validated. */
export function coinsFromProto(list: readonly RawCoin[] | null | undefined): Coin[] {
  return (list ?? []).map((c) => {
    const denom = String(c.denom ?? '')
    const amount = String(c.amount ?? '')
    validateDenom(denom)
    if (!/^\d+$/.test(amount)) throw ErrInvalidCoins.wrap(`invalid coin amount: ${amount}${denom}`)
    return { denom, amount: BigInt(amount) }
  })
}

/**
 * Upstream `Coins.String()` of coins as a message carries them: `<amount><denom>` joined by commas,
 * in the order given (valid or not: the text error messages quote).
 */
export function coinsText(coins: readonly RawCoin[] | null | undefined): string {
  return (coins ?? []).map((c) => `${String(c.amount ?? '')}${String(c.denom ?? '')}`).join(',')
}

/**
 * Upstream `Coins.Validate` of coins as a message carries them: undefined when they are valid
 * (valid denoms, positive amounts, sorted by denom, no duplicates), else upstream's reason.
 */
export function coinsValidationError(
  coins: readonly RawCoin[] | null | undefined,
): string | undefined {
  let prev: string | undefined
  for (const c of coins ?? []) {
    const denom = String(c.denom ?? '')
    const amount = String(c.amount ?? '')
    if (!DENOM.test(denom)) return `invalid denom: ${denom}`
    if (prev !== undefined && denom < prev) return `denomination ${denom} is not sorted`
    if (prev !== undefined && denom === prev) return `duplicate denomination ${denom}`
    if (!/^\d+$/.test(amount) || BigInt(amount) === 0n) {
      return `coin ${prev === undefined ? `${amount}${denom}` : denom} amount is not positive`
    }
    prev = denom
  }
  return undefined
}

/** Upstream `Coins.IsValid`: whether `coinsValidationError` finds nothing. */
export function isValidCoins(coins: readonly RawCoin[] | null | undefined): boolean {
  return coinsValidationError(coins) === undefined
}

/** Proto form of coins. */
export function coinsToProto(coins: readonly Coin[]): { denom: string; amount: string }[] {
  return coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
}

/** Amount of one denom in a coin list. */
export function amountOf(coins: readonly Coin[], denom: string): bigint {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n
}

/** a + b. */
export function addCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  return normalizeCoins([...a, ...b])
}

/** a - b, or undefined if any amount would go negative. */
export function subCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] | undefined {
  const out = new Map(a.map((c) => [c.denom, c.amount]))
  for (const c of b) {
    const left = (out.get(c.denom) ?? 0n) - c.amount
    if (left < 0n) return undefined
    out.set(c.denom, left)
  }
  return normalizeCoins([...out.entries()].map(([denom, amount]) => ({ denom, amount })))
}

/** Whether every coin of `b` is covered by `a`. */
export function isAllGTE(a: readonly Coin[], b: readonly Coin[]): boolean {
  return b.every((c) => amountOf(a, c.denom) >= c.amount)
}
