import { fromUtf8, utf8 } from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import type { Genesis } from '../config/genesis.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import { META_COMET_LAST_BLOCK } from '../store/keys.js'

/**
 * The last block committed under CometBFT: its height and time, written with each Commit's batch.
 * The app learns a block's time only from FinalizeBlock, and CheckTx after a restart runs with the
 * last block's time (the SDK's check state), so it is kept beside the state it belongs to.
 */
export class CometLastBlock {
  height = 0
  time: TimeNs

  constructor(
    private readonly backend: StoreBackend,
    genesis: Genesis,
  ) {
    this.time = genesis.genesisTime
  }

  /** Reads the record of the latest committed height (nothing before the first block). */
  async load(latestHeight: number): Promise<void> {
    const raw = await this.backend.get(META_COMET_LAST_BLOCK)
    if (!raw) return
    const rec = JSON.parse(fromUtf8(raw)) as { height: number; time: string }
    if (rec.height !== latestHeight) return
    this.height = rec.height
    this.time = BigInt(rec.time)
  }

  /** The write that records `height` as committed at `time`. */
  ops(height: number, time: TimeNs): BatchOp[] {
    return cometLastBlockOps(height, time)
  }

  committed(height: number, time: TimeNs): void {
    this.height = height
    this.time = time
  }
}

/** The write that records `height` as the last block committed under CometBFT, at `time`. */
export function cometLastBlockOps(height: number, time: TimeNs): BatchOp[] {
  const value = utf8(JSON.stringify({ height, time: time.toString() }))
  return [{ type: 'put', key: META_COMET_LAST_BLOCK, value }]
}
