import protobuf from 'protobufjs/light.js'
import { type Bytes, emptyBytes } from '../codec/bytes.js'
import { emptiedWriter, type ProtoRegistry } from '../codec/proto.js'
import { type TimeNs, timeToTimestamp } from '../codec/time.js'
import { ErrLogic } from '../errors.js'
import type { BlockId, Header } from './header.js'

/** A field's key (number and wire type) as protobufjs writes it, read from the proto definitions. */
function keyOf(type: protobuf.Type, name: string): number {
  const field = type.fields[name]
  if (!field) throw ErrLogic.wrap(`${type.fullName} has no field ${name}`)
  field.resolve()
  const basic = (protobuf.types.basic as Record<string, number | undefined>)[field.type]
  const wire = basic ?? (field.resolvedType instanceof protobuf.Enum ? 0 : 2)
  return ((field.id << 3) | wire) >>> 0
}

/** Keys of every field of `type` named in `names`. */
function keysOf<K extends string>(type: protobuf.Type, names: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>
  for (const n of names) out[n] = keyOf(type, n)
  return out
}

/** The writer's output as a Uint8Array view. */
function finish(w: protobuf.Writer): Bytes {
  const out = w.finish()
  return new Uint8Array(out.buffer, out.byteOffset, out.length)
}

/**
 * The proto encodings of the messages a block is made of (tendermint.types Block, Header, Commit,
 * CommitSig, BlockID, CanonicalVote and the header's wrapper leaves), composed from parts that are
 * each encoded once: a block's time, last block id and commit signature appear in its vote, its
 * header hash, its header and its last commit, and were encoded for each with reflection before.
 *
 * Field keys come from the registry's definitions (as protobufjs's generated encoders take them);
 * the bytes are protobufjs's writer's and equal to encoding the same messages through reflection
 * with proto3 defaults left out (block-encoding.test.ts compares the two on many inputs).
 */
export class BlockEncoding {
  private readonly k: {
    timestamp: Record<'seconds' | 'nanos', number>
    blockId: Record<'hash' | 'part_set_header', number>
    parts: Record<'total' | 'hash', number>
    canonicalBlockId: Record<'hash' | 'part_set_header', number>
    canonicalParts: Record<'total' | 'hash', number>
    vote: Record<'type' | 'height' | 'round' | 'block_id' | 'timestamp' | 'chain_id', number>
    commitSig: Record<'block_id_flag' | 'validator_address' | 'timestamp' | 'signature', number>
    commit: Record<'height' | 'round' | 'block_id' | 'signatures', number>
    header: Record<
      | 'version'
      | 'chain_id'
      | 'height'
      | 'time'
      | 'last_block_id'
      | 'last_commit_hash'
      | 'data_hash'
      | 'validators_hash'
      | 'next_validators_hash'
      | 'consensus_hash'
      | 'app_hash'
      | 'last_results_hash'
      | 'evidence_hash'
      | 'proposer_address',
      number
    >
    version: Record<'block', number>
    data: Record<'txs', number>
    block: Record<'header' | 'data' | 'evidence' | 'last_commit', number>
    int64Value: number
    bytesValue: number
    stringValue: number
  }

  constructor(registry: ProtoRegistry) {
    const t = (name: string) => registry.type(name)
    this.k = {
      timestamp: keysOf(t('google.protobuf.Timestamp'), ['seconds', 'nanos']),
      blockId: keysOf(t('tendermint.types.BlockID'), ['hash', 'part_set_header']),
      parts: keysOf(t('tendermint.types.PartSetHeader'), ['total', 'hash']),
      canonicalBlockId: keysOf(t('tendermint.types.CanonicalBlockID'), ['hash', 'part_set_header']),
      canonicalParts: keysOf(t('tendermint.types.CanonicalPartSetHeader'), ['total', 'hash']),
      vote: keysOf(t('tendermint.types.CanonicalVote'), [
        'type',
        'height',
        'round',
        'block_id',
        'timestamp',
        'chain_id',
      ]),
      commitSig: keysOf(t('tendermint.types.CommitSig'), [
        'block_id_flag',
        'validator_address',
        'timestamp',
        'signature',
      ]),
      commit: keysOf(t('tendermint.types.Commit'), ['height', 'round', 'block_id', 'signatures']),
      header: keysOf(t('tendermint.types.Header'), [
        'version',
        'chain_id',
        'height',
        'time',
        'last_block_id',
        'last_commit_hash',
        'data_hash',
        'validators_hash',
        'next_validators_hash',
        'consensus_hash',
        'app_hash',
        'last_results_hash',
        'evidence_hash',
        'proposer_address',
      ]),
      version: keysOf(t('tendermint.version.Consensus'), ['block']),
      data: keysOf(t('tendermint.types.Data'), ['txs']),
      block: keysOf(t('tendermint.types.Block'), ['header', 'data', 'evidence', 'last_commit']),
      int64Value: keyOf(t('google.protobuf.Int64Value'), 'value'),
      bytesValue: keyOf(t('google.protobuf.BytesValue'), 'value'),
      stringValue: keyOf(t('google.protobuf.StringValue'), 'value'),
    }
  }

