import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads'
import { invariantHalt } from '../app/app.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { WorkingStateObserver, WorkingStateSeed } from '../store/working-state.js'
import { HeightWriter } from './invariant-messages.js'
import type {
  FromInvariantWorker,
  InvariantWorkerData,
  ToInvariantWorker,
} from './invariant-worker-main.js'

/**
 * Young generation of the thread (MB): the invariants of an empty block allocate about 200 KB, all
 * of it garbage once the block is checked; a larger young generation collects it less often.
 */
const YOUNG_MB = 16

/** Pino's numeric levels by name. */
const LEVELS: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}

export interface InvariantCheckerOptions {
  data: InvariantWorkerData
  /** Invariants are checked at every height divisible by it. */
  period: number
  /** The versioned store's whole working state (the copy's start). */
  seed(): WorkingStateSeed
  /** Whether the store keeps a value written in its database: the copy then reads it from here. */
  leaves?(value: Bytes): boolean
  /** The value of a key's version at a height that the copy holds as kept by the store. */
  versionValue?(full: string, height: number): Bytes | undefined
  logger: Logger
  /**
   * The thread is ready: it checks the heights applied from now on (until then the app's EndBlock
   * checks them on the node's thread, so no block waits for the thread to start).
   */
  onReady(): void
  /** The thread's script (the built `invariant-worker-main.js` next to this module unless given). */
  script?: URL
}

/**
 * Checks the invariants of the heights the block producer applies on a thread of its own, while the
 * node's thread goes on with the next heights: the devnet's assertion after every block (upstream
 * x/crisis) was about a third of a mined empty block.
 *
 * The thread keeps a copy of the working state: the whole state once (again after a rollback or a
 * revert), then each applied height's changes, told by the versioned store (`applied`). `check`
 * hands back the height's verdict; the producer waits for it before the height's batch is written,
 * so a height that breaks an invariant is never on disk nor seen by readers, and the heights before
 * it are committed, as when the node's thread checked them in EndBlock. The node halts with the
 * same message and log line.
 */
export class InvariantChecker implements WorkingStateObserver {
  private readonly worker: Worker
  /** Where the thread asks for the values the store keeps (`serveValues`). */
  private readonly values: MessagePort
  /** What the store applied and the heights checked since the last post, in order. */
  private readonly writer: HeightWriter
  private nextStoreId = 0
  /** Whether the thread's copy must start again from the whole state. */
  private unseeded = true
  /** Messages waiting for the next post (the event loop's next turn), in order. */
  private outbox: ToInvariantWorker[] = []
  private readonly verdicts = new Map<number, { resolve(): void; reject(err: unknown): void }>()
  private failure: ChainHaltError | undefined
  private stopping = false
  /** Whether a post is due when the event loop next turns. */
  private scheduled = false
  /** Whether the thread has built its app: it checks the heights applied since. */
  private ready = false

  private constructor(
    script: URL,
    private readonly o: InvariantCheckerOptions,
  ) {
    this.writer = new HeightWriter(o.leaves)
    const { port1, port2 } = new MessageChannel()
    const signal = new Int32Array(new SharedArrayBuffer(4))
    const data: InvariantWorkerData = { ...o.data, values: { port: port2, signal } }
    this.worker = new Worker(script, {
      workerData: data,
      transferList: [port2],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    })
    this.values = port1
    this.serveValues(signal)
    this.worker.unref()
    this.worker.on('message', (m: FromInvariantWorker) => this.onMessage(m))
    this.worker.on('error', (err) => this.fail(err.message, err))
    this.worker.on('exit', (code) => {
      if (!this.stopping) this.fail(`it exited with code ${code}`)
    })
  }

  /**
   * Starts the thread, or returns undefined where its script is not built (running from the
   * TypeScript sources): EndBlock then checks the invariants on the node's thread.
   */
  static start(o: InvariantCheckerOptions): InvariantChecker | undefined {
    const script = o.script ?? new URL('./invariant-worker-main.js', import.meta.url)
    if (!existsSync(fileURLToPath(script))) return undefined
    return new InvariantChecker(script, o)
  }

  applied(
    _height: number,
    writes: readonly { readonly full: string; readonly value: Bytes | undefined }[],
    stores: readonly { readonly name: string; readonly id: number | null }[],
    nextStoreId: number,
  ): void {
    this.nextStoreId = nextStoreId
    // Until the copy is seeded, the seed will hold these changes.
    if (this.unseeded || (writes.length === 0 && stores.length === 0)) return
    this.writer.changes(writes, stores)
    this.schedule()
  }

