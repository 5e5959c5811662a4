import { describe, expect, test } from 'vitest'
import type { Coin } from '../../codec/coins.js'
import {
  lockedCoins,
  scheduleProblem,
  trackDelegation,
  trackUndelegation,
  type VestingSchedule,
  vestedCoins,
  vestingCoins,
} from './vesting.js'

// Upstream x/auth/vesting/types/vesting_account_test.go: 1000fee and 100stake vesting over a day.
const NOW = 1_700_000_000n
const HOUR = 3600n
const END = NOW + 24n * HOUR
const ORIG: Coin[] = [
  { denom: 'fee', amount: 1000n },
  { denom: 'stake', amount: 100n },
]
const HALF: Coin[] = [
  { denom: 'fee', amount: 500n },
  { denom: 'stake', amount: 50n },
]

function schedule(kind: VestingSchedule['kind'], delegatedVesting: Coin[] = []): VestingSchedule {
  return {
    kind,
    originalVesting: ORIG,
    delegatedFree: [],
    delegatedVesting,
    endTime: END,
    startTime: kind === 'continuous' ? NOW : 0n,
    periods: [],
  }
}

describe('continuous vesting (TestGetVestedCoinsContVestingAcc and its neighbours)', () => {
  const cva = schedule('continuous')
  test('nothing vested at the start, half at 12h, all at and after the end', () => {
    expect(vestedCoins(cva, NOW)).toEqual([])
    expect(vestedCoins(cva, NOW + 12n * HOUR)).toEqual(HALF)
    expect(vestedCoins(cva, END)).toEqual(ORIG)
    expect(vestedCoins(cva, NOW + 48n * HOUR)).toEqual(ORIG)
  })
  test('vesting coins are the rest', () => {
    expect(vestingCoins(cva, NOW)).toEqual(ORIG)
    expect(vestingCoins(cva, END)).toEqual([])
    expect(vestingCoins(cva, NOW + 12n * HOUR)).toEqual(HALF)
  })
  test('locked coins (TestSpendableCoinsContVestingAcc)', () => {
    expect(lockedCoins(cva, NOW)).toEqual(ORIG)
    expect(lockedCoins(cva, END)).toEqual([])
    expect(lockedCoins(cva, NOW + 12n * HOUR)).toEqual(HALF)
  })
  test('each step rounds half to even, as LegacyDec', () => {
    // 1/3 of the time: 0.333333333333333333 × 1000 = 333.33… → 333; × 100 = 33.33… → 33.
    const third = vestedCoins(cva, NOW + 8n * HOUR)
    expect(third).toEqual([
      { denom: 'fee', amount: 333n },
      { denom: 'stake', amount: 33n },
    ])
    // 2/3: 0.666666666666666667 × 1000 = 666.666… → 667.
    expect(vestedCoins(cva, NOW + 16n * HOUR)[0]).toEqual({ denom: 'fee', amount: 667n })
    // A 5stake schedule over 2 seconds, after 1: 2.5 → 2 (half to even).
    const odd: VestingSchedule = {
      ...cva,
      originalVesting: [{ denom: 'stake', amount: 5n }],
      endTime: NOW + 2n,
    }
    expect(vestedCoins(odd, NOW + 1n)).toEqual([{ denom: 'stake', amount: 2n }])
  })
})

describe('delayed vesting (TestGetVestedCoinsDelVestingAcc and its neighbours)', () => {
  const dva = schedule('delayed')
  test('nothing vests until the end, then everything', () => {
    expect(vestedCoins(dva, NOW)).toEqual([])
    expect(vestedCoins(dva, NOW + 12n * HOUR)).toEqual([])
    expect(vestedCoins(dva, END)).toEqual(ORIG)
    expect(vestingCoins(dva, NOW)).toEqual(ORIG)
    expect(vestingCoins(dva, END)).toEqual([])
  })
  test('locked coins, less what is delegated of the vesting coins (TestSpendableCoinsDelVestingAcc)', () => {
    expect(lockedCoins(dva, NOW)).toEqual(ORIG)
    expect(lockedCoins(dva, END)).toEqual([])
    expect(lockedCoins(dva, NOW + 12n * HOUR)).toEqual(ORIG)
    const delegated = schedule('delayed', [{ denom: 'stake', amount: 50n }])
    expect(lockedCoins(delegated, NOW + 12n * HOUR)).toEqual([
      { denom: 'fee', amount: 1000n },
      { denom: 'stake', amount: 50n },
    ])
  })
})

