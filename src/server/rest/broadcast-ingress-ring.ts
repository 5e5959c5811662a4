import { type Bytes, toHexUpper } from '../../codec/bytes.js'
import type { SharedRing } from '../../threads/shared-ring.js'

/**
 * The slots of the broadcast ingress ring (threads/shared-ring.ts): one request body per slot. The
 * node's thread writes a body and publishes it; a worker parses it and, for a broadcast it could
 * check through, writes the tx bytes over the body with what it found (mode, hash, verified
 * signatures), then stores the slot's status. Anything else is handed back as it came: the node's
 * thread answers it as before.
 */

/** Status words: pending, checked through (the slot holds the tx), or the node's to answer. */
export const STATUS = { pending: 0, checked: 1, fallback: 2 } as const

/** Signers a slot reports on; a tx with more is the node's to verify. */
export const MAX_SIGNERS = 8

/** Where a slot's fields are. */
const AT = {
  status: 0,
  bodyLength: 4, // uint32, little-endian; TOO_LARGE: the body is not in the slot
  mode: 8,
  signers: 9,
  verified: 10, // a bit per signer whose signature the worker verified
  txLength: 12, // uint32, little-endian
  hash: 16,
  accountNumbers: 48, // MAX_SIGNERS uint64, little-endian: the number each signature was verified with
  body: 48 + 8 * MAX_SIGNERS,
} as const

/** Bytes of one slot (a multiple of 4). */
export const INGRESS_SLOT = 4096

/** Largest body a slot carries (a bank send's body is about 450 bytes). */
export const SLOT_BODY_MAX = INGRESS_SLOT - AT.body

const TOO_LARGE = 0xffffffff

/** A broadcast a worker checked through: what the node's thread needs of it. */
export interface CheckedBroadcast {
  /** The tx bytes (the request's `tx_bytes`, decoded). */
  txBytes: Bytes
  /** BroadcastMode: 2 sync, 3 async. */
  mode: number
  /** sha256 of the tx bytes. */
  hash: Bytes
  /** How many signers the tx has. */
  signers: number
  /** The signatures the worker found valid, with the account number each signs. */
  verified: { index: number; accountNumber: bigint }[]
}

/**
 * Writes the body of job number `seq` (the next one) into its slot, or marks it too large to
 * carry (the worker hands it straight back), and publishes it. Returns the next sequence number.
 */
export function publishBody(ring: SharedRing, seq: number, body: Uint8Array): number {
  const at = ring.slotAt(seq)
  if (body.length <= SLOT_BODY_MAX) {
    ring.view.setUint32(at + AT.bodyLength, body.length, true)
    ring.bytes.set(body, at + AT.body)
  } else {
    ring.view.setUint32(at + AT.bodyLength, TOO_LARGE, true)
  }
  Atomics.store(ring.words, at >> 2, STATUS.pending)
  const next = (seq + 1) | 0
  ring.publish(next)
  return next
}

/** Worker side: the body of job `seq` (a view into the slot), or undefined when it is not there. */
export function readBody(ring: SharedRing, seq: number): Uint8Array | undefined {
  const at = ring.slotAt(seq)
  const length = ring.view.getUint32(at + AT.bodyLength, true)
  if (length === TOO_LARGE) return undefined
  return ring.bytes.subarray(at + AT.body, at + AT.body + length)
}

/**
 * Worker side: stores what job `seq` came to (the checked broadcast, or undefined: the node's to
 * answer), before the worker counts it done. A checked tx never outgrows its body (base64 takes
 * four characters for three bytes), so it fits where the body was.
 */
export function storeOutcome(
  ring: SharedRing,
  seq: number,
  checked: CheckedBroadcast | undefined,
): void {
  const at = ring.slotAt(seq)
  if (
    !checked ||
    checked.signers > MAX_SIGNERS ||
    checked.txBytes.length > SLOT_BODY_MAX ||
    checked.hash.length !== 32
  ) {
    Atomics.store(ring.words, at >> 2, STATUS.fallback)
    return
  }
  const { bytes, view } = ring
  bytes[at + AT.mode] = checked.mode
  bytes[at + AT.signers] = checked.signers
  let mask = 0
  for (const v of checked.verified) {
    mask |= 1 << v.index
    view.setBigUint64(at + AT.accountNumbers + 8 * v.index, v.accountNumber, true)
  }
  bytes[at + AT.verified] = mask
  view.setUint32(at + AT.txLength, checked.txBytes.length, true)
  bytes.set(checked.hash, at + AT.hash)
  bytes.set(checked.txBytes, at + AT.body)
  Atomics.store(ring.words, at >> 2, STATUS.checked)
}

/** The status of job `seq` (STATUS). */
export function outcomeStatus(ring: SharedRing, seq: number): number {
  return Atomics.load(ring.words, ring.slotAt(seq) >> 2)
}

/**
 * Node side: the checked broadcast of job `seq` (its status is `checked`), copied out of the
 * slot (the slot is reused); the hash as upper-case hex.
 */
export function readChecked(
  ring: SharedRing,
  seq: number,
): { checked: CheckedBroadcast; hashHex: string } {
  const at = ring.slotAt(seq)
  const { bytes, view } = ring
  const txLength = view.getUint32(at + AT.txLength, true)
  const signers = bytes[at + AT.signers]!
  const mask = bytes[at + AT.verified]!
  const verified: CheckedBroadcast['verified'] = []
  for (let i = 0; i < signers; i++) {
    if ((mask & (1 << i)) === 0) continue
    verified.push({
      index: i,
      accountNumber: view.getBigUint64(at + AT.accountNumbers + 8 * i, true),
    })
  }
  const hash = bytes.subarray(at + AT.hash, at + AT.hash + 32)
  return {
    checked: {
      // slice: a copy of its own (not shared memory), as every tx the node keeps.
      txBytes: bytes.slice(at + AT.body, at + AT.body + txLength),
      mode: bytes[at + AT.mode]!,
      hash: hash.slice(),
      signers,
      verified,
    },
    hashHex: toHexUpper(hash),
  }
}
