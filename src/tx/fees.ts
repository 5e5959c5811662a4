import { coinsText, validateDenom } from '../codec/coins.js'
import { decFromString } from '../codec/dec.js'
import { ErrInsufficientFee, ErrInvalidCoins } from '../errors.js'

/** 10^18: DecCoin amounts are fixed-point with 18 decimals (upstream LegacyDec). */
const PRECISION = 10n ** 18n

/** A gas price: `amount / 10^18` of `denom` per unit of gas. */
export interface DecCoin {
  denom: string
  /** Amount × 10^18. */
  atoms: bigint
}

const DEC_COIN = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z][a-zA-Z0-9/:._-]{2,127})\s*$/

/** Parses `0.025stake,1token` (upstream ParseDecCoins): sorted, zero amounts dropped. */
export function parseDecCoins(text: string): DecCoin[] {
  const t = text.trim()
  if (t === '') return []
  const out = new Map<string, bigint>()
  for (const part of t.split(',')) {
    const m = DEC_COIN.exec(part)
    if (!m) throw ErrInvalidCoins.wrap(`invalid decimal coin expression: ${part.trim()}`)
    let atoms: bigint
    try {
      atoms = decFromString(m[1]!)
    } catch (err) {
      throw ErrInvalidCoins.wrap(`invalid decimal coin expression: ${part.trim()}`, { cause: err })
    }
    const denom = m[2]!
    validateDenom(denom)
    if (out.has(denom)) throw ErrInvalidCoins.wrap(`duplicate denomination ${denom}`)
    out.set(denom, atoms)
  }
  return [...out.entries()]
    .filter(([, atoms]) => atoms > 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, atoms]) => ({ denom, atoms }))
}

/** A DecCoin as upstream prints it (`0.025000000000000000stake`). */
export function decCoinToString(c: DecCoin): string {
  const whole = c.atoms / PRECISION
  const frac = (c.atoms % PRECISION).toString().padStart(18, '0')
  return `${whole}.${frac}${c.denom}`
}

/** A fee coin as the tx carries it (amount text as signed). */
export interface FeeCoin {
  denom: string
  amount: string
}

/**
 * Upstream checkTxFeeWithValidatorMinGasPrices (CheckTx only): the fee must cover
 * ceil(price × gas limit) in at least one of the node's minimum-gas-prices denoms.
 */
export function checkMinGasPrices(
  fee: readonly FeeCoin[],
  gasLimit: bigint,
  minGasPrices: readonly DecCoin[],
): void {
  if (minGasPrices.length === 0) return
  const required = minGasPrices.map((p) => ({
    denom: p.denom,
    amount: (p.atoms * gasLimit + PRECISION - 1n) / PRECISION,
  }))
  const ok = fee.some((c) => {
    const need = required.find((r) => r.denom === c.denom)?.amount ?? 0n
    return /^\d+$/.test(c.amount) && need !== 0n && BigInt(c.amount) >= need
  })
  if (!ok) {
    throw ErrInsufficientFee.wrap(
      `insufficient fees; got: ${coinsText(fee)} required: ${required
        .map((r) => `${r.amount}${r.denom}`)
        .join(',')}`,
    )
  }
}
