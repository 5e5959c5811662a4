import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { BrandName } from '../codec/brand.js'
import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import type { TimeNs } from '../codec/time.js'
import { ErrLogic } from '../errors.js'
import {
  type Block,
  type BlockBuilder,
  type BlockId,
  type BlockInputs,
  EMPTY_BLOCK_ID,
} from './block.js'

/**
 * Empty blocks built on another thread while the node's thread runs the next heights.
 *
 * A block's app work (PreBlock, BeginBlock, EndBlock, the store commit) never reads the block's
 * hash, and the block's hashing and signing (header merkle tree, proto encoding, parts, the ed25519
 * vote for the previous block) never reads the app's state beyond the app hash and results hash of
 * the previous height. So in a burst (mined blocks, timeout_commit 0) the node's thread hands each
 * empty block's inputs to a worker and runs on; the worker chains the blocks (each signs its
 * predecessor's id) and the node collects them in height order just before their batch is written.
 * The worker runs the same BlockBuilder: its blocks are byte for byte the node's.
 *
 * Jobs and results go through shared memory: one fixed-size slot per height in a ring, and a few
 * control words. No message is posted per block.
 */

/** Control words (Int32Array indexes). */
export const PIPE = {
  /** Jobs published by the node (a sequence number, wraps around as int32). */
  written: 0,
  /** Jobs the worker has finished: the node waits on this word. */
  done: 1,
  /** 1 while the worker sleeps on `written` (the node wakes it only then). */
  sleeping: 2,
  /** Set to 1 to make the worker return. */
  stop: 3,
  /** Set to 1 by the worker once it can build (its builder is loaded). */
  ready: 4,
  /** Set to 1 by the worker when it cannot go on: the node builds everything itself. */
  failed: 5,
} as const

const CTRL_WORDS = 8
/** Largest hash a slot carries (app hashes and results hashes are 32 bytes). */
const HASH_MAX = 64
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
} as const
const RESULT_AT = 24 + 4 * VAR + 8
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
const SLOT = 4096
/** Largest block (proto bytes) a slot carries back; a larger one is built on the node's thread. */
export const RESULT_BYTES_MAX = SLOT - RESULT_AT - RESULT.bytes

/** The inputs of an empty block, as the worker needs them. */
export interface PipelineJob {
  height: number
  time: TimeNs
  appHash: Bytes
  lastResultsHash: Bytes
  /** The previous block's id when the node knows it; else the worker's previous block. */
  lastBlockId: BlockId | undefined
}

/** What the worker sends back for a job (the rest of the block follows from the inputs). */
export interface PipelineResult {
  blockId: BlockId
  lastCommitHash: Bytes
  /** The vote signature of the previous block (empty at the first height). */
  signature: Bytes
  bytes: Bytes
}

/** Views of one ring of job slots over a SharedArrayBuffer. */
export class PipelineRing {
  readonly ctrl: Int32Array
  readonly capacity: number
  private readonly view: DataView
  private readonly bytes: Uint8Array

  constructor(readonly buffer: SharedArrayBuffer) {
    this.ctrl = new Int32Array(buffer, 0, CTRL_WORDS)
    this.capacity = Math.floor((buffer.byteLength - CTRL_WORDS * 4) / SLOT)
    this.view = new DataView(buffer, CTRL_WORDS * 4)
    this.bytes = new Uint8Array(buffer, CTRL_WORDS * 4)
  }

  /** A ring of `capacity` slots. */
  static create(capacity: number): PipelineRing {
    return new PipelineRing(new SharedArrayBuffer(CTRL_WORDS * 4 + capacity * SLOT))
  }

  private at(seq: number): number {
    return (((seq % this.capacity) + this.capacity) % this.capacity) * SLOT
  }

  private putVar(at: number, b: Bytes): void {
    if (b.length > HASH_MAX) throw ErrLogic.wrap(`${b.length} bytes do not fit a slot field`)
    this.view.setUint8(at, b.length)
    this.bytes.set(b, at + 1)
  }

  private getVar(at: number): Bytes {
    const n = this.view.getUint8(at)
    return this.bytes.slice(at + 1, at + 1 + n)
  }

