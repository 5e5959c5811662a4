import type { Bytes } from '../codec/bytes.js'
import type { SharedRing } from '../threads/shared-ring.js'

/**
 * The slots of the verify workers' ring (threads/shared-ring.ts): one signature check per slot, its
 * result in the slot's first word. The node writes a job and publishes it, a worker claims it,
 * verifies and stores the result, and the node collects results in order when it is woken.
 */

/** Result words: a job is pending, valid or not valid. */
export const RESULT = { pending: 0, valid: 1, invalid: 2 } as const

/** Largest sign bytes a slot carries; a tx with longer ones is verified on the node's thread. */
export const SLOT_MESSAGE_MAX = 2048

const KEY = 33
/** Where a job's fields are in its slot (after the result word). */
const AT = {
  keyLength: 4,
  msgLength: 5, // uint32, little-endian
  key: 9,
  sig: 9 + KEY,
  digest: 9 + KEY + 64,
  msg: 9 + KEY + 64 + 32,
} as const

/** Bytes of one slot (a multiple of 4). */
export const VERIFY_SLOT = Math.ceil((AT.msg + SLOT_MESSAGE_MAX) / 4) * 4

/** One verification: compressed key, sign bytes and their sha256, 64-byte signature. */
export interface VerifyJob {
  pub: Bytes
  msg: Bytes
  digest: Bytes
  sig: Bytes
}

/** Whether a job fits a slot (a 33-byte key, a 64-byte signature, short enough sign bytes). */
export function fitsVerifySlot(job: VerifyJob): boolean {
  return (
    job.pub.length === KEY &&
    job.sig.length === 64 &&
    job.digest.length === 32 &&
    job.msg.length <= SLOT_MESSAGE_MAX
  )
}

/**
 * Writes job number `seq` (the next one: the previous are published) into its slot with a pending
 * result and publishes it. Returns the next sequence number.
 */
export function publishVerifyJob(ring: SharedRing, seq: number, job: VerifyJob): number {
  const at = ring.slotAt(seq)
  const s = ring.bytes
  s[at + AT.keyLength] = job.pub.length
  ring.view.setUint32(at + AT.msgLength, job.msg.length, true)
  s.set(job.pub, at + AT.key)
  s.set(job.sig, at + AT.sig)
  s.set(job.digest, at + AT.digest)
  s.set(job.msg, at + AT.msg)
  Atomics.store(ring.words, at >> 2, RESULT.pending)
  const next = (seq + 1) | 0
  ring.publish(next)
  return next
}

/** The job in the slot of `seq` (views into the shared memory). */
export function readVerifyJob(ring: SharedRing, seq: number): VerifyJob {
  const at = ring.slotAt(seq)
  const s = ring.bytes
  const msgLength = ring.view.getUint32(at + AT.msgLength, true)
  return {
    pub: s.subarray(at + AT.key, at + AT.key + s[at + AT.keyLength]!),
    sig: s.subarray(at + AT.sig, at + AT.sig + 64),
    digest: s.subarray(at + AT.digest, at + AT.msg),
    msg: s.subarray(at + AT.msg, at + AT.msg + msgLength),
  }
}

/** Stores the result of job `seq` (a worker does, before it counts the job done). */
export function storeVerifyResult(ring: SharedRing, seq: number, valid: boolean): void {
  Atomics.store(ring.words, ring.slotAt(seq) >> 2, valid ? RESULT.valid : RESULT.invalid)
}

/** The result of job `seq`: pending, valid or invalid (RESULT). */
export function verifyResult(ring: SharedRing, seq: number): number {
  return Atomics.load(ring.words, ring.slotAt(seq) >> 2)
}
