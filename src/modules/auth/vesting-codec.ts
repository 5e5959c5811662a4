import { type Coin, coinsFromProto, coinsToProto } from '../../codec/coins.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import type { VestingPeriod, VestingSchedule } from './vesting.js'

// How vesting accounts are stored and answered: upstream's vesting.proto messages, whose
// BaseVestingAccount wraps the BaseAccount.

/** Vesting account type URLs, canonical (`registry.typeUrl` gives the brand's). */
export const CONTINUOUS_VESTING_ACCOUNT_URL = '/sdk.vesting.v1beta1.ContinuousVestingAccount'
export const DELAYED_VESTING_ACCOUNT_URL = '/sdk.vesting.v1beta1.DelayedVestingAccount'
export const PERIODIC_VESTING_ACCOUNT_URL = '/sdk.vesting.v1beta1.PeriodicVestingAccount'
export const PERMANENT_LOCKED_ACCOUNT_URL = '/sdk.vesting.v1beta1.PermanentLockedAccount'

/** Each vesting account type URL (canonical) and the kind of schedule it holds. */
export const VESTING_ACCOUNT_KINDS = [
  [CONTINUOUS_VESTING_ACCOUNT_URL, 'continuous'],
  [DELAYED_VESTING_ACCOUNT_URL, 'delayed'],
  [PERIODIC_VESTING_ACCOUNT_URL, 'periodic'],
  [PERMANENT_LOCKED_ACCOUNT_URL, 'permanent'],
] as const

type PeriodProto = { length: unknown; amount: readonly { denom: string; amount: string }[] | null }

/** Periods from their protobuf form. */
export function periodsFromProto(list: readonly PeriodProto[] | null | undefined): VestingPeriod[] {
  return (list ?? []).map((p) => ({
    length: int64Of(p.length as never),
    amount: coinsFromProto(p.amount),
  }))
}

type BaseVesting = Proto<'sdk.vesting.v1beta1.BaseVestingAccount'>

/** The schedule a decoded vesting account holds, and its BaseAccount. */
export function scheduleFromProto(
  kind: VestingSchedule['kind'],
  m: {
    base_vesting_account: BaseVesting | null
    start_time?: unknown
    vesting_periods?: readonly PeriodProto[] | null
  },
): { base: Proto<'sdk.auth.v1beta1.BaseAccount'> | null; vesting: VestingSchedule } {
  const b = m.base_vesting_account
  return {
    base: b?.base_account ?? null,
    vesting: {
      kind,
      originalVesting: coinsFromProto(b?.original_vesting),
      delegatedFree: coinsFromProto(b?.delegated_free),
      delegatedVesting: coinsFromProto(b?.delegated_vesting),
      endTime: int64Of(b?.end_time as never),
      startTime: kind === 'continuous' || kind === 'periodic' ? int64Of(m.start_time as never) : 0n,
      periods: kind === 'periodic' ? periodsFromProto(m.vesting_periods) : [],
    },
  }
}

/** The vesting account message (type URL and fields) around `base`. */
export function scheduleToProto(
  base: object,
  s: VestingSchedule,
): {
  url: (typeof VESTING_ACCOUNT_KINDS)[number][0]
  value: Record<string, unknown>
} {
  const baseVesting = {
    base_account: base,
    original_vesting: coinsToProto(s.originalVesting),
    delegated_free: coinsToProto(s.delegatedFree),
    delegated_vesting: coinsToProto(s.delegatedVesting),
    end_time: s.endTime.toString(),
  }
  switch (s.kind) {
    case 'continuous':
      return {
        url: CONTINUOUS_VESTING_ACCOUNT_URL,
        value: { base_vesting_account: baseVesting, start_time: s.startTime.toString() },
      }
    case 'periodic':
      return {
        url: PERIODIC_VESTING_ACCOUNT_URL,
        value: {
          base_vesting_account: baseVesting,
          start_time: s.startTime.toString(),
          vesting_periods: s.periods.map((p) => ({
            length: p.length.toString(),
            amount: coinsToProto(p.amount),
          })),
        },
      }
    case 'delayed':
      return { url: DELAYED_VESTING_ACCOUNT_URL, value: { base_vesting_account: baseVesting } }
    case 'permanent':
      return { url: PERMANENT_LOCKED_ACCOUNT_URL, value: { base_vesting_account: baseVesting } }
  }
}

/** A copy callers may change. */
export function copySchedule(s: VestingSchedule): VestingSchedule {
  const copy = (l: Coin[]) => l.map((c) => ({ ...c }))
  return {
    ...s,
    originalVesting: copy(s.originalVesting),
    delegatedFree: copy(s.delegatedFree),
    delegatedVesting: copy(s.delegatedVesting),
    periods: s.periods.map((p) => ({ length: p.length, amount: copy(p.amount) })),
  }
}