  /** Whether a job's hashes fit a slot. */
  static fits(job: PipelineJob): boolean {
    const id = job.lastBlockId
    return (
      job.appHash.length <= HASH_MAX &&
      job.lastResultsHash.length <= HASH_MAX &&
      (!id || (id.hash.length <= HASH_MAX && id.parts.hash.length <= HASH_MAX))
    )
  }

  writeJob(seq: number, job: PipelineJob): void {
    const at = this.at(seq)
    const v = this.view
    v.setFloat64(at + JOB.height, job.height)
    // Seconds and nanoseconds: a time-travelled block time may be past what an int64 of ns holds.
    v.setFloat64(at + JOB.seconds, Number(job.time / 1_000_000_000n))
    v.setInt32(at + JOB.nanos, Number(job.time % 1_000_000_000n))
    const id = job.lastBlockId
    v.setUint32(at + JOB.explicit, id ? 1 : 0)
    if (id) {
      this.putVar(at + JOB.lastHash, id.hash)
      v.setUint32(at + JOB.lastTotal, id.parts.total)
      this.putVar(at + JOB.lastParts, id.parts.hash)
    }
    this.putVar(at + JOB.appHash, job.appHash)
    this.putVar(at + JOB.resultsHash, job.lastResultsHash)
  }

  readJob(seq: number): PipelineJob {
    const at = this.at(seq)
    const v = this.view
    const time =
      BigInt(v.getFloat64(at + JOB.seconds)) * 1_000_000_000n + BigInt(v.getInt32(at + JOB.nanos))
    return {
      height: v.getFloat64(at + JOB.height),
      time,
      lastBlockId:
        v.getUint32(at + JOB.explicit) === 1
          ? {
              hash: this.getVar(at + JOB.lastHash),
              parts: {
                total: v.getUint32(at + JOB.lastTotal),
                hash: this.getVar(at + JOB.lastParts),
              },
            }
          : undefined,
      appHash: this.getVar(at + JOB.appHash),
      lastResultsHash: this.getVar(at + JOB.resultsHash),
    }
  }

  /**
   * Stores a job's result, or that it was not built here (undefined, or a block too large for a
   * slot): the node then builds that block itself. Returns whether a block was stored.
   */
  writeResult(seq: number, r: PipelineResult | undefined): boolean {
    const at = this.at(seq) + RESULT_AT
    const v = this.view
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
    this.putVar(at + RESULT.hash, r.blockId.hash)
    v.setUint32(at + RESULT.total, r.blockId.parts.total)
    this.putVar(at + RESULT.parts, r.blockId.parts.hash)
    this.putVar(at + RESULT.commitHash, r.lastCommitHash)
    this.putVar(at + RESULT.signature, r.signature)
    v.setUint32(at + RESULT.length, r.bytes.length)
    this.bytes.set(r.bytes, at + RESULT.bytes)
    return true
  }

  /** The result of a job, or undefined when the worker did not build it. */
  readResult(seq: number): PipelineResult | undefined {
    const at = this.at(seq) + RESULT_AT
    const v = this.view
    if (v.getInt32(at + RESULT.status) !== 0) return undefined
    const n = v.getUint32(at + RESULT.length)
    return {
      blockId: {
        hash: this.getVar(at + RESULT.hash),
        parts: { total: v.getUint32(at + RESULT.total), hash: this.getVar(at + RESULT.parts) },
      },
      lastCommitHash: this.getVar(at + RESULT.commitHash),
      signature: this.getVar(at + RESULT.signature),
      bytes: this.bytes.slice(at + RESULT.bytes, at + RESULT.bytes + n),
    }
  }
}

/**
 * The inputs of the empty block of `job`, an object literal of one shape. They used to be a spread
 * of the job with its last block id replaced: `perf` showed map migrations and inline-cache misses
 * in the worker's build, and the worker spent about a tenth more CPU per block.
 */
function emptyBlockInputs(job: PipelineJob, lastBlockId: BlockId): BlockInputs {
  return {
    height: job.height,
    time: job.time,
    lastBlockId,
    appHash: job.appHash,
    lastResultsHash: job.lastResultsHash,
    txs: [],
  }
}

/** How often an idle worker looks for jobs (ms) before it sleeps until woken. */
const POLL_MS = 0.2
/** How long an idle worker keeps looking after its last job (ms). */
const POLL_FOR_MS = 50

