import { type Bytes, emptyBytes } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import type { DuplicateVoteEvidence, SignedVote } from './evidence.js'
import type { BlockId, Commit, Header } from './header.js'

/** A copy of a decoded bytes field (an unset one is an empty plain array, or absent with its message). */
const bytesOf = (v: Uint8Array | undefined): Bytes => (v ? new Uint8Array(v) : emptyBytes())
const timeOf = (ts: Proto<'google.protobuf.Timestamp'> | null): TimeNs =>
  int64Of(ts?.seconds) * 1_000_000_000n + BigInt(ts?.nanos ?? 0)

function blockIdFromProto(m: Proto<'tendermint.types.BlockID'> | null | undefined): BlockId {
  return {
    hash: bytesOf(m?.hash),
    parts: {
      total: m?.part_set_header?.total ?? 0,
      hash: bytesOf(m?.part_set_header?.hash),
    },
  }
}

export function headerFromProto(m: Proto<'tendermint.types.Header'>): Header {
  return {
    chainId: m.chain_id,
    height: Number(int64Of(m.height)),
    time: timeOf(m.time),
    lastBlockId: blockIdFromProto(m.last_block_id),
    lastCommitHash: bytesOf(m.last_commit_hash),
    dataHash: bytesOf(m.data_hash),
    validatorsHash: bytesOf(m.validators_hash),
    nextValidatorsHash: bytesOf(m.next_validators_hash),
    consensusHash: bytesOf(m.consensus_hash),
    appHash: bytesOf(m.app_hash),
    lastResultsHash: bytesOf(m.last_results_hash),
    evidenceHash: bytesOf(m.evidence_hash),
    proposerAddress: bytesOf(m.proposer_address),
  }
}

export function commitFromProto(m: Proto<'tendermint.types.Commit'> | null): Commit {
  return {
    height: Number(int64Of(m?.height)),
    round: m?.round ?? 0,
    blockId: blockIdFromProto(m?.block_id),
    signatures: (m?.signatures ?? []).map((s) => ({
      blockIdFlag: s.block_id_flag,
      validatorAddress: bytesOf(s.validator_address),
      timestamp: timeOf(s.timestamp),
      signature: bytesOf(s.signature),
    })),
  }
}

function voteFromProto(v: Proto<'tendermint.types.Vote'> | null | undefined): SignedVote {
  return {
    height: Number(int64Of(v?.height)),
    blockId: blockIdFromProto(v?.block_id),
    time: timeOf(v?.timestamp ?? null),
    validatorAddress: bytesOf(v?.validator_address),
    validatorIndex: v?.validator_index ?? 0,
    signature: bytesOf(v?.signature),
  }
}

/** A block's duplicate-vote evidence, or nothing when its list is empty. */
export function evidenceFromProto(m: Proto<'tendermint.types.EvidenceList'> | null | undefined): {
  evidence?: DuplicateVoteEvidence[]
} {
  const list = (m?.evidence ?? []).flatMap((e) =>
    e.duplicate_vote_evidence ? [e.duplicate_vote_evidence] : [],
  )
  if (list.length === 0) return {}
  return {
    evidence: list.map((d) => ({
      voteA: voteFromProto(d.vote_a),
      voteB: voteFromProto(d.vote_b),
      totalVotingPower: int64Of(d.total_voting_power),
      validatorPower: int64Of(d.validator_power),
      timestamp: timeOf(d.timestamp),
    })),
  }
}
