import { createHash } from 'node:crypto'
import type { Bytes } from './bytes.js'

/** SHA-256 (CometBFT tmhash). */
export function sha256(...parts: readonly Bytes[]): Bytes {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  const d = h.digest()
  return new Uint8Array(d.buffer, d.byteOffset, d.length)
}

const LEAF_PREFIX = Uint8Array.of(0)
const INNER_PREFIX = Uint8Array.of(1)

/** sha256("") — the root of an empty merkle tree. */
export const EMPTY_HASH: Bytes = sha256()

/** RFC 6962 leaf hash: sha256(0x00 ‖ leaf). */
export function leafHash(leaf: Bytes): Bytes {
  return sha256(LEAF_PREFIX, leaf)
}

/** RFC 6962 inner hash: sha256(0x01 ‖ left ‖ right). */
export function innerHash(left: Bytes, right: Bytes): Bytes {
  return sha256(INNER_PREFIX, left, right)
}

/** Largest power of two strictly less than n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1
  while (k * 2 < n) k *= 2
  return k
}

/** Merkle root over already-hashed leaves (CometBFT crypto/merkle). */
export function merkleRootFromLeafHashes(leafHashes: readonly Bytes[]): Bytes {
  switch (leafHashes.length) {
    case 0:
      return EMPTY_HASH
    case 1:
      return leafHashes[0]!
    default: {
      const k = splitPoint(leafHashes.length)
      return innerHash(
        merkleRootFromLeafHashes(leafHashes.slice(0, k)),
        merkleRootFromLeafHashes(leafHashes.slice(k)),
      )
    }
  }
}

/** Merkle root of byte slices: CometBFT `merkle.HashFromByteSlices`. */
export function merkleRoot(items: readonly Bytes[]): Bytes {
  return merkleRootFromLeafHashes(items.map(leafHash))
}
