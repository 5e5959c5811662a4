import type { BrandName } from '../../codec/brand.js'
import { RingWorker, type ThreadLog } from '../../threads/ring-worker.js'
import { SharedRing } from '../../threads/shared-ring.js'
import { afterNextDone } from '../../threads/wait.js'
import type { AccountNumbers } from '../../tx/ingress-accounts.js'
import type { Secp256k1Choice } from '../../tx/secp256k1.js'
import {
  type CheckedBroadcast,
  INGRESS_SLOT,
  outcomeStatus,
  publishBody,
  readChecked,
  STATUS,
} from './broadcast-ingress-ring.js'
import type { IngressWorkerData } from './broadcast-ingress-worker.js'

/** Bodies in the ring at most; more wait on the node's thread, in order. */
const CAPACITY = 1024

export interface BroadcastIngressOptions {
  /** Worker threads to start (at least 1), with the first body. */
  size: number
  brand: BrandName
  /** The broadcast route's body binding (`*`): the bodies the workers parse are of that route. */
  bodyField: string
  chainId: string
  secp256k1: Secp256k1Choice
  accounts: AccountNumbers
  /**
   * Hands a checked broadcast to the node's tx pipeline before it is answered (its hash, its decoded
   * tx and the signatures found valid), on the node's thread.
   */
  admit(checked: CheckedBroadcast, hashHex: string): void
  log: ThreadLog & { info(fields: object, message: string): void }
  /** The worker script (default: the built one beside this module; tests run from the sources). */
  script?: URL
}

/** What a body came to: a checked broadcast, or undefined for the node's thread to answer as before. */
export type IngressDone = (checked: CheckedBroadcast | undefined) => void

/**
 * The broadcast route's bodies, parsed and checked on worker threads (broadcast-ingress-check.ts):
 * the node's thread gathers a body, publishes it to a shared ring (threads/shared-ring.ts) and
 * gets back the decoded tx bytes, their hash and which signatures are valid. Bodies are handed
 * back strictly in the order they were submitted, whatever order the workers finish in (several
 * workers may serve the ring): a sender's txs reach CheckTx in the order they arrived, as on the
 * node's thread alone. The workers start with the first body; until one has loaded, and where they
 * cannot start (the scripts are not built) or fail, bodies are handed back unchecked and the node's
 * thread does the work.
 */
export class BroadcastIngress {
  private ring: SharedRing | undefined
  private readonly workers: RingWorker[] = []
  /** Callbacks of the bodies in the ring, by slot, in publishing order from `collected`. */
  private readonly pending: (IngressDone | undefined)[] = new Array(CAPACITY)
  /** Bodies waiting for a free slot, oldest first. */
  private readonly queued: { body: Uint8Array; done: IngressDone }[] = []
  private inFlight = 0
  private written = 0
  private collected = 0
  private waiting = false
  private broken = false
  private started = false
  private readyLogged = false

  constructor(private readonly o: BroadcastIngressOptions) {}

  /** The broadcast route's body binding the workers parse. */
  get bodyField(): string {
    return this.o.bodyField
  }

  /** Starts the workers; false where there are none (the node's thread does the work). */
  private start(): boolean {
    this.started = true
    if (!(this.o.size >= 1)) return false
    const script = this.o.script ?? new URL('./broadcast-ingress-worker.js', import.meta.url)
    const ring = SharedRing.create(CAPACITY, INGRESS_SLOT)
    const data: IngressWorkerData = {
      brand: this.o.brand,
      bodyField: this.o.bodyField,
      chainId: this.o.chainId,
      secp256k1: this.o.secp256k1,
      accounts: this.o.accounts.buffer,
    }
    for (let i = 0; i < Math.floor(this.o.size); i++) {
      const worker = RingWorker.start(script, {
        name: 'broadcast ingress worker',
        ring,
        data,
        log: this.o.log,
        onReady: () => this.ready(),
        onFail: () => this.fail(),
      })
      if (!worker) break
      this.workers.push(worker)
    }
    if (this.workers.length === 0) return false
    this.ring = ring
    return true
  }

  /** A worker has loaded (the first one says so in the log). */
  private ready(): void {
    if (this.readyLogged) return
    this.readyLogged = true
    this.o.log.info(
      { module: 'api-server', workers: this.workers.length },
      'broadcast bodies are parsed, decoded and verified on worker threads',
    )
  }

  /**
   * Takes a body of the broadcast route; `done` is called with what it came to, on this thread,
   * after every body submitted before it.
   */
  submit(body: Uint8Array, done: IngressDone): void {
    if (!this.started && !this.start()) this.broken = true
    if (this.broken) {
      // Nothing is in flight once broken (fail() answered it all), so order holds.
      done(undefined)
      return
    }
    if (this.inFlight === 0 && this.queued.length === 0 && !this.ring!.ready) {
      // The workers are still loading (they load the protos): nothing is in flight, so the node's
      // thread answers this body itself rather than keep it waiting, and order holds.
      done(undefined)
      return
    }
    if (this.inFlight >= CAPACITY || this.queued.length > 0) {
      this.queued.push({ body, done })
      return
    }
    this.publish(body, done)
  }

  private publish(body: Uint8Array, done: IngressDone): void {
    const ring = this.ring!
    this.pending[ring.slotOf(this.written)] = done
    this.written = publishBody(ring, this.written, body)
    // Bodies in flight keep the process alive (a pending Atomics.waitAsync does not).
    if (this.inFlight++ === 0) for (const w of this.workers) w.ref()
    if (!this.waiting) this.wait()
  }

  /** Waits (without blocking) until a worker finishes a body, then collects what is done. */
  private wait(): void {
    this.waiting = true
    const ring = this.ring!
    afterNextDone(
      ring,
      () => outcomeStatus(ring, this.collected) !== STATUS.pending,
      () => this.collect(),
    )
  }

  /** Hands out the outcomes that are in, in publishing order, then publishes what was queued. */
  private collect(): void {
    this.waiting = false
    if (this.broken) return
    const ring = this.ring!
    while (this.inFlight > 0) {
      const status = outcomeStatus(ring, this.collected)
      if (status === STATUS.pending) break
      const slot = ring.slotOf(this.collected)
      const done = this.pending[slot]!
      this.pending[slot] = undefined
      let checked: CheckedBroadcast | undefined
      if (status === STATUS.checked) {
        const r = readChecked(ring, this.collected)
        checked = r.checked
        this.o.admit(checked, r.hashHex)
      }
      this.collected = (this.collected + 1) | 0
      this.inFlight--
      done(checked)
    }
    while (this.queued.length > 0 && this.inFlight < CAPACITY) {
      const q = this.queued.shift()!
      this.publish(q.body, q.done)
    }
    if (this.inFlight === 0) for (const w of this.workers) w.unref()
    else if (!this.waiting) this.wait()
  }

  /** A worker failed (it is logged): every body in flight or queued goes back unchecked, in order. */
  private fail(): void {
    if (this.broken) return
    this.broken = true
    const callbacks: IngressDone[] = []
    if (this.ring) {
      for (let seq = this.collected; seq !== this.written; seq = (seq + 1) | 0) {
        const slot = this.ring.slotOf(seq)
        callbacks.push(this.pending[slot]!)
        this.pending[slot] = undefined
      }
    }
    for (const q of this.queued.splice(0)) callbacks.push(q.done)
    this.inFlight = 0
    for (const w of this.workers) w.unref()
    for (const done of callbacks) done(undefined)
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.started = true
    this.fail()
    await Promise.all(this.workers.map((w) => w.stop()))
  }
}
