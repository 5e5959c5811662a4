import type { Bytes } from '../codec/bytes.js'
import { leafHash, merkleRootFromLeafHashes } from '../codec/hash.js'

// CometBFT's validators hash (ValidatorSet.Hash): the merkle root of each validator's
// SimpleValidator bytes, in set order. A height hashes its current and next sets; they change only
// when a block's validator updates change a member or a power, so the leaves and roots are kept.

/** What a validator contributes to the hash (proposer priorities are not hashed). */
export interface HashedValidator {
  readonly pubKey: Bytes
  readonly power: bigint
}

/** Protobuf varint of a non-negative int64, written at `out[at…]`; the index after it. */
function writeVarint(v: bigint, out: Uint8Array, at: number): number {
  let x = BigInt.asUintN(64, v)
  while (x >= 0x80n) {
    out[at++] = Number(x & 0x7fn) | 0x80
    x >>= 7n
  }
  out[at++] = Number(x)
  return at
}

/**
 * tendermint.types.SimpleValidator{pub_key: PublicKey{ed25519}, voting_power} proto bytes
 * (Validator.Bytes), the leaves of the validators hash.
 */
export function simpleValidatorBytes(pubKey: Bytes, power: bigint): Bytes {
  // PublicKey{ed25519: pubKey} is 2 + len bytes; a varint of an int64 at most 10.
  const out = new Uint8Array(2 + 2 + pubKey.length + 1 + 10)
  out[0] = 0x0a
  out[1] = 2 + pubKey.length
  out[2] = 0x0a
  out[3] = pubKey.length
  out.set(pubKey, 4)
  let at = 4 + pubKey.length
  if (power !== 0n) {
    out[at++] = 0x10
    at = writeVarint(power, out, at)
  }
  return out.subarray(0, at)
}

/**
 * Each validator's leaf hash of the validators hash, by its public key's array and its power: a
 * set's copies (one a height) share their validators' key arrays, and a power change makes a new
 * leaf. Kept while the key's array lives.
 */
const leafHashes = new WeakMap<Bytes, { power: bigint; hash: Bytes }>()

function leafHashOf(v: HashedValidator): Bytes {
  const kept = leafHashes.get(v.pubKey)
  if (kept !== undefined && kept.power === v.power) return kept.hash
  const hash = leafHash(simpleValidatorBytes(v.pubKey, v.power))
  leafHashes.set(v.pubKey, { power: v.power, hash })
  return hash
}

/**
 * The last few validators hashes with the leaf hashes they were made of: a height hashes its
 * current and next sets, which change only when a block's validator updates change a member or a
 * power (proposer priorities are not hashed).
 */
const recentRoots: { leaves: Bytes[]; root: Bytes }[] = []
const RECENT_ROOTS = 4

/** The root of `leaves`; a copy, as callers keep it (the root of one leaf is its kept hash). */
function rootOfLeaves(leaves: Bytes[]): Bytes {
  for (const r of recentRoots) {
    if (r.leaves.length === leaves.length && r.leaves.every((l, i) => l === leaves[i])) {
      return r.root.slice()
    }
  }
  const root = merkleRootFromLeafHashes(leaves)
  recentRoots.unshift({ leaves, root })
  if (recentRoots.length > RECENT_ROOTS) recentRoots.pop()
  return root.slice()
}

/** Merkle root of the validators' SimpleValidator bytes, in the order given (ValidatorSet.Hash). */
export function validatorsHash(validators: readonly HashedValidator[]): Bytes {
  return rootOfLeaves(validators.map(leafHashOf))
}
