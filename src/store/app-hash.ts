import { type Bytes, utf8 } from '../codec/bytes.js'
import { leafHash, merkleRootFromLeafHashes, sha256 } from '../codec/hash.js'
import type { LtHash } from './lthash.js'

/** Hash of one store: sha256 of its LtHash accumulator. */
export function storeHash(acc: LtHash): Bytes {
  return sha256(acc.toBytes())
}

/** App hash: merkle root over the (store name, store hash) leaves, sorted by name. */
export function appHashOf(stores: Iterable<readonly [name: string, hash: Bytes]>): Bytes {
  return merkleRootFromLeafHashes(
    [...stores]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, hash]) => leafHash(storeInfoLeaf(name, hash))),
  )
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
