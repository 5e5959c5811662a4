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
