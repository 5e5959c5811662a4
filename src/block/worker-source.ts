import type { BrandName } from '../codec/brand.js'
import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import { RingWorker, type ThreadLog } from '../threads/ring-worker.js'
import { CTRL, SharedRing } from '../threads/shared-ring.js'
import { whenDone } from '../threads/wait.js'
import type { Block, BlockBuilder, BlockId } from './block.js'
import {
  type BlockJob,
  type BlockSource,
  blockInputsOf,
  type SubmittedBlock,
} from './block-source.js'
import type { HeightConsensus } from './height-consensus.js'
import { ThreadBlockSource } from './thread-source.js'
import { BlockSlots, type WorkerSet } from './worker-ring.js'

/**
 * Empty blocks built on another thread while the node's thread runs the next heights.
 *
 * A block's app work (PreBlock, BeginBlock, EndBlock, the store commit) never reads the block's
 * hash, and the block's hashing and signing (header merkle tree, proto encoding, parts, the ed25519
 * votes for the previous block) never reads the app's state beyond the app hash and results hash of
 * the previous height. The votes are those of every validator whose key the node holds: of a set,
 * the node's thread names the signers (the key of each, or ABSENT) and the worker signs. So in a
 * burst (mined blocks, timeout_commit 0), and for the empty blocks of a set at any pace, the node's
 * thread hands each empty block's inputs to a worker and runs on; the worker chains the blocks
 * (each signs its predecessor's id) and the node takes them in height order just before their
 * batch is written. The worker runs the same BlockBuilder: its blocks are byte for byte the
 * node's. Every block is also buildable here from its inputs, so a worker that fails, stops
 * answering or returns a block too large for a slot costs time, never a block: the node builds
 * those with its own builder. The node's thread never waits on the worker: a block whose previous
 * one is still out there is built here once that one is taken.
 */

/**
 * Most blocks handed to the worker and not yet taken (a block beyond them is built here): more
 * than the commit queue holds (a batch being written and the heights waiting for the next, each up
 * to MAX_PENDING), so a burst never outruns the ring while the disk catches up.
 */
const CAPACITY = 1024
/**
 * Most bytes of the ring's slots: with many validators a slot is larger (a 100-validator block's
 * commit is about 11 KB) and the ring has fewer (1,024 up to 18 validators, 256 at 100), as those
 * blocks come many times slower.
 */
const RING_BYTES_MAX = 8 * 1024 * 1024
/** Fewest slots of a ring. */
const CAPACITY_MIN = 64
/**
 * Jobs waiting for the worker, asleep once it runs out of them, before the node wakes it (it also
 * wakes it when it waits for a block). A burst's blocks are wanted when their batch is written:
 * one wake-up for several blocks costs less than the worker's timed waits between them (a timed
 * wait that runs out costs about 25 µs of CPU on a 2-core machine, several a block, on the core the
 * invariant worker needs: `bench:mine` with the invariants mined about 9% more blocks a second).
 * A wake-up itself held the node's thread about 80–130 µs of a checked burst on a 2-core machine
 * (most likely the woken worker running on the node's core): woken once 16 blocks wait, not 4, a
 * checked burst of one validator took about 2% less wall time.
 */
export const WAKE_AFTER = 16
/** Longest the node waits for one block from the worker before building every block itself (ms). */
const WAIT_LIMIT_MS = 10_000
/**
 * Young generation of the worker (MB). Its garbage is short-lived; with 4 MB it was collected every
 * ~220 blocks of a burst, with 16 MB every ~650, for about 40% less collection time a block (what
 * survives a collection is small whatever the size, so fewer collections cost less in all).
 */
const YOUNG_MB = 16

/** What the worker needs to build the node's blocks. */
export interface BlockWorkerData {
  chainId: string
  brand: BrandName
  seed: Bytes
  address: Bytes
  pubKey: Bytes
  power: string
  blockMaxBytes: string
  blockMaxGas: string
  /**
   * The largest validator set whose blocks the worker builds (the number of keys the node holds
   * when it holds several; 0: it signs alone, and a block of a set is built on the node's thread).
   */
  maxSigners: number
  /** The seeds of the keys the node signs a set's commits with, in the node's order. */
  keySeeds: Bytes[]
}

/** A block submitted and not yet taken (one object per height, no closures). */
class OutBlock implements SubmittedBlock {
  taken: Block | undefined

