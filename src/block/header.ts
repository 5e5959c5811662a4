import type { Bytes } from '../codec/bytes.js'
import { merkleRoot, sha256 } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'

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

/** The data hash of a block's txs (CometBFT Data.Hash): the merkle root of their sha256. */
export function dataHashOf(txs: readonly Bytes[]): Bytes {
  return merkleRoot(txs.map((tx) => sha256(tx)))
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