/**
 * The worker's side: builds each published job in order with `builder`, chaining the blocks (a
 * job without the previous block's id takes the worker's previous block), stores the result and
 * bumps `done`. A job it cannot build is answered "not built": the node builds that one, and the
 * worker chains again from the next job that names its previous block.
 */
export class PipelineServer {
  private previous: BlockId | undefined

  constructor(
    private readonly ring: PipelineRing,
    private readonly builder: BlockBuilder,
  ) {}

  /**
   * Serves jobs until told to stop, or, with `untilIdle`, until none is left (tests serve on their
   * own thread). With nothing to do it looks again every POLL_MS for a while, then sleeps until
   * the node wakes it: under load the node never pays for a wake-up.
   */
  serve(options: { untilIdle?: boolean } = {}): void {
    const { ctrl } = this.ring
    let idleSince: number | undefined
    for (;;) {
      const done = Atomics.load(ctrl, PIPE.done)
      if (done === Atomics.load(ctrl, PIPE.written)) {
        if (options.untilIdle || Atomics.load(ctrl, PIPE.stop) === 1) return
        idleSince ??= performance.now()
        if (performance.now() - idleSince < POLL_FOR_MS) {
          Atomics.wait(ctrl, PIPE.written, done, POLL_MS)
          continue
        }
        Atomics.store(ctrl, PIPE.sleeping, 1)
        // The node publishes before it looks at `sleeping`: nothing is missed between the loads.
        if (done === Atomics.load(ctrl, PIPE.written) && Atomics.load(ctrl, PIPE.stop) === 0)
          Atomics.wait(ctrl, PIPE.written, done)
        Atomics.store(ctrl, PIPE.sleeping, 0)
        continue
      }
      idleSince = undefined
      const result = this.build(this.ring.readJob(done))
      this.ring.writeResult(done, result)
      this.previous = result?.blockId
      Atomics.store(ctrl, PIPE.done, (done + 1) | 0)
      Atomics.notify(ctrl, PIPE.done)
    }
  }

  private build(job: PipelineJob): PipelineResult | undefined {
    const lastBlockId = job.lastBlockId ?? this.previous
    if (!lastBlockId) return undefined
    try {
      const block = this.builder.build(emptyBlockInputs(job, lastBlockId))
      return {
        blockId: block.blockId,
        lastCommitHash: block.header.lastCommitHash,
        signature: block.lastCommit.signatures[0]?.signature ?? new Uint8Array(0),
        bytes: block.bytes,
      }
    } catch {
      return undefined
    }
  }
}

/** An empty block handed to the worker: its header now, the rest once collected (`complete`). */
export interface PendingBlock {
  /**
   * The block: header fields from the inputs at once; its last block id, last commit hash, last
   * commit, bytes and id are filled in when it is collected.
   */
  readonly block: Block
  /** Collects the block (and every one before it), waiting for the worker if it must. */
  complete(): Block
  /**
   * Resolves once the worker has built the block (or will not): `complete` then does not block,
   * and the node's thread serves requests meanwhile.
   */
  built(): Promise<void>
  /** Whether `complete` would return at once (the worker has built it, or it is built here). */
  readonly isBuilt: boolean
}

/** A block handed out (one object per height, no closures: a burst makes thousands a second). */
class Pending implements PendingBlock {
  collected = false

  constructor(
    private readonly pipeline: BlockPipeline,
    readonly seq: number,
    /** Whether the worker builds it (else it is built here when collected). */
    readonly handedOut: boolean,
    readonly job: PipelineJob,
    readonly block: Block,
  ) {}

  complete(): Block {
    this.pipeline.collectUpTo(this)
    return this.block
  }

  built(): Promise<void> {
    return this.isBuilt ? Promise.resolve() : this.pipeline.builtAsync(this.seq)
  }

  get isBuilt(): boolean {
    return this.collected || !this.handedOut || this.pipeline.isDone(this.seq)
  }
}

/**
 * Most blocks handed to the worker and not yet collected (more wait for the oldest): more than the
 * commit queue holds (a batch being written and the heights waiting for the next, each up to
 * MAX_PENDING), so the node's thread never stops to wait for the worker while the disk catches up.
 */
const CAPACITY = 1024
/** Longest the node waits for one block from the worker before building it itself (ms). */
const WAIT_LIMIT_MS = 10_000
/**
 * Young generation of the worker (MB). Its garbage is short-lived; with 4 MB it was collected every
 * ~220 blocks of a burst, with 16 MB every ~650, for about 40% less collection time a block (what
 * survives a collection is small whatever the size, so fewer collections cost less in all).
 */
