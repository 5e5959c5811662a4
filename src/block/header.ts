import type { Bytes } from '../codec/bytes.js'
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
