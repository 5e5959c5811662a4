import type { Bytes } from '../codec/bytes.js'

/** Upstream MaxBlockSizeBytes: what block.max_bytes = -1 means. */
export const MAX_BLOCK_SIZE_BYTES = 104_857_600

/** CometBFT MaxDataBytes overhead for a one-validator block (block, header and commit overhead). */
const BLOCK_OVERHEAD_BYTES = 11 + 626 + 94 + 109

/**
 * Per block: consensus block.max_bytes (-1 = 100 MiB) and block.max_gas (-1 = unlimited);
 * config.toml max_block_txs and max_block_bytes (0 = no extra limit).
 */
export interface BlockTxLimits {
  maxBytes: number
  maxGas: bigint
  maxTxs: number
  maxTxsBytes: number
}

/** A tx the mempool holds: its bytes and the gas it asks for. */
export interface PoolTx {
  bytes: Bytes
  gasWanted: bigint
}

/** The bytes a tx takes in a block's data (its protobuf field: tag, length, bytes). */
export function protoSizeOfTx(len: number): number {
  let varint = 1
  for (let n = len; n >= 128; n = Math.floor(n / 128)) varint++
  return 1 + varint + len
}

/** Largest tx data of a block: CometBFT MaxDataBytes (one validator), or max_block_bytes if lower. */
export function maxDataBytes(block: BlockTxLimits): number {
  const { maxBytes, maxTxsBytes } = block
  const consensus = (maxBytes < 0 ? MAX_BLOCK_SIZE_BYTES : maxBytes) - BLOCK_OVERHEAD_BYTES
  return maxTxsBytes > 0 ? Math.min(consensus, maxTxsBytes) : consensus
}

/** Txs by hash (upper-case hex) in arrival order, with the sum of their sizes. */
export class TxList {
  private readonly byHash = new Map<string, PoolTx>()
  private total = 0

  get size(): number {
    return this.byHash.size
  }

  /** Total bytes of the txs. */
  get bytes(): number {
    return this.total
  }

  has(hash: string): boolean {
    return this.byHash.has(hash)
  }

  add(hash: string, tx: PoolTx): void {
    this.byHash.set(hash, tx)
    this.total += tx.bytes.length
  }

  /** Removes the tx of `hash`, if held; returns it. */
  remove(hash: string): PoolTx | undefined {
    const tx = this.byHash.get(hash)
    if (tx === undefined) return undefined
    this.byHash.delete(hash)
    this.total -= tx.bytes.length
    return tx
  }

  clear(): void {
    this.byHash.clear()
    this.total = 0
  }

  /** The txs with their hashes, oldest first (a copy: the list may change meanwhile). */
  entries(): [string, PoolTx][] {
    return [...this.byHash]
  }

  /**
   * Moves the oldest txs that fit a block into `to` and returns their bytes: data bytes
   * (block.max_bytes or max_block_bytes), the sum of their gas limits (block.max_gas) and
   * max_block_txs.
   */
  reapInto(to: TxList, block: BlockTxLimits): Bytes[] {
    const { maxGas, maxTxs } = block
    const maxBytes = maxDataBytes(block)
    const out: Bytes[] = []
    let bytes = 0
    let gas = 0n
    for (const [hash, t] of this.byHash) {
      if (maxTxs > 0 && out.length >= maxTxs) break
      const size = protoSizeOfTx(t.bytes.length)
      if (bytes + size > maxBytes) break
      if (maxGas >= 0n && gas + t.gasWanted > maxGas) break
      bytes += size
      gas += t.gasWanted
      out.push(t.bytes)
      this.remove(hash)
      to.add(hash, t)
    }
    return out
  }

  /** The bytes of the txs of `lists`, list by list, oldest first, at most `limit` in all. */
  static bytesOf(limit: number, ...lists: readonly TxList[]): Bytes[] {
    const out: Bytes[] = []
    for (const list of lists) {
      for (const t of list.byHash.values()) {
        if (out.length >= limit) return out
        out.push(t.bytes)
      }
    }
    return out
  }
}
