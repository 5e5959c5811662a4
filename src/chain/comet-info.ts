import { BlockIdFlag, type CometInfo, EMPTY_COMET_INFO } from '../app/types.js'
import type { BlockSigner } from '../block/block.js'

/**
 * The votes and evidence a height runs with when one validator signs every block: its vote for the
 * previous block, after the first height.
 */
export class SingleSignerCometInfo {
  private readonly votes: CometInfo

  constructor(
    signer: Pick<BlockSigner, 'address' | 'power'>,
    private readonly initialHeight: number,
  ) {
    const { address, power } = signer
    this.votes = {
      lastCommit: { round: 0, votes: [{ address, power, blockIdFlag: BlockIdFlag.COMMIT }] },
      misbehavior: [],
    }
  }

  of(height: number): CometInfo {
    return height <= this.initialHeight ? EMPTY_COMET_INFO : this.votes
  }
}
