import { createRequire } from 'node:module'
import { ErrLogic } from '../errors.js'
import { type Bytes, fromHex, toHexUpper } from './bytes.js'
import { loadSodium, NativeScratch } from './sodium.js'

let nodeCrypto: typeof import('node:crypto') | undefined

/**
 * node:crypto, loaded on first use: loading it costs several milliseconds, and client commands
 * import this module (through the address codec) without hashing anything.
 */
function crypto(): typeof import('node:crypto') {
  nodeCrypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')
  return nodeCrypto
}

/** Where small inputs are gathered for libsodium. */
const scratch = new NativeScratch(4096)
/** The largest typed array V8 keeps inside its heap (V8_TYPED_ARRAY_MAX_SIZE_IN_HEAP). */
const ON_HEAP_MAX = 64
/** Where libsodium writes a digest before it is copied out. */
const digest = new Uint8Array(32)

/**
 * The largest input hashed with libsodium. Above it OpenSSL's per-byte speed wins over its higher
 * per-call cost (measured equal near 300 bytes on an x86-64 with SHA extensions; 2.5 times faster at
 * 2 KB, the size of a store's accumulator hashed on every block that changes the store).
 */
const SODIUM_MAX = 256

/**
 * SHA-256 (CometBFT tmhash): libsodium for small inputs (about 40% faster than OpenSSL's per-call
 * cost on the header and merkle hashes of every block), node:crypto otherwise.
 */
export function sha256(...parts: readonly Bytes[]): Bytes {
  // Loaded on first use: client commands that hash nothing never load the native module.
  const sodium = loadSodium()
  if (sodium) {
    let n = 0
    for (const p of parts) n += p.length
    if (n <= SODIUM_MAX) {
      // A small single input is copied too: its bytes are likely inside V8's heap (NativeScratch).
      const input = parts.length === 1 && n > ON_HEAP_MAX ? parts[0]! : scratch.copy(parts, n)
      sodium.crypto_hash_sha256(digest, input)
      return digest.slice()
    }
  }
  const c = crypto()
  // One input (a store's accumulator on every block that changes it): the one-shot hash skips
  // building a Hash object (about 0.4 µs of 2.2 at 2 KB).
  const d =
    parts.length === 1 && typeof c.hash === 'function'
      ? (c.hash('sha256', parts[0]!, 'buffer') as unknown as Buffer)
      : hashParts(c, parts)
  return new Uint8Array(d.buffer, d.byteOffset, d.length)
}

function hashParts(c: typeof import('node:crypto'), parts: readonly Bytes[]): Buffer {
  const h = c.createHash('sha256')
  for (const p of parts) h.update(p)
  return h.digest()
}

/** A tx's hash as CometBFT shows it: sha256 of the tx bytes, upper-case hex. */
export function txHashHex(tx: Bytes): string {
  return toHexUpper(sha256(tx))
}

const LEAF_PREFIX = Uint8Array.of(0)
const INNER_PREFIX = Uint8Array.of(1)

/**
 * sha256("") — the root of an empty merkle tree (the well-known digest, written out so that
 * importing this module hashes nothing).
 */
export const EMPTY_HASH: Bytes = fromHex(
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
)

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
  return leafHashes.length === 0 ? EMPTY_HASH : subtreeRoot(leafHashes, 0, leafHashes.length)
}

/**
 * Root of the leaves [from, from + n), n ≥ 1: ranges instead of copies of the list (a block of
 * thousands of txs copied every level of its data and results trees).
 */
function subtreeRoot(leafHashes: readonly Bytes[], from: number, n: number): Bytes {
  if (n === 1) return leafHashes[from]!
  const k = splitPoint(n)
  return innerHash(subtreeRoot(leafHashes, from, k), subtreeRoot(leafHashes, from + k, n - k))
}

/** Merkle root of byte slices: CometBFT `merkle.HashFromByteSlices`. */
export function merkleRoot(items: readonly Bytes[]): Bytes {
  return merkleRootFromLeafHashes(items.map(leafHash))
}

/**
 * A merkle tree over a fixed number of leaves that re-hashes only the paths whose leaves changed
 * since the previous call (block headers change 4 of 14 leaves per empty block).
 */
export class IncrementalMerkle {
  private readonly leafInputs: (Bytes | undefined)[]
  private readonly leafHashes: Bytes[]
  private readonly nodes = new Map<number, Bytes>()

  constructor(private readonly size: number) {
    this.leafInputs = new Array(size)
    this.leafHashes = new Array(size)
  }

  /** Root over `leaves` (raw leaf bytes, not yet hashed). */
  root(leaves: readonly Bytes[]): Bytes {
    if (leaves.length !== this.size) throw ErrLogic.wrap(`expected ${this.size} leaves`)
    const dirty = new Array<boolean>(this.size)
    for (let i = 0; i < this.size; i++) {
      const leaf = leaves[i]!
      const prev = this.leafInputs[i]
      const same = prev !== undefined && (prev === leaf || bytesEqual(prev, leaf))
      dirty[i] = !same
      if (!same) {
        this.leafInputs[i] = leaf
        this.leafHashes[i] = leafHash(leaf)
      }
    }
    return this.subtree(0, this.size, dirty)
  }

  private subtree(lo: number, hi: number, dirty: boolean[]): Bytes {
    if (hi - lo === 1) return this.leafHashes[lo]!
    const key = lo * 1024 + hi
    let changed = false
    for (let i = lo; i < hi; i++) if (dirty[i]) changed = true
    const cached = this.nodes.get(key)
    if (cached && !changed) return cached
    const k = splitPoint(hi - lo)
    const node = innerHash(this.subtree(lo, lo + k, dirty), this.subtree(lo + k, hi, dirty))
    this.nodes.set(key, node)
    return node
  }
}

function bytesEqual(a: Bytes, b: Bytes): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
