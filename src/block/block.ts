import { type Bytes, emptyBytes } from '../codec/bytes.js'
import { EMPTY_HASH, IncrementalMerkle, merkleRoot, sha256 } from '../codec/hash.js'
import type { ProtoInit, ProtoName, ProtoRegistry, ProtoType } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import { commitFromProto, evidenceFromProto, headerFromProto } from './block-decode.js'
import { BlockEncoding } from './block-encoding.js'
import type { BlockEvidence } from './evidence.js'
import {
  BLOCK_PROTOCOL,
  type BlockId,
  type Commit,
  type CommitSig,
  dataHashOf,
  GO_ZERO_TIME,
  type Header,
} from './header.js'
import type { HeightConsensus } from './height-consensus.js'
import { resultsHashOf, type TxResultForHash } from './results-hash.js'

export type { BlockId, Commit, CommitSig, Header, PartSetHeader } from './header.js'
export { GO_ZERO_TIME } from './header.js'
export type { HeightConsensus }

export { BLOCK_PROTOCOL }
/** Size of one block part (CometBFT BlockPartSizeBytes). */
export const BLOCK_PART_SIZE = 65536

/** The block id of "no block" (height 1's last_block_id). */
export const EMPTY_BLOCK_ID: BlockId = {
  hash: emptyBytes(),
  parts: { total: 0, hash: emptyBytes() },
}

/** The consensus validator that signs every block (the single validator of the devnet). */
export interface BlockSigner {
  /** First 20 bytes of sha256(ed25519 pubkey). */
  address: Bytes
  /** ed25519 public key (32 bytes). */
  pubKey: Bytes
  power: bigint
  /** Signs with the validator's ed25519 key. */
  sign(message: Bytes): Bytes
}

/** A built block: header, txs, last commit, its proto bytes and id. */
export interface Block {
  header: Header
  txs: Bytes[]
  lastCommit: Commit
  /** The evidence it carries (none when absent). */
  evidence?: BlockEvidence[]
  /** tendermint.types.Block proto bytes (what the parts cut). */
  bytes: Bytes
  blockId: BlockId
}

/** Inputs for the next block. */
export interface BlockInputs {
  height: number
  time: TimeNs
  lastBlockId: BlockId
  /** Time of the previous block (height > 1): when the last commit's vote was cast. */
  appHash: Bytes
  /** Results hash of the previous block's txs (empty bytes at height 1). */
  lastResultsHash: Bytes
  txs: Bytes[]
  /** The height's validators; absent when the builder's signer is the only one. */
  consensus?: HeightConsensus | undefined
  /** The hash of the height's consensus params when they are not the builder's (`consensusParamsHash`). */
  consensusHash?: Bytes | undefined
}

export type { TxResultForHash } from './results-hash.js'

/**
 * Builds blocks with CometBFT's exact hashing (header = merkle of 14 proto leaves, parts of the
 * proto-encoded block, RFC 6962 trees), reusing the hashes of fields that never change. A block's
 * time, last block id and commit signature are encoded once and those bytes reused in its vote, its
 * header leaves, its last commit and its own bytes (`BlockEncoding`).
 */
export class BlockBuilder {
  private readonly types: {
    block: ProtoType<'tendermint.types.Block'>
    simpleValidator: ProtoType<'tendermint.types.SimpleValidator'>
    hashedParams: ProtoType<'tendermint.types.HashedParams'>
  }
  private readonly encoding: BlockEncoding
  readonly validatorsHash: Bytes
  readonly consensusHash: Bytes
  private readonly headerTree = new IncrementalMerkle(14)
  private readonly constantLeaves: {
    version: Bytes
    chainId: Bytes
    validators: Bytes
    consensus: Bytes
    evidence: Bytes
    proposer: Bytes
  }

  constructor(
    private readonly registry: ProtoRegistry,
    readonly chainId: string,
    readonly signer: BlockSigner,
    consensusParams: { blockMaxBytes: bigint; blockMaxGas: bigint },
  ) {
    this.types = {
      block: registry.type('tendermint.types.Block'),
      simpleValidator: registry.type('tendermint.types.SimpleValidator'),
      hashedParams: registry.type('tendermint.types.HashedParams'),
    }
    this.encoding = new BlockEncoding(registry)
    this.validatorsHash = merkleRoot([
      this.enc(this.types.simpleValidator, {
        pub_key: { ed25519: signer.pubKey },
        ...(signer.power !== 0n ? { voting_power: signer.power.toString() } : {}),
      }),
    ])
    this.consensusHash = this.paramsHash(consensusParams)
    this.constantLeaves = {
      version: this.encoding.version(BLOCK_PROTOCOL),
      chainId: this.encoding.stringValue(chainId),
      validators: this.wrapBytes(this.validatorsHash),
      consensus: this.wrapBytes(this.consensusHash),
      evidence: this.wrapBytes(EMPTY_HASH),
      proposer: this.wrapBytes(signer.address),
    }
  }

