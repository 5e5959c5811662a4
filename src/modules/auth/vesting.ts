import { type Coin, normalizeCoins } from '../../codec/coins.js'
import { decFromInt, decMul, decQuo, decRound } from '../../codec/dec.js'

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
