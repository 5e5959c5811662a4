import type { Bytes } from '../codec/bytes.js'

/**
 * Account numbers the node's thread has read, shared with the threads that verify signatures as
 * txs arrive: a SIGN_MODE_DIRECT signature signs its signer's account number, which only the
 * state knows, and an account keeps its number once given. The node's thread is the only writer
 * and only adds; readers see an entry once its state word says it is complete. Open addressing
 * over 20-byte addresses (their first bytes are a hash already); a table three quarters full
 * takes no more entries (their txs are verified as before, on the node's side).
 */

/** Entry states: empty, complete, or not to be used (two numbers were seen for one address). */
const EMPTY = 0
const SET = 1
const CONFLICT = 2

const ADDRESS = 20
/** One entry: the state word, the address, the account number (uint64, little-endian). */
const AT = { state: 0, address: 4, number: 24 } as const
const ENTRY = 32

/** A table of address → account number over a SharedArrayBuffer. */
export class AccountNumbers {
  readonly capacity: number
  private readonly words: Int32Array
  private readonly bytes: Uint8Array
  private readonly view: DataView
  private readonly mask: number
  private count = 0

  /** Views over `buffer` (made by `create`, on this thread or another). */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.capacity = buffer.byteLength / ENTRY
    this.mask = this.capacity - 1
    this.words = new Int32Array(buffer)
    this.bytes = new Uint8Array(buffer)
    this.view = new DataView(buffer)
  }

  /** A table of `capacity` entries (a power of two). */
  static create(capacity = 1 << 16): AccountNumbers {
    let n = 1
    while (n < capacity) n *= 2
    return new AccountNumbers(new SharedArrayBuffer(n * ENTRY))
  }

  /** The first entry to look at for `address`. */
  private home(address: Bytes): number {
    return (
      ((address[0]! << 24) | (address[1]! << 16) | (address[2]! << 8) | address[3]!) & this.mask
    )
  }

  private matches(at: number, address: Bytes): boolean {
    const b = this.bytes
    for (let i = 0; i < ADDRESS; i++) if (b[at + AT.address + i] !== address[i]) return false
    return true
  }

  /**
   * The number of the account at `address`, if the node's thread has published it (undefined as
   * well for an address seen with two numbers: its signatures are verified on the node's side).
   */
  get(address: Bytes): bigint | undefined {
    if (address.length !== ADDRESS) return undefined
    for (let i = this.home(address), probes = 0; probes < this.capacity; i = (i + 1) & this.mask) {
      probes++
      const at = i * ENTRY
      const state = Atomics.load(this.words, at >> 2)
      if (state === EMPTY) return undefined
      if (!this.matches(at, address)) continue
      return state === SET ? this.view.getBigUint64(at + AT.number, true) : undefined
    }
    return undefined
  }

  /**
   * Node's thread: publishes the number of the account at `address` (20-byte addresses only).
   * Publishing it again is free; a different number for a published address makes the entry
   * unusable rather than wrong.
   */
  publish(address: Bytes, accountNumber: bigint): void {
    if (address.length !== ADDRESS || accountNumber < 0n || accountNumber >= 2n ** 64n) return
    for (let i = this.home(address); ; i = (i + 1) & this.mask) {
      const at = i * ENTRY
      const state = Atomics.load(this.words, at >> 2)
      if (state === EMPTY) {
        if (this.count >= (this.capacity * 3) / 4) return
        this.count++
        this.bytes.set(address, at + AT.address)
        this.view.setBigUint64(at + AT.number, accountNumber, true)
        // The state word last: a reader that sees it complete sees the address and number too.
        Atomics.store(this.words, at >> 2, SET)
        return
      }
      if (!this.matches(at, address)) continue
      if (state === SET && this.view.getBigUint64(at + AT.number, true) !== accountNumber) {
        Atomics.store(this.words, at >> 2, CONFLICT)
      }
      return
    }
  }
}
