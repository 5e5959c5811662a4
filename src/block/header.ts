import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH, merkleRoot, sha256 } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'

/** CometBFT's block protocol version (version.BlockProtocol), the headers' `version.block`. */
export const BLOCK_PROTOCOL = 11

export interface PartSetHeader {
  total: number
  hash: Bytes
}

export interface BlockId {
  hash: Bytes
  parts: PartSetHeader
}

/** Header fields in their binary form. */
export interface Header {
  chainId: string
  height: number
  time: TimeNs
  lastBlockId: BlockId
  lastCommitHash: Bytes
  dataHash: Bytes
  validatorsHash: Bytes
  nextValidatorsHash: Bytes
  consensusHash: Bytes
  appHash: Bytes
  lastResultsHash: Bytes
  evidenceHash: Bytes
  proposerAddress: Bytes
}

/**
 * The header a height executes with: what the app (PreBlock, BeginBlock, the txs, EndBlock) sees.
 * It has every field known before the block is made and none that names the previous block (its
 * id, its commit hash): a block source may make those later, on another thread, and CometBFT's
 * FinalizeBlock does not carry them either.
 */
export type ExecHeader = Omit<Header, 'lastBlockId' | 'lastCommitHash'>

/**
 * The sha256 of each of a block's txs and their merkle root, by the block's list of txs: a height
 * needs them three times (the header it executes with, the block, the tx-hash index), for the
 * same list, and hashing it again made the same thousands of digests again.
 */
const hashesOfTxs = new WeakMap<readonly Bytes[], { txHashes: Bytes[]; dataHash: Bytes }>()

function hashesOf(txs: readonly Bytes[]): { txHashes: Bytes[]; dataHash: Bytes } {
  let known = hashesOfTxs.get(txs)
  if (!known) {
    const txHashes = new Array<Bytes>(txs.length)
    for (let i = 0; i < txs.length; i++) txHashes[i] = sha256(txs[i]!)
    known = { txHashes, dataHash: merkleRoot(txHashes) }
    hashesOfTxs.set(txs, known)
  }
  return known
}

/** The data hash of a block's txs (CometBFT Data.Hash): the merkle root of their sha256. */
export function dataHashOf(txs: readonly Bytes[]): Bytes {
  // Empty blocks (every mined one) skip the lookup.
  return txs.length === 0 ? EMPTY_HASH : hashesOf(txs).dataHash
}

/**
 * The sha256 of each tx of `txs` (their CometBFT tx hashes), in order. Shared with every caller
 * that asks for the same list: read, never change.
 */
export function txHashesOf(txs: readonly Bytes[]): readonly Bytes[] {
  return hashesOf(txs).txHashes
}

/** One signature of a commit. */
export interface CommitSig {
  blockIdFlag: number
  validatorAddress: Bytes
  timestamp: TimeNs
  signature: Bytes
}

/** The commit of the previous block carried by a block. */
export interface Commit {
  height: number
  round: number
  blockId: BlockId
  signatures: CommitSig[]
}

/**
 * Go's zero time.Time (0001-01-01T00:00:00Z), the timestamp of an ABSENT commit signature.
 */
export const GO_ZERO_TIME: TimeNs = -62135596800n * 1_000_000_000n
