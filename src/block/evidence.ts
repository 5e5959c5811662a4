import protobuf from 'protobufjs/light.js'
import { type Bytes, toBase64, toHexUpper } from '../codec/bytes.js'
import { merkleRoot } from '../codec/hash.js'
import { formatRfc3339Nano, type TimeNs, timeToTimestamp } from '../codec/time.js'
import type { BlockId } from './header.js'

/**
 * CometBFT's DuplicateVoteEvidence (types/evidence.go): two signed precommits of one validator at
 * one height and round for different blocks. Encoded here field by field as
 * proto/tendermint/types/evidence.proto and types.proto lay them out (gogoproto: non-nullable
 * block ids and timestamps always written, zero scalars omitted).
 */

/** One signed precommit (tendermint.types.Vote, round 0, no extension). */
export interface SignedVote {
  height: number
  blockId: BlockId
  time: TimeNs
  validatorAddress: Bytes
  validatorIndex: number
  signature: Bytes
}

export interface DuplicateVoteEvidence {
  voteA: SignedVote
  voteB: SignedVote
  totalVotingPower: bigint
  validatorPower: bigint
  /** Time of the block at the votes' height. */
  timestamp: TimeNs
}

const finish = (w: protobuf.Writer): Bytes => {
  const out = w.finish()
  return new Uint8Array(out.buffer, out.byteOffset, out.length)
}

function timestampBytes(t: TimeNs): Bytes {
  const { seconds, nanos } = timeToTimestamp(t)
  const w = protobuf.Writer.create()
  if (seconds !== '0') w.uint32(0x08).int64(seconds)
  if (nanos !== 0) w.uint32(0x10).int32(nanos)
  return finish(w)
}

function blockIdBytes(id: BlockId): Bytes {
  const parts = protobuf.Writer.create()
  if (id.parts.total !== 0) parts.uint32(0x08).uint32(id.parts.total)
  if (id.parts.hash.length > 0) parts.uint32(0x12).bytes(id.parts.hash)
  const w = protobuf.Writer.create()
  if (id.hash.length > 0) w.uint32(0x0a).bytes(id.hash)
  w.uint32(0x12).bytes(finish(parts))
  return finish(w)
}

/** tendermint.types.Vote bytes of a precommit. */
export function voteBytes(v: SignedVote): Bytes {
  const w = protobuf.Writer.create()
  w.uint32(0x08).int32(2) // SIGNED_MSG_TYPE_PRECOMMIT
  if (v.height !== 0) w.uint32(0x10).int64(v.height)
  w.uint32(0x22).bytes(blockIdBytes(v.blockId))
  w.uint32(0x2a).bytes(timestampBytes(v.time))
  if (v.validatorAddress.length > 0) w.uint32(0x32).bytes(v.validatorAddress)
  if (v.validatorIndex !== 0) w.uint32(0x38).int32(v.validatorIndex)
  if (v.signature.length > 0) w.uint32(0x42).bytes(v.signature)
  return finish(w)
}

/** tendermint.types.DuplicateVoteEvidence bytes (Evidence.Bytes(): the leaves of evidence_hash). */
export function duplicateVoteEvidenceBytes(e: DuplicateVoteEvidence): Bytes {
  const w = protobuf.Writer.create()
  w.uint32(0x0a).bytes(voteBytes(e.voteA))
  w.uint32(0x12).bytes(voteBytes(e.voteB))
  if (e.totalVotingPower !== 0n) w.uint32(0x18).int64(e.totalVotingPower.toString())
  if (e.validatorPower !== 0n) w.uint32(0x20).int64(e.validatorPower.toString())
  w.uint32(0x2a).bytes(timestampBytes(e.timestamp))
  return finish(w)
}

/** A block's evidence: its EvidenceList bytes and its hash (the header's evidence_hash). */
export function evidenceOf(list: readonly DuplicateVoteEvidence[]): { list: Bytes; hash: Bytes } {
  const leaves = list.map(duplicateVoteEvidenceBytes)
  const w = protobuf.Writer.create()
  for (const leaf of leaves) {
    const ev = protobuf.Writer.create()
    ev.uint32(0x0a).bytes(leaf)
    w.uint32(0x0a).bytes(finish(ev))
  }
  return { list: finish(w), hash: merkleRoot(leaves) }
}

/**
 * NewDuplicateVoteEvidence's order: vote A is the one whose BlockID.Key() (hash, then the part set
 * header's bytes) sorts first.
 */
export function orderVotes(a: SignedVote, b: SignedVote): [SignedVote, SignedVote] {
  const key = (v: SignedVote) => Buffer.concat([v.blockId.hash, blockIdBytes(v.blockId)])
  return Buffer.compare(key(a), key(b)) < 0 ? [a, b] : [b, a]
}

function voteJson(v: SignedVote) {
  return {
    type: 2,
    height: String(v.height),
    round: 0,
    block_id: {
      hash: toHexUpper(v.blockId.hash),
      parts: { total: v.blockId.parts.total, hash: toHexUpper(v.blockId.parts.hash) },
    },
    timestamp: formatRfc3339Nano(v.time),
    validator_address: toHexUpper(v.validatorAddress),
    validator_index: v.validatorIndex,
    signature: toBase64(v.signature),
    extension: null,
    extension_signature: null,
  }
}

/** The evidence as CometBFT's RPC prints it (amino JSON of the Evidence interface). */
export function evidenceJson(e: DuplicateVoteEvidence) {
  return {
    type: 'tendermint/DuplicateVoteEvidence',
    value: {
      vote_a: voteJson(e.voteA),
      vote_b: voteJson(e.voteB),
      TotalVotingPower: e.totalVotingPower.toString(),
      ValidatorPower: e.validatorPower.toString(),
      Timestamp: formatRfc3339Nano(e.timestamp),
    },
  }
}