  reset(): void {
    this.unseeded = true
  }

  /**
   * Answers the thread's reads of values the store keeps: the thread waits on `signal` (it reads
   * synchronously, as from memory), woken once the answer is on its port. It asks only for a large
   * value (version-index.ts, `LARGE_VALUE_BYTES`) its copy let go, which happens when a check did not
   * read it (x/staking's historical infos) and a later one does (x/distribution's community pool of
   * many denoms, after a revert).
   */
  private serveValues(signal: Int32Array): void {
    const port = this.values
    port.on('message', ({ full, height }: { full: string; height: number }) => {
      let value: Bytes | undefined
      let error: string | undefined
      try {
        value = this.o.versionValue?.(full, height)
      } catch (err) {
        error = err instanceof Error ? err.message : String(err)
      }
      port.postMessage(value !== undefined ? { value } : { error: error ?? 'not kept' })
      Atomics.store(signal, 0, 1)
      Atomics.notify(signal, 0)
    })
    // The thread's reads never keep the process up.
    port.unref()
  }

  /**
   * Sends the height just applied (`header`'s) to the thread; resolves once its invariants hold
   * (at once for a height the period skips), rejects with the halt when one is broken.
   */
  check(header: ExecHeader): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    const { height } = header
    if (this.unseeded) {
      // Heights sent before (of the state as it was) go first; changes not yet part of a height
      // are in the seed, which holds every change told so far.
      if (this.writer.holdsHeights) this.outbox.push(this.writer.take())
      else this.writer.take()
      this.outbox.push({ kind: 'seed', seed: { ...this.o.seed(), height: height - 1 } })
      this.unseeded = false
    }
    // Before the thread is ready, EndBlock checked the height: the copy only follows it.
    const due = this.ready && this.o.period > 0 && height % this.o.period === 0
    this.writer.height(height, this.nextStoreId, due ? header : undefined)
    this.schedule()
    if (!due) return Promise.resolve()
    // The process stays up while a verdict is awaited (a node serving nothing, in a script).
    if (this.verdicts.size === 0) this.worker.ref()
    return new Promise((resolve, reject) => this.verdicts.set(height, { resolve, reject }))
  }

  /**
   * Posts what is written when the event loop next turns: a burst's heights go in a few messages,
   * their buffers handed over, not copied.
   */
  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(this.flush)
  }

  private readonly flush = (): void => {
    this.scheduled = false
    if (!this.writer.empty) this.outbox.push(this.writer.take())
    const messages = this.outbox
    this.outbox = []
    if (messages.length === 0 || this.stopping) return
    const buffers = messages.flatMap((m) => (m instanceof Uint8Array ? [m.buffer] : []))
    this.worker.postMessage(messages, buffers as ArrayBuffer[])
  }

  private onMessage(m: FromInvariantWorker): void {
    if (m.kind === 'ready') {
      this.ready = true
      this.o.onReady()
      this.o.logger.debug('invariant worker ready')
      return
    }
    if (m.kind === 'log') {
      const { level, msg, ...fields } = JSON.parse(m.line) as { level: number; msg?: string }
      this.o.logger[LEVELS[level] ?? 'info'](fields, msg ?? '')
      return
    }
    if (m.kind === 'failed') {
      this.fail(m.message)
      return
    }
    const verdict = this.verdicts.get(m.height)
    this.verdicts.delete(m.height)
    if (this.verdicts.size === 0) this.worker.unref()
    if (!verdict) return
    if (m.broken === undefined) verdict.resolve()
    else verdict.reject(invariantHalt(m.broken, this.o.logger))
  }

  /** The thread failed: no height waiting for a verdict, nor any after, is committed. */
  private fail(reason: string, cause?: unknown): void {
    if (this.failure) return
    this.failure = new ChainHaltError(
      `invariant checks failed: the checking thread stopped: ${reason}`,
      1,
      cause === undefined ? undefined : { cause },
    )
    for (const v of this.verdicts.values()) v.reject(this.failure)
    this.verdicts.clear()
    this.worker.unref()
  }

  /** Ends the thread (the node stops). */
  async close(): Promise<void> {
    this.stopping = true
    await this.worker.terminate()
    this.values.close()
  }
}
