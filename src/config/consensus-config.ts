import type { FieldReader } from './fields.js'

/**
 * config.toml `[consensus]`: CometBFT's round timeouts. sdkd's own producer acts on
 * `timeout_commit` only; a real CometBFT running the home reads them all.
 */
export interface ConsensusConfig {
  /** timeout_propose: how long to wait for a proposal before prevoting nil. */
  timeoutPropose: string
  /** timeout_propose_delta: what each later round adds to timeout_propose. */
  timeoutProposeDelta: string
  /** timeout_prevote: how long to wait after +2/3 prevotes for anything. */
  timeoutPrevote: string
  timeoutPrevoteDelta: string
  /** timeout_precommit: how long to wait after +2/3 precommits for anything. */
  timeoutPrecommit: string
  timeoutPrecommitDelta: string
  /** timeout_commit: how long to wait after a commit before starting the next height. */
  timeoutCommit: string
  /** timeout_commit in milliseconds, as sdkd's producer uses it. */
  timeoutCommitMs: number
}

/** CometBFT's defaults, except timeout_commit, which the SDK writes as 5s. */
export function defaultConsensusConfig(): ConsensusConfig {
  return {
    timeoutPropose: '3s',
    timeoutProposeDelta: '500ms',
    timeoutPrevote: '1s',
    timeoutPrevoteDelta: '500ms',
    timeoutPrecommit: '1s',
    timeoutPrecommitDelta: '500ms',
    // The SDK rewrites CometBFT's 1s default to 5s when it first writes config.toml.
    timeoutCommit: '5s',
    timeoutCommitMs: 5000,
  }
}

/** The config.toml key of each duration field (the TOML text keeps CometBFT's names). */
const KEYS = {
  timeoutPropose: 'timeout_propose',
  timeoutProposeDelta: 'timeout_propose_delta',
  timeoutPrevote: 'timeout_prevote',
  timeoutPrevoteDelta: 'timeout_prevote_delta',
  timeoutPrecommit: 'timeout_precommit',
  timeoutPrecommitDelta: 'timeout_precommit_delta',
  timeoutCommit: 'timeout_commit',
} as const

type DurationField = keyof typeof KEYS

/** Reads `[consensus]`: every timeout must be a non-negative Go duration, as CometBFT requires. */
export function readConsensusConfig(r: FieldReader): ConsensusConfig {
  const d = defaultConsensusConfig()
  const ms = {} as Record<DurationField, number>
  const text = {} as Record<DurationField, string>
  for (const [field, key] of Object.entries(KEYS) as [DurationField, string][]) {
    const read = r.duration(`consensus.${key}`, d[field])
    text[field] = read.text
    ms[field] = read.ms
  }
  return { ...text, timeoutCommitMs: ms.timeoutCommit }
}

const q = (s: string) => JSON.stringify(s)

/** The `[consensus]` table's text. */
export function renderConsensusToml(c: ConsensusConfig): string {
  return `[consensus]

# How long we wait for a proposal block before prevoting nil
timeout_propose = ${q(c.timeoutPropose)}
# How much timeout_propose increases with each round
timeout_propose_delta = ${q(c.timeoutProposeDelta)}
# How long we wait after receiving +2/3 prevotes for "anything" (ie. not a single block or nil)
timeout_prevote = ${q(c.timeoutPrevote)}
# How much the timeout_prevote increases with each round
timeout_prevote_delta = ${q(c.timeoutPrevoteDelta)}
# How long we wait after receiving +2/3 precommits for "anything" (ie. not a single block or nil)
timeout_precommit = ${q(c.timeoutPrecommit)}
# How much the timeout_precommit increases with each round
timeout_precommit_delta = ${q(c.timeoutPrecommitDelta)}
# How long we wait after committing a block, before starting on the new
# height (0s: produce blocks as fast as possible)
timeout_commit = ${q(c.timeoutCommit)}
`
}
