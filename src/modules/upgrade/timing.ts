import { int64Of } from '../../codec/int64.js'
import type { ProtoInit } from '../../codec/proto.js'
import { formatRfc3339, type TimeNs } from '../../codec/time.js'
import { formatGoDuration } from '../../config/duration.js'

/**
 * Upgrade timing from the chain's own pace: the recent block interval, the safety rule
 * (an upgrade height must leave 2 × (voting period + deposit period) + a safety delta after the
 * proposal starts, so that a cancel proposal can still pass), and the time left until a height.
 */

/** A block's height and header time. */
export interface BlockTime {
  height: number
  time: TimeNs
}

/**
 * The chain's recent block interval in milliseconds: the median gap between consecutive blocks (a
 * pause or a restart among them does not skew it); undefined with fewer than two blocks.
 */
export function blockIntervalMs(times: readonly BlockTime[]): number | undefined {
  const sorted = [...times].sort((a, b) => a.height - b.height)
  const gaps: number[] = []
  for (let i = 1; i < sorted.length; i++) {
    const blocks = sorted[i]!.height - sorted[i - 1]!.height
    if (blocks > 0) gaps.push(Number(sorted[i]!.time - sorted[i - 1]!.time) / 1e6 / blocks)
  }
  if (gaps.length === 0) return undefined
  gaps.sort((a, b) => a - b)
  const mid = gaps.length >> 1
  return gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2
}

/** A google.protobuf.Duration (decoded, or as `fromObject` takes it) in milliseconds. */
export function durationMs(d: ProtoInit<'google.protobuf.Duration'> | null | undefined): number {
  if (!d) return 0
  return Number(int64Of(d.seconds)) * 1000 + (d.nanos ?? 0) / 1e6
}

/** Inputs of the safety rule. */
export interface SafetyRuleInputs {
  /** Latest committed height: the proposal lands in the next block. */
  latestHeight: number
  blockIntervalMs: number
  votingPeriodMs: number
  depositPeriodMs: number
  safetyDeltaMs: number
}

/** The outcome of the safety rule. */
export interface SafetyRule {
  /** The lowest upgrade height that still leaves time for a cancel proposal. */
  lowestSafeHeight: number
  /** 2 × (voting period + deposit period) + safety delta. */
  windowMs: number
  /** The window in blocks at the recent interval. */
  windowBlocks: number
}

/** The safety rule (docs/upgrades.md): height ≥ proposal start + ⌈(2 × (voting + deposit) + delta) / block interval⌉. */
export function safetyRule(i: SafetyRuleInputs): SafetyRule {
  const windowMs = 2 * (i.votingPeriodMs + i.depositPeriodMs) + i.safetyDeltaMs
  const interval = Math.max(i.blockIntervalMs, 1)
  const windowBlocks = Math.ceil(windowMs / interval)
  return { lowestSafeHeight: i.latestHeight + 1 + windowBlocks, windowMs, windowBlocks }
}

/** A duration for people: Go style, whole seconds once it exceeds a minute. */
export function formatDurationMs(ms: number): string {
  if (ms >= 60_000) return formatGoDuration(Math.round(ms / 1000) * 1000)
  if (ms >= 1000) return formatGoDuration(Math.round(ms / 100) * 100)
  return formatGoDuration(Math.round(ms))
}

/** The warning `tx upgrade software-upgrade` prints for a height below the safe one, else undefined. */
export function safetyWarning(upgradeHeight: number, i: SafetyRuleInputs): string | undefined {
  const r = safetyRule(i)
  if (upgradeHeight >= r.lowestSafeHeight) return undefined
  return [
    `WARNING: upgrade height ${upgradeHeight} leaves no time to cancel the upgrade by governance.`,
    `The lowest height that does is ${r.lowestSafeHeight}: 2 × (voting period ${formatDurationMs(i.votingPeriodMs)}`,
    `+ deposit period ${formatDurationMs(i.depositPeriodMs)}) + safety delta ${formatDurationMs(i.safetyDeltaMs)}`,
    `= ${formatDurationMs(r.windowMs)}, about ${r.windowBlocks} blocks at the recent`,
    `${formatDurationMs(i.blockIntervalMs)} per block after the proposal starts (next block ${i.latestHeight + 1}).`,
    `Use --upgrade-height ${r.lowestSafeHeight} or higher to keep the upgrade cancellable.`,
  ].join(' ')
}

/** How far a height lies ahead of the chain. */
export interface HeightEstimate {
  latestHeight: number
  blocksLeft: number
  /** Milliseconds until the height, at the recent interval (undefined when unknown). */
  msLeft: number | undefined
  /** Estimated wall-clock time of the height. */
  at: TimeNs | undefined
  blockIntervalMs: number | undefined
}

/** Estimates when the chain reaches `height` from its recent blocks (newest-first or any order). */
export function estimateHeight(height: number, recent: readonly BlockTime[]): HeightEstimate {
  const latest = recent.reduce<BlockTime | undefined>(
    (a, b) => (a === undefined || b.height > a.height ? b : a),
    undefined,
  )
  const latestHeight = latest?.height ?? 0
  const interval = blockIntervalMs(recent)
  const blocksLeft = Math.max(0, height - latestHeight)
  const msLeft = interval === undefined ? undefined : blocksLeft * interval
  const at =
    latest && msLeft !== undefined ? latest.time + BigInt(Math.round(msLeft * 1e6)) : undefined
  return { latestHeight, blocksLeft, msLeft, at, blockIntervalMs: interval }
}

/** One line for people: `estimated time until height 120: ~13.5s (27 blocks at ~500ms per block; around …)`. */
export function formatHeightEstimate(height: number, e: HeightEstimate): string {
  if (e.blocksLeft === 0)
    return `height ${height} is not ahead of the chain (latest height ${e.latestHeight})`
  if (e.msLeft === undefined || e.blockIntervalMs === undefined || e.at === undefined)
    return `height ${height} is ${e.blocksLeft} blocks ahead of the chain (latest height ${e.latestHeight}); too few blocks yet to estimate the time`
  return `estimated time until height ${height}: ~${formatDurationMs(e.msLeft)} (${e.blocksLeft} blocks at ~${formatDurationMs(e.blockIntervalMs)} per block; around ${formatRfc3339(e.at)})`
}
