import { type Coin, coinsFromProto, coinsToProto } from '../../codec/coins.js'
import { int64Of } from '../../codec/int64.js'
import type { AnyMessage, Proto, ProtoInit } from '../../codec/proto.js'
import { type TimeNs, timestampToTime, timeToTimestamp } from '../../codec/time.js'

/** ProposalStatus values (upstream gov v1). */
export const ProposalStatus = {
  UNSPECIFIED: 0,
  DEPOSIT_PERIOD: 1,
  VOTING_PERIOD: 2,
  PASSED: 3,
  REJECTED: 4,
  FAILED: 5,
} as const
export type ProposalStatus = (typeof ProposalStatus)[keyof typeof ProposalStatus]

/** Enum names of the statuses, as the gateway and logs print them. */
export const PROPOSAL_STATUS_NAMES = [
  'PROPOSAL_STATUS_UNSPECIFIED',
  'PROPOSAL_STATUS_DEPOSIT_PERIOD',
  'PROPOSAL_STATUS_VOTING_PERIOD',
  'PROPOSAL_STATUS_PASSED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_FAILED',
] as const

/** VoteOption values (upstream gov v1). */
export const VoteOption = {
  UNSPECIFIED: 0,
  YES: 1,
  ABSTAIN: 2,
  NO: 3,
  NO_WITH_VETO: 4,
} as const

/** Enum names of the vote options. */
export const VOTE_OPTION_NAMES = [
  'VOTE_OPTION_UNSPECIFIED',
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
] as const

/** Tally counts as integer text. */
export interface TallyCounts {
  yes: string
  abstain: string
  no: string
  noWithVeto: string
}

export const EMPTY_TALLY: TallyCounts = { yes: '0', abstain: '0', no: '0', noWithVeto: '0' }

/** A proposal as the keeper works with it. */
export interface Proposal {
  id: bigint
  messages: AnyMessage[]
  status: ProposalStatus
  finalTally: TallyCounts
  submitTime: TimeNs
  depositEndTime: TimeNs
  totalDeposit: Coin[]
  votingStartTime: TimeNs | undefined
  votingEndTime: TimeNs | undefined
  metadata: string
  title: string
  summary: string
  proposer: string
  expedited: boolean
  failedReason: string
}

/** The stored (protobuf) form of a proposal. */
export function proposalToProto(p: Proposal): ProtoInit<'sdk.gov.v1.Proposal'> {
  return {
    id: p.id.toString(),
    messages: p.messages.map((m) => ({ type_url: m.type_url, value: m.value })),
    status: p.status,
    final_tally_result: {
      yes_count: p.finalTally.yes,
      abstain_count: p.finalTally.abstain,
      no_count: p.finalTally.no,
      no_with_veto_count: p.finalTally.noWithVeto,
    },
    submit_time: timeToTimestamp(p.submitTime),
    deposit_end_time: timeToTimestamp(p.depositEndTime),
    total_deposit: coinsToProto(p.totalDeposit),
    ...(p.votingStartTime === undefined
      ? {}
      : { voting_start_time: timeToTimestamp(p.votingStartTime) }),
    ...(p.votingEndTime === undefined ? {} : { voting_end_time: timeToTimestamp(p.votingEndTime) }),
    metadata: p.metadata,
    title: p.title,
    summary: p.summary,
    proposer: p.proposer,
    expedited: p.expedited,
    failed_reason: p.failedReason,
  }
}

/** A proposal from its stored form. */
export function proposalFromProto(m: Proto<'sdk.gov.v1.Proposal'>): Proposal {
  const t = m.final_tally_result
  const time = (ts: Proto<'google.protobuf.Timestamp'> | null) =>
    ts ? timestampToTime(ts) : undefined
  return {
    id: int64Of(m.id),
    messages: m.messages.map((a) => ({ type_url: a.type_url, value: a.value })),
    status: m.status as ProposalStatus,
    finalTally: {
      yes: t?.yes_count || '0',
      abstain: t?.abstain_count || '0',
      no: t?.no_count || '0',
      noWithVeto: t?.no_with_veto_count || '0',
    },
    submitTime: time(m.submit_time) ?? 0n,
    depositEndTime: time(m.deposit_end_time) ?? 0n,
    totalDeposit: coinsFromProto(m.total_deposit),
    votingStartTime: time(m.voting_start_time),
    votingEndTime: time(m.voting_end_time),
    metadata: m.metadata,
    title: m.title,
    summary: m.summary,
    proposer: m.proposer,
    expedited: m.expedited,
    failedReason: m.failed_reason,
  }
}

/** A tally in its protobuf form. */
export function tallyToProto(t: TallyCounts): Proto<'sdk.gov.v1.TallyResult'> {
  return {
    yes_count: t.yes,
    abstain_count: t.abstain,
    no_count: t.no,
    no_with_veto_count: t.noWithVeto,
  }
}

/** A weighted vote option. */
export interface WeightedOption {
  option: number
  /** Decimal text, e.g. `1.000000000000000000`. */
  weight: string
}

/**
 * The `option` attribute of a proposal_vote event: the JSON of the weighted options, as upstream
 * WeightedVoteOptions.String() prints it.
 */
export function weightedOptionsText(options: readonly WeightedOption[]): string {
  return JSON.stringify(options.map((o) => ({ option: o.option, weight: o.weight })))
}
