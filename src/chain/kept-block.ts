import {
  type Bytes,
  fromBase64Strict,
  fromUtf8,
  toBase64,
  toHexUpper,
  utf8,
} from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import { ErrLogic } from '../errors.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import type { StoredBlock } from '../store/block-store.js'
import { META_KEPT_BLOCK } from '../store/keys.js'
import type { StoreUpgradePlan } from './execute-block.js'

/**
 * A block a rollback took back without removing it (`sdkd rollback` without `--hard`): as CometBFT
 * keeps block n in its block store and executes its txs again at the next start, the node makes
 * the same height again from the same time and txs. The state, the validator sets and the last
 * commit are those the block was first made from, so the block is the same, byte for byte.
 */
export interface KeptBlock {
  height: number
  time: TimeNs
  txs: Bytes[]
  /** The block's hash when it was first made (upper-case hex), for the log. */
  hash: string
}

/** The record of `block`, written with the rollback. */
export function keptBlockOps(stored: StoredBlock): BatchOp[] {
  const { header, txs, blockId } = stored.block
  const value = {
    height: header.height,
    time: header.time.toString(),
    txs: txs.map(toBase64),
    hash: toHexUpper(blockId.hash),
  }
  return [{ type: 'put', key: META_KEPT_BLOCK, value: utf8(JSON.stringify(value)) }]
}

/** The delete of the record (the height was made again, or a later rollback replaces it). */
export const DELETE_KEPT_BLOCK: BatchOp = { type: 'del', key: META_KEPT_BLOCK }

/**
 * The kept block to make as `nextHeight`, if the database holds one for that height. A record of
 * any other height is stale (a crash between the block's batch and nothing else cannot leave one:
 * the delete is in that batch) and is ignored.
 */
export async function loadKeptBlock(
  backend: StoreBackend,
  nextHeight: number,
): Promise<KeptBlock | undefined> {
  const raw = await backend.get(META_KEPT_BLOCK)
  if (!raw) return undefined
  const rec = JSON.parse(fromUtf8(raw)) as {
    height: number
    time: string
    txs: string[]
    hash: string
  }
  if (rec.height !== nextHeight) return undefined
  const txs = rec.txs.map((t) => {
    const bytes = fromBase64Strict(t)
    if (!bytes)
      throw ErrLogic.wrap(
        `the record of the kept block ${rec.height} holds a tx that is not base64`,
      )
    return bytes
  })
  return { height: rec.height, time: BigInt(rec.time), txs, hash: rec.hash }
}

/**
 * What a height owes to the chain's past beside the clock and the mempool: the block a rollback
 * kept (made again from its own time and txs), and the store upgrades due at their height — due
 * again when a rollback goes below the block that applied them, so that height applies them again.
 */
export class ReplayInputs {
  private kept: KeptBlock | undefined
  private applied: StoreUpgradePlan | undefined

  constructor(
    private readonly backend: StoreBackend,
    private due: StoreUpgradePlan | undefined,
  ) {}

  /** Reads the kept block due as `nextHeight`, if any (start-up). */
  async load(nextHeight: number): Promise<void> {
    this.kept = await loadKeptBlock(this.backend, nextHeight)
  }

  /** The kept block to make as `height`, if it is that height's. */
  keptAt(height: number): KeptBlock | undefined {
    return this.kept?.height === height ? this.kept : undefined
  }

  /** The store upgrades due with `height`, if any. */
  upgradesAt(height: number): StoreUpgradePlan | undefined {
    return this.due?.height === height ? this.due : undefined
  }

  /** The kept block was made again (its record's delete is in that height's batch). */
  keptMade(): void {
    this.kept = undefined
  }

  /** A block applied `plan`. */
  upgradesApplied(plan: StoreUpgradePlan): void {
    this.applied = plan
    this.due = undefined
  }

  /** The chain was rolled back to `height`: the kept block of the next height, upgrades due again. */
  async rolledBack(height: number, nextHeight: number): Promise<void> {
    await this.load(nextHeight)
    if (this.applied && this.applied.height > height) {
      this.due = this.applied
      this.applied = undefined
    }
  }
}
