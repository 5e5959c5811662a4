import { createHash } from 'node:crypto'
import { type Bytes, bytesToLatin1, equalBytes, uvarint } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'

/**
 * LtHash16 (lattice-based homomorphic multiset hash, 1024 lanes of 16 bits).
 *
 * A store's hash commits to its full contents, yet updating it costs O(1) per changed key:
 * add the element hash of a new (key, value), subtract the one it replaces. The sum is
 * order-independent, so the same contents give the same hash on any machine.
 */
export const LTHASH_BYTES = 2048
const LANES = LTHASH_BYTES / 2
/** Whether this platform's typed arrays are little-endian (then lanes and bytes share a layout). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1

/**
 * The element hashes of the latest values added, by key: a key rewritten every block (a signing
 * info, a counter) removes the value the previous block added, whose hash is then at hand. The hash
 * depends on the key and value alone, so a hit is always right. Only read, never changed; cleared
 * when it grows past `RECENT_MAX` keys (2 KB each).
 */
const recent = new Map<string, { value: Bytes; lanes: Uint16Array }>()
const RECENT_MAX = 1024

/** The element hash of a value being added, kept for its removal. */
function addedHash(key: Bytes, value: Bytes): Uint16Array {
  const lanes = elementHash(key, value)
  if (recent.size >= RECENT_MAX) recent.clear()
  recent.set(bytesToLatin1(key), { value: value.slice(), lanes })
  return lanes
}

/** The element hash of a value being removed (the kept one when it was the latest added). */
function removedHash(key: Bytes, value: Bytes): Uint16Array {
  const id = bytesToLatin1(key)
  const kept = recent.get(id)
  if (kept) {
    recent.delete(id)
    if (equalBytes(kept.value, value)) return kept.lanes
  }
  return elementHash(key, value)
}

/** Where a small element's input is gathered before hashing (the hash reads it synchronously). */
const INPUT_SCRATCH = new Uint8Array(1024)

/** Element hash of one (key, value) pair: SHAKE-256 XOF of len(key) ‖ key ‖ value. */
function elementHash(key: Bytes, value: Bytes): Uint16Array {
  const h = createHash('shake256', { outputLength: LTHASH_BYTES })
  const prefix = uvarint(key.length)
  const n = prefix.length + key.length + value.length
  if (n <= INPUT_SCRATCH.length) {
    // One update of the gathered input instead of three (each crosses into native code).
    INPUT_SCRATCH.set(prefix, 0)
    INPUT_SCRATCH.set(key, prefix.length)
    INPUT_SCRATCH.set(value, prefix.length + key.length)
    h.update(INPUT_SCRATCH.subarray(0, n))
  } else {
    h.update(prefix)
    h.update(key)
    h.update(value)
  }
  const d = h.digest()
  // Lanes are little-endian uint16 on every platform: on a little-endian one, the digest's bytes are
  // the lanes (viewed in place when aligned, else copied once).
  if (LITTLE_ENDIAN) {
    if (d.byteOffset % 2 === 0) return new Uint16Array(d.buffer, d.byteOffset, LANES)
    const lanes = new Uint16Array(LANES)
    new Uint8Array(lanes.buffer).set(d)
    return lanes
  }
  const lanes = new Uint16Array(LANES)
  for (let i = 0; i < LANES; i++) lanes[i] = d[2 * i]! | (d[2 * i + 1]! << 8)
  return lanes
}

/** A mutable LtHash accumulator. */
export class LtHash {
  readonly lanes: Uint16Array

  constructor(lanes?: Uint16Array) {
    this.lanes = lanes ? lanes.slice() : new Uint16Array(LANES)
  }

  /** Restores an accumulator from its serialized form. */
  static fromBytes(bytes: Bytes): LtHash {
    if (bytes.length !== LTHASH_BYTES) throw ErrLogic.wrap(`lthash: expected ${LTHASH_BYTES} bytes`)
    const lanes = new Uint16Array(LANES)
    for (let i = 0; i < LANES; i++) lanes[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8)
    return new LtHash(lanes)
  }

  clone(): LtHash {
    return new LtHash(this.lanes)
  }

  add(key: Bytes, value: Bytes): void {
    const e = addedHash(key, value)
    const l = this.lanes
    // A Uint16Array stores every sum modulo 2^16.
    for (let i = 0; i < LANES; i++) l[i] = l[i]! + e[i]!
  }

  remove(key: Bytes, value: Bytes): void {
    const e = removedHash(key, value)
    const l = this.lanes
    for (let i = 0; i < LANES; i++) l[i] = l[i]! - e[i]!
  }

  /** The serialized form to hash right away: on a little-endian platform a view, not a copy. */
  hashInput(): Bytes {
    return LITTLE_ENDIAN
      ? new Uint8Array(this.lanes.buffer, this.lanes.byteOffset, LTHASH_BYTES)
      : this.toBytes()
  }

  /** Serialized form (little-endian lanes). */
  toBytes(): Bytes {
    // Every block with a change serializes each touched store's accumulator twice (its hash and
    // its stored copy): on a little-endian platform that is one copy of the lanes' bytes.
    if (LITTLE_ENDIAN)
      return new Uint8Array(this.lanes.buffer, this.lanes.byteOffset, LTHASH_BYTES).slice()
    const out = new Uint8Array(LTHASH_BYTES)
    const l = this.lanes
    for (let i = 0; i < LANES; i++) {
      out[2 * i] = l[i]! & 0xff
      out[2 * i + 1] = l[i]! >>> 8
    }
    return out
  }
}
