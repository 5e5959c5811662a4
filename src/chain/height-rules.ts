import { type TimeNs, timeToTimestamp } from '../codec/time.js'
import { ChainHaltError } from '../errors.js'

/** What app.toml and the genesis say about a height: when to halt, which blocks to keep. */
export interface HeightRulesOptions {
  /** app.toml `halt-height` (0: none). */
  haltHeight?: number | undefined
  /** app.toml `halt-time`, Unix seconds (0: none). */
  haltTime?: number | undefined
  /** app.toml `min-retain-blocks` (0: keep every block). */
  minRetainBlocks?: number | undefined
  /**
   * Heights since the oldest state sync snapshot kept: app.toml `snapshot-interval` ×
   * `snapshot-keep-recent` where snapshots are taken (under CometBFT; 0 or absent: none).
   */
  snapshotRetentionHeights?: number | undefined
}

/** The configured halt and block retention of each height. */
export class HeightRules {
  private readonly haltHeight: number
  private readonly haltTime: number

  constructor(private readonly o: HeightRulesOptions) {
    this.haltHeight = o.haltHeight ?? 0
    this.haltTime = o.haltTime ?? 0
  }

  /** Whether `halt-height` stops the chain before the block at `height`. */
  haltsAtHeight(height: number): boolean {
    return this.haltHeight > 0 && height >= this.haltHeight
  }

  /** Whether `halt-time` stops the chain before a block of `time`. */
  haltsAtTime(time: TimeNs): boolean {
    return this.haltTime > 0 && BigInt(timeToTimestamp(time).seconds) >= BigInt(this.haltTime)
  }

  /** The halt `halt-height` / `halt-time` ask for (upstream's message; exit code 0). */
  halt(): ChainHaltError {
    return new ChainHaltError(
      `halt per configuration height ${this.haltHeight} time ${this.haltTime}`,
      0,
    )
  }

  /**
   * Upstream GetBlockRetentionHeight: min non-zero of (h - max_age_num_blocks, h - the snapshots'
   * retention heights, h - min-retain-blocks), `evidence` the consensus params' as the height left
   * them (a proposal's `MsgUpdateParams` counts from its own height, as upstream reads them from the
   * block's state). The snapshots' term keeps the blocks a node restoring the oldest snapshot
   * served still needs to catch up.
   */
  retainHeight(height: number, evidence: { max_age_num_blocks: string }): number {
    const minRetain = this.o.minRetainBlocks ?? 0
    if (minRetain === 0) return 0
    const evidenceMaxAgeNumBlocks = Number(evidence.max_age_num_blocks)
    const snapshots = this.o.snapshotRetentionHeights ?? 0
    const candidates = [
      evidenceMaxAgeNumBlocks > 0 ? height - evidenceMaxAgeNumBlocks : 0,
      snapshots > 0 ? height - snapshots : 0,
      height - minRetain,
    ].filter((x) => x !== 0)
    const retain = Math.min(...candidates)
    return Math.max(retain, 0)
  }
}