const YOUNG_MB = 16

/** What the worker needs to build the node's blocks. */
export interface PipelineWorkerData {
  ring: SharedArrayBuffer
  chainId: string
  brand: BrandName
  seed: Bytes
  address: Bytes
  pubKey: Bytes
  power: string
  blockMaxBytes: string
  blockMaxGas: string
}

/**
 * The node's side of the pipeline: hands empty blocks to the worker and collects them in order.
 * Every block it hands out is also buildable here from its inputs, so a worker that fails, stops
 * answering or returns a block too large for a slot costs time, never a block: the node builds
 * those with its own builder (the same bytes).
 */
export class BlockPipeline {
  private readonly pending: Pending[] = []
  private written = 0
  /** Id of the last block collected (the previous block of the next one to collect). */
  private lastCollected: BlockId | undefined
  private broken = false
  /** Callers of `built()` waiting for the worker. */
  private waiters = 0
  /** Whether the worker's previous job is the last block handed out (it may chain from it). */
  private chained = false

  /**
   * `wait(seq)` returns once the worker has finished job `seq` or false when it gave up (the
   * default waits on the ring's `done` word; tests serve the ring on their own thread instead).
   */
  constructor(
    private readonly ring: PipelineRing,
    private readonly builder: BlockBuilder,
    private readonly wait: (seq: number) => boolean = (seq) => waitDone(ring, seq),
    private readonly worker?: Worker,
  ) {}

  /**
   * A pipeline with a worker building blocks like `builder` (`onReady` is called once it can), or
   * undefined where the worker script is not built (running from the TypeScript sources): the node
   * then builds every block itself.
   */
  static start(
    builder: BlockBuilder,
    data: Omit<PipelineWorkerData, 'ring'>,
    onReady?: () => void,
  ): BlockPipeline | undefined {
    const script = new URL('./pipeline-worker.js', import.meta.url)
    if (!existsSync(fileURLToPath(script))) return undefined
    const ring = PipelineRing.create(CAPACITY)
    const worker = new Worker(script, {
      workerData: { ...data, ring: ring.buffer },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    })
    worker.unref()
    const pipeline = new BlockPipeline(ring, builder, undefined, worker)
    worker.once('message', () => onReady?.())
    worker.on('error', () => pipeline.fail())
    worker.on('exit', () => pipeline.fail())
    return pipeline
  }

  /** Whether blocks can be handed out: the worker has loaded and not failed. */
  get ready(): boolean {
    return (
      !this.broken &&
      Atomics.load(this.ring.ctrl, PIPE.ready) === 1 &&
      Atomics.load(this.ring.ctrl, PIPE.failed) === 0
    )
  }

  /** Whether blocks handed out are still to be collected. */
  get busy(): boolean {
    return this.pending.length > 0
  }

  /**
   * Hands the empty block of `job` to the worker (`job.lastBlockId` undefined: the block after the
   * last one handed out). The caller may run the block's height at once with its header.
   */
  submit(job: PipelineJob): PendingBlock {
    if (this.pending.length >= this.ring.capacity) this.collectUpTo(this.pending[0]!)
    if (job.lastBlockId === undefined && !this.chained) {
      // The worker's previous block is not this one's: name it (collecting what is out first).
      const last = this.pending.at(-1)
      if (last) this.collectUpTo(last)
      if (!this.lastCollected)
        throw ErrLogic.wrap('the first block handed to the pipeline needs its last block id')
      job = {
        height: job.height,
        time: job.time,
        appHash: job.appHash,
        lastResultsHash: job.lastResultsHash,
        lastBlockId: this.lastCollected,
      }
    }
    const block: Block = {
      header: this.builder.headerOf(
        emptyBlockInputs(job, job.lastBlockId ?? EMPTY_BLOCK_ID),
        new Uint8Array(0),
        EMPTY_HASH,
      ),
      txs: [],
      lastCommit: { height: 0, round: 0, blockId: EMPTY_BLOCK_ID, signatures: [] },
      bytes: new Uint8Array(0),
      blockId: EMPTY_BLOCK_ID,
    }
    const p = new Pending(this, this.written, !this.broken && PipelineRing.fits(job), job, block)
    this.pending.push(p)
    this.chained = p.handedOut
    if (p.handedOut) {
      this.ring.writeJob(p.seq, job)
      this.written = (p.seq + 1) | 0
      Atomics.store(this.ring.ctrl, PIPE.written, this.written)
      if (Atomics.load(this.ring.ctrl, PIPE.sleeping) === 1)
        Atomics.notify(this.ring.ctrl, PIPE.written)
    }
    return p
  }

