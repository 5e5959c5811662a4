import {
  type Bytes,
  bytesToLatin1,
  concatBytes,
  fromUtf8,
  latin1Range,
  latin1ToBytes,
  readUint64BE,
  uint64BE,
  utf8,
} from '../codec/bytes.js'
import type { BackendRange } from './backend.js'
import type { KVRange } from './types.js'

/**
 * Database key layout (one LevelDB for everything; first byte = family, append-only).
 *
 *   0x00 ‖ name                       meta values (latest height, app hash, accumulators …)
 *   0x01 ‖ storeId(4) ‖ key ‖ BE(h)   state version: value = 0x01 ‖ bytes (set) or 0x00 (delete)
 *   0x02 ‖ BE(h)                      block record at height h
 *   0x03 ‖ block hash                 BE(h) of that block
 *   0x04 ‖ tx hash                    BE(h) ‖ BE32(index) of that tx
 *   0x05 ‖ event key ‖ BE(h) ‖ BE32(i)  tx event index of homes written before 0x0a, empty value
 *   0x06 ‖ storeId(4) ‖ key           a live key's newest version: value = BE(h) of it in 0x01
 *   0x07 ‖ BE(h) ‖ storeId(4) ‖ key   a deletion at height h (a tombstone in 0x01), empty value
 *   0x08 ‖ BE(h)                      with pruning on: the keys height h changed, each with the
 *                                     version it replaced (prune-records.ts), until h is pruned
 *   0x09 ‖ BE(h) ‖ storeId(4) ‖ key   one entry of such a record, while an open writes them
 *   0x0a ‖ event key ‖ BE(h)          tx event index (store/tx-index.ts): value = the indexes of
 *                                     the txs at h with that attribute, as uvarint steps
 *
 * 0x06 and 0x07 are written in the same atomic batch as the versions they describe, so opening a
 * store reads the live keys (0x06) without scanning the history (0x01), and a rollback finds the
 * keys deleted above its height (0x07) without it. `meta/layout` = BE(2) ‖ BE(h) says both are
 * complete through height h; it is written with every commit, so a home written before the families,
 * or committed to by an older sdkd since, is migrated on open (version-migrate.ts); `meta/del/` ‖ storeId ‖
 * first key byte holds an upper bound of the heights of the deletions of keys under that prefix
 * (a past-height read of a key absent from memory answers "none" without the database when no
 * deletion under its prefix came after the height).
 *
 * Versions of a key K sort among the versions of longer keys K ‖ s (the height follows the key
 * bytes), so a reader of 0x01 checks an entry's length before taking it as one of K's versions.
 */
export const FAMILY_META = 0x00
export const FAMILY_STATE = 0x01
export const FAMILY_BLOCK = 0x02
export const FAMILY_BLOCK_HASH = 0x03
export const FAMILY_TX_HASH = 0x04
export const FAMILY_TX_EVENT = 0x05
export const FAMILY_LATEST = 0x06
export const FAMILY_DELETED = 0x07
export const FAMILY_PRUNE = 0x08
export const FAMILY_PRUNE_STAGING = 0x09
export const FAMILY_TX_POSTING = 0x0a

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
/**
 * After `sdkd rollback` without `--hard`: the block it took back (height, time, txs, hash), made
 * again from them with the next height (JSON; deleted in that height's batch).
 */
export const META_KEPT_BLOCK = metaKey('kept_block')

/**
 * The element hash of the stores' accumulators (lthash.ts), by name (utf-8), written with the first
 * commit; absent in homes made before it (`shake256`).
 */
export const META_ELEMENT_HASH = metaKey('element_hash')

/** With pruning on: BE(h), the 0x08 records complete through height h (written with every commit). */
export const META_PRUNE_RECORDS = metaKey('prune_records')

/**
 * The layout of the state families: BE(2) ‖ BE(h), 0x06 and 0x07 complete through height h (absent:
 * only 0x01). Written with every commit and rollback beside the latest height, so a home that an
 * older sdkd committed to afterwards (it writes neither family) shows a layout height behind its
 * latest height and is migrated again on open.
 */
export const META_LAYOUT = metaKey('layout')
export const LAYOUT_VERSION = 2

/** The layout record of a store whose families are complete through `height`. */
export function layoutValue(height: number): Bytes {
  const out = new Uint8Array(16)
  out.set(uint64BE(LAYOUT_VERSION), 0)
  out.set(uint64BE(height), 8)
  return out
}

/** Whether a stored layout record says the families are complete through `latest`. */
export function layoutIsCurrent(record: Bytes | undefined, latest: number): boolean {
  return (
    record !== undefined &&
    record.length === 16 &&
    readUint64BE(record, 0) === LAYOUT_VERSION &&
    readUint64BE(record, 8) === latest
  )
}
/** Prefix of the deletion-height bounds (meta/del/ ‖ storeId ‖ first key byte → BE(h)). */
export const META_DELETION_PREFIX = metaKey('del/')

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

const deletionBoundKeys = new Map<string, Bytes>()

/**
 * The prefix a deletion bound covers: the store id and the key's first byte (stores keep one kind
 * of record under each first byte, so a store's deletions of one kind leave reads of others alone).
 */
export function deletionPrefix(full: string): string {
  return full.slice(0, 5)
}

/** Meta key of a prefix's deletion bound (the same object for a prefix, as accumulators'). */
export function deletionBoundKey(prefix: string): Bytes {
  let key = deletionBoundKeys.get(prefix)
  if (!key) {
    key = concatBytes(META_DELETION_PREFIX, latin1ToBytes(prefix))
    deletionBoundKeys.set(prefix, key)
  }
  return key
}

