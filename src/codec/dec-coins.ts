import type { Dec } from './dec.js'

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
