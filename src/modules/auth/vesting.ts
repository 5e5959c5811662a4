import { type Coin, normalizeCoins } from '../../codec/coins.js'
import { decFromInt, decMul, decQuo, decRound } from '../../codec/dec.js'
import { ErrLogic } from '../../errors.js'

// Upstream x/auth/vesting/types/vesting_account.go: what a vesting schedule has vested and locks.

/** The schedule of a vesting account (upstream BaseVestingAccount plus the type's own fields). */
export interface VestingSchedule {
  kind: 'continuous' | 'delayed'
  originalVesting: Coin[]
  delegatedFree: Coin[]
  delegatedVesting: Coin[]
  /** Unix seconds. */
  endTime: bigint
  /** Unix seconds; continuous accounts only (0 for delayed ones). */
  startTime: bigint
}

/** Upstream GetVestedCoins at `t` (Unix seconds): nothing before the start, everything at the end. */
export function vestedCoins(s: VestingSchedule, t: bigint): Coin[] {
  if (s.kind === 'delayed') return t >= s.endTime ? s.originalVesting.map((c) => ({ ...c })) : []
  if (t <= s.startTime) return []
  if (t >= s.endTime) return s.originalVesting.map((c) => ({ ...c }))
  // The fraction elapsed and each denom's share of it round half to even, as LegacyDec does.
  const fraction = decQuo(decFromInt(t - s.startTime), decFromInt(s.endTime - s.startTime))
  return normalizeCoins(
    s.originalVesting.map((c) => ({
      denom: c.denom,
      amount: decRound(decMul(decFromInt(c.amount), fraction)),
    })),
  )
}

/** Upstream GetVestingCoins: the original vesting less what has vested. */
export function vestingCoins(s: VestingSchedule, t: bigint): Coin[] {
  const vested = vestedCoins(s, t)
  return normalizeCoins(
    s.originalVesting.map((c) => ({
      denom: c.denom,
      amount: c.amount - (vested.find((v) => v.denom === c.denom)?.amount ?? 0n),
    })),
  )
}

/**
 * Upstream LockedCoins: the still-vesting coins not already delegated, as delegated vesting coins
 * have left the balance (`vesting − min(vesting, delegated_vesting)`).
 */
export function lockedCoins(s: VestingSchedule, t: bigint): Coin[] {
  return normalizeCoins(
    vestingCoins(s, t).map((c) => {
      const delegated = s.delegatedVesting.find((d) => d.denom === c.denom)?.amount ?? 0n
      return { denom: c.denom, amount: c.amount > delegated ? c.amount - delegated : 0n }
    }),
  )
}

/** Upstream BaseVestingAccount.Validate (plus ContinuousVestingAccount's): an error text, or undefined. */
export function scheduleProblem(s: VestingSchedule): string | undefined {
  const exceeds = s.delegatedVesting.some(
    (d) => d.amount > (s.originalVesting.find((o) => o.denom === d.denom)?.amount ?? 0n),
  )
  if (exceeds) return 'delegated vesting amount cannot be greater than original vesting amount'
  if (s.kind === 'continuous' && s.startTime >= s.endTime)
    return 'vesting start-time cannot be before end-time'
  return undefined
}

function amountIn(coins: readonly Coin[], denom: string): bigint {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n
}

function plus(coins: readonly Coin[], denom: string, amount: bigint): Coin[] {
  return normalizeCoins([...coins, { denom, amount }])
}

function minus(coins: readonly Coin[], denom: string, amount: bigint): Coin[] {
  return normalizeCoins(
    coins.map((c) => (c.denom === denom ? { denom, amount: c.amount - amount } : c)),
  )
}

/**
 * Upstream TrackDelegation: per denom, the part of `amount` still vesting and not yet delegated
 * (`min(max(vesting − delegated_vesting, 0), amount)`) counts as delegated vesting, the rest as
 * delegated free. `balance` is the balance before the delegation.
 */
export function trackDelegation(
  s: VestingSchedule,
  balance: readonly Coin[],
  vesting: readonly Coin[],
  amount: readonly Coin[],
): VestingSchedule {
  let { delegatedFree, delegatedVesting } = s
  for (const coin of amount) {
    if (coin.amount === 0n || amountIn(balance, coin.denom) < coin.amount)
      throw ErrLogic.wrap('delegation attempt with zero coins or insufficient funds')
    const free = amountIn(vesting, coin.denom) - amountIn(delegatedVesting, coin.denom)
    const x = free <= 0n ? 0n : free < coin.amount ? free : coin.amount
    if (x > 0n) delegatedVesting = plus(delegatedVesting, coin.denom, x)
    if (coin.amount - x > 0n) delegatedFree = plus(delegatedFree, coin.denom, coin.amount - x)
  }
  return { ...s, delegatedFree, delegatedVesting }
}

/**
 * Upstream TrackUndelegation: returned coins leave delegated free first, then delegated vesting
 * (a slashed delegation returns less than went in).
 */
export function trackUndelegation(s: VestingSchedule, amount: readonly Coin[]): VestingSchedule {
  let { delegatedFree, delegatedVesting } = s
  for (const coin of amount) {
    if (coin.amount === 0n) throw ErrLogic.wrap('undelegation attempt with zero coins')
    const free = amountIn(delegatedFree, coin.denom)
    const x = free < coin.amount ? free : coin.amount
    const vestingDelegated = amountIn(delegatedVesting, coin.denom)
    const y = vestingDelegated < coin.amount - x ? vestingDelegated : coin.amount - x
    if (x > 0n) delegatedFree = minus(delegatedFree, coin.denom, x)
    if (y > 0n) delegatedVesting = minus(delegatedVesting, coin.denom, y)
  }
  return { ...s, delegatedFree, delegatedVesting }
}
