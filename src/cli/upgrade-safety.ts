import { type Command, InvalidArgumentError } from 'commander'
import type { NodeClient } from '../client/node-client.js'
import type { AnyMessage, ProtoRegistry } from '../codec/proto.js'
import { parseGoDuration } from '../config/duration.js'
import {
  blockIntervalMs,
  durationMs,
  type SafetyRuleInputs,
  safetyWarning,
} from '../modules/upgrade/timing.js'
import { CliError } from './errors.js'

/** Plan heights of the MsgSoftwareUpgrade messages among `messages`. */
function upgradeHeightsOf(registry: ProtoRegistry, messages: readonly AnyMessage[]): number[] {
  return messages
    .filter((m) => m.type_url === registry.typeUrl('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade'))
    .map((m) => Number(String(registry.unpackAny(m).value.plan?.height ?? 0)))
}

/** Parses `--safety-delta` (a non-negative Go duration) into milliseconds. */
function safetyDeltaArg(value: string): number {
  let ms: number
  try {
    ms = parseGoDuration(value)
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message)
  }
  if (ms < 0) throw new InvalidArgumentError(`must not be negative, got ${value}`)
  return ms
}

/** Adds `--safety-delta <duration>`. */
export function addSafetyDeltaFlag(cmd: Command): Command {
  return cmd.option(
    '--safety-delta <duration>',
    'time kept after 2 × (voting period + deposit period) for noticing a bad upgrade, in the upgrade height check (default: the voting period)',
    safetyDeltaArg,
  )
}

/**
 * The safety-rule inputs from the chain: gov periods and the block interval — the median gap of the
 * recent blocks, never below the node's configured block time (`consensus.timeout_commit`) when it
 * is known: a burst of fast blocks (a catch-up, mined blocks) must not shrink the estimate.
 */
export async function safetyInputs(
  client: NodeClient,
  safetyDeltaMs: number | undefined,
  configuredBlockTimeMs?: number,
): Promise<SafetyRuleInputs> {
  const { response } = await client.query('sdk.gov.v1.Query/Params', { params_type: 'voting' })
  const params = response.params
  const times = await client.recentBlockTimes()
  const recent = blockIntervalMs(times)
  const interval =
    recent === undefined ? configuredBlockTimeMs : Math.max(recent, configuredBlockTimeMs ?? 0)
  if (interval === undefined || interval <= 0)
    throw new CliError('the chain has fewer than two blocks: no block interval to estimate from')
  const votingPeriodMs = durationMs(params?.voting_period)
  return {
    latestHeight: times.reduce((h, t) => Math.max(h, t.height), 0),
    blockIntervalMs: interval,
    votingPeriodMs,
    depositPeriodMs: durationMs(params?.max_deposit_period),
    safetyDeltaMs: safetyDeltaMs ?? votingPeriodMs,
  }
}

/**
 * Seed rule 4 at submission: prints a warning on stderr for every MsgSoftwareUpgrade whose height
 * leaves no time for a cancel proposal. A node that cannot answer gets a note, not a failure.
 */
export async function warnUnsafeUpgradeHeights(
  registry: ProtoRegistry,
  client: NodeClient,
  messages: readonly AnyMessage[],
  safetyDeltaMs: number | undefined,
  configuredBlockTimeMs?: number,
): Promise<void> {
  const heights = upgradeHeightsOf(registry, messages)
  if (heights.length === 0) return
  const { latestHeight } = await client.status()
  for (const h of heights) {
    if (h <= latestHeight)
      throw new CliError(`upgrade height ${h} is in the past (current height ${latestHeight})`)
  }
  let inputs: SafetyRuleInputs
  try {
    inputs = await safetyInputs(client, safetyDeltaMs, configuredBlockTimeMs)
  } catch (err) {
    process.stderr.write(
      `note: cannot check the upgrade height against the governance periods: ${(err as Error).message}\n`,
    )
    return
  }
  for (const h of heights) {
    const warning = safetyWarning(h, inputs)
    if (warning) process.stderr.write(`${warning}\n`)
  }
}
