import { RingWorker, type ThreadLog } from '../threads/ring-worker.js'
import { SharedRing } from '../threads/shared-ring.js'
import { afterNextDone } from '../threads/wait.js'
import type { Secp256k1Choice } from './secp256k1.js'
import {
  fitsVerifySlot,
  publishVerifyJob,
  RESULT,
  VERIFY_SLOT,
  type VerifyJob,
  verifyResult,
} from './verify-ring.js'

/** Jobs in flight at most; more wait for the node's thread to verify them itself. */
const CAPACITY = 1024

/** What a verify worker needs besides its ring. */
export interface VerifyWorkerData {
  secp256k1: Secp256k1Choice
}

export interface VerifyPoolOptions {
  /** Worker threads to start (at least 1). */
  size: number
  /** The library the workers verify with (the node's thread uses the same). */
  secp256k1: Secp256k1Choice
  log: ThreadLog
}

/**
 * secp256k1 verification on worker threads: the node's thread parses, checks and executes txs
 * while another core verifies their signatures. Jobs go through a shared ring
 * (threads/shared-ring.ts, slots in verify-ring.ts): publishing one costs a copy of its bytes, not
 * a message; results are collected in order when a worker signals (Atomics.waitAsync), several at
 * a time. The node starts one worker where the machine has a second core (runtime option
 * `verifyWorkers`, SDKD_VERIFY_WORKERS).
 */
export class VerifyPool {
  private readonly ring = SharedRing.create(CAPACITY, VERIFY_SLOT)
  private readonly workers: RingWorker[] = []
  /**
   * Callbacks of the jobs in flight by slot (results are collected in publishing order, from the
   * slot of `collected`); `inFlight` of them are set.
   */
  private readonly pending: (((ok: boolean) => void) | undefined)[]
  private inFlight = 0
  /** Sequence number of the next job to publish, and of the oldest job not yet collected. */
  private written = 0
  private collected = 0
  private waiting = false
  private broken = false

  private constructor() {
    this.pending = new Array(this.ring.capacity)
  }

  /**
   * A pool of `size` workers, or undefined where there is none to start (size 0) or the worker
   * script is not built (running from the TypeScript sources): callers verify in-thread.
   */
  static create(o: VerifyPoolOptions): VerifyPool | undefined {
    if (!(o.size >= 1)) return undefined
    const script = new URL('./verify-worker.js', import.meta.url)
    const pool = new VerifyPool()
    for (let i = 0; i < Math.floor(o.size); i++) {
      const worker = RingWorker.start(script, {
        name: 'verify worker',
        ring: pool.ring,
        data: { secp256k1: o.secp256k1 } satisfies VerifyWorkerData,
        log: o.log,
        onFail: () => pool.fail(),
      })
      if (!worker) return undefined
      pool.workers.push(worker)
    }
    return pool
  }

  /**
   * Whether `job.sig` signs `job.msg` (whose sha256 is `job.digest`) under `job.pub`, with the
   * rules of verifySecp256k1; undefined when the pool does not take the job (odd sizes, a full
   * ring, a failed worker): the caller verifies it itself.
   */
  verify(job: VerifyJob): Promise<boolean> | undefined {
    if (this.broken || !fitsVerifySlot(job) || this.inFlight >= this.ring.capacity) {
      return undefined
    }
    const slot = this.ring.slotOf(this.written)
    this.written = publishVerifyJob(this.ring, this.written, job)
    // Jobs in flight keep the process alive (a pending Atomics.waitAsync does not).
    if (this.inFlight++ === 0) for (const w of this.workers) w.ref()
    const result = new Promise<boolean>((done) => {
      this.pending[slot] = done
    })
    if (!this.waiting) this.wait()
    return result
  }

  /** Waits (without blocking) until a worker finishes a job, then collects what is done. */
  private wait(): void {
    this.waiting = true
    const { ring } = this
    afterNextDone(
      ring,
      () => verifyResult(ring, this.collected) !== RESULT.pending,
      () => this.collect(),
    )
  }

  /** Hands out the results that are in, in publishing order. */
  private collect(): void {
    this.waiting = false
    const { ring } = this
    while (this.inFlight > 0) {
      const r = verifyResult(ring, this.collected)
      if (r === RESULT.pending) break
      const slot = ring.slotOf(this.collected)
      const done = this.pending[slot]!
      this.pending[slot] = undefined
      this.collected = (this.collected + 1) | 0
      this.inFlight--
      done(r === RESULT.valid)
    }
    if (this.inFlight === 0) for (const w of this.workers) w.unref()
    else if (!this.broken) this.wait()
  }

  /** A worker failed (it is logged): jobs in flight answer false (their callers verify them). */
  private fail(): void {
    if (this.broken) return
    this.broken = true
    const callbacks = this.pending.filter((done) => done !== undefined)
    this.pending.fill(undefined)
    this.inFlight = 0
    for (const w of this.workers) w.unref()
    for (const done of callbacks) done(false)
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.fail()
    await Promise.all(this.workers.map((w) => w.stop()))
  }
}
