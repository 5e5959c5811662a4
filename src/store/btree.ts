import * as sortedBtree from 'sorted-btree'

// sorted-btree is CommonJS with `exports.default = BTree`. Node's ESM loader exposes the class as
// `.default.default`; bundlers (vitest) as `.default`. Accept both.
type BTreeClass = typeof sortedBtree.default.default
const imported = sortedBtree.default as unknown as BTreeClass | { default: BTreeClass }
const ctor = (typeof imported === 'function' ? imported : imported.default) as BTreeClass

/** Sorted map (B+ tree); latin1-string keys compare like the bytes they encode. */
export const BTree = ctor
export type BTree<K, V> = InstanceType<typeof sortedBtree.default.default<K, V>>
