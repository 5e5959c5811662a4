import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Bytes } from '../codec/bytes.js'
import { packJobs } from './verify-worker.js'

/**
 * secp256k1 verification on worker threads: the node's main thread parses, checks and executes
 * txs while other cores verify their signatures. Jobs queued in one turn of the event loop go to
 * a worker as one message.
 */
export class VerifyPool {
  private readonly workers: Worker[]
  /** Per batch in flight: the callbacks of its jobs, in order. */
  private readonly pending = new Map<number, ((ok: boolean) => void)[]>()
  private queue: { pub: Bytes; msg: Bytes; sig: Bytes; done: (ok: boolean) => void }[] = []
  private nextBatch = 0
  private turn = 0
  private scheduled = false

  private constructor(script: URL, size: number) {
    this.workers = Array.from({ length: size }, () => {
      const w = new Worker(script)
      w.unref()
      w.on('message', ({ id, results }: { id: number; results: Uint8Array }) => {
        const callbacks = this.pending.get(id) ?? []
        this.pending.delete(id)
        callbacks.forEach((done, i) => {
          done(results[i] === 1)
        })
      })
      w.on('error', () => this.failAll())
      return w
    })
  }

  /**
   * A pool of `size` workers (default: the cores but one, at most 4), or undefined where the
   * worker script is not built (running from the TypeScript sources): callers verify in-thread.
   */
  static create(
    size = Math.max(1, Math.min(4, availableParallelism() - 1)),
  ): VerifyPool | undefined {
    const script = new URL('./verify-worker.js', import.meta.url)
    if (!existsSync(fileURLToPath(script))) return undefined
    return new VerifyPool(script, size)
  }

  /** Whether `signature` signs sha256(`message`) under `pubKey` (same rules as verifySecp256k1). */
  verify(pubKey: Bytes, message: Bytes, signature: Bytes): Promise<boolean> {
    if (signature.length !== 64 || pubKey.length > 255 || message.length > 0xffff) {
      return Promise.resolve(false)
    }
    const result = new Promise<boolean>((done) =>
      this.queue.push({ pub: pubKey, msg: message, sig: signature, done }),
    )
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => this.flush())
    }
    return result
  }

  /** Sends the queued jobs as one transferred buffer (no per-job copies of whole tx buffers). */
  private flush(): void {
    this.scheduled = false
    const jobs = this.queue
    this.queue = []
    if (jobs.length === 0) return
    const batch = packJobs(jobs)
    const id = this.nextBatch++
    this.pending.set(
      id,
      jobs.map((j) => j.done),
    )
    this.workers[this.turn++ % this.workers.length]!.postMessage({ id, batch }, [
      batch.buffer as ArrayBuffer,
    ])
  }

  /** A crashed worker answers nothing: its callers fall back to verifying in-thread. */
  private failAll(): void {
    for (const callbacks of this.pending.values()) for (const done of callbacks) done(false)
    this.pending.clear()
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.failAll()
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}
