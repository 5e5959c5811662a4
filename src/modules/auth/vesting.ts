import { amountOf, type Coin, normalizeCoins } from '../../codec/coins.js'
import { decFromInt, decMul, decQuo, decRound } from '../../codec/dec.js'
import { ErrLogic } from '../../errors.js'

// Upstream x/auth/vesting/types/vesting_account.go: what a vesting schedule has vested and locks.

/** The schedule of a vesting account (upstream BaseVestingAccount plus the type's own fields). */
export interface VestingSchedule {
  kind: 'continuous' | 'delayed' | 'periodic' | 'permanent'
  originalVesting: Coin[]
  delegatedFree: Coin[]
  delegatedVesting: Coin[]
  /** Unix seconds (0 for permanently locked accounts). */
  endTime: bigint
  /** Unix seconds; continuous and periodic accounts only (0 for the others). */
  startTime: bigint
  /** A periodic account's periods, in order (empty for the others). */
  periods: VestingPeriod[]
}

/** One period of a periodic schedule: `amount` vests `length` seconds after the previous period. */
export interface VestingPeriod {
  length: bigint
  amount: Coin[]
}

/** Upstream GetVestedCoins at `t` (Unix seconds): nothing before the start, everything at the end. */
export function vestedCoins(s: VestingSchedule, t: bigint): Coin[] {
  if (s.kind === 'permanent') return []
  if (s.kind === 'delayed') return t >= s.endTime ? s.originalVesting.map((c) => ({ ...c })) : []
  if (t <= s.startTime) return []
  if (t >= s.endTime) return s.originalVesting.map((c) => ({ ...c }))
  if (s.kind === 'periodic') return periodsVested(s, t)
  // The fraction elapsed and each denom's share of it round half to even, as LegacyDec does.
  const fraction = decQuo(decFromInt(t - s.startTime), decFromInt(s.endTime - s.startTime))
  return normalizeCoins(
    s.originalVesting.map((c) => ({
      denom: c.denom,
      amount: decRound(decMul(decFromInt(c.amount), fraction)),
    })),
  )
}

/** The periods of `s` that have ended by `t` (each ends `length` seconds after the previous one). */
function periodsVested(s: VestingSchedule, t: bigint): Coin[] {
  let vested: Coin[] = []
  let start = s.startTime
  for (const p of s.periods) {
    if (t - start < p.length) break
    vested = normalizeCoins([...vested, ...p.amount])
    start += p.length
  }
  return vested
}

/** Upstream GetVestingCoins: the original vesting less what has vested. */
export function vestingCoins(s: VestingSchedule, t: bigint): Coin[] {
  const vested = vestedCoins(s, t)
  return normalizeCoins(
    s.originalVesting.map((c) => ({
      denom: c.denom,
      amount: c.amount - amountOf(vested, c.denom),
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
      const delegated = amountOf(s.delegatedVesting, c.denom)
      return { denom: c.denom, amount: c.amount > delegated ? c.amount - delegated : 0n }
    }),
  )
}

/** Upstream BaseVestingAccount.Validate (plus ContinuousVestingAccount's): an error text, or undefined. */
export function scheduleProblem(s: VestingSchedule): string | undefined {
  const exceeds = s.delegatedVesting.some((d) => d.amount > amountOf(s.originalVesting, d.denom))
  if (s.kind === 'permanent' && s.endTime > 0n)
    return 'permanently vested accounts cannot have an end-time'
  if ((s.kind === 'continuous' || s.kind === 'periodic') && s.startTime >= s.endTime)
    return 'vesting start-time cannot be before end-time'
  if (s.kind === 'periodic') {
    const problem = periodsProblem(s)
    if (problem) return problem
  }
  if (exceeds) return 'delegated vesting amount cannot be greater than original vesting amount'
  return undefined
}

/** Upstream PeriodicVestingAccount.Validate: the periods add up to the end time and the amount. */
function periodsProblem(s: VestingSchedule): string | undefined {
  let end = s.startTime
  let total: Coin[] = []
  for (const [i, p] of s.periods.entries()) {
    if (p.length < 0n) return `period #${i} has a negative length: ${p.length}`
    end += p.length
    total = normalizeCoins([...total, ...p.amount])
  }
  if (end !== s.endTime) return 'vesting end time does not match length of all vesting periods'
  const same =
    total.length === s.originalVesting.length &&
    total.every((c) => amountOf(s.originalVesting, c.denom) === c.amount)
  if (!same) return 'original vesting coins does not match the sum of all coins in vesting periods'
  return undefined
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
    if (coin.amount === 0n || amountOf(balance, coin.denom) < coin.amount)
      throw ErrLogic.wrap('delegation attempt with zero coins or insufficient funds')
    const free = amountOf(vesting, coin.denom) - amountOf(delegatedVesting, coin.denom)
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
    const free = amountOf(delegatedFree, coin.denom)
    const x = free < coin.amount ? free : coin.amount
    const vestingDelegated = amountOf(delegatedVesting, coin.denom)
    const y = vestingDelegated < coin.amount - x ? vestingDelegated : coin.amount - x
    if (x > 0n) delegatedFree = minus(delegatedFree, coin.denom, x)
    if (y > 0n) delegatedVesting = minus(delegatedVesting, coin.denom, y)
  }
  return { ...s, delegatedFree, delegatedVesting }
}
