import { type Bytes, equalBytes, utf8 } from '../codec/bytes.js'
import { IncrementalMerkle, merkleRootFromLeafHashes, sha256 } from '../codec/hash.js'
import type { LtHash } from './lthash.js'

/** Hash of one store: sha256 of its LtHash accumulator. */
export function storeHash(acc: LtHash): Bytes {
  return sha256(acc.hashInput())
}

/**
 * The last leaf of each store name with the store hash it was made from, and a merkle tree over the
 * current names that re-hashes only changed paths: a block that changes one or two stores hashes
 * their leaves and paths, not all of them (a store's leaf depends on its name and hash alone).
 * Bounded by the number of store names ever live.
 */
const leaves = new Map<string, { hash: Bytes; leaf: Bytes }>()
let tree: { names: string; merkle: IncrementalMerkle } | undefined

function leafOf(name: string, hash: Bytes): Bytes {
  const cached = leaves.get(name)
  if (cached && (cached.hash === hash || equalBytes(cached.hash, hash))) return cached.leaf
  const leaf = storeInfoLeaf(name, hash)
  leaves.set(name, { hash, leaf })
  return leaf
}

/** App hash: merkle root over the (store name, store hash) leaves, sorted by name. */
export function appHashOf(stores: Iterable<readonly [name: string, hash: Bytes]>): Bytes {
  const sorted = [...stores].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (sorted.length === 0) return merkleRootFromLeafHashes([])
  const names = sorted.map(([name]) => name).join('\n')
  if (tree?.names !== names) tree = { names, merkle: new IncrementalMerkle(sorted.length) }
  // A copy: callers keep the app hash, and the tree keeps its nodes.
  return tree.merkle.root(sorted.map(([name, hash]) => leafOf(name, hash))).slice()
}

/** App-hash leaf of one store: len(name) ‖ name ‖ len(hash) ‖ hash (upstream KVPair style). */
export function storeInfoLeaf(name: string, hash: Bytes): Bytes {
  const n = utf8(name)
  const out = new Uint8Array(1 + n.length + 1 + hash.length)
  out[0] = n.length
  out.set(n, 1)
  out[1 + n.length] = hash.length
  out.set(hash, 2 + n.length)
  return out
}
