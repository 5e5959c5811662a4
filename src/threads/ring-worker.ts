import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type ResourceLimits, Worker } from 'node:worker_threads'
import type { WorkerMessage } from './in-worker.js'
import type { SharedRing } from './shared-ring.js'

/** What worker threads log through: the node's logger (pino's `(fields, message)` calls). */
export interface ThreadLog {
  debug(fields: object, message: string): void
  warn(fields: object, message: string): void
  error(fields: object, message: string): void
}

export interface RingWorkerOptions {
  /** What the worker is, in log lines (`block worker`). */
  name: string
  ring: SharedRing
  /** What else the worker script needs (its `workerData`; the ring's buffer is added as `ring`). */
  data?: object
  resourceLimits?: ResourceLimits
  log: ThreadLog
  /** Called once the worker has loaded. */
  onReady?(): void
  /** Called once when the worker fails or exits unasked: the node does its jobs from then on. */
  onFail(): void
}

/**
 * A worker thread serving a ring, seen from the node's thread. Its failures are logged (never
 * swallowed) and reported once through `onFail`; a job the worker could not do is logged too. It
 * does not keep the process alive unless `ref`'d.
 */
export class RingWorker {
  private stopping = false
  private failed = false

  private constructor(
    private readonly worker: Worker,
    private readonly o: RingWorkerOptions,
  ) {
    worker.unref()
    worker.on('message', (m: WorkerMessage) => this.onMessage(m))
    worker.on('error', (err) => {
      this.fail()
      o.log.error({ err }, `${o.name} failed: the node's thread does its work from now on`)
    })
    worker.on('exit', (code) => {
      if (this.stopping || this.failed) return
      this.fail()
      o.log.warn({ code }, `${o.name} exited: the node's thread does its work from now on`)
    })
  }

  /**
   * Starts the worker of `script`, or returns undefined where the script is not built (running
   * from the TypeScript sources): the node's thread then does the work itself.
   */
  static start(script: URL, o: RingWorkerOptions): RingWorker | undefined {
    if (!existsSync(fileURLToPath(script))) return undefined
    const worker = new Worker(script, {
      workerData: { ...o.data, ring: o.ring.buffer },
      ...(o.resourceLimits ? { resourceLimits: o.resourceLimits } : {}),
    })
    return new RingWorker(worker, o)
  }

  private onMessage(m: WorkerMessage): void {
    if (m.kind === 'ready') this.o.onReady?.()
    else this.o.log.error({ err: m.err, ...m.fields }, `${this.o.name}: ${m.message}`)
  }

  private fail(): void {
    if (this.failed) return
    this.failed = true
    this.o.ring.fail()
    this.o.onFail()
  }

  /** Keeps the process alive while the node waits for this worker. */
  ref(): void {
    this.worker.ref()
  }

  unref(): void {
    this.worker.unref()
  }

  /** Tells the worker to return and ends its thread. */
  async stop(): Promise<void> {
    this.stopping = true
    this.o.ring.stop()
    await this.worker.terminate()
  }
}
