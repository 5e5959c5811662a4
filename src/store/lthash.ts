import { createCipheriv, createHash } from 'node:crypto'
import { type Bytes, bytesToLatin1, equalBytes, uvarint } from '../codec/bytes.js'
import { loadSodium, NativeScratch } from '../codec/sodium.js'
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
/** The lanes as 32-bit words, two lanes each. */
const WORDS = LTHASH_BYTES / 4
/** Whether this platform's typed arrays are little-endian (then lanes and bytes share a layout). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1

/**
 * The element hash of a (key, value) pair: 2048 bytes, read as 1024 little-endian 16-bit lanes,
 * from the input `uvarint(len(key)) ‖ key ‖ value`.
 *
 * - `sha256-chacha20`: ChaCha20's keystream under the key SHA-256(input), with a zero nonce from
 *   block 0 (libsodium's `crypto_stream_chacha20`; the same bytes as RFC 8439's ChaCha20 with a
 *   zero counter and nonce). About a sixth of SHAKE-256's cost here (1.4 µs against 9).
 * - `shake256`: SHAKE-256 of the input, 2048 bytes of output. The homes of sdkd before the
 *   other one keep it.
 *
 * A home keeps the one its first commit recorded (`meta/element_hash`; absent: `shake256`), so its
 * app hashes go on as they began.
 */
export type ElementHashName = 'sha256-chacha20' | 'shake256'
/** A new home's element hash. */
export const ELEMENT_HASH: ElementHashName = 'sha256-chacha20'
/** The element hash of a home whose first commit recorded none (made by an older sdkd). */
export const ELEMENT_HASH_UNRECORDED: ElementHashName = 'shake256'
const ELEMENT_HASHES: readonly string[] = ['sha256-chacha20', 'shake256']

/** The element hash a record names, or a clear error for one this sdkd does not know. */
export function elementHashNamed(name: string, where: string): ElementHashName {
  if (ELEMENT_HASHES.includes(name)) return name as ElementHashName
  throw ErrLogic.wrap(
    `${where} is hashed with the element hash "${name}", which this sdkd does not know: a newer sdkd made it`,
  )
}

/**
 * `shake256`'s element hashes of the latest values added, by key (a SHAKE-256 hash costs about six
 * times a `sha256-chacha20` one, which keeps none): a key rewritten every block (a signing
 * info, a counter) removes the value the previous block added, whose hash is then at hand. Several
 * stores use the same short keys (0x00 is x/mint's minter and x/distribution's fee pool, both
 * rewritten every block), so a key keeps the hashes of its last few values, not only the last one:
 * with one, each store's write evicted the other's and both removals missed. The hash depends on
 * the key and value alone, so a hit is always right. Entries are only read, never changed; the
 * whole cache is cleared when it holds `RECENT_MAX` values (2 KB each).
 */
interface Recent {
  value: Bytes
  lanes: Uint16Array
}
const recent = new Map<string, Recent[]>()
let recentCount = 0
const RECENT_MAX = 1024
/** Values kept per key: more stores than this rewriting one key every block is not expected. */
const RECENT_PER_KEY = 4

/** How many SHAKE-256 element hashes were computed (for tests: a cache hit computes none). */
export const elementHashStats = { computed: 0 }

/** The element hash of a value being added, kept for its removal. */
function addedHash(key: Bytes, value: Bytes): Uint16Array {
  const lanes = shakeElement(key, value)
  if (recentCount >= RECENT_MAX) {
    recent.clear()
    recentCount = 0
  }
  const id = bytesToLatin1(key)
  const kept = recent.get(id)
  const entry = { value: value.slice(), lanes }
  if (!kept) recent.set(id, [entry])
  else {
    if (kept.length >= RECENT_PER_KEY) {
      kept.shift()
      recentCount--
    }
    kept.push(entry)
  }
  recentCount++
  return lanes
}

