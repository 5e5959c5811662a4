import type { Bytes } from '../../codec/bytes.js'
import { type Coin, coinsFromProto, coinsToProto } from '../../codec/coins.js'
import type { AnyMessage, ProtoMessage } from '../../codec/proto.js'
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
export function proposalToProto(p: Proposal): ProtoMessage {
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
export function proposalFromProto(m: ProtoMessage): Proposal {
  const t = (m.final_tally_result ?? {}) as ProtoMessage
  const time = (ts: ProtoMessage | null | undefined) => (ts ? timestampToTime(ts) : undefined)
  return {
    id: BigInt(String(m.id ?? 0)),
    messages: ((m.messages ?? []) as ProtoMessage[]).map((a) => ({
      type_url: String(a.type_url ?? ''),
      value: (a.value ?? new Uint8Array()) as Bytes,
    })),
    status: Number(m.status ?? 0) as ProposalStatus,
    finalTally: {
      yes: String(t.yes_count || '0'),
      abstain: String(t.abstain_count || '0'),
      no: String(t.no_count || '0'),
      noWithVeto: String(t.no_with_veto_count || '0'),
    },
    submitTime: time(m.submit_time) ?? 0n,
    depositEndTime: time(m.deposit_end_time) ?? 0n,
    totalDeposit: coinsFromProto(m.total_deposit),
    votingStartTime: time(m.voting_start_time),
    votingEndTime: time(m.voting_end_time),
    metadata: String(m.metadata ?? ''),
    title: String(m.title ?? ''),
    summary: String(m.summary ?? ''),
    proposer: String(m.proposer ?? ''),
    expedited: m.expedited === true,
    failedReason: String(m.failed_reason ?? ''),
  }
}

/** A tally in its protobuf form. */
export function tallyToProto(t: TallyCounts): ProtoMessage {
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