const shortLatestKeys = new Map<string, Bytes>()
/** Longest latest-version key shared as one object (the commit queue's limit for merging). */
const SHORT_LATEST_KEY = 16
/**
 * Most key objects kept: a chain writes a new short key at every height (x/staking's historical
 * info), so the map is emptied when it reaches this, or it would grow with the history. A key
 * given a new object afterwards is still right: the queue then keeps both writes, in order.
 */
const SHORT_LATEST_KEYS_MAX = 16_384

/**
 * Database key of a live key's newest version. A short one is the same object for a key, so the
 * commit queue keeps only the last write of a key that several heights of one batch change.
 */
export function latestKey(fullKey: string): Bytes {
  if (fullKey.length + 1 > SHORT_LATEST_KEY) {
    return concatBytes(Uint8Array.of(FAMILY_LATEST), latin1ToBytes(fullKey))
  }
  let key = shortLatestKeys.get(fullKey)
  if (!key) {
    key = concatBytes(Uint8Array.of(FAMILY_LATEST), latin1ToBytes(fullKey))
    if (shortLatestKeys.size >= SHORT_LATEST_KEYS_MAX) shortLatestKeys.clear()
    shortLatestKeys.set(fullKey, key)
  }
  return key
}

/** The stored record of a live key's newest version: the height of its version in 0x01. */
export function latestValue(height: number): Bytes {
  return uint64BE(height)
}

/** Key of height `height`'s pruning record (0x08 family). */
export function pruneRecordKey(height: number): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_PRUNE), uint64BE(height))
}

/** Prefix of the entries of height `height`'s pruning record while an open writes it (0x09). */
export function pruneStagingKey(height: number): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_PRUNE_STAGING), uint64BE(height))
}

/** Database key recording a deletion of `fullKey` at `height`. */
export function deletedKey(height: number, fullKey: string): Bytes {
  return concatBytes(Uint8Array.of(FAMILY_DELETED), uint64BE(height), latin1ToBytes(fullKey))
}

/** Database key of a state family's first entry of a full-key prefix (latin1). */
export function familyKey(family: number, fullPrefix: string): Bytes {
  return concatBytes(Uint8Array.of(family), latin1ToBytes(fullPrefix))
}

/** latin1 form of a 4-byte big-endian store id, the first 4 chars of every full key. */
export function storeIdPrefix(id: number): string {
  return String.fromCharCode((id >>> 24) & 0xff, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff)
}

/** Where a full key's bytes are gathered before they become its string (read synchronously). */
const FULL_KEY_SCRATCH = new Uint8Array(1024)

/**
 * The full key (latin1) of `key` in the store whose id prefix (`storeIdPrefix`) is `prefix`: made as
 * one string, where `prefix + bytesToLatin1(key)` makes the key's string, a concatenation, and the
 * flat string a map lookup turns it into, on every store access.
 */
export function fullKeyOf(prefix: string, key: Bytes): string {
  const n = 4 + key.length
  if (n > FULL_KEY_SCRATCH.length) return prefix + bytesToLatin1(key)
  for (let i = 0; i < 4; i++) FULL_KEY_SCRATCH[i] = prefix.charCodeAt(i)
  FULL_KEY_SCRATCH.set(key, 4)
  return latin1Range(FULL_KEY_SCRATCH, 0, n)
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

/** The state versions of every store but the registry (which is never hashed or pruned). */
export function storeVersionsRange(): BackendRange {
  return {
    gte: familyKey(FAMILY_STATE, storeIdPrefix(REGISTRY_STORE_ID + 1)),
    lt: Uint8Array.of(FAMILY_STATE + 1),
  }
}

/** Database key of one state version. */
export function stateVersionKey(fullKey: string, height: number): Bytes {
  // One array written in place: a read at a past height builds one of these for every get.
  const n = fullKey.length
  if (n > 64 || !Number.isSafeInteger(height) || height < 0) {
    return concatBytes(Uint8Array.of(FAMILY_STATE), latin1ToBytes(fullKey), uint64BE(height))
  }
  const out = new Uint8Array(n + 9)
  out[0] = FAMILY_STATE
  for (let i = 0; i < n; i++) out[i + 1] = fullKey.charCodeAt(i)
  let lo = height >>> 0
  let hi = Math.floor(height / 4294967296)
  for (let i = n + 8; i > n + 4; i--, lo >>>= 8) out[i] = lo & 0xff
  for (let i = n + 4; i > n; i--, hi >>>= 8) out[i] = hi & 0xff
  return out
}

/**
 * The state version key a live-key record points at, from the record's own bytes: its key
 * (0x06 ‖ storeId ‖ key) and value (BE(h)) are those of the version key (0x01 ‖ storeId ‖ key ‖
 * BE(h)) but for the family byte, so no string is made on the way (a node's start reads every one).
 */
export function stateVersionKeyOfLive(liveKey: Bytes, heightBE: Bytes): Bytes {
  const out = new Uint8Array(liveKey.length + 8)
  out.set(liveKey, 0)
  out[0] = FAMILY_STATE
  out.set(heightBE.subarray(0, 8), liveKey.length)
  return out
}

const TOMBSTONE = Uint8Array.of(0)

/**
 * The value a stored state version holds (`stateVersionValue`'s form: 0x01 ‖ bytes), or undefined
 * when it records a deletion (0x00). Registry versions (a store's id) are stored the same way.
 */
export function valueOfStateVersion(record: Bytes): Bytes | undefined {
  return record[0] === 1 ? record.subarray(1) : undefined
}

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
