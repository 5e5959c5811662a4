import type { Bytes } from '../codec/bytes.js'
import type { BlockEvidence } from './evidence.js'

/**
 * A height's validators when they are not the builder's single signer: the header's validator
 * hashes and proposer, and the previous height's validators (in set order) its last commit lists,
 * each with the key that signs for it, or none (ABSENT).
 */
export interface HeightConsensus {
  validatorsHash: Bytes
  nextValidatorsHash: Bytes
  proposerAddress: Bytes
  lastCommit: readonly { address: Bytes; key: { sign(message: Bytes): Bytes } | undefined }[]
  /** The block's evidence (its items, EvidenceList bytes and the header's evidence_hash), if any. */
  evidence?: { items: BlockEvidence[]; list: Bytes; hash: Bytes } | undefined
}
