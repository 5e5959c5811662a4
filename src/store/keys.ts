import {
  type Bytes,
  bytesToLatin1,
  concatBytes,
  fromUtf8,
  latin1ToBytes,
  readUint64BE,
  uint64BE,
  utf8,
} from '../codec/bytes.js'
import type { KVRange } from './types.js'

/**
 * Database key layout (one LevelDB for everything; first byte = family, append-only).
 *
 *   0x00 ‖ name                       meta values (latest height, app hash, accumulators …)
 *   0x01 ‖ storeId(4) ‖ key ‖ BE(h)   state version: value = 0x01 ‖ bytes (set) or 0x00 (delete)
 *   0x02 ‖ BE(h)                      block record at height h
 *   0x03 ‖ block hash                 BE(h) of that block
 *   0x04 ‖ tx hash                    BE(h) ‖ BE32(index) of that tx
 *   0x05 ‖ event key ‖ BE(h) ‖ BE32(i)  tx event index (store/tx-index.ts), empty value
 */
export const FAMILY_META = 0x00
export const FAMILY_STATE = 0x01
export const FAMILY_BLOCK = 0x02
export const FAMILY_BLOCK_HASH = 0x03
export const FAMILY_TX_HASH = 0x04
export const FAMILY_TX_EVENT = 0x05

/** Store id 0 is the registry of named stores (name → id); it is never hashed or pruned. */
export const REGISTRY_STORE_ID = 0

export const META_LATEST = metaKey('latest')
export const META_EARLIEST = metaKey('earliest')
export const META_APP_HASH = metaKey('app_hash')
export const META_NEXT_STORE_ID = metaKey('next_store_id')
export const META_BLOCK_BASE = metaKey('block_base')
/** sha256 of the genesis.json the chain was made from (written with the genesis state). */
export const META_GENESIS_HASH = metaKey('genesis_hash')
/** Under CometBFT: the last committed block's height and time (what CheckTx runs with). */
export const META_COMET_LAST_BLOCK = metaKey('comet_last_block')

/** Meta key for a name. */
export function metaKey(name: string): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_META), utf8(name))
}

/**
 * Meta keys of the stores' accumulators, one object per store: the commit queue merges the heights
 * of one batch and keeps only the last write of a short key it has seen as the same object, so a
 * batch of many heights writes each store's 2 KB accumulator once, not once per height.
 */
const accumulatorKeys = new Map<number, Bytes>()

/** Meta key of a store's LtHash accumulator (the same object for a store; never changed). */
export function accumulatorKey(storeId: number): Bytes {
  let key = accumulatorKeys.get(storeId)
  if (!key) {
    key = metaKey(`acc/${storeId}`)
    accumulatorKeys.set(storeId, key)
  }
  return key
}

/** latin1 form of a 4-byte big-endian store id, the first 4 chars of every full key. */
export function storeIdPrefix(id: number): string {
  return String.fromCharCode((id >>> 24) & 0xff, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff)
}

/** Store id of a full key (latin1). */
export function storeIdOf(fullKey: string): number {
  return (
    ((fullKey.charCodeAt(0) << 24) >>> 0) +
    (fullKey.charCodeAt(1) << 16) +
    (fullKey.charCodeAt(2) << 8) +
    fullKey.charCodeAt(3)
  )
}

/** Full key (latin1) of a store name in the registry (store id 0). */
export function registryFullKey(name: string): string {
  return storeIdPrefix(REGISTRY_STORE_ID) + bytesToLatin1(utf8(name))
}

/** Store name of a registry full key (inverse of `registryFullKey`). */
export function registryName(fullKey: string): string {
  return fromUtf8(latin1ToBytes(fullKey.slice(4)))
}

/** Database key of one state version. */
export function stateVersionKey(fullKey: string, height: number): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_STATE), latin1ToBytes(fullKey), uint64BE(height))
}

const TOMBSTONE = Uint8Array.of(0)

/** The stored value of a state version: 0x01 ‖ bytes when set, 0x00 when deleted. */
export function stateVersionValue(value: Bytes | undefined): Bytes {
  if (value === undefined) return TOMBSTONE
  const out = new Uint8Array(value.length + 1)
  out[0] = 1
  out.set(value, 1)
  return out
}

/** Splits a state version key into (full key latin1, height). */
export function parseStateVersionKey(key: Bytes): { fullKey: string; height: number } {
  const fullKey = Buffer.from(key.buffer, key.byteOffset + 1, key.length - 9).toString('latin1')
  return { fullKey, height: readUint64BE(key, key.length - 8) }
}

/** Database key of the block record at a height. */
export function blockKey(height: number): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_BLOCK), uint64BE(height))
}

/** Database key of a block-hash index entry. */
export function blockHashKey(hash: Bytes): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_BLOCK_HASH), hash)
}

/** Database key of a tx-hash index entry. */
export function txHashKey(hash: Bytes): Bytes {
  // One array (every tx of a block has one): no family byte array and no spread to concatenate.
  const key = new Uint8Array(1 + hash.length)
  key[0] = FAMILY_TX_HASH
  key.set(hash, 1)
  return key
}

/** The smallest key greater than every key starting with `prefix` (undefined: no bound). */
export function prefixEnd(prefix: Bytes): Bytes | undefined {
  const end = prefix.slice()
  for (let i = end.length - 1; i >= 0; i--) {
    if (end[i]! < 0xff) {
      end[i]! += 1
      return end.slice(0, i + 1)
    }
  }
  return undefined
}

/** The smallest latin1 string greater than every string starting with `p` (undefined: no bound). */
export function nextPrefix(p: string): string | undefined {
  for (let i = p.length - 1; i >= 0; i--) {
    const c = p.charCodeAt(i)
    if (c < 0xff) return p.slice(0, i) + String.fromCharCode(c + 1)
  }
  return undefined
}

/** Full-key bounds [lo, hi) of a range inside the store with latin1 id prefix `prefix`. */
export function fullRange(prefix: string, range: KVRange): { lo: string; hi: string | undefined } {
  let lo = prefix
  let hi: string | undefined = nextPrefix(prefix)
  if (range.prefix && range.prefix.length > 0) {
    const p = prefix + bytesToLatin1(range.prefix)
    lo = p
    hi = nextPrefix(p)
  }
  if (range.gte) {
    const g = prefix + bytesToLatin1(range.gte)
    if (g > lo) lo = g
  }
  if (range.lt) {
    const l = prefix + bytesToLatin1(range.lt)
    if (hi === undefined || l < hi) hi = l
  }
  return { lo, hi }
}
