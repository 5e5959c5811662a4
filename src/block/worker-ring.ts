import type { Bytes } from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import { ErrLogic } from '../errors.js'
import type { SharedRing } from '../threads/shared-ring.js'
import type { BlockId } from './block.js'

/**
 * The slots of the block worker's ring (threads/shared-ring.ts): an empty block's inputs, then what
 * the worker made of them. Fixed offsets, no message per block.
 */

/** Largest hash a slot carries (app hashes and results hashes are 32 bytes). */
const HASH_MAX = 64
/** An absent hash: a variable field of length 0. */
const NO_HASH = new Uint8Array(0)
/** A variable field: a length byte, then up to HASH_MAX bytes. */
const VAR = 1 + HASH_MAX

/** Where a job's fields are in its slot. */
const JOB = {
  height: 0, // float64
  seconds: 8, // float64
  nanos: 16, // int32
  explicit: 20, // uint32: 1 when the last block id follows
  lastHash: 24,
  lastTotal: 24 + VAR + 3, // uint32
  lastParts: 24 + VAR + 7,
  appHash: 24 + 2 * VAR + 7,
  resultsHash: 24 + 3 * VAR + 7,
  consensusHash: 24 + 4 * VAR + 7, // length 0: the builder's
} as const
const RESULT_AT = 24 + 5 * VAR + 8
/** Where a result's fields are, from RESULT_AT. */
const RESULT = {
  status: 0, // int32: 0 built, 1 not built here
  hash: 4,
  total: 4 + VAR + 3, // uint32
  parts: 4 + VAR + 7,
  commitHash: 4 + 2 * VAR + 7,
  signature: 4 + 3 * VAR + 7, // a length byte and up to 64 bytes
  length: 4 + 3 * VAR + 7 + 65 + 3, // uint32
  bytes: 4 + 3 * VAR + 7 + 65 + 7,
} as const
/** Bytes of one slot: the job, then the result and the block's bytes. */
export const BLOCK_SLOT = 4096
/** Largest block (proto bytes) a slot carries back; a larger one is built on the node's thread. */
export const RESULT_BYTES_MAX = BLOCK_SLOT - RESULT_AT - RESULT.bytes

/** The inputs of an empty block, as the worker needs them. */
export interface WorkerJob {
  height: number
  time: TimeNs
  /** The previous block's id when the node names it; else the worker's previous block. */
  lastBlockId: BlockId | undefined
  appHash: Bytes
  lastResultsHash: Bytes
  /** The hash of the height's consensus params when they are not the builder's. */
  consensusHash: Bytes | undefined
}

/** What the worker sends back for a job (the rest of the block follows from the inputs). */
export interface WorkerResult {
  blockId: BlockId
  lastCommitHash: Bytes
  /** The vote signature of the previous block (empty at the first height). */
  signature: Bytes
  bytes: Bytes
}

/** Whether a job's hashes fit a slot. */
export function fitsBlockSlot(job: WorkerJob): boolean {
  const id = job.lastBlockId
  return (
    job.appHash.length <= HASH_MAX &&
    job.lastResultsHash.length <= HASH_MAX &&
    (job.consensusHash?.length ?? 0) <= HASH_MAX &&
    (!id || (id.hash.length <= HASH_MAX && id.parts.hash.length <= HASH_MAX))
  )
}

function putVar(ring: SharedRing, at: number, b: Bytes): void {
  if (b.length > HASH_MAX) throw ErrLogic.wrap(`${b.length} bytes do not fit a slot field`)
  ring.view.setUint8(at, b.length)
  ring.bytes.set(b, at + 1)
}

function getVar(ring: SharedRing, at: number): Bytes {
  const n = ring.view.getUint8(at)
  return ring.bytes.slice(at + 1, at + 1 + n)
}

