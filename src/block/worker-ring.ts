import type { Bytes } from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import { ErrLogic } from '../errors.js'
import type { SharedRing } from '../threads/shared-ring.js'
import type { BlockId } from './block.js'

/**
 * The slots of the block worker's ring (threads/shared-ring.ts): an empty block's inputs, then what
 * the worker made of them. Fixed offsets for a ring, no message per block. A ring for a node that
 * signs for several validators has room in each slot for a validator set of that many: the set's
 * hashes and proposer, each signer's address and which of the node's keys signs for it, and back
 * each signature.
 */

/** Largest hash a slot carries (app hashes and results hashes are 32 bytes). */
const HASH_MAX = 64
/** An absent hash: a variable field of length 0. */
const NO_HASH = new Uint8Array(0)
/** A variable field: a length byte, then up to HASH_MAX bytes. */
const VAR = 1 + HASH_MAX
/** Largest validator address a slot carries (CometBFT's are 20 bytes). */
const ADDRESS_MAX = 32
/** A signer: its address (a length byte, then up to ADDRESS_MAX bytes), then its key's index (int16). */
const SIGNER = 1 + ADDRESS_MAX + 2
/** An ed25519 signature. */
const SIGNATURE = 64
/** What a validator adds to a slot: its signer, its signature, its CommitSig in the block's bytes. */
const PER_VALIDATOR = SIGNER + SIGNATURE + 128
/** Bytes of a slot of a node that signs alone: the job, then the result and the block's bytes. */
const SOLO_SLOT = 4096

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
  signers: 24 + 5 * VAR + 8, // uint16: the set's size; 0: the builder's single signer
  validatorsHash: 24 + 5 * VAR + 10,
  nextValidatorsHash: 24 + 6 * VAR + 10,
  proposer: 24 + 7 * VAR + 10,
  set: 24 + 8 * VAR + 10, // SIGNER bytes each
} as const
/** Where a result's fields are, from the end of the job. */
const RESULT = {
  status: 0, // int32: 0 built, 1 not built here
  hash: 4,
  total: 4 + VAR + 3, // uint32
  parts: 4 + VAR + 7,
  commitHash: 4 + 2 * VAR + 7,
  length: 4 + 3 * VAR + 7 + 1, // uint32
  signatures: 4 + 3 * VAR + 7 + 5, // uint16, then SIGNATURE bytes each
} as const

/** A block's validators as the worker needs them: the header's fields and the last commit's signers. */
export interface WorkerSet {
  validatorsHash: Bytes
  nextValidatorsHash: Bytes
  proposerAddress: Bytes
  /** The last commit's validators in set order, each with the index of the key that signs (-1: ABSENT). */
  signers: { address: Bytes; key: number }[]
}

/** The inputs of an empty block, as the worker needs them. */
export interface WorkerJob {
  height: number
  time: TimeNs
  /** The previous block id when the node names it; else the worker's previous block. */
  lastBlockId: BlockId | undefined
  appHash: Bytes
  lastResultsHash: Bytes
  /** The hash of the height's consensus params when they are not the builder's. */
  consensusHash: Bytes | undefined
  /** The height's validators when they are not the builder's single signer. */
  set: WorkerSet | undefined
}

/** What the worker sends back for a job (the rest of the block follows from the inputs). */
export interface WorkerResult {
  blockId: BlockId
  lastCommitHash: Bytes
  /** The signatures of the previous block's commit, in set order (none at the first height). */
  signatures: Bytes[]
  bytes: Bytes
}

function putVar(ring: SharedRing, at: number, b: Bytes, max = HASH_MAX): void {
  if (b.length > max) throw ErrLogic.wrap(`${b.length} bytes do not fit a slot field`)
  ring.view.setUint8(at, b.length)
  ring.bytes.set(b, at + 1)
}

function getVar(ring: SharedRing, at: number): Bytes {
  const n = ring.view.getUint8(at)
  return ring.bytes.slice(at + 1, at + 1 + n)
}

/** The layout of a ring's slots, with room for sets of up to `maxSigners` validators. */
export class BlockSlots {
  /** Bytes of one slot. */
  readonly bytes: number
  /** Where a slot's result starts. */
  private readonly resultAt: number
  /** Where the block's bytes start, from the result. */
  private readonly blockAt: number
  /** Largest block (proto bytes) a slot carries back; a larger one is built on the node's thread. */
  readonly blockBytesMax: number

  /** `maxSigners`: 0 for a node that signs alone (every block of a set is built on its thread). */
  constructor(readonly maxSigners: number) {
    this.resultAt = JOB.set + maxSigners * SIGNER
    this.blockAt = RESULT.signatures + 2 + Math.max(1, maxSigners) * SIGNATURE
    // Rounded up to a kilobyte.
    this.bytes = Math.ceil((SOLO_SLOT + maxSigners * PER_VALIDATOR) / 1024) * 1024
    this.blockBytesMax = this.bytes - this.resultAt - this.blockAt
  }

