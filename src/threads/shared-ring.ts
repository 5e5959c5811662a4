/**
 * Shared memory between the node's thread and worker threads: a few control words and a ring of
 * fixed-size slots, one per job. No message is posted per job: the node writes a job into its slot
 * and announces it (`publish`); a worker claims it, stores the result in the same slot and counts it
 * done (`serveRing`). Sequence numbers wrap around as int32; the capacity is a power of two, so
 * slots stay in order across the wrap.
 */

/** Control words (indexes into `ctrl`), the same in every ring. */
export const CTRL = {
  /** Jobs published by the node (a sequence number, wraps around as int32). */
  written: 0,
  /** Jobs claimed by workers. */
  claimed: 1,
  /** Jobs finished by workers: the node waits on this word. */
  done: 2,
  /** Workers asleep on `written`: the node wakes one only then. */
  sleeping: 3,
  /** Set to 1 to make the workers return once idle. */
  stop: 4,
  /** Set to 1 by a worker once it is loaded and serving. */
  ready: 5,
  /** Set to 1 by a worker that cannot go on: the node does the jobs itself. */
  failed: 6,
} as const

const CTRL_WORDS = 8
const CTRL_BYTES = CTRL_WORDS * 4

/** Views of one ring over a SharedArrayBuffer. */
export class SharedRing {
  readonly ctrl: Int32Array
  readonly capacity: number
  /** The slots' bytes: the slot of job `seq` starts at `slotAt(seq)`. */
  readonly bytes: Uint8Array
  readonly view: DataView
  /** The slots as int32 words, for a word of a slot read or written atomically. */
  readonly words: Int32Array
  private readonly mask: number

  /**
   * Views over `buffer` (made by `create`, on this thread or another) whose slots are `slotBytes`
   * long, a multiple of 4.
   */
  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly slotBytes: number,
  ) {
    this.ctrl = new Int32Array(buffer, 0, CTRL_WORDS)
    this.capacity = Math.floor((buffer.byteLength - CTRL_BYTES) / slotBytes)
    this.mask = this.capacity - 1
    this.bytes = new Uint8Array(buffer, CTRL_BYTES)
    this.view = new DataView(buffer, CTRL_BYTES)
    this.words = new Int32Array(buffer, CTRL_BYTES)
  }

  /** A new ring of at least `capacity` slots (rounded up to a power of two) of `slotBytes`. */
  static create(capacity: number, slotBytes: number): SharedRing {
    let n = 1
    while (n < capacity) n *= 2
    return new SharedRing(new SharedArrayBuffer(CTRL_BYTES + n * slotBytes), slotBytes)
  }

  /** Index of the slot of job `seq` (0 … capacity - 1). */
  slotOf(seq: number): number {
    return seq & this.mask
  }

  /** Byte offset (in `bytes` and `view`) of the slot of job `seq`. */
  slotAt(seq: number): number {
    return (seq & this.mask) * this.slotBytes
  }

  /**
   * Node side: announces every job before sequence number `next` (their slots are written) and,
   * unless `wake` is false (the jobs may wait for a later `wake`), wakes a sleeping worker. A
   * worker counts itself asleep before it looks at `written` a last time, so a job published
   * meanwhile is never missed.
   */
  publish(next: number, wake = true): void {
    Atomics.store(this.ctrl, CTRL.written, next)
    if (wake) this.wake()
  }

  /** Node side: wakes a sleeping worker (one that sleeps sees every job published before). */
  wake(): void {
    if (Atomics.load(this.ctrl, CTRL.sleeping) > 0) Atomics.notify(this.ctrl, CTRL.written, 1)
  }

  /** Jobs published and not yet claimed by a worker. */
  get unclaimed(): number {
    return (Atomics.load(this.ctrl, CTRL.written) - Atomics.load(this.ctrl, CTRL.claimed)) | 0
  }

  /** Whether job `seq` is counted done (in order when one worker serves the ring). */
  isDone(seq: number, done: number = Atomics.load(this.ctrl, CTRL.done)): boolean {
    return ((done - seq) | 0) > 0
  }

  /** Whether a worker has loaded and serves the ring. */
  get ready(): boolean {
    return Atomics.load(this.ctrl, CTRL.ready) === 1
  }

  /** Whether a worker has said it cannot go on. */
  get failed(): boolean {
    return Atomics.load(this.ctrl, CTRL.failed) === 1
  }

  /** Marks the ring failed and wakes whoever waits for a job (the node then does it itself). */
  fail(): void {
    Atomics.store(this.ctrl, CTRL.failed, 1)
    Atomics.notify(this.ctrl, CTRL.done)
  }

  /** Node side: tells the workers to return once they have nothing left to do. */
  stop(): void {
    Atomics.store(this.ctrl, CTRL.stop, 1)
    Atomics.notify(this.ctrl, CTRL.written)
  }
}
