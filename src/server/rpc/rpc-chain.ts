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
  /** The single validator. */
  validator: { address: Bytes; pubKey: Bytes; power: bigint }
  blocks: Pick<
    BlockStore,
    'latest' | 'base' | 'get' | 'heightOfHash' | 'indexTxEvents' | 'txLocation' | 'indexedTxs'
  >
  /** The validator's signed precommit for a block: the commit CometBFT has seen for the latest height. */
  makeCommit(height: number, blockId: BlockId, time: TimeNs): Commit
  /**
   * When the next height's round starts (RoundState.StartTime: the last commit plus timeout_commit),
   * as Unix milliseconds; undefined while no block is scheduled.
   */
  nextRoundStartMs(): number | undefined
}

/** The latest committed height (0 before the first block). */
export function latestHeight(chain: { blocks: Pick<BlockStore, 'latest'> }): number {
  return chain.blocks.latest?.block.header.height ?? 0
}
