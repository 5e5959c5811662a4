import type { Bytes } from '../codec/bytes.js'

/**
 * The shared memory between the node's thread and the verify workers: a ring of fixed-size job
 * slots and one result word per slot, with a few control words. No message is posted per job: the
 * node writes a slot and bumps a counter, a worker claims it, verifies and stores the result, and
 * the node collects results in order when it is woken (Atomics.waitAsync).
 */

/** Control words (Int32Array indexes). */
export const CTRL = {
  /** Jobs published by the node (wraps around as int32). */
  written: 0,
  /** Jobs claimed by workers. */
  claimed: 1,
  /** Jobs finished by workers: the node waits on this word. */
  done: 2,
  /** Workers asleep on `written`: the node wakes them only then. */
  sleeping: 3,
  /** Set to 1 to make the workers return. */
  stop: 4,
} as const

const CTRL_WORDS = 8

/** Result words: a slot is pending, valid or not valid. */
export const RESULT = { pending: 0, valid: 1, invalid: 2 } as const

/** Largest sign bytes a slot carries; a tx with longer ones is verified on the node's thread. */
export const SLOT_MESSAGE_MAX = 2048

const KEY = 33
const HEAD = 1 + 4 + KEY + 64 + 32
const SLOT = HEAD + SLOT_MESSAGE_MAX

/** One verification: compressed key, sign bytes and their sha256, 64-byte signature. */
export interface VerifyJob {
  pub: Bytes
  msg: Bytes
  digest: Bytes
  sig: Bytes
}

/** Views of one ring over a SharedArrayBuffer (`capacity` slots). */
export class VerifyRing {
  readonly ctrl: Int32Array
  readonly results: Int32Array
  readonly slots: Uint8Array
  readonly capacity: number

  constructor(readonly buffer: SharedArrayBuffer) {
    const resultsAt = CTRL_WORDS * 4
    const capacity = Math.floor((buffer.byteLength - resultsAt) / (4 + SLOT))
    this.capacity = capacity
    this.ctrl = new Int32Array(buffer, 0, CTRL_WORDS)
    this.results = new Int32Array(buffer, resultsAt, capacity)
    this.slots = new Uint8Array(buffer, resultsAt + capacity * 4, capacity * SLOT)
  }

  /**
   * A new ring of `capacity` slots, a power of two (sequence numbers wrap around as int32: slots
   * stay in order across the wrap).
   */
  static create(capacity: number): VerifyRing {
    let n = 1
    while (n < capacity) n *= 2
    return new VerifyRing(new SharedArrayBuffer(CTRL_WORDS * 4 + n * (4 + SLOT)))
  }

  /** Whether a job fits a slot (a 33-byte key, a 64-byte signature, short enough sign bytes). */
  static fits(job: VerifyJob): boolean {
    return (
      job.pub.length === KEY &&
      job.sig.length === 64 &&
      job.digest.length === 32 &&
      job.msg.length <= SLOT_MESSAGE_MAX
    )
  }

  /** Writes a job into the slot of sequence number `seq` (`publish` then announces it). */
  private write(seq: number, job: VerifyJob): void {
    const at = this.slotOf(seq) * SLOT
    const s = this.slots
    const n = job.msg.length
    s[at] = job.pub.length
    s[at + 1] = n & 0xff
    s[at + 2] = (n >>> 8) & 0xff
    s[at + 3] = (n >>> 16) & 0xff
    s[at + 4] = n >>> 24
    s.set(job.pub, at + 5)
    s.set(job.sig, at + 5 + KEY)
    s.set(job.digest, at + 5 + KEY + 64)
    s.set(job.msg, at + HEAD)
  }

  /**
   * Publishes job number `seq` (the next one: the previous are published): its slot and a pending
   * result, then the count the workers watch. Returns the next sequence number.
   */
  publish(seq: number, job: VerifyJob): number {
    this.write(seq, job)
    Atomics.store(this.results, this.slotOf(seq), RESULT.pending)
    const next = (seq + 1) | 0
    Atomics.store(this.ctrl, CTRL.written, next)
    if (Atomics.load(this.ctrl, CTRL.sleeping) > 0) Atomics.notify(this.ctrl, CTRL.written, 1)
    return next
  }

  /** The result of job `seq`: pending, valid or invalid (RESULT). */
  result(seq: number): number {
    return Atomics.load(this.results, this.slotOf(seq))
  }

  /** The job in the slot of sequence number `seq` (views into the shared memory). */
  read(seq: number): VerifyJob {
    const at = this.slotOf(seq) * SLOT
    const s = this.slots
    const msgLength =
      (s[at + 1]! | (s[at + 2]! << 8) | (s[at + 3]! << 16) | (s[at + 4]! << 24)) >>> 0
    return {
      pub: s.subarray(at + 5, at + 5 + s[at]!),
      sig: s.subarray(at + 5 + KEY, at + 5 + KEY + 64),
      digest: s.subarray(at + 5 + KEY + 64, at + HEAD),
      msg: s.subarray(at + HEAD, at + HEAD + msgLength),
    }
  }

  slotOf(seq: number): number {
    return (seq >>> 0) % this.capacity
  }
}
