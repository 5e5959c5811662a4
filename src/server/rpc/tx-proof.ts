import { type Bytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { leafHash, merkleRootFromLeafHashes, sha256 } from '../../codec/hash.js'

/** Largest power of two strictly less than n (n ≥ 2), CometBFT's merkle split point. */
function splitPoint(n: number): number {
  let k = 1
  while (k * 2 < n) k *= 2
  return k
}

/** The sibling hashes from leaf `i` up to the root, lowest first (merkle.Proof.Aunts). */
function aunts(leaves: readonly Bytes[], i: number): Bytes[] {
  if (leaves.length <= 1) return []
  const k = splitPoint(leaves.length)
  return i < k
    ? [...aunts(leaves.slice(0, k), i), merkleRootFromLeafHashes(leaves.slice(k))]
    : [...aunts(leaves.slice(k), i - k), merkleRootFromLeafHashes(leaves.slice(0, k))]
}

/**
 * types.TxProof of the tx at `index` of a block (`tx?prove=true`): the data hash it proves against,
 * the tx, and the merkle proof over the txs' hashes. `aunts` is always an array (CometBFT omits an
 * empty one; cosmjs requires it).
 */
export function txProofJson(txs: readonly Bytes[], index: number) {
  const leaves = txs.map((tx) => leafHash(sha256(tx)))
  return {
    root_hash: toHexUpper(merkleRootFromLeafHashes(leaves)),
    data: toBase64(txs[index]!),
    proof: {
      total: String(txs.length),
      index: String(index),
      leaf_hash: toBase64(leaves[index]!),
      aunts: aunts(leaves, index).map(toBase64),
    },
  }
}
