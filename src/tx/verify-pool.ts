import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CTRL, RESULT, type VerifyJob, VerifyRing } from './verify-ring.js'

/** Atomics.waitAsync (Node 16+; not in this project's TypeScript lib). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<string> }
  }
).waitAsync.bind(Atomics)

/** Jobs in flight at most; more wait for the node's thread to verify them itself. */
const CAPACITY = 1024

/**
 * secp256k1 verification on worker threads: the node's thread parses, checks and executes txs
 * while another core verifies their signatures. Jobs go through shared memory (verify-ring.ts):
 * publishing one costs a copy of its bytes, not a message; results are collected in order when a
 * worker signals (Atomics.waitAsync), several at a time. Opt-in (SDKD_VERIFY_WORKERS): with
 * libsecp256k1 on a 2-core machine, verifying on the node's thread is as fast and uses less CPU.
 */
export class VerifyPool {
  private readonly ring = VerifyRing.create(CAPACITY)
  private readonly workers: Worker[]
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

  private constructor(script: URL, size: number) {
    this.pending = new Array(this.ring.capacity)
    this.workers = Array.from({ length: size }, () => {
      const w = new Worker(script, { workerData: { ring: this.ring.buffer } })
      w.unref()
      w.on('error', () => this.fail())
      w.on('exit', () => this.fail())
      return w
    })
  }

  /**
   * A pool of `size` workers, or undefined where there is none to start (size 0) or the worker
   * script is not built (running from the TypeScript sources): callers verify in-thread.
   */
  static create(size: number): VerifyPool | undefined {
    if (!(size >= 1)) return undefined
    const script = new URL('./verify-worker.js', import.meta.url)
    if (!existsSync(fileURLToPath(script))) return undefined
    return new VerifyPool(script, Math.floor(size))
  }

  /**
   * Whether `job.sig` signs `job.msg` (whose sha256 is `job.digest`) under `job.pub`, with the
   * rules of verifySecp256k1; undefined when the pool does not take the job (odd sizes, a full
   * ring, a failed worker): the caller verifies it itself.
   */
  verify(job: VerifyJob): Promise<boolean> | undefined {
    if (this.broken || !VerifyRing.fits(job) || this.inFlight >= this.ring.capacity) {
      return undefined
    }
    const slot = this.ring.slotOf(this.written)
    this.written = this.ring.publish(this.written, job)
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
    const done = Atomics.load(ring.ctrl, CTRL.done)
    // A worker stores a result before it counts it done: one counted already is visible here.
    if (ring.result(this.collected) !== RESULT.pending) {
      queueMicrotask(() => this.collect())
      return
    }
    const w = waitAsync(ring.ctrl, CTRL.done, done)
    if (w.async) void w.value.then(() => this.collect())
    else queueMicrotask(() => this.collect())
  }

  /** Hands out the results that are in, in publishing order. */
  private collect(): void {
    this.waiting = false
    const { ring } = this
    while (this.inFlight > 0) {
      const r = ring.result(this.collected)
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

  /** A worker failed: jobs in flight answer false (their callers verify them themselves). */
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
    Atomics.store(this.ring.ctrl, CTRL.stop, 1)
    Atomics.notify(this.ring.ctrl, CTRL.written)
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}
