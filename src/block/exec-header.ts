import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'
import type { BlockBuilder, HeightConsensus } from './block.js'
import type { ExecHeader } from './header.js'

/** What an execution header is made of besides the builder's constants. */
export interface ExecHeaderInputs {
  height: number
  time: TimeNs
  appHash: Bytes
  lastResultsHash: Bytes
  /**
   * The hash of the consensus params in effect at the height, when they are not the ones the
   * builder was made with (a governance proposal changed them); absent: the builder's.
   */
  consensusHash?: Bytes | undefined
}

/**
 * The execution header of a height whose block `builder` makes: its constants (chain id, validator
 * and consensus hashes, proposer, or the height's `consensus` when several validators sign), the inputs, and the data hash of the block's txs.
 */
export function execHeaderOf(
  builder: BlockBuilder,
  inputs: ExecHeaderInputs,
  dataHash: Bytes,
  evidenceHash: Bytes = EMPTY_HASH,
  consensus?: HeightConsensus,
): ExecHeader {
  return {
    chainId: builder.chainId,
    height: inputs.height,
    time: inputs.time,
    dataHash,
    validatorsHash: consensus ? consensus.validatorsHash : builder.validatorsHash,
    nextValidatorsHash: consensus ? consensus.nextValidatorsHash : builder.validatorsHash,
    consensusHash: inputs.consensusHash ?? builder.consensusHash,
    appHash: inputs.appHash,
    lastResultsHash: inputs.lastResultsHash,
    evidenceHash: consensus?.evidence ? consensus.evidence.hash : evidenceHash,
    proposerAddress: consensus ? consensus.proposerAddress : builder.signer.address,
  }
}