/** Writes job `seq` into its slot (the caller publishes it). */
export function writeBlockJob(ring: SharedRing, seq: number, job: WorkerJob): void {
  const at = ring.slotAt(seq)
  const v = ring.view
  v.setFloat64(at + JOB.height, job.height)
  // Seconds and nanoseconds: a time-travelled block time may be past what an int64 of ns holds.
  v.setFloat64(at + JOB.seconds, Number(job.time / 1_000_000_000n))
  v.setInt32(at + JOB.nanos, Number(job.time % 1_000_000_000n))
  const id = job.lastBlockId
  v.setUint32(at + JOB.explicit, id ? 1 : 0)
  if (id) {
    putVar(ring, at + JOB.lastHash, id.hash)
    v.setUint32(at + JOB.lastTotal, id.parts.total)
    putVar(ring, at + JOB.lastParts, id.parts.hash)
  }
  putVar(ring, at + JOB.appHash, job.appHash)
  putVar(ring, at + JOB.resultsHash, job.lastResultsHash)
  putVar(ring, at + JOB.consensusHash, job.consensusHash ?? NO_HASH)
}

/** The job in the slot of `seq`. */
export function readBlockJob(ring: SharedRing, seq: number): WorkerJob {
  const at = ring.slotAt(seq)
  const v = ring.view
  const time =
    BigInt(v.getFloat64(at + JOB.seconds)) * 1_000_000_000n + BigInt(v.getInt32(at + JOB.nanos))
  return {
    height: v.getFloat64(at + JOB.height),
    time,
    lastBlockId:
      v.getUint32(at + JOB.explicit) === 1
        ? {
            hash: getVar(ring, at + JOB.lastHash),
            parts: {
              total: v.getUint32(at + JOB.lastTotal),
              hash: getVar(ring, at + JOB.lastParts),
            },
          }
        : undefined,
    appHash: getVar(ring, at + JOB.appHash),
    lastResultsHash: getVar(ring, at + JOB.resultsHash),
    consensusHash:
      v.getUint8(at + JOB.consensusHash) === 0 ? undefined : getVar(ring, at + JOB.consensusHash),
  }
}

/**
 * Stores a job's result, or that it was not built here (undefined, or a block too large for a
 * slot): the node then builds that block itself. Returns whether a block was stored.
 */
export function writeBlockResult(
  ring: SharedRing,
  seq: number,
  r: WorkerResult | undefined,
): boolean {
  const at = ring.slotAt(seq) + RESULT_AT
  const v = ring.view
  if (
    !r ||
    r.bytes.length > RESULT_BYTES_MAX ||
    r.blockId.hash.length > HASH_MAX ||
    r.blockId.parts.hash.length > HASH_MAX ||
    r.lastCommitHash.length > HASH_MAX ||
    r.signature.length > HASH_MAX
  ) {
    v.setInt32(at + RESULT.status, 1)
    return false
  }
  v.setInt32(at + RESULT.status, 0)
  putVar(ring, at + RESULT.hash, r.blockId.hash)
  v.setUint32(at + RESULT.total, r.blockId.parts.total)
  putVar(ring, at + RESULT.parts, r.blockId.parts.hash)
  putVar(ring, at + RESULT.commitHash, r.lastCommitHash)
  putVar(ring, at + RESULT.signature, r.signature)
  v.setUint32(at + RESULT.length, r.bytes.length)
  ring.bytes.set(r.bytes, at + RESULT.bytes)
  return true
}

/** The result of job `seq`, or undefined when the worker did not build it. */
export function readBlockResult(ring: SharedRing, seq: number): WorkerResult | undefined {
  const at = ring.slotAt(seq) + RESULT_AT
  const v = ring.view
  if (v.getInt32(at + RESULT.status) !== 0) return undefined
  const n = v.getUint32(at + RESULT.length)
  return {
    blockId: {
      hash: getVar(ring, at + RESULT.hash),
      parts: { total: v.getUint32(at + RESULT.total), hash: getVar(ring, at + RESULT.parts) },
    },
    lastCommitHash: getVar(ring, at + RESULT.commitHash),
    signature: getVar(ring, at + RESULT.signature),
    bytes: ring.bytes.slice(at + RESULT.bytes, at + RESULT.bytes + n),
  }
}
