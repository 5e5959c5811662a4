import protobuf from 'protobufjs/light.js'
import { type Bytes, toBase64, toHexUpper } from '../codec/bytes.js'
import { merkleRoot } from '../codec/hash.js'
import { formatRfc3339Nano, type TimeNs, timeToTimestamp } from '../codec/time.js'
import { BLOCK_PROTOCOL, type BlockId, type Commit, type Header } from './header.js'

/**
 * CometBFT's DuplicateVoteEvidence (types/evidence.go): two signed precommits of one validator at
 * one height and round for different blocks. Encoded here field by field as
 * proto/tendermint/types/evidence.proto and types.proto lay them out (gogoproto: non-nullable
 * block ids and timestamps always written, zero scalars omitted).
 */

/** A validator as a light block's set and a light client attack list it (tendermint.types.Validator). */
export interface EvidenceValidator {
  address: Bytes
  pubKey: Bytes
  power: bigint
  priority: bigint
}

/**
 * CometBFT's LightClientAttackEvidence (types/evidence.go): a signed block that conflicts with the
 * chain, shown to a light client, with its validator set; the last height both agree on (the
 * infraction's height), the validators that signed it, the total power and the block time at the
 * common height.
 */
export interface LightClientAttackEvidence {
  conflictingBlock: {
    header: Header
    commit: Commit
    validators: EvidenceValidator[]
    proposer: EvidenceValidator | undefined
  }
  commonHeight: number
  byzantineValidators: EvidenceValidator[]
  totalVotingPower: bigint
  timestamp: TimeNs
}

/** An item of a block's evidence list. */
export type BlockEvidence = DuplicateVoteEvidence | LightClientAttackEvidence

export function isLightClientAttack(e: BlockEvidence): e is LightClientAttackEvidence {
  return 'conflictingBlock' in e
}

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

/** tendermint.types.Header bytes (version 11, no app version, as the node's headers). */
function headerBytes(h: Header): Bytes {
  const w = protobuf.Writer.create()
  const version = protobuf.Writer.create()
  version.uint32(0x08).uint64(BLOCK_PROTOCOL)
  w.uint32(0x0a).bytes(finish(version))
  if (h.chainId.length > 0) w.uint32(0x12).string(h.chainId)
  if (h.height !== 0) w.uint32(0x18).int64(h.height)
  w.uint32(0x22).bytes(timestampBytes(h.time))
  w.uint32(0x2a).bytes(blockIdBytes(h.lastBlockId))
  const fields: [number, Bytes][] = [
    [0x32, h.lastCommitHash],
    [0x3a, h.dataHash],
    [0x42, h.validatorsHash],
    [0x4a, h.nextValidatorsHash],
    [0x52, h.consensusHash],
    [0x5a, h.appHash],
    [0x62, h.lastResultsHash],
    [0x6a, h.evidenceHash],
    [0x72, h.proposerAddress],
  ]
  for (const [key, value] of fields) if (value.length > 0) w.uint32(key).bytes(value)
  return finish(w)
}

/** tendermint.types.Commit bytes. */
function commitBytes(c: Commit): Bytes {
  const w = protobuf.Writer.create()
  if (c.height !== 0) w.uint32(0x08).int64(c.height)
  if (c.round !== 0) w.uint32(0x10).int32(c.round)
  w.uint32(0x1a).bytes(blockIdBytes(c.blockId))
  for (const s of c.signatures) {
    const sig = protobuf.Writer.create()
    if (s.blockIdFlag !== 0) sig.uint32(0x08).int32(s.blockIdFlag)
    if (s.validatorAddress.length > 0) sig.uint32(0x12).bytes(s.validatorAddress)
    sig.uint32(0x1a).bytes(timestampBytes(s.timestamp))
    if (s.signature.length > 0) sig.uint32(0x22).bytes(s.signature)
    w.uint32(0x22).bytes(finish(sig))
  }
  return finish(w)
}

/** tendermint.types.Validator bytes (its public key a PublicKey{ed25519}). */
function validatorBytes(v: EvidenceValidator): Bytes {
  const w = protobuf.Writer.create()
  if (v.address.length > 0) w.uint32(0x0a).bytes(v.address)
  const key = protobuf.Writer.create()
  if (v.pubKey.length > 0) key.uint32(0x0a).bytes(v.pubKey)
  w.uint32(0x12).bytes(finish(key))
  if (v.power !== 0n) w.uint32(0x18).int64(v.power.toString())
  if (v.priority !== 0n) w.uint32(0x20).int64(v.priority.toString())
  return finish(w)
}

/**
 * tendermint.types.LightClientAttackEvidence bytes. The light block's validator set is written as
 * ValidatorSet.ToProto writes it: its validators and proposer, its total power left at 0.
 */
export function lightClientAttackBytes(e: LightClientAttackEvidence): Bytes {
  const b = e.conflictingBlock
  const signed = protobuf.Writer.create()
  signed.uint32(0x0a).bytes(headerBytes(b.header))
  signed.uint32(0x12).bytes(commitBytes(b.commit))
  const set = protobuf.Writer.create()
  for (const v of b.validators) set.uint32(0x0a).bytes(validatorBytes(v))
  if (b.proposer) set.uint32(0x12).bytes(validatorBytes(b.proposer))
  const light = protobuf.Writer.create()
  light.uint32(0x0a).bytes(finish(signed))
  light.uint32(0x12).bytes(finish(set))
  const w = protobuf.Writer.create()
  w.uint32(0x0a).bytes(finish(light))
  if (e.commonHeight !== 0) w.uint32(0x10).int64(e.commonHeight)
  for (const v of e.byzantineValidators) w.uint32(0x1a).bytes(validatorBytes(v))
  if (e.totalVotingPower !== 0n) w.uint32(0x20).int64(e.totalVotingPower.toString())
  w.uint32(0x2a).bytes(timestampBytes(e.timestamp))
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
export function evidenceOf(list: readonly BlockEvidence[]): { list: Bytes; hash: Bytes } {
  const leaves = list.map(evidenceBytes)
  const w = protobuf.Writer.create()
  list.forEach((e, i) => {
    const ev = protobuf.Writer.create()
    // Evidence's oneof: duplicate_vote_evidence = 1, light_client_attack_evidence = 2.
    ev.uint32(isLightClientAttack(e) ? 0x12 : 0x0a).bytes(leaves[i]!)
    w.uint32(0x0a).bytes(finish(ev))
  })
  return { list: finish(w), hash: merkleRoot(leaves) }
}

/** One item's bytes (Evidence.Bytes(): a leaf of evidence_hash). */
export function evidenceBytes(e: BlockEvidence): Bytes {
  return isLightClientAttack(e) ? lightClientAttackBytes(e) : duplicateVoteEvidenceBytes(e)
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

/** Duplicate votes as CometBFT's RPC prints them (amino JSON of the Evidence interface). */
export function duplicateVoteEvidenceJson(e: DuplicateVoteEvidence) {
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
