import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH, merkleRootFromLeafHashes, sha256 } from '../codec/hash.js'

/** Deterministic fields of a tx result, hashed into the next header's last_results_hash. */
export interface TxResultForHash {
  code: number
  data: Bytes
  gasWanted: bigint | number
  gasUsed: bigint | number
}

/**
 * Where a result's leaf input (`0x00 ‖ ExecTxResult{code, data, gas_wanted, gas_used}`) is written
 * before it is hashed: off V8's heap, so the hash reads it in place, and grown for a larger `data`.
 */
let scratch = Buffer.allocUnsafeSlow(256)

/**
 * last_results_hash of a block's tx results (CometBFT's ABCIResults.Hash): the RFC 6962 root over
 * each result's deterministic fields, encoded as gogoproto does (fields in order, defaults
 * omitted). Written by hand into one scratch buffer and hashed from there: through a generic
 * encoder each result made an object of its fields, two strings for its gas, the encoder's
 * operations and the encoding, all before its leaf hash.
 */
export function resultsHashOf(results: readonly TxResultForHash[]): Bytes {
  if (results.length === 0) return EMPTY_HASH
  const leaves = new Array<Bytes>(results.length)
  for (let i = 0; i < results.length; i++) leaves[i] = resultLeafHash(results[i]!)
  return merkleRootFromLeafHashes(leaves)
}

/** sha256(0x00 ‖ the result's deterministic encoding): a leaf of last_results_hash. */
export function resultLeafHash(r: TxResultForHash): Bytes {
  // Leaf prefix, then at most four fields: a tag and a 10-byte varint each, data's length and bytes.
  const most = 1 + 4 * 11 + 5 + r.data.length
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(most * 2)
  const out = scratch
  out[0] = 0
  let at = 1
  if (r.code !== 0) {
    out[at++] = 0x08 // field 1 (code), varint
    at = writeUint(out, at, r.code >>> 0)
  }
  if (r.data.length > 0) {
    out[at++] = 0x12 // field 2 (data), length-delimited
    at = writeUint(out, at, r.data.length)
    out.set(r.data, at)
    at += r.data.length
  }
  at = writeInt64Field(out, at, 0x28, r.gasWanted) // field 5 (gas_wanted), varint
  at = writeInt64Field(out, at, 0x30, r.gasUsed) // field 6 (gas_used), varint
  return sha256(out.subarray(0, at))
}

/** An int64 field, unless zero: as a varint of its two's complement (a negative takes 10 bytes). */
function writeInt64Field(out: Buffer, at: number, tag: number, value: bigint | number): number {
  if (value === 0 || value === 0n) return at
  out[at++] = tag
  // Gas is a bigint below 2^53 in practice: written as a number, without a bigint per 7 bits.
  if (value > 0 && value <= Number.MAX_SAFE_INTEGER) return writeUint(out, at, Number(value))
  let v = BigInt.asUintN(64, BigInt(value))
  while (v >= 0x80n) {
    out[at++] = Number(v & 0x7fn) | 0x80
    v >>= 7n
  }
  out[at++] = Number(v)
  return at
}

/** A non-negative safe integer as a varint. */
function writeUint(out: Buffer, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n % 0x80) | 0x80
    n = Math.floor(n / 0x80)
  }
  out[at++] = n
  return at
}
