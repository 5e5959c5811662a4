import type { UpgradePlan } from '../../app/types.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit } from '../../codec/proto.js'
import { ErrInvalidRequest } from '../../errors.js'

/** Go's zero time (`0001-01-01T00:00:00Z`) as a protobuf Timestamp: the only time a plan may carry. */
export const ZERO_TIMESTAMP = { seconds: '-62135596800', nanos: 0 } as const

/** Name of the file the halting binary writes into `<home>/data` (upstream UpgradeInfoFilename). */
export const UPGRADE_INFO_FILENAME = 'upgrade-info.json'

/**
 * A plan as callers hand it in: decoded (a stored plan, a Msg's; Long heights) or as `fromObject`
 * takes it (a test's, upgrade-info.json's; number or decimal heights).
 */
export type PlanInput = ProtoInit<'sdk.upgrade.v1beta1.Plan'>

/** The plan's height as a bigint (absent: 0). */
export function planHeight(plan: PlanInput): bigint {
  return int64Of(plan.height)
}

/** Go's zero time in seconds, as a bigint. */
const ZERO_SECONDS = BigInt(ZERO_TIMESTAMP.seconds)

/** Whether the deprecated `time` field is Go's zero time (absent counts as zero). */
export function isZeroTime(time: PlanInput['time']): boolean {
  if (time === undefined || time === null) return true
  return int64Of(time.seconds) === ZERO_SECONDS && (time.nanos ?? 0) === 0
}

/** Upstream Plan.ValidateBasic: the checks in upstream order, the first failure wins. */
export function validatePlan(plan: PlanInput): void {
  if (!isZeroTime(plan.time)) {
    throw ErrInvalidRequest.wrap('time-based upgrades have been deprecated in the SDK')
  }
  if (plan.upgraded_client_state !== undefined && plan.upgraded_client_state !== null) {
    throw ErrInvalidRequest.wrap('upgrade logic for IBC has been moved to the IBC module')
  }
  if (!plan.name) throw ErrInvalidRequest.wrap('name cannot be empty')
  if (planHeight(plan) <= 0n) throw ErrInvalidRequest.wrap('height must be greater than 0')
}

/** Upstream ShouldExecute: the plan is due at block height `h`. */
export function shouldExecute(plan: PlanInput, h: number | bigint): boolean {
  const height = planHeight(plan)
  return height > 0n && height <= BigInt(h)
}

/** Upstream DueAt: `height: <h>`. */
export function dueAt(plan: PlanInput): string {
  return `height: ${planHeight(plan)}`
}

/** The plan as stored: name, zero time, height, info; nothing else. */
export function normalizePlan(plan: PlanInput): ProtoInit<'sdk.upgrade.v1beta1.Plan'> {
  return {
    name: plan.name ?? '',
    time: { ...ZERO_TIMESTAMP },
    height: planHeight(plan).toString(),
    info: plan.info ?? '',
  }
}

/** The plan as an upgrade handler receives it. */
export function toUpgradePlan(plan: PlanInput): UpgradePlan {
  return { name: plan.name ?? '', height: Number(planHeight(plan)), info: plan.info ?? '' }
}

/** Upstream BuildUpgradeNeededMsg: `UPGRADE "<name>" NEEDED at height: <h>: <info>`. */
export function upgradeNeededMessage(plan: PlanInput): string {
  return `UPGRADE "${plan.name ?? ''}" NEEDED at ${dueAt(plan)}: ${plan.info ?? ''}`
}

/** The log line of a skipped upgrade (`%d`: no `height:` word, as upstream). */
export function upgradeSkippedMessage(plan: PlanInput): string {
  return `UPGRADE "${plan.name ?? ''}" SKIPPED at ${planHeight(plan)}: ${plan.info ?? ''}`
}

/** The log line of an applied upgrade. */
export function applyingUpgradeMessage(plan: PlanInput): string {
  return `applying upgrade "${plan.name ?? ''}" at ${dueAt(plan)}`
}

/** The error of a binary that knows a plan which is not due yet. */
export function binaryTooNewMessage(plan: PlanInput): string {
  return `BINARY UPDATED BEFORE TRIGGER! UPGRADE "${plan.name ?? ''}" - in binary but not executed on chain. Downgrade your binary`
}

/** The error of a binary that lacks the handler of the last applied upgrade. */
export function downgradeMessage(appVersion: bigint | number, lastUpgrade: string): string {
  return `wrong app version ${appVersion}, upgrade handler is missing for ${lastUpgrade} upgrade plan`
}