  constructor(
    private readonly source: WorkerBlockSource,
    readonly job: BlockJob,
    /** Whether its job is on the ring (else it is built here when taken). */
    readonly handedOut: boolean,
    /** Its job's sequence number; else that of the last job handed out before it. */
    readonly seq: number,
  ) {}

  get isBuilt(): boolean {
    return this.taken !== undefined || this.source.isBuilt(this.seq)
  }

  block(): Block {
    if (!this.taken) this.source.takeUpTo(this)
    return this.taken!
  }

  built(): Promise<void> {
    return this.isBuilt ? Promise.resolve() : this.source.whenBuilt(this.seq, this.job.height)
  }
}

/**
 * Blocks made on a worker thread when they come in a burst, else on the node's thread
 * (`here`). The node's side of the ring: hands jobs out, takes the blocks back in height order.
 */
export class WorkerBlockSource implements BlockSource {
  private readonly out: OutBlock[] = []
  private written = 0
  /** Whether the worker's previous job is the last block submitted (the next may chain from it). */
  private chained = false
  /** The worker stopped answering: it is not asked again. */
  private broken = false
  /** Callers of `built()` waiting for the worker. */
  private waiters = 0
  private worker: RingWorker | undefined

  /**
   * A source over `ring` of `slots` (`start` starts its worker; tests serve the ring on their own
   * thread). `keys`: the node's validator keys the worker holds, each with its index there.
   */
  constructor(
    private readonly ring: SharedRing,
    private readonly slots: BlockSlots,
    private readonly here: ThreadBlockSource,
    private readonly builder: BlockBuilder,
    private readonly keys: ReadonlyMap<object, number> = new Map(),
    private readonly log?: ThreadLog,
  ) {}

  /**
   * A source with a worker building blocks like `builder`, or undefined where the worker script is
   * not built (running from the TypeScript sources): the node then builds every block itself.
   */
  static start(
    builder: BlockBuilder,
    data: BlockWorkerData,
    o: {
      log: ThreadLog
      onReady?: () => void
      /** The keys of `data.keySeeds`, in the same order, as a block's signers name them. */
      keys?: readonly object[]
    },
  ): WorkerBlockSource | undefined {
    const slots = new BlockSlots(data.maxSigners)
    // A power of two (the ring's), rounded down.
    const fit = Math.min(CAPACITY, Math.floor(RING_BYTES_MAX / slots.bytes))
    const capacity = Math.max(CAPACITY_MIN, 2 ** Math.floor(Math.log2(fit)))
    const ring = SharedRing.create(capacity, slots.bytes)
    const keys = new Map((o.keys ?? []).map((k, i) => [k, i] as const))
    const source = new WorkerBlockSource(
      ring,
      slots,
      new ThreadBlockSource(builder),
      builder,
      keys,
      o.log,
    )
    source.worker = RingWorker.start(new URL('./worker-main.js', import.meta.url), {
      name: 'block worker',
      ring,
      data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
      log: o.log,
      ...(o.onReady ? { onReady: o.onReady } : {}),
      // The ring is marked failed: blocks not yet taken are built here.
      onFail: () => undefined,
    })
    return source.worker ? source : undefined
  }

  /** Whether blocks can be handed out: the worker has loaded and not failed. */
  get ready(): boolean {
    return !this.broken && this.ring.ready && !this.ring.failed
  }

  submit(job: BlockJob): SubmittedBlock {
    // The consensus params' hash goes with the job when a proposal changed them; a set's
    // validators when the worker holds every key that signs (a block with evidence is made here).
    // Out of a burst (a block every timeout_commit) only a set's block goes: its votes cost the
    // node's thread about 45 µs each; a single signer's block is made at once, without the hand-off.
    if (
      (job.burst || job.consensus !== undefined) &&
      job.txs.length === 0 &&
      this.ready &&
      this.hasRoom()
    ) {
      const set = job.consensus ? this.setOf(job.consensus) : undefined
      if (set !== null) {
        if (this.chained) return this.handOut(job, undefined, set)
        // The worker's previous block is not this one's: name it (known once nothing is out).
        if (this.out.length === 0) return this.handOut(job, this.here.lastBlockId, set)
      }
    }
    return this.buildHere(job)
  }

