import type { ExecHeader } from '../block/header.js'
import { type Bytes, latin1Range } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { ReplicaChanges } from '../store/state-replica.js'

/**
 * What the node sends the invariant worker of each applied height, written one after another into
 * one buffer that is handed over whole (transferred, not copied) when the event loop turns: the
 * changes the versioned store applied, then the height itself and, when its invariants are due, its
 * header. Cloning them as objects (a pair and an array per change, eight arrays per header) cost the
 * node's thread about 45 µs a height.
 *
 * Records, each after a tag byte:
 * - `CHANGES`: changed keys (u32 count), each a key (u16 length, latin1 bytes) and a value (i32
 *   length, -1 when deleted, -(length + 2) for a value the node keeps in its database, then the
 *   bytes); store registry changes (u16 count), each a name (u16 length, latin1 bytes) and an id
 *   (i32, -1 when deleted);
 * - `HEIGHT`: the height (f64), the next store id (u32), whether the header follows (u8); the header:
 *   its time (i64, ns) and its eight hashes (u8 length, bytes). The changes since the previous
 *   `HEIGHT` are this height's.
 */

const CHANGES = 1
const HEIGHT = 2
/** A value's length for a deletion; below it, -(length + 2) of a value the node keeps. */
const DELETED = -1

/** The header's hashes, in the order they are written. */
const HASHES = [
  'dataHash',
  'validatorsHash',
  'nextValidatorsHash',
  'consensusHash',
  'appHash',
  'lastResultsHash',
  'evidenceHash',
  'proposerAddress',
] as const satisfies readonly (keyof ExecHeader)[]

type Hashes = Record<(typeof HASHES)[number], Bytes>

const FIRST_BYTES = 64 * 1024

/** Writes records into a buffer until `take` hands it over. */
export class HeightWriter {
  /** `leaves`: the values the node keeps in its database, which the copy may let go. */
  constructor(private readonly leaves: (value: Bytes) => boolean = () => false) {}

  private bytes = new Uint8Array(FIRST_BYTES)
  private view = new DataView(this.bytes.buffer)
  private at = 0
  /** `HEIGHT` records written since the last `take`. */
  private heightsWritten = 0

  /** Whether a `HEIGHT` record is written since the last `take`. */
  get holdsHeights(): boolean {
    return this.heightsWritten > 0
  }

  /** Whether nothing is written since the last `take`. */
  get empty(): boolean {
    return this.at === 0
  }

  /** The changes the store applied (value undefined: deleted). */
  changes(
    writes: readonly { readonly full: string; readonly value: Bytes | undefined }[],
    stores: readonly { readonly name: string; readonly id: number | null }[],
  ): void {
    this.room(5)
    this.bytes[this.at] = CHANGES
    this.view.setUint32(this.at + 1, writes.length)
    this.at += 5
    for (const { full, value } of writes) {
      this.text(full)
      const n = value === undefined ? DELETED : value.length
      this.room(4 + Math.max(n, 0))
      this.view.setInt32(this.at, value !== undefined && this.leaves(value) ? -n - 2 : n)
      this.at += 4
      if (n > 0) {
        this.bytes.set(value!, this.at)
        this.at += n
      }
    }
    this.room(2)
    this.view.setUint16(this.at, stores.length)
    this.at += 2
    for (const { name, id } of stores) {
      this.text(name)
      this.room(4)
      this.view.setInt32(this.at, id ?? -1)
      this.at += 4
    }
  }

  /** The height the changes since the last one make, with its header when it is to be checked. */
  height(height: number, nextStoreId: number, header: ExecHeader | undefined): void {
    this.room(14)
    this.bytes[this.at] = HEIGHT
    this.view.setFloat64(this.at + 1, height)
    this.view.setUint32(this.at + 9, nextStoreId)
    this.bytes[this.at + 13] = header ? 1 : 0
    this.at += 14
    this.heightsWritten++
    if (!header) return
    this.room(8)
    this.view.setBigInt64(this.at, header.time)
    this.at += 8
    for (const name of HASHES) {
      const hash = header[name]
      if (hash.length > 255) throw ErrLogic.wrap(`header ${name} of ${hash.length} bytes`)
      this.room(1 + hash.length)
      this.bytes[this.at] = hash.length
      this.bytes.set(hash, this.at + 1)
      this.at += 1 + hash.length
    }
  }