/** The element hash of a value being removed (the kept one when it was among the latest added). */
function removedHash(key: Bytes, value: Bytes): Uint16Array {
  const id = bytesToLatin1(key)
  const kept = recent.get(id)
  if (kept) {
    for (let i = 0; i < kept.length; i++) {
      const entry = kept[i]!
      if (equalBytes(entry.value, value)) {
        // An emptied key goes, so the map holds no more keys than values.
        if (kept.length === 1) recent.delete(id)
        else kept.splice(i, 1)
        recentCount--
        return entry.lanes
      }
    }
  }
  return shakeElement(key, value)
}

/** Where a small element's input is gathered before hashing (the hash reads it synchronously). */
const INPUT_SCRATCH = new Uint8Array(1024)

/**
 * Lanes for an accumulator, carved from a shared slab: a typed array of 2 KB has memory of its own
 * outside V8's heap, whose allocation and release cost more than the copy (a block with changes
 * clones each touched store's accumulator). A slab is freed with the last lanes carved from it;
 * lanes are never handed out twice.
 */
const SLAB_LANES = 16
let slab = new ArrayBuffer(0)
let slabAt = 0

function allocLanes(): Uint16Array {
  if (slabAt === slab.byteLength) {
    slab = new ArrayBuffer(SLAB_LANES * LTHASH_BYTES)
    slabAt = 0
  }
  const lanes = new Uint16Array(slab, slabAt, LANES)
  slabAt += LTHASH_BYTES
  return lanes
}

/** SHAKE-256 element hash of one (key, value) pair (`shake256`). */
function shakeElement(key: Bytes, value: Bytes): Uint16Array {
  elementHashStats.computed++
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
  // On a little-endian platform the digest's bytes are the lanes (viewed in place when aligned).
  if (LITTLE_ENDIAN && d.byteOffset % 2 === 0) return new Uint16Array(d.buffer, d.byteOffset, LANES)
  return lanesOf(d, allocLanes())
}

/** `bytes` (2048, little-endian lanes) as lanes: copied into `into`. */
function lanesOf(bytes: Uint8Array, into: Uint16Array): Uint16Array {
  if (LITTLE_ENDIAN) new Uint8Array(into.buffer, into.byteOffset, LTHASH_BYTES).set(bytes)
  else for (let i = 0; i < LANES; i++) into[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8)
  return into
}

/**
 * Native memory the `sha256-chacha20` element hashes are made in, reused: a replace hashes its two
 * values into the two keystreams and reads both at once (each call overwrites its keystream), so
 * hashing an element allocates nothing.
 */
const input = new NativeScratch(1024)
const seed = Buffer.allocUnsafeSlow(32)
const NONCE = Buffer.alloc(8)
/** OpenSSL's ChaCha20 (when libsodium cannot load): a 16-byte IV, the counter then the nonce. */
const ZERO_IV = Buffer.alloc(16)
const ZEROS = Buffer.alloc(LTHASH_BYTES)
/** `uvarint(n)` of the key lengths below 128 (every key sdkd writes), made once. */
const SHORT_LENGTHS = Array.from({ length: 128 }, (_, n) => Uint8Array.of(n))

/**
 * Where a `sha256-chacha20` element hash is written: the keystream's bytes, and a view of them as
 * 32-bit words, two lanes each (on a big-endian platform the lanes are first swapped into place).
 */
class Keystream {
  readonly bytes = Buffer.allocUnsafeSlow(LTHASH_BYTES)
  readonly words = new Int32Array(this.bytes.buffer, this.bytes.byteOffset, WORDS)
  private readonly lanes = new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, LANES)

  /**
   * The element hash of one (key, value) pair: libsodium's SHA-256 and ChaCha20 on native memory,
   * or node:crypto's (the same bytes) where libsodium cannot load.
   */
  hash(key: Bytes, value: Bytes): Int32Array {
    const prefix = key.length < 128 ? SHORT_LENGTHS[key.length]! : uvarint(key.length)
    const n = prefix.length + key.length + value.length
    const sodium = loadSodium()
    if (sodium) {
      sodium.crypto_hash_sha256(seed, input.copy([prefix, key, value], n))
      sodium.crypto_stream_chacha20(this.bytes, NONCE, seed)
    } else {
      const k = createHash('sha256').update(prefix).update(key).update(value).digest()
      createCipheriv('chacha20', k, ZERO_IV).update(ZEROS).copy(this.bytes)
    }
    if (!LITTLE_ENDIAN) lanesOf(this.bytes, this.lanes)
    return this.words
  }
}
const oldStream = new Keystream()
const newStream = new Keystream()