describe('validation (upstream Validate)', () => {
  test('a continuous schedule must start before it ends', () => {
    expect(scheduleProblem(schedule('continuous'))).toBeUndefined()
    expect(scheduleProblem({ ...schedule('continuous'), startTime: END })).toBe(
      'vesting start-time cannot be before end-time',
    )
  })
  test('delegated vesting may not exceed the original vesting', () => {
    expect(scheduleProblem(schedule('delayed', [{ denom: 'stake', amount: 101n }]))).toBe(
      'delegated vesting amount cannot be greater than original vesting amount',
    )
  })
})

const stake = (amount: bigint): Coin[] => [{ denom: 'stake', amount }]

/** Upstream's TrackDelegation(blockTime, balance, amount): vesting coins taken at blockTime. */
function delegate(s: VestingSchedule, t: bigint, amount: Coin[]): VestingSchedule {
  return trackDelegation(s, ORIG, vestingCoins(s, t), amount)
}

describe('delegation tracking (TestTrackDelegationContVestingAcc, …DelVestingAcc)', () => {
  test('continuous: all vesting, all vested, then half and half', () => {
    const cva = schedule('continuous')
    expect(delegate(cva, NOW, ORIG)).toMatchObject({ delegatedVesting: ORIG, delegatedFree: [] })
    expect(delegate(cva, END, ORIG)).toMatchObject({ delegatedVesting: [], delegatedFree: ORIG })
    const once = delegate(cva, NOW + 12n * HOUR, stake(50n))
    expect(once).toMatchObject({ delegatedVesting: stake(50n), delegatedFree: [] })
    const twice = delegate(once, NOW + 12n * HOUR, stake(50n))
    expect(twice).toMatchObject({ delegatedVesting: stake(50n), delegatedFree: stake(50n) })
    expect(() => delegate(cva, END, stake(1_000_000n))).toThrow(
      'delegation attempt with zero coins or insufficient funds',
    )
  })

  test('delayed: everything delegated before the end is vesting', () => {
    const dva = schedule('delayed')
    expect(delegate(dva, NOW, ORIG)).toMatchObject({ delegatedVesting: ORIG, delegatedFree: [] })
    expect(delegate(dva, END, ORIG)).toMatchObject({ delegatedVesting: [], delegatedFree: ORIG })
    expect(delegate(dva, NOW + 12n * HOUR, ORIG)).toMatchObject({ delegatedVesting: ORIG })
  })
})

describe('undelegation tracking (TestTrackUndelegationContVestingAcc, …DelVestingAcc)', () => {
  test('continuous: free first, then vesting; a slashed return takes less', () => {
    const cva = schedule('continuous')
    expect(trackUndelegation(delegate(cva, NOW, ORIG), ORIG)).toMatchObject({
      delegatedFree: [],
      delegatedVesting: [],
    })
    expect(trackUndelegation(delegate(cva, END, ORIG), ORIG)).toMatchObject({
      delegatedFree: [],
      delegatedVesting: [],
    })
    expect(() => trackUndelegation(cva, stake(0n))).toThrow('undelegation attempt with zero coins')
    const two = delegate(delegate(cva, NOW + 12n * HOUR, stake(50n)), NOW + 12n * HOUR, stake(50n))
    const slashed = trackUndelegation(two, stake(25n))
    expect(slashed).toMatchObject({ delegatedFree: stake(25n), delegatedVesting: stake(50n) })
    expect(trackUndelegation(slashed, stake(50n))).toMatchObject({
      delegatedFree: [],
      delegatedVesting: stake(25n),
    })
  })

  test('delayed: both halves vesting, so returns come off delegated vesting', () => {
    const dva = schedule('delayed')
    const two = delegate(delegate(dva, NOW + 12n * HOUR, stake(50n)), NOW + 12n * HOUR, stake(50n))
    const slashed = trackUndelegation(two, stake(25n))
    expect(slashed).toMatchObject({ delegatedFree: [], delegatedVesting: stake(75n) })
    expect(trackUndelegation(slashed, stake(50n))).toMatchObject({ delegatedVesting: stake(25n) })
  })
})