  /**
   * CometBFT's ConsensusParams.Hash: sha256 of the HashedParams proto (the block's max bytes and
   * max gas only), the header's consensus_hash.
   */
  paramsHash(params: { blockMaxBytes: bigint; blockMaxGas: bigint }): Bytes {
    return sha256(
      this.enc(
        this.types.hashedParams,
        omitDefaults({
          block_max_bytes: params.blockMaxBytes.toString(),
          block_max_gas: params.blockMaxGas.toString(),
        }),
      ),
    )
  }

  /** Encodes as the type's own encoder (no `fromObject`: the values are already of its fields). */
  private enc<N extends ProtoName>(type: ProtoType<N>, value: ProtoInit<N>): Bytes {
    const out = type.encode(value).finish()
    return new Uint8Array(out.buffer, out.byteOffset, out.length)
  }

  /**
   * The last few hashes wrapped: blocks in a row carry the same app and results hashes, as the same
   * objects or (built from bytes that came from elsewhere, the block worker) equal ones.
   */
  private readonly recentlyWrapped: { value: Bytes; wrapped: Bytes }[] = []

  /** cdcEncode: a wrapper proto, or nothing for an empty value. */
  private wrapBytes(b: Bytes): Bytes {
    if (b.length === 0) return emptyBytes()
    const recent = this.recentlyWrapped
    for (const r of recent) if (r.value === b) return r.wrapped
    for (const r of recent) {
      if (equal(r.value, b)) {
        // Remembered as this object too: the next lookup of it is by identity.
        r.value = b
        return r.wrapped
      }
    }
    const wrapped = this.encoding.bytesValue(b)
    recent.unshift({ value: b, wrapped })
    if (recent.length > 4) recent.pop()
    return wrapped
  }

  /** Header hash = block_id.hash (CometBFT Header.Hash). */
  headerHash(h: Header): Bytes {
    const c = this.constantLeaves
    const e = this.encoding
    const leaves = [
      c.version,
      h.chainId === this.chainId ? c.chainId : e.stringValue(h.chainId),
      e.int64Value(h.height),
      e.timestamp(h.time),
      e.blockId(h.lastBlockId),
      // A commit hash is new in every block: wrapped without the cache's lookups.
      e.bytesValue(h.lastCommitHash),
      this.wrapBytes(h.dataHash),
      equal(h.validatorsHash, this.validatorsHash)
        ? c.validators
        : this.wrapBytes(h.validatorsHash),
      equal(h.nextValidatorsHash, this.validatorsHash)
        ? c.validators
        : this.wrapBytes(h.nextValidatorsHash),
      equal(h.consensusHash, this.consensusHash) ? c.consensus : this.wrapBytes(h.consensusHash),
      this.wrapBytes(h.appHash),
      this.wrapBytes(h.lastResultsHash),
      equal(h.evidenceHash, EMPTY_HASH) ? c.evidence : this.wrapBytes(h.evidenceHash),
      equal(h.proposerAddress, this.signer.address)
        ? c.proposer
        : this.wrapBytes(h.proposerAddress),
    ]
    return this.headerTree.root(leaves)
  }

  /** The commit for `height`/`blockId`, signed by the validator at `time` (a real ed25519 vote). */
  makeCommit(height: number, blockId: BlockId, time: TimeNs): Commit {
    const vote = this.encoding.precommitSignBytes(height, blockId, time, this.chainId)
    return this.commitOf(height, blockId, time, this.signer.sign(vote))
  }

  /** The commit for `height`/`blockId` with the validator's vote `signature` cast at `time`. */
  commitOf(height: number, blockId: BlockId, time: TimeNs, signature: Bytes): Commit {
    return {
      height,
      round: 0,
      blockId,
      signatures: [
        { blockIdFlag: 2, validatorAddress: this.signer.address, timestamp: time, signature },
      ],
    }
  }

  /**
   * The commit of a set of validators for `height`/`blockId`: one signature per validator in set
   * order, COMMIT with its ed25519 vote at `time` when it signs, else ABSENT (no address, Go's zero
   * time, no signature), as CometBFT's CommitSig. `signed`: the signers' votes, made elsewhere (in
   * set order, the signing ones only).
   */
  commitOfSet(
    height: number,
    blockId: BlockId,
    time: TimeNs,
    signers: HeightConsensus['lastCommit'],
    signed?: readonly Bytes[],
  ): Commit {
    // Every vote of a round-0 precommit at the same time has the same sign bytes.
    const vote = signed
      ? undefined
      : this.encoding.precommitSignBytes(height, blockId, time, this.chainId)
    let next = 0
    const signatures: CommitSig[] = signers.map((s) =>
      s.key
        ? {
            blockIdFlag: 2,
            validatorAddress: s.address,
            timestamp: time,
            signature: signed ? signed[next++]! : s.key.sign(vote!),
          }
        : {
            blockIdFlag: 1,
            validatorAddress: emptyBytes(),
            timestamp: GO_ZERO_TIME,
            signature: emptyBytes(),
          },
    )
    return { height, round: 0, blockId, signatures }
  }