  /** Collects every block up to `target`, in order (its pending blocks' `complete`). */
  collectUpTo(target: Pending): void {
    while (!target.collected) {
      const p = this.pending.shift()!
      const lastBlockId = p.job.lastBlockId ?? this.lastCollected!
      let result: PipelineResult | undefined
      if (p.handedOut && !this.broken) {
        // A worker that failed or stopped answering is not asked again.
        if (this.wait(p.seq)) result = this.ring.readResult(p.seq)
        else this.broken = true
      }
      const { block } = p
      if (result === undefined) {
        // The worker has no previous block for the jobs after this one: name it in the next job.
        if (p.handedOut) this.chained = false
        const built = this.builder.build(emptyBlockInputs(p.job, lastBlockId))
        Object.assign(block.header, built.header)
        block.lastCommit = built.lastCommit
        block.bytes = built.bytes
        block.blockId = built.blockId
      } else {
        block.header.lastBlockId = lastBlockId
        block.header.lastCommitHash = result.lastCommitHash
        block.lastCommit = this.builder.lastCommitOf(
          block.header.height,
          lastBlockId,
          block.header.time,
          result.signature,
        )
        block.bytes = result.bytes
        block.blockId = result.blockId
      }
      this.lastCollected = block.blockId
      p.collected = true
    }
  }

  /**
   * Whether the worker has finished job `seq` (or has failed: the block is then built here), `done`
   * being the worker's count of finished jobs.
   */
  isDone(seq: number, done = Atomics.load(this.ring.ctrl, PIPE.done)): boolean {
    return ((done - seq) | 0) > 0 || this.broken || Atomics.load(this.ring.ctrl, PIPE.failed) === 1
  }

  /** Resolves once the worker has finished job `seq`, has failed, or after WAIT_LIMIT_MS. */
  async builtAsync(seq: number): Promise<void> {
    const { ctrl } = this.ring
    const deadline = performance.now() + WAIT_LIMIT_MS
    // A pending Atomics.waitAsync does not keep the process alive: the worker does, meanwhile.
    if (this.waiters++ === 0) this.worker?.ref()
    try {
      for (;;) {
        // Read once: the wait below sleeps only while the count is still this one.
        const done = Atomics.load(ctrl, PIPE.done)
        if (this.isDone(seq, done)) return
        const left = deadline - performance.now()
        if (left <= 0) return
        const w = waitAsync(ctrl, PIPE.done, done, left)
        if (w.async) await w.value
      }
    } finally {
      if (--this.waiters === 0) this.worker?.unref()
    }
  }

  /** Marks the worker gone: blocks not yet collected are built here (waiters are woken). */
  fail(): void {
    this.broken = true
    Atomics.notify(this.ring.ctrl, PIPE.done)
  }

  /** Collects everything handed out, then stops the worker. */
  async close(): Promise<void> {
    const last = this.pending.at(-1)
    if (last) this.collectUpTo(last)
    Atomics.store(this.ring.ctrl, PIPE.stop, 1)
    Atomics.notify(this.ring.ctrl, PIPE.written)
    await this.worker?.terminate()
  }
}

/** Atomics.waitAsync (Node 16+; not in this project's TypeScript lib). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<string> }
  }
).waitAsync.bind(Atomics)

/**
 * Waits on the node's thread until the worker has finished job `seq`; false when it failed or did
 * not answer within WAIT_LIMIT_MS.
 */
function waitDone(ring: PipelineRing, seq: number): boolean {
  const { ctrl } = ring
  const deadline = performance.now() + WAIT_LIMIT_MS
  for (;;) {
    const done = Atomics.load(ctrl, PIPE.done)
    if (((done - seq) | 0) > 0) return true
    if (Atomics.load(ctrl, PIPE.failed) === 1 || performance.now() > deadline) return false
    Atomics.wait(ctrl, PIPE.done, done, 50)
  }
}
