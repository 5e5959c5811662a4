import { type Bytes, emptyBytes } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import type {
  BlockEvidence,
  EvidenceValidator,
  LightClientAttackEvidence,
  SignedVote,
} from './evidence.js'
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

function validatorFromProto(
  v: Proto<'tendermint.types.Validator'> | null | undefined,
): EvidenceValidator {
  return {
    address: bytesOf(v?.address),
    pubKey: bytesOf(v?.pub_key?.ed25519),
    power: int64Of(v?.voting_power),
    priority: int64Of(v?.proposer_priority),
  }
}

function lightClientAttackFromProto(
  m: Proto<'tendermint.types.LightClientAttackEvidence'>,
): LightClientAttackEvidence {
  const light = m.conflicting_block
  const set = light?.validator_set
  return {
    conflictingBlock: {
      // The node writes both; an absent one decodes as the empty message.
      header: headerFromProto(
        light?.signed_header?.header ?? ({} as Proto<'tendermint.types.Header'>),
      ),
      commit: commitFromProto(light?.signed_header?.commit ?? null),
      validators: (set?.validators ?? []).map(validatorFromProto),
      proposer: set?.proposer ? validatorFromProto(set.proposer) : undefined,
    },
    commonHeight: Number(int64Of(m.common_height)),
    byzantineValidators: (m.byzantine_validators ?? []).map(validatorFromProto),
    totalVotingPower: int64Of(m.total_voting_power),
    timestamp: timeOf(m.timestamp),
  }
}

/** A block's evidence (duplicate votes, light client attacks), or nothing when its list is empty. */
export function evidenceFromProto(m: Proto<'tendermint.types.EvidenceList'> | null | undefined): {
  evidence?: BlockEvidence[]
} {
  const list: BlockEvidence[] = []
  for (const e of m?.evidence ?? []) {
    const d = e.duplicate_vote_evidence
    if (d)
      list.push({
        voteA: voteFromProto(d.vote_a),
        voteB: voteFromProto(d.vote_b),
        totalVotingPower: int64Of(d.total_voting_power),
        validatorPower: int64Of(d.validator_power),
        timestamp: timeOf(d.timestamp),
      })
    else if (e.light_client_attack_evidence)
      list.push(lightClientAttackFromProto(e.light_client_attack_evidence))
  }
  return list.length === 0 ? {} : { evidence: list }
}