  /** A height's validators as the worker takes them, or null where it cannot sign their commit. */
  private setOf(c: HeightConsensus): WorkerSet | null {
    if (c.evidence || c.lastCommit.length > this.slots.maxSigners) return null
    const signers: WorkerSet['signers'] = []
    for (const s of c.lastCommit) {
      const key = s.key ? this.keys.get(s.key) : -1
      if (key === undefined) return null
      signers.push({ address: s.address, key })
    }
    return {
      validatorsHash: c.validatorsHash,
      nextValidatorsHash: c.nextValidatorsHash,
      proposerAddress: c.proposerAddress,
      signers,
    }
  }

  /** Whether a job fits the ring: slots free, and the worker not too far behind. */
  private hasRoom(): boolean {
    const behind = (this.written - Atomics.load(this.ring.ctrl, CTRL.done)) | 0
    return this.out.length < this.ring.capacity && behind < this.ring.capacity
  }

  private handOut(
    job: BlockJob,
    lastBlockId: BlockId | undefined,
    set: WorkerSet | undefined,
  ): SubmittedBlock {
    const worker = {
      height: job.height,
      time: job.time,
      lastBlockId,
      appHash: job.appHash,
      lastResultsHash: job.lastResultsHash,
      consensusHash: job.consensusHash,
      set,
    }
    if (!this.slots.fits(worker)) return this.buildHere(job)
    const seq = this.written
    this.slots.writeJob(this.ring, seq, worker)
    this.written = (seq + 1) | 0
    // The worker sleeps once it runs out of jobs, and is woken once WAKE_AFTER wait for it (or
    // when a block is waited for: `whenBuilt`).
    this.ring.publish(this.written, false)
    if (this.ring.unclaimed >= WAKE_AFTER) this.ring.wake()
    const p = new OutBlock(this, job, true, seq)
    this.out.push(p)
    this.chained = true
    return p
  }

  /** Builds the block here: now, or once its previous block (still out) is taken. */
  private buildHere(job: BlockJob): SubmittedBlock {
    this.chained = false
    if (this.out.length === 0) return this.here.submit(job)
    const p = new OutBlock(this, job, false, (this.written - 1) | 0)
    this.out.push(p)
    return p
  }

  follow(last: BlockId): void {
    this.out.length = 0
    this.chained = false
    this.here.follow(last)
  }

  /** Whether the worker is done with job `seq`, or will not be asked for it (then it is built here). */
  isBuilt(seq: number): boolean {
    return this.broken || this.ring.failed || this.ring.isDone(seq)
  }

  /** Takes every block up to `target`, in order: the worker's, or built here. */
  takeUpTo(target: OutBlock): void {
    while (target.taken === undefined) {
      const p = this.out.shift()!
      const result =
        p.handedOut && !this.broken && this.ring.isDone(p.seq)
          ? this.slots.readResult(this.ring, p.seq)
          : undefined
      if (result === undefined) {
        // Not built there (yet): the worker's chain is broken only if it answered "not built".
        if (p.handedOut && this.ring.isDone(p.seq)) this.chained = false
        p.taken = this.here.submit(p.job).block()
        continue
      }
      const { job } = p
      const lastBlockId = this.here.lastBlockId
      p.taken = {
        header: this.builder.headerOf(
          blockInputsOf(job, lastBlockId, job.txs),
          result.lastCommitHash,
          EMPTY_HASH,
        ),
        txs: job.txs,
        lastCommit: this.builder.lastCommitOf(
          job.height,
          lastBlockId,
          job.time,
          result.signatures,
          job.consensus,
        ),
        bytes: result.bytes,
        blockId: result.blockId,
      }
      this.here.follow(result.blockId)
    }
  }

  /** Resolves once the worker is done with job `seq`, has failed, or has not answered in time. */
  async whenBuilt(seq: number, height: number): Promise<void> {
    // A pending Atomics.waitAsync does not keep the process alive: the worker does, meanwhile.
    if (this.waiters++ === 0) this.worker?.ref()
    this.ring.wake()
    try {
      if ((await whenDone(this.ring, seq, WAIT_LIMIT_MS)) || this.ring.failed || this.broken) return
      this.broken = true
      this.log?.warn(
        { height },
        `the block worker did not answer in ${WAIT_LIMIT_MS / 1000} s: blocks are built on the node's thread from now on`,
      )
    } finally {
      if (--this.waiters === 0) this.worker?.unref()
    }
  }

  /** Stops the worker: blocks not taken are dropped, and a caller waiting for one is let go. */
  async close(): Promise<void> {
    this.out.length = 0
    this.ring.fail()
    await this.worker?.stop()
  }
}