  /** One writer for every message (emptied before each): each message's parts are made first. */
  private readonly shared = protobuf.Writer.create()

  private writer(): protobuf.Writer {
    return emptiedWriter(this.shared)
  }

  private lastTime: TimeNs = -1n
  private lastTimestamp: Bytes = emptyBytes()

  /** google.protobuf.Timestamp of a time (the last one is kept: a block encodes its time often). */
  timestamp(time: TimeNs): Bytes {
    if (time === this.lastTime) return this.lastTimestamp
    const { seconds, nanos } = timeToTimestamp(time)
    const s = Number(seconds)
    const k = this.k.timestamp
    const w = this.writer()
    if (s !== 0) w.uint32(k.seconds).int64(s)
    if (nanos !== 0) w.uint32(k.nanos).int32(nanos)
    this.lastTime = time
    this.lastTimestamp = finish(w)
    return this.lastTimestamp
  }

  private lastId: BlockId | undefined
  private lastIdBytes: Bytes = emptyBytes()

  /**
   * tendermint.types.BlockID (the last id object's is kept: a block encodes its last block id in
   * its header leaf, its header and its last commit).
   */
  blockId(id: BlockId): Bytes {
    if (id !== this.lastId) {
      this.lastIdBytes = this.blockIdWith(id, this.k.blockId, this.k.parts)
      this.lastId = id
    }
    return this.lastIdBytes
  }

  private blockIdWith(
    id: BlockId,
    k: Record<'hash' | 'part_set_header', number>,
    kp: Record<'total' | 'hash', number>,
  ): Bytes {
    const w = this.writer()
    if (id.hash.length > 0) w.uint32(k.hash).bytes(id.hash)
    w.uint32(k.part_set_header).fork()
    if (id.parts.total !== 0) w.uint32(kp.total).uint32(id.parts.total)
    if (id.parts.hash.length > 0) w.uint32(kp.hash).bytes(id.parts.hash)
    w.ldelim()
    return finish(w)
  }

  /**
   * The sign bytes of a precommit for `blockId` at `height`, round 0 (length-delimited
   * tendermint.types.CanonicalVote, what the validator's ed25519 key signs).
   */
  precommitSignBytes(height: number, blockId: BlockId, time: TimeNs, chainId: string): Bytes {
    return this.voteSignBytes(2, height, blockId, time, chainId)
  }

  /** The sign bytes of a round-0 vote of `type` (1: SIGNED_MSG_TYPE_PREVOTE, 2: PRECOMMIT). */
  voteSignBytes(
    type: 1 | 2,
    height: number,
    blockId: BlockId,
    time: TimeNs,
    chainId: string,
  ): Bytes {
    const k = this.k.vote
    const id = this.blockIdWith(blockId, this.k.canonicalBlockId, this.k.canonicalParts)
    const timestamp = this.timestamp(time)
    const w = this.writer()
    w.fork()
    w.uint32(k.type).int32(type)
    if (height !== 0) w.uint32(k.height).sfixed64(height)
    w.uint32(k.block_id).bytes(id)
    w.uint32(k.timestamp).bytes(timestamp)
    if (chainId.length > 0) w.uint32(k.chain_id).string(chainId)
    w.ldelim()
    return finish(w)
  }