  /** The records written since the last call, in a buffer of their own. */
  take(): Uint8Array {
    const out = this.bytes.subarray(0, this.at)
    this.bytes = new Uint8Array(FIRST_BYTES)
    this.view = new DataView(this.bytes.buffer)
    this.at = 0
    this.heightsWritten = 0
    return out
  }

  /** A latin1 string (a full key, a store name): u16 length, one byte a character. */
  private text(s: string): void {
    if (s.length > 0xffff) throw ErrLogic.wrap(`a key of ${s.length} bytes`)
    this.room(2 + s.length)
    this.view.setUint16(this.at, s.length)
    this.at += 2
    const { bytes } = this
    for (let i = 0; i < s.length; i++) bytes[this.at + i] = s.charCodeAt(i)
    this.at += s.length
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return
    let size = this.bytes.length * 2
    while (size < this.at + n) size *= 2
    const grown = new Uint8Array(size)
    grown.set(this.bytes.subarray(0, this.at))
    this.bytes = grown
    this.view = new DataView(grown.buffer)
  }
}

/** A height read back: its changes, and its header when its invariants are due. */
export interface ReadHeight {
  height: number
  changes: ReplicaChanges
  header: (Omit<ExecHeader, 'chainId' | 'height'> & Hashes) | undefined
}

/**
 * Reads the records of the buffers the node sends, in order; changes read after a buffer's last
 * `HEIGHT` wait for the next buffer's.
 */
export class HeightReader {
  private writes: ReplicaChanges['writes'] = []
  private kept: string[] = []
  private stores: ReplicaChanges['stores'] = []

  /** Forgets changes read and not yet part of a height (a seed holds them). */
  reset(): void {
    this.writes = []
    this.kept = []
    this.stores = []
  }

  /** The heights `bytes` completes, in order. */
  *heights(bytes: Uint8Array): Generator<ReadHeight> {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
    let at = 0
    const text = (): string => {
      const n = view.getUint16(at)
      at += 2
      // One flat string (a key of the copy's tree), not one made a character at a time.
      const s = latin1Range(bytes, at, at + n)
      at += n
      return s
    }
    while (at < bytes.length) {
      const tag = bytes[at]
      at += 1
      if (tag === CHANGES) {
        const writes = view.getUint32(at)
        at += 4
        for (let i = 0; i < writes; i++) {
          const full = text()
          const n = view.getInt32(at)
          at += 4
          if (n === DELETED) {
            this.writes.push([full, null])
            continue
          }
          const length = n < DELETED ? -n - 2 : n
          if (n < DELETED) this.kept.push(full)
          this.writes.push([full, bytes.slice(at, at + length)])
          at += length
        }
        const stores = view.getUint16(at)
        at += 2
        for (let i = 0; i < stores; i++) {
          const name = text()
          const id = view.getInt32(at)
          at += 4
          this.stores.push([name, id < 0 ? null : id])
        }
        continue
      }
      if (tag !== HEIGHT) throw ErrLogic.wrap(`unknown record ${tag} at byte ${at - 1}`)
      const height = view.getFloat64(at)
      const nextStoreId = view.getUint32(at + 8)
      const due = bytes[at + 12] === 1
      at += 13
      let header: ReadHeight['header']
      if (due) {
        const time = view.getBigInt64(at)
        at += 8
        const hashes: Partial<Hashes> = {}
        for (const name of HASHES) {
          const n = bytes[at]!
          hashes[name] = bytes.slice(at + 1, at + 1 + n)
          at += 1 + n
        }
        header = { time, ...(hashes as Hashes) }
      }
      const changes = { writes: this.writes, kept: this.kept, stores: this.stores, nextStoreId }
      this.writes = []
      this.kept = []
      this.stores = []
      yield { height, changes, header }
    }
  }
}