// Upstream vesting_account_test.go's periodic cases: 1000fee and 100stake over a day in three
// periods (12h: 500fee 50stake; 6h: 250fee 25stake; 6h: 250fee 25stake).
describe('periodic vesting (TestGetVestedCoinsPeriodicVestingAcc and its neighbours)', () => {
  const quarter: Coin[] = [
    { denom: 'fee', amount: 250n },
    { denom: 'stake', amount: 25n },
  ]
  const pva: VestingSchedule = {
    kind: 'periodic',
    originalVesting: ORIG,
    delegatedFree: [],
    delegatedVesting: [],
    endTime: END,
    startTime: NOW,
    periods: [
      { length: 12n * HOUR, amount: HALF },
      { length: 6n * HOUR, amount: quarter },
      { length: 6n * HOUR, amount: quarter },
    ],
  }
  test('a period vests whole at its end, not before', () => {
    expect(vestedCoins(pva, NOW)).toEqual([])
    expect(vestedCoins(pva, NOW + 12n * HOUR - 1n)).toEqual([])
    expect(vestedCoins(pva, NOW + 12n * HOUR)).toEqual(HALF)
    expect(vestedCoins(pva, NOW + 15n * HOUR)).toEqual(HALF)
    expect(vestedCoins(pva, NOW + 18n * HOUR)).toEqual([
      { denom: 'fee', amount: 750n },
      { denom: 'stake', amount: 75n },
    ])
    expect(vestedCoins(pva, END)).toEqual(ORIG)
    expect(lockedCoins(pva, NOW + 18n * HOUR)).toEqual(quarter)
  })
  test('validation: the periods must add up to the end time and the amount', () => {
    expect(scheduleProblem(pva)).toBeUndefined()
    expect(scheduleProblem({ ...pva, endTime: END + 1n })).toBe(
      'vesting end time does not match length of all vesting periods',
    )
    expect(scheduleProblem({ ...pva, originalVesting: HALF })).toBe(
      'original vesting coins does not match the sum of all coins in vesting periods',
    )
    expect(scheduleProblem({ ...pva, endTime: NOW })).toBe(
      'vesting start-time cannot be before end-time',
    )
  })
})

describe('permanently locked (TestGetVestedCoinsPermLockedVestingAcc and its neighbours)', () => {
  const plva: VestingSchedule = { ...schedule('permanent'), endTime: 0n }
  test('nothing ever vests; delegating locked coins is tracked as delegated vesting', () => {
    expect(vestedCoins(plva, NOW + 1000n * HOUR)).toEqual([])
    expect(lockedCoins(plva, NOW + 1000n * HOUR)).toEqual(ORIG)
    const delegated = trackDelegation(plva, ORIG, vestingCoins(plva, NOW), HALF)
    expect(delegated.delegatedVesting).toEqual(HALF)
    expect(lockedCoins(delegated, NOW)).toEqual(HALF)
  })
  test('validation: no end time', () => {
    expect(scheduleProblem(plva)).toBeUndefined()
    expect(scheduleProblem({ ...plva, endTime: END })).toBe(
      'permanently vested accounts cannot have an end-time',
    )
  })
})
