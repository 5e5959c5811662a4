import { type Coin, coinsFromProto, coinsToProto } from '../../codec/coins.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import type { VestingSchedule } from './vesting.js'

// How vesting accounts are stored and answered: upstream's vesting.proto messages, whose
// BaseVestingAccount wraps the BaseAccount.

/** Vesting account type URLs, canonical (`registry.typeUrl` gives the brand's). */
export const CONTINUOUS_VESTING_ACCOUNT_URL = '/sdk.vesting.v1beta1.ContinuousVestingAccount'
export const DELAYED_VESTING_ACCOUNT_URL = '/sdk.vesting.v1beta1.DelayedVestingAccount'

type BaseVesting = Proto<'sdk.vesting.v1beta1.BaseVestingAccount'>

/** The schedule a decoded vesting account holds, and its BaseAccount. */
export function scheduleFromProto(
  kind: VestingSchedule['kind'],
  m: { base_vesting_account: BaseVesting | null; start_time?: unknown },
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
      startTime: kind === 'continuous' ? int64Of(m.start_time as never) : 0n,
    },
  }
}

/** The vesting account message (type URL and fields) around `base`. */
export function scheduleToProto(
  base: object,
  s: VestingSchedule,
): {
  url: typeof CONTINUOUS_VESTING_ACCOUNT_URL | typeof DELAYED_VESTING_ACCOUNT_URL
  value: Record<string, unknown>
} {
  const baseVesting = {
    base_account: base,
    original_vesting: coinsToProto(s.originalVesting),
    delegated_free: coinsToProto(s.delegatedFree),
    delegated_vesting: coinsToProto(s.delegatedVesting),
    end_time: s.endTime.toString(),
  }
  return s.kind === 'continuous'
    ? {
        url: CONTINUOUS_VESTING_ACCOUNT_URL,
        value: { base_vesting_account: baseVesting, start_time: s.startTime.toString() },
      }
    : { url: DELAYED_VESTING_ACCOUNT_URL, value: { base_vesting_account: baseVesting } }
}

/** A copy callers may change. */
export function copySchedule(s: VestingSchedule): VestingSchedule {
  const copy = (l: Coin[]) => l.map((c) => ({ ...c }))
  return {
    ...s,
    originalVesting: copy(s.originalVesting),
    delegatedFree: copy(s.delegatedFree),
    delegatedVesting: copy(s.delegatedVesting),
  }
}