  /** Whether a job fits a slot: its hashes, and its set's size and addresses. */
  fits(job: WorkerJob): boolean {
    const id = job.lastBlockId
    const set = job.set
    return (
      job.appHash.length <= HASH_MAX &&
      job.lastResultsHash.length <= HASH_MAX &&
      (job.consensusHash?.length ?? 0) <= HASH_MAX &&
      (!id || (id.hash.length <= HASH_MAX && id.parts.hash.length <= HASH_MAX)) &&
      (!set ||
        (set.signers.length > 0 &&
          set.signers.length <= this.maxSigners &&
          set.validatorsHash.length <= HASH_MAX &&
          set.nextValidatorsHash.length <= HASH_MAX &&
          set.proposerAddress.length <= HASH_MAX &&
          set.signers.every((s) => s.address.length <= ADDRESS_MAX)))
    )
  }

  /** Writes job `seq` into its slot (the caller publishes it). */
  writeJob(ring: SharedRing, seq: number, job: WorkerJob): void {
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
    const set = job.set
    if (set && set.signers.length > this.maxSigners) {
      throw ErrLogic.wrap(
        `a set of ${set.signers.length} does not fit a slot of ${this.maxSigners}`,
      )
    }
    v.setUint16(at + JOB.signers, set ? set.signers.length : 0)
    if (!set) return
    putVar(ring, at + JOB.validatorsHash, set.validatorsHash)
    putVar(ring, at + JOB.nextValidatorsHash, set.nextValidatorsHash)
    putVar(ring, at + JOB.proposer, set.proposerAddress)
    let s = at + JOB.set
    for (const signer of set.signers) {
      putVar(ring, s, signer.address, ADDRESS_MAX)
      v.setInt16(s + 1 + ADDRESS_MAX, signer.key)
      s += SIGNER
    }
  }

  /** The job in the slot of `seq`. */
  readJob(ring: SharedRing, seq: number): WorkerJob {
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
      set: this.readSet(ring, at),
    }
  }

  private readSet(ring: SharedRing, at: number): WorkerSet | undefined {
    const n = ring.view.getUint16(at + JOB.signers)
    if (n === 0) return undefined
    const signers: WorkerSet['signers'] = []
    for (let i = 0, s = at + JOB.set; i < n; i++, s += SIGNER) {
      signers.push({ address: getVar(ring, s), key: ring.view.getInt16(s + 1 + ADDRESS_MAX) })
    }
    return {
      validatorsHash: getVar(ring, at + JOB.validatorsHash),
      nextValidatorsHash: getVar(ring, at + JOB.nextValidatorsHash),
      proposerAddress: getVar(ring, at + JOB.proposer),
      signers,
    }
  }

  /**
   * Stores a job's result, or that it was not built here (undefined, or a block too large for a
   * slot): the node then builds that block itself. Returns whether a block was stored.
   */
  writeResult(ring: SharedRing, seq: number, r: WorkerResult | undefined): boolean {
    const at = ring.slotAt(seq) + this.resultAt
    const v = ring.view
    if (
      !r ||
      r.bytes.length > this.blockBytesMax ||
      r.blockId.hash.length > HASH_MAX ||
      r.blockId.parts.hash.length > HASH_MAX ||
      r.lastCommitHash.length > HASH_MAX ||
      r.signatures.length > Math.max(1, this.maxSigners) ||
      r.signatures.some((s) => s.length !== SIGNATURE)
    ) {
      v.setInt32(at + RESULT.status, 1)
      return false
    }
    v.setInt32(at + RESULT.status, 0)
    putVar(ring, at + RESULT.hash, r.blockId.hash)
    v.setUint32(at + RESULT.total, r.blockId.parts.total)
    putVar(ring, at + RESULT.parts, r.blockId.parts.hash)
    putVar(ring, at + RESULT.commitHash, r.lastCommitHash)
    v.setUint16(at + RESULT.signatures, r.signatures.length)
    let s = at + RESULT.signatures + 2
    for (const sig of r.signatures) {
      ring.bytes.set(sig, s)
      s += SIGNATURE
    }
    v.setUint32(at + RESULT.length, r.bytes.length)
    ring.bytes.set(r.bytes, at + this.blockAt)
    return true
  }

  /** The result of job `seq`, or undefined when the worker did not build it. */
  readResult(ring: SharedRing, seq: number): WorkerResult | undefined {
    const at = ring.slotAt(seq) + this.resultAt
    const v = ring.view
    if (v.getInt32(at + RESULT.status) !== 0) return undefined
    const n = v.getUint32(at + RESULT.length)
    const signatures: Bytes[] = []
    const count = v.getUint16(at + RESULT.signatures)
    for (let i = 0, s = at + RESULT.signatures + 2; i < count; i++, s += SIGNATURE) {
      signatures.push(ring.bytes.slice(s, s + SIGNATURE))
    }
    return {
      blockId: {
        hash: getVar(ring, at + RESULT.hash),
        parts: { total: v.getUint32(at + RESULT.total), hash: getVar(ring, at + RESULT.parts) },
      },
      lastCommitHash: getVar(ring, at + RESULT.commitHash),
      signatures,
      bytes: ring.bytes.slice(at + this.blockAt, at + this.blockAt + n),
    }
  }
}