  /**
   * The last commit a block at `height` made at `time` carries: none at the first height, else the
   * votes for `lastBlockId` of the builder's signer or of `consensus`'s set, signed here unless
   * `signed` gives them (in set order, the signing validators only).
   */
  lastCommitOf(
    height: number,
    lastBlockId: BlockId,
    time: TimeNs,
    signed?: readonly Bytes[],
    consensus?: HeightConsensus,
  ): Commit {
    if (height <= 1) return { height: 0, round: 0, blockId: EMPTY_BLOCK_ID, signatures: [] }
    if (consensus) {
      return this.commitOfSet(height - 1, lastBlockId, time, consensus.lastCommit, signed)
    }
    const signature = signed?.[0]
    return signature
      ? this.commitOf(height - 1, lastBlockId, time, signature)
      : this.makeCommit(height - 1, lastBlockId, time)
  }

  /** The header of the block for `inputs` with these commit and data hashes. */
  headerOf(inputs: Omit<BlockInputs, 'txs'>, lastCommitHash: Bytes, dataHash: Bytes): Header {
    const c = inputs.consensus
    return {
      chainId: this.chainId,
      height: inputs.height,
      time: inputs.time,
      lastBlockId: inputs.lastBlockId,
      lastCommitHash,
      dataHash,
      validatorsHash: c ? c.validatorsHash : this.validatorsHash,
      nextValidatorsHash: c ? c.nextValidatorsHash : this.validatorsHash,
      consensusHash: inputs.consensusHash ?? this.consensusHash,
      appHash: inputs.appHash,
      lastResultsHash: inputs.lastResultsHash,
      evidenceHash: c?.evidence ? c.evidence.hash : EMPTY_HASH,
      proposerAddress: c ? c.proposerAddress : this.signer.address,
    }
  }

  /**
   * The bytes a validator signs for a round-0 vote of `blockId` at `height` and `time`: a precommit
   * (type 2), or a prevote (type 1).
   */
  voteSignBytes(height: number, blockId: BlockId, time: TimeNs, type: 1 | 2 = 2): Bytes {
    return this.encoding.voteSignBytes(type, height, blockId, time, this.chainId)
  }

  /** Each commit signature's proto bytes (tendermint.types.CommitSig). */
  private commitSigs(commit: Commit): Bytes[] {
    return commit.signatures.map((s) =>
      this.encoding.commitSig(s.blockIdFlag, s.validatorAddress, s.timestamp, s.signature),
    )
  }

  /** Hash of a commit's signatures (last_commit_hash). */
  commitHash(commit: Commit): Bytes {
    return merkleRoot(this.commitSigs(commit))
  }

  /** last_results_hash of a block's tx results. */
  resultsHash(results: readonly TxResultForHash[]): Bytes {
    return resultsHashOf(results)
  }

  /** Builds the block for `inputs`, signing the previous block's commit. */
  build(inputs: BlockInputs): Block {
    const { height, time, lastBlockId, txs } = inputs
    const e = this.encoding
    const lastCommit = this.lastCommitOf(height, lastBlockId, time, undefined, inputs.consensus)
    // Each signature is encoded once: for the commit hash and inside the block.
    const sigs = this.commitSigs(lastCommit)
    const header = this.headerOf(inputs, merkleRoot(sigs), dataHashOf(txs))
    const hash = this.headerHash(header)
    const commit = e.commit(
      lastCommit.height,
      lastCommit.round,
      e.blockId(lastCommit.blockId),
      sigs,
    )
    const bytes = e.block(
      header,
      {
        version: this.constantLeaves.version,
        time: e.timestamp(time),
        lastBlockId: e.blockId(lastBlockId),
      },
      txs,
      commit,
      inputs.consensus?.evidence?.list,
    )
    // Most blocks are one part: its hash is the leaf hash of the whole block.
    let parts: Bytes[] = [bytes]
    if (bytes.length > BLOCK_PART_SIZE) {
      parts = []
      for (let i = 0; i < bytes.length; i += BLOCK_PART_SIZE)
        parts.push(bytes.subarray(i, i + BLOCK_PART_SIZE))
    }
    const blockId: BlockId = { hash, parts: { total: parts.length, hash: merkleRoot(parts) } }
    const evidence = inputs.consensus?.evidence?.items
    return evidence
      ? { header, txs, lastCommit, evidence, bytes, blockId }
      : { header, txs, lastCommit, bytes, blockId }
  }

  /** Decodes stored block bytes back into a Block (the id is stored beside it). */
  decode(bytes: Bytes, blockId: BlockId): Block {
    const m = this.registry.decode(this.types.block, bytes)
    return {
      // A stored block always has its header.
      header: headerFromProto(m.header!),
      txs: (m.data?.txs ?? []).map((t) => new Uint8Array(t)),
      lastCommit: commitFromProto(m.last_commit),
      ...evidenceFromProto(m.evidence),
      bytes,
      blockId,
    }
  }
}

function equal(a: Bytes, b: Bytes): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Drops fields with default values so encodings match gogoproto's canonical bytes. */
function omitDefaults<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const k in obj) {
    const v = obj[k]
    if (v === undefined || v === null || v === 0 || v === '0' || v === '' || v === false) continue
    if (v instanceof Uint8Array && v.length === 0) continue
    out[k] = v
  }
  return out as Partial<T>
}