// Lane arithmetic two lanes at a time, in 32-bit words: each lane's low 15 bits are summed with
// the lanes' top bits masked off, so no carry or borrow crosses into the next lane, and the top
// bit is then put back by XOR. Every lane wraps modulo 2^16, as a Uint16Array's would.
const LOW = 0x7fff7fff
const TOP = 0x80008000 | 0

/** Each lane of the word `a` plus the same lane of `b`. */
const addLanes = (a: number, b: number): number => ((a & LOW) + (b & LOW)) ^ ((a ^ b) & TOP)

/** Each lane of the word `a` less the same lane of `b`. */
const subLanes = (a: number, b: number): number => ((a | TOP) - (b & LOW)) ^ ((a ^ ~b) & TOP)

/** A mutable LtHash accumulator, with the element hash of the home it belongs to. */
export class LtHash {
  readonly lanes: Uint16Array
  /** The lanes as 32-bit words (the lanes' memory is 4-byte aligned: allocLanes). */
  private readonly words: Int32Array

  constructor(
    readonly element: ElementHashName,
    lanes?: Uint16Array,
  ) {
    this.lanes = allocLanes()
    this.words = new Int32Array(this.lanes.buffer, this.lanes.byteOffset, WORDS)
    if (lanes) this.lanes.set(lanes)
  }

  /** Restores an accumulator from its serialized form. */
  static fromBytes(bytes: Bytes, element: ElementHashName): LtHash {
    if (bytes.length !== LTHASH_BYTES) throw ErrLogic.wrap(`lthash: expected ${LTHASH_BYTES} bytes`)
    const acc = new LtHash(element)
    lanesOf(bytes, acc.lanes)
    return acc
  }

  clone(): LtHash {
    return new LtHash(this.element, this.lanes)
  }

  add(key: Bytes, value: Bytes): void {
    if (this.element !== 'shake256') {
      const w = this.words
      const e = newStream.hash(key, value)
      for (let i = 0; i < WORDS; i++) w[i] = addLanes(w[i]!, e[i]!)
      return
    }
    const e = addedHash(key, value)
    const l = this.lanes
    // A Uint16Array stores every sum modulo 2^16.
    for (let i = 0; i < LANES; i++) l[i] = l[i]! + e[i]!
  }

  remove(key: Bytes, value: Bytes): void {
    if (this.element !== 'shake256') {
      const w = this.words
      const e = oldStream.hash(key, value)
      for (let i = 0; i < WORDS; i++) w[i] = subLanes(w[i]!, e[i]!)
      return
    }
    const e = removedHash(key, value)
    const l = this.lanes
    for (let i = 0; i < LANES; i++) l[i] = l[i]! - e[i]!
  }

  /** `remove(key, old)` then `add(key, next)`. */
  replace(key: Bytes, old: Bytes, next: Bytes): void {
    if (this.element !== 'shake256') {
      // Both values hashed first, then one pass over the lanes.
      const o = oldStream.hash(key, old)
      const n = newStream.hash(key, next)
      const w = this.words
      for (let i = 0; i < WORDS; i++) w[i] = addLanes(subLanes(w[i]!, o[i]!), n[i]!)
      return
    }
    const l = this.lanes
    const o = removedHash(key, old)
    const n = addedHash(key, next)
    for (let i = 0; i < LANES; i++) l[i] = l[i]! - o[i]! + n[i]!
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
