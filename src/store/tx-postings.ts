import { type Bytes, uvarintAt, uvarintLength, writeUvarint } from '../codec/bytes.js'
import type { OpSink } from './backend.js'

// The tx index's entries of one block (store/tx-index.ts): each distinct (composite key, value)
// once, its value the indexes of the block's txs that have it, as uvarint steps.

/** One entry of a block: its key, the indexes of its txs, the next entry of the same hash. */
export interface TxPosting {
  key: Bytes
  indexes: number[]
  next: TxPosting | undefined
}

/** FNV-1a's offset basis: the hash of no bytes. */
export const FNV_START = 0x811c9dc5
export const FNV_PRIME = 0x01000193

/** FNV-1a (32 bits) of `bytes[at…at+len)` continued from `h`. */
export function fnv(h: number, bytes: Bytes, at: number, len: number): number {
  for (let i = at; i < at + len; i++) h = Math.imul(h ^ bytes[i]!, FNV_PRIME)
  return h
}

/** `fnv` continued over the uvarint bytes of `n`. */
export function fnvVarint(h: number, n: number): number {
  while (n >= 0x80) {
    h = Math.imul(h ^ ((n & 0x7f) | 0x80), FNV_PRIME)
    n = Math.floor(n / 128)
  }
  return Math.imul(h ^ n, FNV_PRIME)
}

/**
 * The index entries of one block, gathered tx by tx: each distinct (composite key, value) once,
 * with the indexes of the txs that have it in the order they were added (ascending). Found by a
 * hash of the key's bytes: most of a block's entries are ones it has already (every tx has
 * `tx.height`, a block's sends share their action, module and fee collector), so a lookup makes no
 * string.
 */
export class TxPostings {
  private readonly byHash = new Map<number, TxPosting>()
  private readonly list: TxPosting[] = []

  constructor(readonly height: number) {}

  /** The entries whose keys hash to `hash` (FNV-1a of the whole key), chained by `next`. */
  withHash(hash: number): TxPosting | undefined {
    return this.byHash.get(hash)
  }

  /** Adds the new entry `key` (hashing to `hash`, not among the block's entries) for tx `index`. */
  insert(hash: number, key: Bytes, index: number): TxPosting {
    const posting: TxPosting = { key, indexes: [index], next: this.byHash.get(hash) }
    this.byHash.set(hash, posting)
    this.list.push(posting)
    return posting
  }

  /**
   * Adds the tx at `index` to the entry `key` (`0x0a ‖ len ‖ text ‖ len ‖ value ‖ BE(height)` of
   * this block); a tx added twice to one entry counts once.
   */
  add(key: Bytes, index: number): void {
    const hash = fnv(FNV_START, key, 0, key.length)
    for (let p = this.byHash.get(hash); p; p = p.next) {
      if (Buffer.from(p.key.buffer, p.key.byteOffset, p.key.length).equals(key)) {
        addIndex(p, index)
        return
      }
    }
    this.insert(hash, key, index)
  }

  /** Puts (or deletes) every entry into `into`, yielding after each `step` of them. */
  *write(type: 'put' | 'del', into: OpSink, step = 256): Generator<void, void, undefined> {
    let n = 0
    for (const { key, indexes } of this.list) {
      if (type === 'put') into.put(key, postingValue(indexes))
      else into.del(key)
      if (++n % step === 0) yield
    }
  }
}

/** Adds the tx at `index` to `posting` unless it is its last one already. */
export function addIndex(posting: TxPosting, index: number): void {
  const { indexes } = posting
  if (indexes[indexes.length - 1] !== index) indexes.push(index)
}

/** The indexes, ascending, as uvarint steps: the first itself, each next one less the last. */
function postingValue(indexes: readonly number[]): Bytes {
  let len = 0
  let last = -1
  for (const i of indexes) {
    len += uvarintLength(i - last - 1)
    last = i
  }
  const out = new Uint8Array(len)
  let pos = 0
  last = -1
  for (const i of indexes) {
    pos = writeUvarint(out, pos, i - last - 1)
    last = i
  }
  return out
}

/** The indexes an entry's value lists (`postingValue`); undefined where it is cut short. */
export function postingIndexes(value: Bytes): number[] | undefined {
  const out: number[] = []
  let index = -1
  for (let pos = 0; pos < value.length; ) {
    const step = uvarintAt(value, pos)
    if (step < 0) return undefined
    pos += uvarintLength(step)
    index += step + 1
    out.push(index)
  }
  return out
}
