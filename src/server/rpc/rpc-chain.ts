import type { BlockId, Commit } from '../../block/block.js'
import type { Bytes } from '../../codec/bytes.js'
import type { TimeNs } from '../../codec/time.js'
import type { Genesis } from '../../config/genesis.js'
import type { BlockStore } from '../../store/block-store.js'
import type { ConsensusParamsJson } from './cometbft-json.js'

/** What the block, genesis and consensus routes read of the chain. */
export interface RpcChain {
  /** The home's genesis (validated). */
  genesis: Genesis
  /** The chain's consensus params (genesis.json's, every section filled with CometBFT's defaults). */
  consensusParams: ConsensusParamsJson
  /**
   * The consensus params the state after `height` holds (a governance proposal may have changed
   * them): those of height + 1. Absent: `consensusParams` at every height.
   */
  consensusParamsAfter?(height: number): Promise<ConsensusParamsJson>
  /** The node's own validator (the single validator of a one-validator chain). */
  validator: { address: Bytes; pubKey: Bytes; power: bigint }
  /**
   * The validator set of `height` (the validators its header hashes), in set order with proposer
   * priorities, and its proposer; absent: `validator` alone.
   */
  validatorSet?(height: number): Promise<RpcValidatorSet>
  blocks: Pick<
    BlockStore,
    | 'latest'
    | 'base'
    | 'earliest'
    | 'get'
    | 'heightOfHash'
    | 'indexTxEvents'
    | 'txLocation'
    | 'indexedTxs'
  >
  /** The validator's signed precommit for a block: the commit CometBFT has seen for the latest height. */
  makeCommit(height: number, blockId: BlockId, time: TimeNs): Commit
  /**
   * When the next height's round starts (RoundState.StartTime: the last commit plus timeout_commit),
   * as Unix milliseconds; undefined while no block is scheduled.
   */
  nextRoundStartMs(): number | undefined
}

/** A height's validator set as the RPC shows it. */
export interface RpcValidatorSet {
  validators: RpcValidator[]
  proposer: RpcValidator
}

export interface RpcValidator {
  address: Bytes
  pubKey: Bytes
  power: bigint
  priority?: bigint
}

/** The validator set of `height`: the chain's, or its single validator. */
export async function validatorSetOf(
  chain: Pick<RpcChain, 'validator' | 'validatorSet'>,
  height: number,
): Promise<RpcValidatorSet> {
  if (chain.validatorSet) return chain.validatorSet(height)
  return { validators: [chain.validator], proposer: chain.validator }
}

/** The consensus params in effect at `height` (CometBFT's state keeps them per height). */
export function consensusParamsAt(chain: RpcChain, height: number): Promise<ConsensusParamsJson> {
  return chain.consensusParamsAfter
    ? chain.consensusParamsAfter(height - 1)
    : Promise.resolve(chain.consensusParams)
}

/** The latest committed height (0 before the first block). */
export function latestHeight(chain: { blocks: Pick<BlockStore, 'latest'> }): number {
  return chain.blocks.latest?.block.header.height ?? 0
}
