import { addressToBech32 } from '../../codec/address.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { TimeNs } from '../../codec/time.js'
import { ErrInsufficientFunds, ErrUnauthorized } from '../../errors.js'
import type { Readable } from '../../store/types.js'

/** Upstream's refusal of a send to an address bank blocks (SendCoinsFromModuleToAccount). */
export function blockedRecipientError(recipient: Bytes): Error {
  return ErrUnauthorized.wrap(`${addressToBech32(recipient)} is not allowed to receive funds`)
}

/**
 * Upstream subUnlockedCoins' check of one coin: the balance must cover the locked part and, above
 * it, the amount spent. Throws upstream's errors.
 */
export function checkSpend(have: bigint, locked: readonly Coin[], coin: Coin): void {
  const lockedAmount = locked.find((c) => c.denom === coin.denom)?.amount ?? 0n
  if (lockedAmount > have) {
    throw ErrInsufficientFunds.wrap(
      `locked amount exceeds account balance funds: ${lockedAmount}${coin.denom} > ${have}${coin.denom}`,
    )
  }
  if (have - lockedAmount < coin.amount) {
    throw ErrInsufficientFunds.wrap(
      `spendable balance ${have - lockedAmount}${coin.denom} is smaller than ${coin.amount}${coin.denom}`,
    )
  }
}

/** What checking a module's sends reads of x/bank. */
export interface SpendSource {
  isBlocked(address: Bytes): boolean
  balance(state: Readable, address: Bytes, denom: string): Promise<bigint>
  lockedCoins(
    state: Readable,
    address: Bytes,
    blockTime: () => Promise<TimeNs>,
  ): Coin[] | Promise<Coin[]>
}

/**
 * Sends of coins from the account `sender` (a module's) checked, not made: each call refuses what
 * SendCoinsFromModuleToAccount would, with its errors and in its order (a blocked recipient; then,
 * coin by coin, what the account can spend after the sends checked before it), and writes nothing:
 * no balance, account or event. A send to the sender itself keeps what it pays, as a real one does.
 * For a check that withdraws in a branch it throws away (x/distribution's can-withdraw invariant).
 */
export function moduleSendCheck(
  bank: SpendSource,
  state: Readable,
  sender: Bytes,
  time: TimeNs | undefined,
): (to: Bytes, coins: readonly Coin[]) => Promise<void> {
  const left = new Map<string, bigint>()
  let locked: readonly Coin[] | undefined
  return async (to, coins) => {
    if (bank.isBlocked(to)) throw blockedRecipientError(to)
    // A module account's locked coins do not change within a block: read once, as the first send.
    locked ??= time === undefined ? [] : await bank.lockedCoins(state, sender, async () => time)
    for (const coin of coins) {
      const have = left.get(coin.denom) ?? (await bank.balance(state, sender, coin.denom))
      checkSpend(have, locked, coin)
      left.set(coin.denom, equalBytes(to, sender) ? have : have - coin.amount)
    }
  }
}