  /** tendermint.types.CommitSig. */
  commitSig(flag: number, validatorAddress: Bytes, time: TimeNs, signature: Bytes): Bytes {
    const k = this.k.commitSig
    const timestamp = this.timestamp(time)
    const w = this.writer()
    if (flag !== 0) w.uint32(k.block_id_flag).int32(flag)
    if (validatorAddress.length > 0) w.uint32(k.validator_address).bytes(validatorAddress)
    w.uint32(k.timestamp).bytes(timestamp)
    if (signature.length > 0) w.uint32(k.signature).bytes(signature)
    return finish(w)
  }

  /** tendermint.types.Commit from its encoded block id and signatures. */
  commit(height: number, round: number, blockId: Bytes, signatures: readonly Bytes[]): Bytes {
    const k = this.k.commit
    const w = this.writer()
    if (height !== 0) w.uint32(k.height).int64(height)
    if (round !== 0) w.uint32(k.round).int32(round)
    w.uint32(k.block_id).bytes(blockId)
    for (const s of signatures) w.uint32(k.signatures).bytes(s)
    return finish(w)
  }

  /** google.protobuf.Int64Value (cdcEncode: nothing for 0). */
  int64Value(n: number): Bytes {
    if (n === 0) return emptyBytes()
    return finish(this.writer().uint32(this.k.int64Value).int64(n))
  }

  /** google.protobuf.BytesValue (cdcEncode: nothing for empty bytes). */
  bytesValue(b: Bytes): Bytes {
    if (b.length === 0) return emptyBytes()
    return finish(this.writer().uint32(this.k.bytesValue).bytes(b))
  }

  /** google.protobuf.StringValue (cdcEncode: nothing for an empty string). */
  stringValue(s: string): Bytes {
    if (s.length === 0) return emptyBytes()
    return finish(this.writer().uint32(this.k.stringValue).string(s))
  }

  /** tendermint.version.Consensus with only the block protocol. */
  version(block: number): Bytes {
    const w = this.writer()
    if (block !== 0) w.uint32(this.k.version.block).uint64(block)
    return finish(w)
  }

  /**
   * tendermint.types.Block: the header's fields (its `version`, `time` and `lastBlockId` given
   * encoded), the txs, the evidence list (`evidence`'s EvidenceList bytes, else empty) and the
   * encoded last commit.
   */
  block(
    header: Omit<Header, 'time' | 'lastBlockId'>,
    encoded: { version: Bytes; time: Bytes; lastBlockId: Bytes },
    txs: readonly Bytes[],
    lastCommit: Bytes,
    evidence?: Bytes,
  ): Bytes {
    const k = this.k.header
    const kb = this.k.block
    const w = this.writer()
    const bytes = (key: number, value: Bytes) => {
      if (value.length > 0) w.uint32(key).bytes(value)
    }
    w.uint32(kb.header).fork()
    w.uint32(k.version).bytes(encoded.version)
    if (header.chainId.length > 0) w.uint32(k.chain_id).string(header.chainId)
    if (header.height !== 0) w.uint32(k.height).int64(header.height)
    w.uint32(k.time).bytes(encoded.time)
    w.uint32(k.last_block_id).bytes(encoded.lastBlockId)
    bytes(k.last_commit_hash, header.lastCommitHash)
    bytes(k.data_hash, header.dataHash)
    bytes(k.validators_hash, header.validatorsHash)
    bytes(k.next_validators_hash, header.nextValidatorsHash)
    bytes(k.consensus_hash, header.consensusHash)
    bytes(k.app_hash, header.appHash)
    bytes(k.last_results_hash, header.lastResultsHash)
    bytes(k.evidence_hash, header.evidenceHash)
    bytes(k.proposer_address, header.proposerAddress)
    w.ldelim()
    w.uint32(kb.data).fork()
    for (const tx of txs) w.uint32(this.k.data.txs).bytes(tx)
    w.ldelim()
    if (evidence) w.uint32(kb.evidence).bytes(evidence)
    else w.uint32(kb.evidence).uint32(0)
    w.uint32(kb.last_commit).bytes(lastCommit)
    return finish(w)
  }
}
